// Theme, short link and brand settings (issue 12, items 5, 6 and 8): what the server stores,
// what it refuses (with which field message) and that refusals change nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { ApiErrorBody } from '../../contract/errors';
import type {
  BrandFormData,
  BrandSettings,
  StyleList,
  ThemeAuth,
  UrlMinifyChange,
  UrlMinifyCheck,
} from '../../contract/card-settings';
import type { PushResult } from '../../contract/sync';
import { themeCatalogue } from '../../contract/theme';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });
const db = server.database.db;

let demoId = '';
let staffId = '';
let brandOwnerId = '';
let brandId = '';
let demo = '';
let staff = '';
let owner = '';

async function memberRow(id: string) {
  const [row] = await queryRows<{ theme: string | null; theme_type: string; url_minify: string }>(
    db,
    sql`SELECT theme, theme_type, url_minify FROM members WHERE id = ${id}`,
  );
  return row!;
}

async function brandRow() {
  const [row] = await queryRows<{
    name: string;
    note: string | null;
    images_url: string | null;
    language: string;
    theme: string | null;
    url_minify: string;
    form_data: unknown;
    profile: Record<string, unknown>;
  }>(db, sql`SELECT * FROM groups WHERE id = ${brandId}`);
  return row!;
}

const put = (path: string, token: string, json: unknown, headers: Record<string, string> = {}) =>
  server.request(`/api${path}`, { method: 'PUT', token, json, headers });
const get = (path: string, token?: string) => server.request(`/api${path}`, token ? { token } : {});

/** PostgreSQL tells the page cache about a change a moment after commit (decision 0402). */
function settled(): Promise<void> {
  return server.database.kind === 'postgres'
    ? new Promise((resolve) => setTimeout(resolve, 300))
    : Promise.resolve();
}

async function errorOf(res: Response): Promise<ApiErrorBody['error']> {
  return ((await res.json()) as ApiErrorBody).error;
}

beforeAll(async () => {
  const id = async (link: string) =>
    (
      await queryRows<{ id: string }>(db, sql`SELECT id FROM members WHERE url_minify = ${link}`)
    )[0]!.id;
  demoId = await id('demo');
  staffId = await id('binh-tran');
  brandOwnerId = await id('suong-mai');
  brandId = (
    await queryRows<{ id: string }>(db, sql`SELECT id FROM groups WHERE url_minify = 'demo-brand'`)
  )[0]!.id;
  demo = await server.tokenFor(demoId);
  staff = await server.tokenFor(staffId);
  owner = await server.tokenFor(brandOwnerId);
});

