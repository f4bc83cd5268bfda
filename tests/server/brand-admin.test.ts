// Issue 23 items 2, 7 and 11: a brand admin edits every brand field and the brand page shows
// it at once; the brand's vCard is an organisation; a brand's banks, links and videos are
// account-link rows keyed by the group (migration 1120); a member's form data (spec §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { migrationsDir, queryRows } from '../../server/db/client';
import type { ApiErrorBody } from '../../contract/errors';
import type { BrandSettings, MemberFormData } from '../../contract/card-settings';
import type { CardOwner } from '../../contract/card';
import type { StoredUpload } from '../../contract/image';
import { startTestServer } from './test-server';

// The card page template, so that /mbg renders the card's body (as account-links-card-page).
const clientDir = await mkdtemp(path.join(tmpdir(), 'mecards-brand-admin-'));
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

let brandId = '';
let demoId = '';
let binhId = '';
let owner = '';
let demo = '';
let binh = '';

const put = (p: string, token: string, json: unknown, headers: Record<string, string> = {}) =>
  server.request(`/api${p}`, { method: 'PUT', token, json, headers });

/** PostgreSQL tells the page cache about a change a moment after commit (decision 0402). */
function settled(): Promise<void> {
  return server.database.kind === 'postgres'
    ? new Promise((resolve) => setTimeout(resolve, 300))
    : Promise.resolve();
}

async function brandRow() {
  const [row] = await queryRows<{
    name: string;
    note: string | null;
    images_url: string | null;
    profile: Record<string, unknown>;
  }>(db, sql`SELECT name, note, images_url, profile FROM groups WHERE id = ${brandId}`);
  return row!;
}

async function picture(token: string, purpose: 'avatar' | 'banner'): Promise<string> {
  const bytes = await sharp({
    create: { width: 600, height: 300, channels: 3, background: '#6b3e26' },
  })
    .jpeg()
    .toBuffer();
  const res = await server.request(`/api/uploads/${randomUUID()}?purpose=${purpose}`, {
    method: 'PUT',
    token,
    headers: { 'content-type': 'image/jpeg' },
    body: new Blob([new Uint8Array(bytes)]),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as StoredUpload).url;
}

beforeAll(async () => {
  const id = async (link: string) =>
    (
      await queryRows<{ id: string }>(db, sql`SELECT id FROM members WHERE url_minify = ${link}`)
    )[0]!.id;
  demoId = await id('demo');
  binhId = await id('binh-tran');
  brandId = (
    await queryRows<{ id: string }>(db, sql`SELECT id FROM groups WHERE url_minify = 'demo-brand'`)
  )[0]!.id;
  owner = await server.tokenFor(await id('suong-mai'));
  demo = await server.tokenFor(demoId);
  binh = await server.tokenFor(binhId);
});

describe('brand admin edits every brand field', () => {
  it('saves intro, about, phone, address, website, e-mail, logo and cover; the page shows them', async () => {
    // The page rendered once before the edit, so a cached copy would show the old brand.
    expect((await server.request('/mbg/demo-brand')).status).toBe(200);
    const logo = await picture(owner, 'avatar');
    const cover = await picture(owner, 'banner');
    const res = await put(`/groupAndBrand/updateUById/${brandId}`, owner, {
      note: 'Rang mộc mỗi sáng ở Cầu Đất',
      aboutMe: 'Hơn 200 hộ nông dân cùng Sương Mai.',
      phone: '0263 381 2345',
      address: '12 Trần Phú, Đà Lạt',
      website: 'suongmai.coffee',
      email: 'xin-chao@suongmai.vn',
      imagesUrl: logo,
      bannerUrl: cover,
    });
    expect(res.status).toBe(200);
    const settings = (await res.json()) as BrandSettings;
    expect(settings).toMatchObject({
      note: 'Rang mộc mỗi sáng ở Cầu Đất',
      aboutMe: 'Hơn 200 hộ nông dân cùng Sương Mai.',
      phone: '0263 381 2345',
      address: '12 Trần Phú, Đà Lạt',
      website: 'https://suongmai.coffee',
      email: 'xin-chao@suongmai.vn',
      imagesUrl: logo,
      bannerUrl: cover,
    });
    await settled();
    const html = await (await server.request('/mbg/demo-brand')).text();
    for (const shown of [
      'Rang mộc mỗi sáng ở Cầu Đất',
      'Hơn 200 hộ nông dân cùng Sương Mai.',
      '12 Trần Phú, Đà Lạt',
      'https://suongmai.coffee',
      'xin-chao@suongmai.vn',
      logo,
      cover,
    ]) {
      expect(html).toContain(shown);
    }
    const card = (await (
      await server.request('/api/groupAndBrand/getGDByById/demo-brand')
    ).json()) as CardOwner;
    expect(card).toMatchObject({
      intro: 'Rang mộc mỗi sáng ở Cầu Đất',
      aboutMe: 'Hơn 200 hộ nông dân cùng Sương Mai.',
      phone: '0263 381 2345',
      website: 'https://suongmai.coffee',
      email: 'xin-chao@suongmai.vn',
      avatarUrl: logo,
      bannerUrl: cover,
    });
    // '' clears a field.
    const cleared = await put(`/groupAndBrand/updateUById/${brandId}`, owner, { aboutMe: '' });
    expect(((await cleared.json()) as BrandSettings).aboutMe).toBeNull();
  });

  it('names each bad field and changes nothing', async () => {
    const before = await brandRow();
    const res = await put(`/groupAndBrand/updateUById/${brandId}`, owner, {
      phone: '12ab',
      email: 'xin-chao@',
      website: 'không phải trang web',
    });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ApiErrorBody).error;
    expect(error.fields).toEqual({
      phone: 'Số điện thoại không đúng: cần 10–11 chữ số, bắt đầu bằng 0 hoặc +84',
      email: 'Email không đúng dạng, ví dụ: ten@congty.vn',
      website: 'Trang web không đúng dạng, ví dụ: congty.vn hoặc https://congty.vn',
    });
    expect(await brandRow()).toEqual(before);
  });

  it("refuses a picture that was never uploaded, or another member's, for the logo", async () => {
    const before = await brandRow();
    const missing = await put(`/groupAndBrand/updateUById/${brandId}`, owner, {
      imagesUrl: `/img/${randomUUID()}/256.webp`,
    });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as ApiErrorBody).error.fields?.imagesUrl).toBeTruthy();
    const theirs = await put(`/groupAndBrand/updateUById/${brandId}`, owner, {
      imagesUrl: await picture(demo, 'avatar'),
    });
    expect(theirs.status).toBe(403);
    expect(await brandRow()).toEqual(before);
  });
});

