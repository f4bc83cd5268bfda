// Bio link page (decision 0940): items written through the REST calls (the registered
// bioLink.* handlers), /bio/{urlMinify} shows only enabled items inside their schedule, each
// click through /bio/{key}/go/{id} answers 302 and is counted; bad input and other members are
// refused with nothing changed; unknown members and items answer 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { ApiErrorBody } from '../../contract/errors';
import type { BioLink, BioLinkClicks } from '../../contract/bio-link';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });
const db = server.database.db;
let demoId = '';
let binhId = '';
let demo = '';
let binh = '';

async function memberId(urlMinify: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM members WHERE url_minify = ${urlMinify}`,
  );
  return rows[0]!.id;
}

async function stored(id: string) {
  const rows = await queryRows<{ title: string; enabled: boolean; deleted_at: string | null }>(
    db,
    sql`SELECT title, enabled, deleted_at FROM bio_links WHERE id = ${id}`,
  );
  return rows[0];
}

async function rowCount(): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM bio_links`);
  return Number(rows[0]!.n);
}

const put = (
  token: string,
  id: string,
  json: Record<string, unknown>,
  headers: Record<string, string> = {},
) => server.request(`/api/bioLink/${id}`, { method: 'PUT', token, json, headers });

async function errorOf(res: Response): Promise<ApiErrorBody['error']> {
  return ((await res.json()) as ApiErrorBody).error;
}

beforeAll(async () => {
  demoId = await memberId('demo');
  binhId = await memberId('binh-tran');
  demo = await server.tokenFor(demoId);
  binh = await server.tokenFor(binhId);
});