describe('theme and display', () => {
  it('offers a personal member the 11 themes and a LIMIT brand only its own styles', async () => {
    const personal = (await (
      await get('/members/getStylesListByActive', demo)
    ).json()) as StyleList;
    expect(personal.layoutPermission).toBe('FULL');
    expect(personal.styles.map((s) => s.code)).toEqual(themeCatalogue.map((t) => t.code));
    expect(personal.styles).toHaveLength(11);

    const brand = (await (
      await get(`/members/getStylesListByActive?groupId=${brandId}`, owner)
    ).json()) as StyleList;
    expect(brand.layoutPermission).toBe('LIMIT');
    expect(brand.styles.map((s) => s.code)).toEqual(['blackgold', 'OrganizationMode']);
    expect(brand.styles[0]?.name).toBe('Sương Mai Classic');

    const auth = (await (await get('/members/getThemeCheckAuth', owner)).json()) as ThemeAuth;
    expect(auth).toMatchObject({ layoutPermission: 'LIMIT', brandId, theme: 'blackgold' });
    expect(auth.allowedCodes).toEqual(['blackgold', 'OrganizationMode']);
    expect((await get('/members/getThemeCheckAuth')).status).toBe(401);
    // Another brand's styles are its admins' business.
    expect((await get(`/members/getStylesListByActive?groupId=${brandId}`, demo)).status).toBe(403);
  });

  it("sets the member's theme and layout mode; another member's id is 403 and changes nothing", async () => {
    const res = await put(`/members/updateMemberTheme/${demoId}`, demo, {
      theme: 'violet',
      themeType: 'square',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ memberId: demoId, theme: 'violet', themeType: 'square' });
    expect(await memberRow(demoId)).toMatchObject({ theme: 'violet', theme_type: 'square' });
    const view = (await (await get('/members/getInfoMemberAndGroupByLink/demo')).json()) as {
      theme: { code: string };
      themeMode: string;
    };
    expect(view).toMatchObject({ theme: { code: 'violet' }, themeMode: 'OrganizationSquareMode' });
    const card = await server.request('/me/demo');
    expect(await card.text()).toContain('<meta name="theme-color" content="#5b2a86" />');

    const before = await memberRow(staffId);
    const other = await put(`/members/updateMemberTheme/${staffId}`, demo, { theme: 'white' });
    expect(other.status).toBe(403);
    expect(await memberRow(staffId)).toEqual(before);
  });

  it('refuses an unknown theme with a field message, in Vietnamese first', async () => {
    const res = await put(`/members/updateMemberTheme/${demoId}`, demo, { theme: 'rainbow' });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.fields?.theme).toBe('Giao diện này không tồn tại');
    const en = await server.request(`/api/members/updateMemberTheme/${demoId}`, {
      method: 'PUT',
      token: demo,
      json: { theme: 'violet', themeType: 'diagonal' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.status).toBe(400);
    expect((await errorOf(en)).fields?.themeType).toBe('Not one of the allowed values');
    expect(await memberRow(demoId)).toMatchObject({ theme: 'violet', theme_type: 'square' });
  });

  it("keeps a LIMIT brand's organisation member to the brand's styles", async () => {
    const refused = await put(`/members/updateMemberTheme/${brandOwnerId}`, owner, {
      theme: 'darkmode',
    });
    expect(refused.status).toBe(403);
    const error = await errorOf(refused);
    expect(error.code).toBe('theme_not_allowed');
    expect(error.fields?.theme).toBe(
      'Thương hiệu của bạn chỉ được dùng các giao diện riêng của thương hiệu',
    );
    expect((await memberRow(brandOwnerId)).theme).toBe('blackgold');
    const ok = await put(`/members/updateMemberTheme/${brandOwnerId}`, owner, {
      theme: 'OrganizationMode',
    });
    expect(ok.status).toBe(200);
    expect((await memberRow(brandOwnerId)).theme).toBe('OrganizationMode');
  });

  it('applies profile.setTheme from the batch push once per key', async () => {
    const key = randomUUID();
    const push = () =>
      server.request('/api/sync/push', {
        method: 'POST',
        token: demo,
        json: {
          mutations: [
            { id: key, name: 'profile.setTheme', payload: { theme: 'jibtf', themeType: 'list' } },
          ],
        },
      });
    const first = ((await (await push()).json()) as { results: PushResult[] }).results[0];
    expect(first?.status).toBe('applied');
    await put(`/members/updateMemberTheme/${demoId}`, demo, { theme: 'white' });
    // The replay answers the first result and does not write again.
    const again = ((await (await push()).json()) as { results: PushResult[] }).results[0];
    expect(again?.status).toBe('applied');
    expect((await memberRow(demoId)).theme).toBe('white');
  });

  it("sets a brand's theme only for its admins, within its styles", async () => {
    const before = await brandRow();
    for (const token of [demo, staff]) {
      const res = await put(`/groupAndBrand/updateTheme/${brandId}`, token, { theme: 'blackgold' });
      expect(res.status).toBe(403);
    }
    const limited = await put(`/groupAndBrand/updateTheme/${brandId}`, owner, {
      theme: 'violet',
    });
    expect(limited.status).toBe(403);
    expect((await errorOf(limited)).fields?.theme).toBeTruthy();
    expect(await brandRow()).toEqual(before);
    const ok = await put(`/groupAndBrand/updateTheme/${brandId}`, owner, {
      theme: 'OrganizationMode',
      themeType: 'square',
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as BrandSettings).theme).toBe('OrganizationMode');
    expect((await brandRow()).theme).toBe('OrganizationMode');
    expect((await put(`/groupAndBrand/updateTheme/${randomUUID()}`, owner, {})).status).toBe(404);
  });
});

describe('short link', () => {
  it('checks a link as it is typed, with a field message per rule', async () => {
    const check = async (link: string, token?: string) =>
      get(`/members/checkUrlMinify/${encodeURIComponent(link)}`, token);
    const cases: [string, string][] = [
      ['Ab c', 'Chỉ dùng chữ thường không dấu (a-z), chữ số và dấu gạch ngang (-)'],
      ['ab', 'Cần ít nhất 3 ký tự'],
      ['a'.repeat(41), 'Không được dài quá 40 ký tự'],
      [
        '-abc',
        'Đường dẫn phải bắt đầu và kết thúc bằng chữ hoặc số, không có hai dấu gạch liền nhau',
      ],
      [
        'ab--c',
        'Đường dẫn phải bắt đầu và kết thúc bằng chữ hoặc số, không có hai dấu gạch liền nhau',
      ],
      ['products', 'Đường dẫn này được dành riêng cho hệ thống, hãy chọn đường dẫn khác'],
    ];
    for (const [link, message] of cases) {
      const res = await check(link);
      expect(res.status, link).toBe(400);
      expect((await errorOf(res)).fields?.urlMinify, link).toBe(message);
    }
    expect((await (await check('binh-tran', demo)).json()) as UrlMinifyCheck).toMatchObject({
      exists: true,
      available: false,
    });
    expect((await (await check('demo-brand', demo)).json()) as UrlMinifyCheck).toMatchObject({
      exists: true,
      available: false,
    });
    expect((await (await check('demo', demo)).json()) as UrlMinifyCheck).toMatchObject({
      available: true,
      own: true,
    });
    expect((await (await check('hoan-toan-moi')).json()) as UrlMinifyCheck).toMatchObject({
      exists: false,
      available: true,
    });
  });

  it('changes the link; the old one redirects 301 and stays the owner’s', async () => {
    // The old page is in the anonymous page cache before the change.
    expect((await server.request('/me/demo')).status).toBe(200);
    expect((await server.request('/me/demo')).status).toBe(200);

    const res = await put(`/members/updateUrlMinify/${demoId}`, demo, { urlMinify: 'demo-moi' });
    expect(res.status).toBe(200);
    expect((await res.json()) as UrlMinifyChange).toEqual({
      id: demoId,
      urlMinify: 'demo-moi',
      previous: 'demo',
    });
    expect(res.headers.get('set-cookie')).toContain('urlMinify=demo-moi');
    expect((await memberRow(demoId)).url_minify).toBe('demo-moi');
    await settled();

    const old = await server.request('/me/demo');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/me/demo-moi');
    const products = await server.request('/me/demo/products?x=1');
    expect(products.status).toBe(301);
    expect(products.headers.get('location')).toBe('/me/demo-moi/products?x=1');
    const fresh = await server.request('/me/demo-moi');
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toContain('Nguyễn Thị Minh Anh');
    // The app's read finds the card under the old link too.
    const api = await get('/members/getInfoMemberAndGroupByLink/demo');
    expect(api.status).toBe(200);

    // Nobody else can take the old link.
    const before = await memberRow(staffId);
    const taken = await put(`/members/updateUrlMinify/${staffId}`, staff, { urlMinify: 'demo' });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).fields?.urlMinify).toBe(
      'Đường dẫn này đã có người dùng, hãy chọn đường dẫn khác',
    );
    const current = await put(`/members/updateUrlMinify/${staffId}`, staff, {
      urlMinify: 'demo-brand',
    });
    expect(current.status).toBe(409);
    expect(await memberRow(staffId)).toEqual(before);

    // The owner may take it back; then the newer link redirects.
    const back = await put(`/members/updateUrlMinify/${demoId}`, demo, { urlMinify: 'demo' });
    expect(back.status).toBe(200);
    await settled();
    expect((await server.request('/me/demo')).status).toBe(200);
    const newer = await server.request('/me/demo-moi');
    expect(newer.status).toBe(301);
    expect(newer.headers.get('location')).toBe('/me/demo');
  });

  it("refuses bad links and another member's id without changing anything", async () => {
    const before = await memberRow(demoId);
    const bad = await put(`/members/updateUrlMinify/${demoId}`, demo, { urlMinify: 'Tên Tôi' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields?.urlMinify).toContain('chữ thường');
    const missing = await put(`/members/updateUrlMinify/${demoId}`, demo, {});
    expect((await errorOf(missing)).fields?.urlMinify).toBe('Vui lòng nhập thông tin');
    const other = await put(`/members/updateUrlMinify/${staffId}`, demo, {
      urlMinify: 'cuop-link',
    });
    expect(other.status).toBe(403);
    expect(await memberRow(demoId)).toEqual(before);
    expect((await memberRow(staffId)).url_minify).toBe('binh-tran');
  });

  it("changes a brand's link for its admins only; /mbg/<old> redirects", async () => {
    const denied = await put(`/groupAndBrand/updateUrlMinify/${brandId}`, staff, {
      urlMinify: 'suong-mai-coffee',
    });
    expect(denied.status).toBe(403);
    expect((await brandRow()).url_minify).toBe('demo-brand');
    const res = await put(`/groupAndBrand/updateUrlMinify/${brandId}`, owner, {
      urlMinify: 'suong-mai-coffee',
    });
    expect(res.status).toBe(200);
    await settled();
    const old = await server.request('/mbg/demo-brand');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/mbg/suong-mai-coffee');
    // A brand's old link is not a member's page.
    expect((await server.request('/me/demo-brand')).status).toBe(404);
    await put(`/groupAndBrand/updateUrlMinify/${brandId}`, owner, { urlMinify: 'demo-brand' });
    expect((await brandRow()).url_minify).toBe('demo-brand');
  });
});