describe("the brand's vCard", () => {
  it('is an organisation: N empty, ORG the brand', async () => {
    const res = await server.request(`/api/groupAndBrand/getVfcGroupId/${brandId}`);
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n');
    const name = (await brandRow()).name;
    expect(lines).toContain('N:;;;;');
    expect(lines).toContain(`ORG:${name}`);
    expect(lines).toContain(`FN:${name}`);
    expect(lines).toContain('KIND:org');
    // A member's stays a person's.
    const member = await (await server.request(`/api/members/getVfcMemberId/${demoId}`)).text();
    expect(member).not.toContain('KIND:org');
    expect(member).toMatch(/\r\nN:[^;\r\n]+;[^;\r\n]+;;;\r\n/);
  });
});

describe("a brand's banks, links and videos are rows keyed by the group", () => {
  it('migration 1120 moves the profile JSON into rows, in order, and the note takes the intro', async () => {
    const [group] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO groups (name, url_minify, profile) VALUES ('Trà Cũ', 'tra-cu-1120',
        ${JSON.stringify({
          intro: 'Trà sen Tây Hồ',
          phone: '0241234567',
          banks: [
            { bankName: 'ACB', ownerName: 'TRA CU', accountNumber: '123456', bin: '970416' },
            { bankName: 'BIDV', ownerName: 'TRA CU', accountNumber: '' },
          ],
          links: [{ title: 'Web', url: 'https://tracu.vn' }],
          videos: ['https://youtu.be/dQw4w9WgXcQ'],
        })}::jsonb) RETURNING id`,
    );
    const text = await readFile(path.join(migrationsDir, '1120_brand_account_links.sql'), 'utf8');
    // The copying part (the columns and the trigger exist already in this database).
    await server.database.execScript(
      text.slice(
        text.indexOf("-- The group profile's arrays"),
        text.indexOf('ALTER TABLE members'),
      ),
    );
    const rows = await queryRows<{ kind: string; bank_bin: string | null; url: string | null }>(
      db,
      sql`SELECT kind, bank_bin, url, ordinal FROM account_links
          WHERE group_id = ${group!.id} ORDER BY ordinal`,
    );
    expect(rows).toEqual([
      { kind: 'bank', bank_bin: '970416', url: null, ordinal: 0 },
      { kind: 'link', bank_bin: null, url: 'https://tracu.vn', ordinal: 2 },
      { kind: 'video', bank_bin: null, url: 'https://youtu.be/dQw4w9WgXcQ', ordinal: 3 },
    ]);
    const [moved] = await queryRows<{ note: string; profile: Record<string, unknown> }>(
      db,
      sql`SELECT note, profile FROM groups WHERE id = ${group!.id}`,
    );
    expect(moved).toEqual({ note: 'Trà sen Tây Hồ', profile: { phone: '0241234567' } });
    await settled();
    const card = (await (
      await server.request('/api/groupAndBrand/getGDByById/tra-cu-1120')
    ).json()) as CardOwner;
    expect(card.intro).toBe('Trà sen Tây Hồ');
    expect(card.banks).toEqual([
      { bankName: 'ACB', ownerName: 'TRA CU', accountNumber: '123456', bin: '970416' },
    ]);
    expect(card.links).toEqual([{ title: 'Web', url: 'https://tracu.vn' }]);
    expect(card.videos).toEqual(['https://youtu.be/dQw4w9WgXcQ']);
    const html = await (await server.request('/mbg/tra-cu-1120')).text();
    expect(html).toContain('https://tracu.vn');
    expect(html).toContain('123456');
  });

  it("a hidden or deleted row leaves the brand's card, and the page changes at once", async () => {
    const id = randomUUID();
    await queryRows(
      db,
      sql`INSERT INTO account_links (id, group_id, kind, title, url, ordinal)
          VALUES (${id}, ${brandId}, 'link', 'Cửa hàng', 'https://shop.suongmai.vn', 0)`,
    );
    await settled();
    expect(await (await server.request('/mbg/demo-brand')).text()).toContain(
      'https://shop.suongmai.vn',
    );
    await queryRows(db, sql`UPDATE account_links SET hidden = true WHERE id = ${id}`);
    await settled();
    expect(await (await server.request('/mbg/demo-brand')).text()).not.toContain(
      'https://shop.suongmai.vn',
    );
  });

  it('the members table has no JSON banks, links or videos any more', async () => {
    const columns = await queryRows<{ column_name: string }>(
      db,
      sql`SELECT column_name FROM information_schema.columns
          WHERE table_name = 'members' AND column_name IN ('banks', 'links', 'videos')`,
    );
    expect(columns).toEqual([]);
  });
});

describe("a member's form data (spec §7)", () => {
  const fields = [
    { label: 'Họ và tên', type: 'text', required: true },
    { label: 'Số điện thoại', type: 'phone', required: true },
    { label: 'Bạn cần gì?', type: 'textarea', required: false },
  ];

  it('starts empty; the member saves their own; anyone reads it; nobody else writes it', async () => {
    const first = await server.request(`/api/members/getFormDataByMemberId/${demoId}`);
    expect(first.status).toBe(200);
    expect(((await first.json()) as MemberFormData).fields).toEqual([]);

    const denied = await put(`/members/updateFormDataByMemberId/${demoId}`, binh, { fields });
    expect(denied.status).toBe(403);

    const key = randomUUID();
    const saved = await put(
      `/members/updateFormDataByMemberId/${demoId}`,
      demo,
      { fields },
      { 'idempotency-key': key },
    );
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as MemberFormData).fields).toEqual(fields);
    const [row] = await queryRows<{ form_data: unknown }>(
      db,
      sql`SELECT form_data FROM members WHERE id = ${demoId}`,
    );
    expect(row!.form_data).toEqual(fields);
    const read = (await (
      await server.request(`/api/members/getFormDataByMemberId/${demoId}`)
    ).json()) as MemberFormData;
    expect(read).toMatchObject({ memberId: demoId, fields });
    // Another member's form is theirs: still empty.
    const other = (await (
      await server.request(`/api/members/getFormDataByMemberId/${binhId}`, { token: demo })
    ).json()) as MemberFormData;
    expect(other.fields).toEqual([]);
  });

  it('names a bad field and changes nothing; an unknown member is 404', async () => {
    const before = await queryRows(db, sql`SELECT form_data FROM members WHERE id = ${demoId}`);
    const bad = await put(`/members/updateFormDataByMemberId/${demoId}`, demo, {
      fields: [{ label: '  ', type: 'text' }],
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.fields?.['fields.0.label']).toBe(
      'Vui lòng nhập tên trường',
    );
    const tooMany = await put(`/members/updateFormDataByMemberId/${demoId}`, demo, {
      fields: Array.from({ length: 21 }, (_, i) => ({ label: `Trường ${i}` })),
    });
    expect(tooMany.status).toBe(400);
    expect(await queryRows(db, sql`SELECT form_data FROM members WHERE id = ${demoId}`)).toEqual(
      before,
    );
    expect(
      (await server.request(`/api/members/getFormDataByMemberId/${randomUUID()}`)).status,
    ).toBe(404);
    expect((await server.request('/api/members/getFormDataByMemberId/not-an-id')).status).toBe(404);
  });
});
