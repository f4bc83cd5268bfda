// The visitor's public CV as server HTML (issue 26): a visitor gets the CV rendered in the
// visitor template; a member (the login cookie) gets the app; a CV kept from visitors is never
// rendered for one (the app answers 404, as before).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../server/db/schema';
import { startTestServer } from './test-server';

const clientDir = await mkdtemp(path.join(tmpdir(), 'mecards-cv-visitor-'));
afterAll(() => rm(clientDir, { recursive: true, force: true }));
await writeFile(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html lang="vi"><head><title>m.e Cards</title></head><body><div id="root">app shell</div></body></html>',
);
await writeFile(
  path.join(clientDir, 'cv-visitor.html'),
  '<!doctype html><html lang="vi"><head><!--app-head--></head><body><div id="app"><!--app-html--></div></body></html>',
);
// A stand-in for the SSR bundle: the CV's name and e-mail, as the page shows them.
await mkdir(path.join(clientDir, 'server'));
await writeFile(
  path.join(clientDir, 'server', 'entry-server.js'),
  `export function renderCvPage(cv, locale) {
    return '<main lang="' + locale + '"><h1>' + cv.name + '</h1>' + cv.email + '</main>';
  }`,
);

const server = await startTestServer({ demo: true, config: { clientDir } });
let demoId = '';
let token = '';

const save = (visibility: string) =>
  server.request(`/api/cv/updateCvByMemberId/${demoId}`, {
    method: 'PUT',
    token,
    json: {
      email: 'demo-cv@example.vn',
      phone: '0901 234 567',
      gender: 'female',
      dateOfBirth: '1994-08-15',
      address: '12 Lê Lợi, Quận 1',
      aboutMe: 'Giới thiệu.',
      skills: [],
      hobbies: [],
      visibility,
    },
  });

beforeAll(async () => {
  const [row] = await server.database.db
    .select()
    .from(members)
    .where(eq(members.urlMinify, 'demo'));
  demoId = row!.id;
  token = await server.tokenFor(demoId);
});

describe('the visitor’s public CV', () => {
  it('is server HTML for a visitor, by short link or id, and the app for a member', async () => {
    expect((await save('public')).status).toBe(200);
    for (const address of ['/cv/demo', `/cv/${demoId}`]) {
      const res = await server.request(address);
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toMatch(/Cookie/);
      const html = await res.text();
      expect(html).toContain('demo-cv@example.vn');
      expect(html).toMatch(/<title>CV — [^<]+<\/title>/);
      expect(html).not.toContain('app shell');
    }
    const english = await (
      await server.request('/cv/demo', { headers: { cookie: 'lang=en' } })
    ).text();
    expect(english).toContain('<main lang="en">');

    const member = await server.request('/cv/demo', { headers: { cookie: 'isLoggedIn=true' } });
    const memberHtml = await member.text();
    expect(memberHtml).toContain('app shell');
    expect(memberHtml).not.toContain('demo-cv@example.vn');
  });

  it('is never rendered for a visitor when its owner keeps it from visitors', async () => {
    expect((await save('friend')).status).toBe(200);
    const res = await server.request('/cv/demo');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toContain('demo-cv@example.vn');
    expect(html).toContain('app shell');
  });
});
