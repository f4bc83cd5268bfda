import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { findMutation } from '../../server/sync/mutation-handlers';
import { pullSources } from '../../server/sync/pull-sources';
import type { Contact, ContactPage } from '../../contract/contact';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });

let demoId = '';
let binhId = '';
let namId = '';
let demo = '';
let binh = '';

async function memberId(urlMinify: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    server.database.db,
    sql`SELECT id FROM members WHERE url_minify = ${urlMinify}`,
  );
  return rows[0]!.id;
}

async function stored(id: string) {
  const rows = await queryRows<{
    owner_member_id: string;
    name: string;
    phone: string | null;
    deleted_at: string | null;
    card_snapshot: unknown;
  }>(server.database.db, sql`SELECT * FROM contacts WHERE id = ${id}`);
  return rows[0];
}

const upsert = (id: string, token: string, json: unknown, key?: string) =>
  server.request(`/api/contacts/upsertContactById/${id}`, {
    method: 'PUT',
    token,
    json,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

beforeAll(async () => {
  demoId = await memberId('demo');
  binhId = await memberId('binh-tran');
  namId = await memberId('le-hoang-nam');
  demo = await server.tokenFor(demoId);
  binh = await server.tokenFor(binhId);
});

describe('phonebook calls', () => {
  it("lists the member's contacts in name order, searchable without diacritics", async () => {
    const res = await server.request(`/api/contacts/getContactsByMemberId/${demoId}`, {
      token: demo,
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as ContactPage;
    expect(page.total).toBe(3);
    expect(page.items.map((c) => c.name)).toContain('Hoàng Thị Mai');
    const byCompany = (await (
      await server.request(`/api/contacts/getContactsByMemberId/${demoId}?filter=huong%20rung`, {
        token: demo,
      })
    ).json()) as ContactPage;
    expect(byCompany.items.map((c) => c.name)).toEqual(['Hoàng Thị Mai']);
    const byPhone = (await (
      await server.request(`/api/contacts/getContactsByMemberId/${demoId}?filter=0977%20888`, {
        token: demo,
      })
    ).json()) as ContactPage;
    expect(byPhone.items.map((c) => c.name)).toEqual(['Bùi Đức Thắng']);
    const paged = (await (
      await server.request(`/api/contacts/getContactsByMemberId/${demoId}?page=2&limit=2`, {
        token: demo,
      })
    ).json()) as ContactPage;
    expect(paged).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(paged.items).toHaveLength(1);
  });

  it("refuses someone else's phonebook: 403 for the list, 404 for a contact", async () => {
    const list = await server.request(`/api/contacts/getContactsByMemberId/${demoId}`, {
      token: binh,
    });
    expect(list.status).toBe(403);
    expect((await server.request(`/api/contacts/getContactsByMemberId/${demoId}`)).status).toBe(
      401,
    );
    const [mine] = (
      (await (
        await server.request(`/api/contacts/getContactsByMemberId/${demoId}`, { token: demo })
      ).json()) as ContactPage
    ).items;
    const get = await server.request(`/api/contacts/getContactById/${mine!.id}`, { token: binh });
    expect(get.status).toBe(404);
    const edit = await upsert(mine!.id, binh, { name: 'Chiếm quyền' });
    expect(edit.status).toBe(404);
    const del = await server.request(`/api/contacts/deleteContactById/${mine!.id}`, {
      method: 'PUT',
      token: binh,
    });
    expect(del.status).toBe(404);
    expect((await stored(mine!.id))?.name).toBe(mine!.name);
    expect((await stored(mine!.id))?.deleted_at).toBeNull();
    for (const path of ['exportVcard', 'exportCsv']) {
      expect(
        (await server.request(`/api/contacts/${path}/${demoId}`, { token: binh })).status,
      ).toBe(403);
    }
  });

  it('validates: name required, phone and email checked, lengths capped', async () => {
    const id = randomUUID();
    const empty = await upsert(id, demo, { name: '  ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { name: 'Vui lòng nhập tên liên hệ' } },
    });
    const phone = await upsert(id, demo, { name: 'A', phone: 'gọi tôi' });
    expect(
      ((await phone.json()) as { error: { fields: Record<string, string> } }).error.fields,
    ).toHaveProperty('phone');
    const email = await upsert(id, demo, { name: 'A', email: 'khong-phai-email' });
    expect(email.status).toBe(400);
    const long = await upsert(id, demo, { name: 'x'.repeat(121) });
    expect(long.status).toBe(400);
    const otherId = await upsert(id, demo, { id: randomUUID(), name: 'A' });
    expect(otherId.status).toBe(400);
    expect(await stored(id)).toBeUndefined();
  });

  it('creates by client id, edits, keeps the owner from the token, and soft-deletes', async () => {
    const id = randomUUID();
    const created = await upsert(id, demo, {
      name: 'Trịnh Công Sơn',
      phone: '+84 90 111 2222',
      email: 'son@example.vn',
      company: 'Nhạc Việt',
      ownerMemberId: binhId,
    });
    expect(created.status).toBe(200);
    const body = (await created.json()) as Contact;
    expect(body).toMatchObject({ id, ownerMemberId: demoId, phone: '+84 90 111 2222' });
    expect(body.searchKey).toContain('trinh cong son');
    // The phone in national form (contract/phone.ts), as a member types it.
    expect(body.searchKey).toContain('0901112222');
    expect((await stored(id))?.owner_member_id).toBe(demoId);

    const edited = await upsert(id, demo, { name: 'Trịnh Công Sơn', phone: '', note: 'Nhạc sĩ' });
    expect(await edited.json()).toMatchObject({ phone: null, note: 'Nhạc sĩ', email: null });

    const got = await server.request(`/api/contacts/getContactById/${id}`, { token: demo });
    expect(await got.json()).toMatchObject({ id, note: 'Nhạc sĩ' });

    const del = await server.request(`/api/contacts/deleteContactById/${id}`, {
      method: 'PUT',
      token: demo,
    });
    expect(del.status).toBe(200);
    const deleted = (await del.json()) as Contact;
    expect(deleted.id).toBe(id);
    expect(deleted.deletedAt).not.toBeNull();
    expect((await stored(id))?.deleted_at).not.toBeNull();
    // Deleting again is harmless; reading a deleted contact is not found, and an edit of it
    // is kept as a conflict for the member (decision 1062), the contact staying deleted.
    expect(
      (
        await server.request(`/api/contacts/deleteContactById/${id}`, {
          method: 'PUT',
          token: demo,
        })
      ).status,
    ).toBe(200);
    expect(
      (await server.request(`/api/contacts/getContactById/${id}`, { token: demo })).status,
    ).toBe(404);
    const late = await upsert(id, demo, { name: 'Hồi sinh' });
    expect(late.status).toBe(200);
    expect(((await late.json()) as Contact).deletedAt).not.toBeNull();
    expect((await stored(id))?.name).toBe('Trịnh Công Sơn');
  });

  it('saves a card with its snapshot; an edit without a snapshot keeps it', async () => {
    const id = randomUUID();
    const res = await upsert(id, demo, {
      name: 'Lê Hoàng Nam',
      cardMemberId: namId,
      cardSnapshot: { name: 'Lê Hoàng Nam', urlMinify: 'le-hoang-nam', jobTitle: 'Kiến trúc sư' },
    });
    expect(res.status).toBe(200);
    await upsert(id, demo, { name: 'Anh Nam kiến trúc', cardMemberId: namId });
    const row = await stored(id);
    expect(row?.name).toBe('Anh Nam kiến trúc');
    expect(row?.card_snapshot).toMatchObject({ urlMinify: 'le-hoang-nam' });
    const badCard = await upsert(randomUUID(), demo, { name: 'X', cardMemberId: randomUUID() });
    expect(badCard.status).toBe(400);
  });

  it('replays an idempotency key: one row, the first answer', async () => {
    const id = randomUUID();
    const key = randomUUID();
    const first = await upsert(id, demo, { name: 'Phan Văn Lặp' }, key);
    const firstBody = (await first.json()) as Contact;
    const replay = await upsert(id, demo, { name: 'Phan Văn Lặp' }, key);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(firstBody);
    const seqs = await queryRows<{ change_seq: string }>(
      server.database.db,
      sql`SELECT change_seq FROM contacts WHERE id = ${id}`,
    );
    expect(seqs).toHaveLength(1);
    expect(Number(seqs[0]!.change_seq)).toBe(firstBody.changeSeq);
    const reused = await upsert(id, demo, { name: 'Khác' }, key);
    expect(reused.status).toBe(422);
  });

  it('exports vCard 3.0 and CSV with a BOM', async () => {
    const vcf = await server.request(`/api/contacts/exportVcard/${demoId}`, { token: demo });
    expect(vcf.status).toBe(200);
    expect(vcf.headers.get('content-type')).toContain('text/vcard');
    const text = await vcf.text();
    expect(text.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(text).toContain('FN:Hoàng Thị Mai');
    expect(text).toContain('TEL;TYPE=CELL,VOICE:0944555666');
    expect(text).toContain('URL;TYPE=PROFILE:http://cards.test/me/le-hoang-nam');
    expect(text).not.toContain('Trịnh Công Sơn');

    const csv = await server.request(`/api/contacts/exportCsv/${demoId}`, {
      token: demo,
      headers: { 'accept-language': 'en' },
    });
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csvText = new TextDecoder().decode(bytes);
    expect(csvText.split('\r\n')[0]).toBe(
      'id,Name,Phone,Email,Company,Job title,Address,Note,Card,Source,Arrived at,Consent at',
    );
    expect(csvText).toMatch(
      /\n[0-9a-f-]{36},Hoàng Thị Mai,0944 555 666,mai\.hoang@gmail\.com,Nhà hàng Hương Rừng/,
    );
  });

  it('registers contact mutations and a pull source scoped to the owner', async () => {
    expect(findMutation('contact.upsert')).toBeDefined();
    expect(findMutation('contact.delete')).toBeDefined();
    const source = pullSources.find((s) => s.entity === 'contacts');
    if (!source) throw new Error('no contacts source');
    const rows = await server.database.db.transaction(async (tx) => {
      const raw = await tx.select().from(source.table).where(source.scope(binhId));
      return source.toClient(raw, { tx, memberId: binhId });
    });
    expect(rows).toEqual([]);
    const mine = await server.database.db.transaction(async (tx) => {
      const raw = await tx.select().from(source.table).where(source.scope(demoId));
      return source.toClient(raw, { tx, memberId: demoId });
    });
    expect(mine.some((r) => r.deletedAt !== null)).toBe(true);
    expect(mine.every((r) => typeof r.searchKey === 'string')).toBe(true);
  });

  it('keeps a name, company or note written as a formula inert in the CSV export', async () => {
    const saved = await upsert(randomUUID(), demo, {
      name: '=cmd|calc!A0',
      company: '+HYPERLINK("http://evil.example")',
      note: '@SUM(A1)',
    });
    expect(saved.status).toBe(200);
    const csv = await server.request(`/api/contacts/exportCsv/${demoId}`, { token: demo });
    const text = new TextDecoder().decode(new Uint8Array(await csv.arrayBuffer()));
    const row = text.split('\r\n').find((l) => l.includes('cmd|calc'));
    expect(row).toMatch(/^[0-9a-f-]{36},'=cmd\|calc!A0,/);
    expect(row).toContain(`"'+HYPERLINK(""http://evil.example"")"`);
    expect(row).toContain(",'@SUM(A1),");
  });
});