describe('bio link page', () => {
  it('shows enabled items in order to visitors without login, and hides one turned off', async () => {
    const first = randomUUID();
    const second = randomUUID();
    expect(
      (await put(demo, first, { title: 'Cửa hàng', url: 'https://shop.example.vn', ordinal: 1 }))
        .status,
    ).toBe(200);
    const res = await put(demo, second, {
      title: 'Đặt lịch hẹn',
      url: 'https://hen.example.vn',
      kind: 'button',
      ordinal: 0,
    });
    expect(res.status).toBe(200);
    expect((await res.json()) as BioLink).toMatchObject({
      id: second,
      memberId: demoId,
      kind: 'button',
      enabled: true,
    });

    const page = await server.request('/bio/demo');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Cửa hàng');
    expect(html.indexOf('Đặt lịch hẹn')).toBeLessThan(html.indexOf('Cửa hàng'));
    // Spec §1: page titles carry the suffix ' - m.e Cards'.
    expect(html).toMatch(/<title>[^<]+ - m\.e Cards<\/title>/);
    // No script file; one small inline script hands the page to the worker for offline (1060).
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline.join('').length).toBeLessThan(1024);

    expect(
      (
        await put(demo, first, {
          title: 'Cửa hàng',
          url: 'https://shop.example.vn',
          enabled: false,
        })
      ).status,
    ).toBe(200);
    const after = await (await server.request('/bio/demo')).text();
    expect(after).not.toContain('Cửa hàng');
    expect(after).toContain('Đặt lịch hẹn');
    // A turned-off item's redirect is gone too.
    expect((await server.request(`/bio/demo/go/${first}`)).status).toBe(404);

    const list = (await (
      await server.request('/api/bioLink', { token: demo })
    ).json()) as BioLink[];
    expect(list.map((item) => item.id)).toEqual(expect.arrayContaining([first, second]));
  });

  it("speaks the visitor's language as the card page does: the lang cookie, the ?lang= switch", async () => {
    const en = await server.request('/bio/demo', { headers: { cookie: 'lang=en' } });
    expect(en.status).toBe(200);
    expect(en.headers.get('vary')).toMatch(/Cookie/);
    const english = await en.text();
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('View card');
    expect(english).not.toContain('Xem danh thiếp');

    const vi = await (await server.request('/bio/demo', { headers: { cookie: 'lang=vi' } })).text();
    expect(vi).toContain('<html lang="vi"');
    expect(vi).toContain('Xem danh thiếp');
    expect(vi).not.toContain('View card');

    // The switch writes the cookie and comes back without the parameter, like the card's.
    const switched = await server.request('/bio/demo?lang=en');
    expect(switched.status).toBe(303);
    expect(switched.headers.get('location')).toBe('/bio/demo');
    expect(switched.headers.get('set-cookie')).toMatch(/^lang=en;/);

    const missing = await server.request('/bio/khong-co-ai-ten-nay', {
      headers: { cookie: 'lang=en' },
    });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<h1>Page not found</h1>');
  });

  it('keeps items outside their schedule off the page (from ≤ now < until)', async () => {
    const soon = randomUUID();
    const over = randomUUID();
    const now = randomUUID();
    const hour = 3_600_000;
    await put(demo, soon, {
      title: 'Sắp mở bán',
      url: 'https://a.example.vn',
      showFrom: new Date(Date.now() + hour).toISOString(),
    });
    await put(demo, over, {
      title: 'Đã hết hạn',
      url: 'https://b.example.vn',
      showUntil: new Date(Date.now() - hour).toISOString(),
    });
    await put(demo, now, {
      title: 'Đang diễn ra',
      url: 'https://c.example.vn',
      showFrom: new Date(Date.now() - hour).toISOString(),
      showUntil: new Date(Date.now() + hour).toISOString(),
    });
    const html = await (await server.request('/bio/demo')).text();
    expect(html).not.toContain('Sắp mở bán');
    expect(html).not.toContain('Đã hết hạn');
    expect(html).toContain('Đang diễn ra');
  });

  it('counts each click through the redirect and shows the counts to the owner', async () => {
    const id = randomUUID();
    await put(demo, id, { title: 'Zalo OA', url: 'https://zalo.example.vn/oa' });
    for (let i = 0; i < 2; i += 1) {
      const visit = await server.request(`/bio/demo/go/${id}`, {
        headers: { 'user-agent': `visitor-${i}` },
      });
      expect(visit.status).toBe(302);
      expect(visit.headers.get('location')).toBe('https://zalo.example.vn/oa');
    }
    const clicks = (await (
      await server.request('/api/bioLink/clicks', { token: demo })
    ).json()) as BioLinkClicks;
    expect(clicks[id]).toBe(2);
    const events = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM tracking_events
          WHERE member_id = ${demoId} AND action = 'biolink-click' AND value = 'https://zalo.example.vn/oa'`,
    );
    expect(Number(events[0]!.n)).toBe(2);
    const views = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM tracking_events
          WHERE member_id = ${demoId} AND action = 'biolink-view'`,
    );
    expect(Number(views[0]!.n)).toBeGreaterThan(0);
  });

  it('refuses addresses that are not http(s) and bad schedules, naming the problem', async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { title: 'x', url: 'javascript:alert(1)' },
        'url',
        'Chỉ chấp nhận địa chỉ http:// hoặc https:// (không nhận javascript:, data: …)',
      ],
      [
        { title: 'x', url: 'data:text/html,hi' },
        'url',
        'Chỉ chấp nhận địa chỉ http:// hoặc https:// (không nhận javascript:, data: …)',
      ],
      [
        { title: 'x', url: 'không phải địa chỉ' },
        'url',
        'Địa chỉ phải là một đường dẫn http:// hoặc https:// hợp lệ',
      ],
      [{ title: 'x', url: '' }, 'url', 'Vui lòng nhập địa chỉ của liên kết'],
      [{ title: '', url: 'https://a.vn' }, 'title', 'Vui lòng nhập tên của liên kết'],
      [
        {
          title: 'x',
          url: 'https://a.vn',
          showFrom: '2026-05-02T00:00:00Z',
          showUntil: '2026-05-01T00:00:00Z',
        },
        'showUntil',
        'Thời điểm kết thúc phải sau thời điểm bắt đầu hiển thị',
      ],
    ];
    for (const [json, field, message] of cases) {
      const res = await put(demo, randomUUID(), json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await errorOf(res)).fields?.[field], JSON.stringify(json)).toBe(message);
    }
    const en = await put(
      demo,
      randomUUID(),
      { title: 'x', url: 'javascript:void(0)' },
      { 'accept-language': 'en' },
    );
    expect((await errorOf(en)).fields?.url).toBe(
      'Only http:// or https:// addresses are allowed (not javascript:, data: …)',
    );
    expect(await rowCount()).toBe(before);
  });

  it("refuses another member's edits and deletes with 403, nothing changed", async () => {
    const id = randomUUID();
    await put(demo, id, { title: 'Của Demo', url: 'https://demo.example.vn' });
    const edit = await put(binh, id, { title: 'Của Bình', url: 'https://binh.example.vn' });
    expect(edit.status).toBe(403);
    const del = await server.request(`/api/bioLink/delete/${id}`, { method: 'PUT', token: binh });
    expect(del.status).toBe(403);
    expect(await stored(id)).toMatchObject({ title: 'Của Demo', enabled: true, deleted_at: null });
    expect(
      (await server.request('/api/bioLink', { token: binh }).then((r) => r.json())) as BioLink[],
    ).not.toContainEqual(expect.objectContaining({ id }));
  });

  it('deletes softly; a deleted item answers 404 to edits and leaves the page', async () => {
    const id = randomUUID();
    await put(demo, id, { title: 'Sẽ xoá', url: 'https://xoa.example.vn' });
    const del = await server.request(`/api/bioLink/delete/${id}`, { method: 'PUT', token: demo });
    expect(del.status).toBe(200);
    expect((await stored(id))?.deleted_at).not.toBeNull();
    expect((await put(demo, id, { title: 'Lại', url: 'https://xoa.example.vn' })).status).toBe(404);
    expect(await (await server.request('/bio/demo')).text()).not.toContain('Sẽ xoá');
    const unknown = await server.request(`/api/bioLink/delete/${randomUUID()}`, {
      method: 'PUT',
      token: demo,
    });
    expect(unknown.status).toBe(404);
  });

  it('answers 404 for an unknown member or item', async () => {
    expect((await server.request('/bio/khong-co-ai-ten-nay')).status).toBe(404);
    expect((await server.request(`/bio/demo/go/${randomUUID()}`)).status).toBe(404);
    expect((await server.request('/bio/demo/go/not-an-id')).status).toBe(404);
  });

  it('needs a login for the owner calls', async () => {
    expect((await server.request('/api/bioLink')).status).toBe(401);
  });
});
