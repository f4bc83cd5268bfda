// The anonymous card page (kept rendered until its card changes, decision 0402) shows an
// account link's change at the next visit: the rows notify like the card's other rows.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { members } from '../../server/db/schema';
import { startTestServer } from './test-server';

const clientDir = await mkdtemp(path.join(tmpdir(), 'mecards-account-links-page-'));
afterAll(() => rm(clientDir, { recursive: true, force: true }));
await writeFile(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html lang="vi"><head><title>m.e Cards</title></head><body><div id="root"></div></body></html>',
);
await writeFile(
  path.join(clientDir, 'card.html'),
  '<!doctype html><html lang="vi"><head><!--app-head--></head><body><div id="app"><!--app-html--></div><!--app-data--></body></html>',
);

const server = await startTestServer({ demo: true, config: { clientDir } });
const db = server.database.db;

const settled = (): Promise<void> =>
  server.database.kind === 'postgres'
    ? new Promise((resolve) => setTimeout(resolve, 300))
    : Promise.resolve();

async function page(): Promise<{ html: string; etag: string | null }> {
  const res = await server.request('/me/demo', { headers: { 'accept-encoding': 'identity' } });
  expect(res.status).toBe(200);
  return { html: await res.text(), etag: res.headers.get('etag') };
}

describe('card page and account links', () => {
  it('shows an added, hidden and deleted link at the next visit', async () => {
    const demoId = (await db.select().from(members).where(eq(members.urlMinify, 'demo')))[0]!.id;
    const token = await server.tokenFor(demoId);
    const before = await page();
    expect((await page()).etag).toBe(before.etag);
    expect(before.html).not.toContain('https://zalo.me/0901234567');

    const id = randomUUID();
    const link = { kind: 'link', title: 'Zalo OA', url: 'https://zalo.me/0901234567' };
    const put = (body: object) =>
      server.request(`/api/members/updateAccountLinkById/${id}`, {
        method: 'PUT',
        token,
        json: body,
      });
    expect((await put(link)).status).toBe(200);
    await settled();
    const added = await page();
    expect(added.etag).not.toBe(before.etag);
    expect(added.html).toContain('https://zalo.me/0901234567');

    expect((await put({ ...link, hidden: true })).status).toBe(200);
    await settled();
    expect((await page()).html).not.toContain('https://zalo.me/0901234567');

    expect((await put({ ...link, hidden: false })).status).toBe(200);
    await settled();
    expect((await page()).html).toContain('https://zalo.me/0901234567');
    const del = await server.request(`/api/members/deleteAccountLinkById/${id}`, {
      method: 'PUT',
      token,
    });
    expect(del.status).toBe(200);
    await settled();
    expect((await page()).html).not.toContain('https://zalo.me/0901234567');
  });
});
