// The wedding invitation's reply form with no script (decision 0931): posted as a plain form to
// the invitation's address, a reply is stored once and answered with a 303 to the thanks; a
// refused one is answered by the page itself with the reasons, in the page's language, and what
// the guest typed. The invitation in the address wins over the body's.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../server/db/schema';
import { queryRows } from '../../server/db/client';
import { startTestServer } from './test-server';

const clientDir = await mkdtemp(path.join(tmpdir(), 'mecards-wedding-form-'));
afterAll(() => rm(clientDir, { recursive: true, force: true }));
await writeFile(
  path.join(clientDir, 'wedding.html'),
  '<!doctype html><html lang="vi"><head><!--app-head--></head><body><div id="app"><!--app-html--></div></body></html>',
);
// A stand-in for the SSR bundle: the answer to the reply, as data the test can read back.
await mkdir(path.join(clientDir, 'server'));
await writeFile(
  path.join(clientDir, 'server', 'entry-server.js'),
  `export function renderWeddingPage(data, locale) {
    return '<main lang="' + locale + '"><pre id="reply">' +
      JSON.stringify(data.reply ?? null).replace(/</g, '&lt;') + '</pre></main>';
  }`,
);

const server = await startTestServer({ demo: true, config: { clientDir, trustProxy: true } });
const db = server.database.db;
let demo = '';

beforeAll(async () => {
  const [row] = await db.select().from(members).where(eq(members.urlMinify, 'demo'));
  demo = await server.tokenFor(row!.id);
});

async function createWedding(): Promise<string> {
  const id = randomUUID();
  const res = await server.request(`/api/wedding/${id}`, {
    method: 'PUT',
    token: demo,
    json: {
      id,
      groomsFamily: { name: 'Nguyễn Văn An' },
      bridesFamily: { name: 'Trần Thị Hoa' },
      weddingDay: { h: '11H00', d: 7, m: 3, y: 2027 },
      weddingPartyDay: { h: '11H30', d: 7, m: 3, y: 2027 },
    },
  });
  expect(res.status).toBe(200);
  return id;
}

const guestsOf = (weddingId: string) =>
  queryRows<{ name: string; attending: boolean; people: number; wishes: string | null }>(
    db,
    sql`SELECT name, attending, people, wishes FROM wedding_guests WHERE wedding_id = ${weddingId}`,
  );

const post = (weddingId: string, form: Record<string, string>, headers = {}) =>
  server.request(`/wedding/${weddingId}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1`, ...headers },
    form,
  });

function replyOf(html: string): unknown {
  const text = /<pre id="reply">([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? 'missing';
  return JSON.parse(text.replace(/&lt;/g, '<')) as unknown;
}

describe('the wedding reply form with no script', () => {
  it('stores a reply once and sends the guest to the thanks', async () => {
    const id = await createWedding();
    const res = await post(id, {
      weddingId: randomUUID(),
      name: 'Chị Mai Anh',
      phone: '',
      attending: 'yes',
      people: '3',
      wishes: 'Trăm năm hạnh phúc!',
      website: '',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/wedding/${id}?reply=sent#rsvp`);
    expect(await guestsOf(id)).toEqual([
      { name: 'Chị Mai Anh', attending: true, people: 3, wishes: 'Trăm năm hạnh phúc!' },
    ]);

    const thanks = await server.request(`/wedding/${id}?reply=sent`);
    expect(thanks.status).toBe(200);
    expect(thanks.headers.get('cache-control')).toBe('no-store');
    expect(replyOf(await thanks.text())).toEqual({ status: 'sent' });
  });

  it('answers a refused reply with the reasons in the page’s language and what was typed', async () => {
    const id = await createWedding();
    const res = await post(id, { name: ' ', attending: '', people: '99', wishes: 'Chúc mừng' });
    expect(res.status).toBe(400);
    const vi = replyOf(await res.text()) as {
      status: string;
      message: string;
      fields: Record<string, string>;
      values: Record<string, string>;
    };
    expect(vi.status).toBe('refused');
    expect(vi.message).not.toBe('');
    expect(Object.keys(vi.fields).sort()).toEqual(['attending', 'name', 'people']);
    expect(vi.fields.name).toMatch(/tên/i);
    expect(vi.values).toEqual({ name: ' ', attending: '', people: '99', wishes: 'Chúc mừng' });

    const en = replyOf(
      await (await post(id, { name: '', attending: 'yes' }, { cookie: 'lang=en' })).text(),
    ) as { fields: Record<string, string> };
    expect(en.fields.name).toMatch(/name/i);
    expect(await guestsOf(id)).toEqual([]);
  });

  it('answers 404 for an invitation that does not exist, storing nothing', async () => {
    const res = await post(randomUUID(), { name: 'Ai đó', attending: 'yes' });
    expect(res.status).toBe(404);
  });
});
