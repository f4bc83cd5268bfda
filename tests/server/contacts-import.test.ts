// Decision 1102: exports carry a stable contact id (CSV `id`, vCard `UID`) and the lead
// columns; importing an export again, or a CRM's file matched by phone or e-mail, updates the
// contacts instead of adding copies; a bad row is named by its line and changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });

let demoId = '';
let demo = '';

interface Row {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  note: string | null;
}

async function liveRows(): Promise<Row[]> {
  return queryRows<Row>(
    server.database.db,
    sql`SELECT id, name, phone, email, company, note FROM contacts
        WHERE owner_member_id = ${demoId} AND deleted_at IS NULL ORDER BY id`,
  );
}

const exportText = async (format: 'exportCsv' | 'exportVcard') =>
  new TextDecoder().decode(
    new Uint8Array(
      await (
        await server.request(`/api/contacts/${format}/${demoId}`, { token: demo })
      ).arrayBuffer(),
    ),
  );

const importFile = (body: string, type = 'text/csv', token = demo) =>
  server.request(`/api/contacts/importContacts/${demoId}`, {
    method: 'POST',
    token,
    headers: { 'content-type': type },
    body,
  });

beforeAll(async () => {
  const [row] = await queryRows<{ id: string }>(
    server.database.db,
    sql`SELECT id FROM members WHERE url_minify = 'demo'`,
  );
  demoId = row!.id;
  demo = await server.tokenFor(demoId);
  // One contact is a lead left on the card (decision 1100).
  await server.database.db.execute(
    sql`UPDATE contacts SET lead_source = ${JSON.stringify({
      kind: 'card',
      cardMemberId: demoId,
      groupId: null,
      at: '2026-11-20T08:00:00.000Z',
      consentText: 'Tôi đồng ý',
      consentAt: '2026-11-20T08:00:00.000Z',
    })}::jsonb
        WHERE id = (SELECT id FROM contacts WHERE owner_member_id = ${demoId}
                    AND deleted_at IS NULL ORDER BY name LIMIT 1)`,
  );
});

describe('CRM-ready export and import', () => {
  it('exports each contact with its id, and a lead with where and when it came', async () => {
    const rows = await liveRows();
    const csv = await exportText('exportCsv');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'id,Họ tên,Điện thoại,Email,Công ty,Chức danh,Địa chỉ,Ghi chú,Danh thiếp,Nguồn,Ngày đến,Đồng ý lúc',
    );
    for (const row of rows) expect(csv).toContain(`\n${row.id},`);
    expect(csv).toContain(',card,2026-11-20T08:00:00.000Z,2026-11-20T08:00:00.000Z');
    const vcf = await exportText('exportVcard');
    for (const row of rows) expect(vcf).toContain(`UID:urn:uuid:${row.id}\r\n`);
  });

  it('a CSV export imported again updates every contact and adds none', async () => {
    const before = await liveRows();
    const res = await importFile(await exportText('exportCsv'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ created: 0, updated: before.length });
    expect(await liveRows()).toEqual(before);
  });

  it('a vCard export imported again adds none and leaves the notes as they were', async () => {
    const before = await liveRows();
    const res = await importFile(await exportText('exportVcard'), 'text/vcard');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ created: 0, updated: before.length });
    expect(await liveRows()).toEqual(before);
  });

  it("matches a CRM's rows without ids by phone (any way it is written) and by e-mail", async () => {
    const before = await liveRows();
    const withPhone = before.find((r) => r.phone)!;
    const withEmail = before.find((r) => r.email && r.id !== withPhone.id)!;
    const international = `+84 ${withPhone.phone!.slice(1, 4)} ${withPhone.phone!.slice(4)}`;
    const file = [
      'Name,Phone,Email,Company',
      `${withPhone.name},${international},,Công ty Đổi Tên`,
      `${withEmail.name},,${withEmail.email!.toUpperCase()},Nơi Làm Mới`,
      'Người Mới,0977 111 222,moi@example.vn,',
      'Người Mới (bản hai),0977.111.222,,Công ty Người Mới',
    ].join('\r\n');
    const res = await importFile(file);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ created: 1, updated: 2 });
    const after = await liveRows();
    expect(after).toHaveLength(before.length + 1);
    // The same number written another way keeps the spelling the phonebook had.
    expect(after.find((r) => r.id === withPhone.id)).toMatchObject({
      phone: withPhone.phone,
      company: 'Công ty Đổi Tên',
    });
    expect(after.find((r) => r.id === withEmail.id)?.company).toBe('Nơi Làm Mới');
    const added = after.filter((r) => !before.some((b) => b.id === r.id));
    expect(added).toEqual([
      expect.objectContaining({ phone: '0977 111 222', company: 'Công ty Người Mới' }),
    ]);

    // The same file again: nothing new.
    expect(await (await importFile(file)).json()).toEqual({ created: 0, updated: 3 });
    expect(await liveRows()).toHaveLength(after.length);
  });

  it('names a bad row by its line and imports nothing of the file', async () => {
    const before = await liveRows();
    const file = [
      'Họ tên,Điện thoại,Email',
      'Chị Hai,0901 222 333,hai@example.vn',
      'Anh Ba,0901 222 444,không-phải-email',
    ].join('\r\n');
    const res = await importFile(file);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as {
      error: { code: string; message: string; fields?: Record<string, string> };
    };
    expect(error.code).toBe('import_row_invalid');
    expect(error.message).toBe('Liên hệ ở dòng 3 không hợp lệ, chưa nhập gì');
    expect(Object.keys(error.fields ?? {})).toEqual(['email']);
    expect(await liveRows()).toEqual(before);
  });

  it('refuses a file it cannot use with a message naming why, and another member', async () => {
    const noName = await importFile('Phone,Email\r\n0901222333,a@b.vn');
    expect(noName.status).toBe(400);
    expect(((await noName.json()) as { error: { code: string } }).error.code).toBe(
      'import_no_name_column',
    );
    const empty = await importFile('   ');
    expect(((await empty.json()) as { error: { code: string } }).error.code).toBe('import_empty');
    const other = await server.tokenFor(
      (
        await queryRows<{ id: string }>(
          server.database.db,
          sql`SELECT id FROM members WHERE url_minify = 'binh-tran'`,
        )
      )[0]!.id,
    );
    expect((await importFile('Name\r\nAi Đó', 'text/csv', other)).status).toBe(403);
  });

  it('refuses a file that is not UTF-8 (a spreadsheet saved in another code page), and JSON', async () => {
    const latin1 = await server.request(`/api/contacts/importContacts/${demoId}`, {
      method: 'POST',
      token: demo,
      headers: { 'content-type': 'application/vnd.ms-excel' },
      body: new Uint8Array([...Buffer.from('Name\r\nNguy'), 0xea, 0x6e]),
    });
    expect(latin1.status).toBe(400);
    expect(((await latin1.json()) as { error: { code: string } }).error.code).toBe(
      'bad_text_encoding',
    );
    expect((await importFile('{"name": "Ai"}', 'application/json')).status).toBe(415);
  });
});