describe('brand admin edits the brand', () => {
  it('updates name, note, images and language; others get 403 and nothing changes', async () => {
    const before = await brandRow();
    for (const token of [demo, staff]) {
      const res = await put(`/groupAndBrand/updateUById/${brandId}`, token, { name: 'Của tôi' });
      expect(res.status).toBe(403);
    }
    expect(await brandRow()).toEqual(before);

    const res = await put(`/groupAndBrand/updateUById/${brandId}`, owner, {
      name: 'Cà Phê Sương Mai Đà Lạt',
      note: 'Rang mộc mỗi sáng.',
      imagesUrl: 'https://cdn.example.vn/logo.png',
      bannerUrl: '/demo/banner.svg',
      language: 'EN',
    });
    expect(res.status).toBe(200);
    const settings = (await res.json()) as BrandSettings;
    expect(settings).toMatchObject({
      name: 'Cà Phê Sương Mai Đà Lạt',
      note: 'Rang mộc mỗi sáng.',
      imagesUrl: 'https://cdn.example.vn/logo.png',
      bannerUrl: '/demo/banner.svg',
      language: 'EN',
      layoutPermission: 'LIMIT',
    });
    const row = await brandRow();
    expect(row).toMatchObject({ name: 'Cà Phê Sương Mai Đà Lạt', language: 'EN' });
    expect(row.profile.bannerUrl).toBe('/demo/banner.svg');
    // The note is the brand's one intro (decision 1120): the profile keeps no other.
    expect(row.note).toBe('Rang mộc mỗi sáng.');
    expect(row.profile.intro).toBeUndefined();
    await settled();
    const page = await server.request('/mbg/demo-brand');
    expect(await page.text()).toContain('Cà Phê Sương Mai Đà Lạt');

    const read = await get(`/groupAndBrand/getSettingsById/${brandId}`, owner);
    expect(((await read.json()) as BrandSettings).name).toBe('Cà Phê Sương Mai Đà Lạt');
    expect((await get(`/groupAndBrand/getSettingsById/${brandId}`, demo)).status).toBe(403);
  });

  it('refuses bad brand input per field and changes nothing', async () => {
    const before = await brandRow();
    const res = await put(`/groupAndBrand/updateUById/${brandId}`, owner, {
      name: '   ',
      imagesUrl: 'javascript:alert(1)',
      language: 'FR',
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.fields).toEqual({
      name: 'Vui lòng nhập thông tin',
      imagesUrl: 'Đường dẫn ảnh phải bắt đầu bằng https://, http:// hoặc /',
      language: 'Giá trị không nằm trong các lựa chọn cho phép',
    });
    expect(await brandRow()).toEqual(before);
  });

  it('saves the form data for admins; anyone reads it', async () => {
    const fields = [
      { label: 'Họ và tên', type: 'text', required: true },
      { label: 'Số điện thoại', type: 'phone', required: true },
      { label: 'Ghi chú', type: 'textarea' },
    ];
    const denied = await put(`/groupAndBrand/updateFormDataBaDbyBaDId/${brandId}`, staff, {
      fields,
    });
    expect(denied.status).toBe(403);
    expect((await brandRow()).form_data).toEqual([]);
    const bad = await put(`/groupAndBrand/updateFormDataBaDbyBaDId/${brandId}`, owner, {
      fields: [{ label: '', type: 'text' }],
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields?.['fields.0.label']).toBe('Vui lòng nhập tên trường');
    const key = randomUUID();
    const ok = await put(
      `/groupAndBrand/updateFormDataBaDbyBaDId/${brandId}`,
      owner,
      { fields },
      {
        'idempotency-key': key,
      },
    );
    expect(ok.status).toBe(200);
    const read = (await (
      await get(`/groupAndBrand/getFormDataByBrandAndGroupId/${brandId}`)
    ).json()) as BrandFormData;
    expect(read.fields).toEqual([
      { label: 'Họ và tên', type: 'text', required: true },
      { label: 'Số điện thoại', type: 'phone', required: true },
      { label: 'Ghi chú', type: 'textarea', required: false },
    ]);
    expect((await get(`/groupAndBrand/getFormDataByBrandAndGroupId/${randomUUID()}`)).status).toBe(
      404,
    );
  });
});
