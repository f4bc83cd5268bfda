// A big phonebook (issue 25, decision 1022): 50,000 contacts export as complete, valid vCard and
// CSV, written page by page, while health and card reads keep answering in between; the list
// call pages in SQL and filters one page of rows at a time.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { ContactPage } from '../../contract/contact';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });
const db = server.database.db;
const total = 50_000;
let ownerId = '';
let token = '';

beforeAll(async () => {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM members WHERE url_minify = 'binh-tran'`,
  );
  ownerId = row!.id;
  token = await server.tokenFor(ownerId);
  await db.execute(sql`
    INSERT INTO contacts (id, owner_member_id, name, phone, company, note)
    SELECT gen_random_uuid(), ${ownerId}, 'Khách ' || lpad(n::text, 5, '0') || ' Nguyễn Thị Ánh',
           '09' || lpad(n::text, 8, '0'), 'Công ty Cà Phê Sương Mai số ' || n,
           repeat('Ghi chú dài để gấp dòng vCard; ', 4)
    FROM generate_series(1, ${total}) AS n`);
}, 300_000);

/** Reads a streamed body to the end; `between` runs once per piece until it reports done. */
async function readAll(res: Response, between: () => Promise<void>): Promise<string> {
  const reader = res.body!.getReader();
  // ignoreBOM: keep the byte-order mark in the text, to count it.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let text = '';
  let pieces = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    pieces += 1;
    if (pieces % 5 === 0) await between();
  }
  expect(pieces).toBeGreaterThan(10);
  return text + decoder.decode();
}

describe('exports of 50,000 contacts', () => {
  it('the vCard export is complete and valid, and health and card reads answer meanwhile', async () => {
    const finished: string[] = [];
    const reads: Promise<void>[] = [];
    const res = await server.request(`/api/contacts/exportVcard/${ownerId}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/vcard');
    const exported = readAll(res, async () => {
      reads.push(
        (async () => {
          const health = await server.request('/api/health');
          expect(health.status).toBe(200);
          const card = await server.request('/api/members/getMemberIdView/demo');
          expect(card.status).toBe(200);
          finished.push('read');
        })(),
      );
      await Promise.resolve();
    }).then((text) => {
      finished.push('export');
      return text;
    });
    const text = await exported;
    await Promise.all(reads);

    // Reads were answered while the export was still being written.
    expect(finished.indexOf('read')).toBeGreaterThanOrEqual(0);
    expect(finished.indexOf('read')).toBeLessThan(finished.indexOf('export'));

    const cards = text.split('BEGIN:VCARD\r\n').slice(1);
    expect(cards).toHaveLength(total);
    expect(cards.every((card) => card.endsWith('END:VCARD\r\n'))).toBe(true);
    const encoder = new TextEncoder();
    // Only a line longer than 25 UTF-16 units can pass 75 octets.
    const long = text.split('\r\n').filter((line) => line.length > 25);
    expect(long.length).toBeGreaterThan(total);
    expect(long.filter((line) => encoder.encode(line).length > 75)).toEqual([]);
    // Name order across pages, no card twice.
    const names = [...text.matchAll(/^FN:(Khách \d{5})/gm)].map((m) => m[1]!);
    expect(names).toHaveLength(total);
    expect(new Set(names).size).toBe(total);
    expect(names[0]).toBe('Khách 00001');
    expect(names.at(-1)).toBe('Khách 50000');
  }, 300_000);

  it('the CSV export has one BOM, one title row and every contact', async () => {
    const res = await server.request(`/api/contacts/exportCsv/${ownerId}`, {
      token,
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    const text = await readAll(res, () => Promise.resolve());
    expect(text.startsWith('\ufeffid,Name,Phone,')).toBe(true);
    expect(text.split('\ufeff')).toHaveLength(2);
    const rows = text.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(total + 1);
    expect(rows[1]).toMatch(/^[0-9a-f-]{36},Khách 00001 Nguyễn Thị Ánh,0900 000 001,/);
  }, 300_000);
});

describe('the list call on a big phonebook', () => {
  it('pages without a filter from the database, with the right total', async () => {
    const res = await server.request(
      `/api/contacts/getContactsByMemberId/${ownerId}?limit=2&page=3`,
      { token },
    );
    const body = (await res.json()) as ContactPage;
    expect(body.total).toBe(total);
    expect(body.items.map((c) => c.name.slice(0, 11))).toEqual(['Khách 00005', 'Khách 00006']);
  });

  it('filters accent-free by name and by phone digits', async () => {
    const byName = (await (
      await server.request(
        `/api/contacts/getContactsByMemberId/${ownerId}?filter=${encodeURIComponent('khach 4999')}&limit=3&page=2`,
        { token },
      )
    ).json()) as ContactPage;
    expect(byName.total).toBe(10); // 49990–49999
    expect(byName.items.map((c) => c.name.slice(0, 11))).toEqual([
      'Khách 49993',
      'Khách 49994',
      'Khách 49995',
    ]);
    const byPhone = (await (
      await server.request(
        `/api/contacts/getContactsByMemberId/${ownerId}?filter=${encodeURIComponent('0900 012 345')}`,
        { token },
      )
    ).json()) as ContactPage;
    expect(byPhone.total).toBe(1);
    expect(byPhone.items[0]!.phone).toBe('0900012345');
  });
});
