// Short links (decision 0900): create, list, edit target, disable, soft delete through the REST
// calls and the batch push; /smc/{slug} answers 302 and counts each click in tracking_events;
// bad targets and reserved or taken slugs are refused with a field message and change nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { ApiErrorBody } from '../../contract/errors';
import type { ShortLink, ShortLinkClicks } from '../../contract/short-link';
import type { PushResult } from '../../contract/sync';
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
  const rows = await queryRows<{
    member_id: string;
    slug: string;
    target: string;
    enabled: boolean;
    deleted_at: string | null;
  }>(
    db,
    sql`SELECT member_id, slug, target, enabled, deleted_at FROM short_links WHERE id = ${id}`,
  );
  return rows[0];
}

async function shortLinkCount(): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM short_links`);
  return Number(rows[0]!.n);
}

const create = (token: string, json: unknown, headers: Record<string, string> = {}) =>
  server.request('/api/shortenedLink', { method: 'POST', token, json, headers });

async function errorOf(res: Response): Promise<ApiErrorBody['error']> {
  return ((await res.json()) as ApiErrorBody).error;
}

beforeAll(async () => {
  demoId = await memberId('demo');
  binhId = await memberId('binh-tran');
  demo = await server.tokenFor(demoId);
  binh = await server.tokenFor(binhId);
});

describe('short links', () => {
  it('creates a link; /smc/<slug> redirects with 302 and each click is counted', async () => {
    const id = randomUUID();
    const res = await create(demo, {
      id,
      slug: 'khuyen-mai-tet',
      target: 'https://example.vn/tet?utm_source=card',
      title: 'Khuyến mãi Tết',
    });
    expect(res.status).toBe(200);
    const link = (await res.json()) as ShortLink;
    expect(link).toMatchObject({ id, memberId: demoId, slug: 'khuyen-mai-tet', enabled: true });

    for (let i = 0; i < 2; i += 1) {
      const visit = await server.request('/smc/khuyen-mai-tet', {
        headers: { 'user-agent': `visitor-${i}` },
      });
      expect(visit.status).toBe(302);
      expect(visit.headers.get('location')).toBe('https://example.vn/tet?utm_source=card');
      expect(visit.headers.get('cache-control')).toBe('no-store');
    }
    const events = await queryRows<{ member_id: string; value: string; visitor_id: string }>(
      db,
      sql`SELECT member_id, value, visitor_id FROM tracking_events
          WHERE action = 'short_link_click' AND value = 'khuyen-mai-tet'`,
    );
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.member_id === demoId && e.visitor_id)).toBe(true);

    const clicks = await server.request('/api/shortenedLink/clicks', { token: demo });
    expect(((await clicks.json()) as ShortLinkClicks)[id]).toBe(2);
    const list = await server.request('/api/shortenedLink', { token: demo });
    expect(((await list.json()) as ShortLink[]).map((l) => l.id)).toContain(id);
  });

  it('a card link under /smc still shows the card', async () => {
    const card = await server.request('/smc/demo');
    expect(card.status).toBe(200);
    expect(await card.text()).toContain('<html');
  });

  it('edits the target, disables (then not found) and soft deletes; the slug stays taken', async () => {
    const id = randomUUID();
    expect((await create(demo, { id, slug: 'menu-quan', target: '/me/demo' })).status).toBe(200);
    const edit = await server.request(`/api/shortenedLink/${id}`, {
      method: 'PUT',
      token: demo,
      json: { slug: 'menu-quan', target: 'https://example.vn/menu', enabled: false },
    });
    expect(edit.status).toBe(200);
    expect(await stored(id)).toMatchObject({ target: 'https://example.vn/menu', enabled: false });
    expect((await server.request('/smc/menu-quan')).status).toBe(404);

    // Changing the slug of an existing link is refused.
    const rename = await server.request(`/api/shortenedLink/${id}`, {
      method: 'PUT',
      token: demo,
      json: { slug: 'menu-moi', target: 'https://example.vn/menu' },
    });
    expect(rename.status).toBe(409);
    expect((await errorOf(rename)).fields?.slug).toBe(
      'Không đổi được đường dẫn của một liên kết rút gọn đã tạo, hãy tạo liên kết mới',
    );

    const del = await server.request(`/api/shortenedLink/delete/${id}`, {
      method: 'PUT',
      token: demo,
    });
    expect(del.status).toBe(200);
    expect((await stored(id))?.deleted_at).not.toBeNull();
    const again = await create(binh, { id: randomUUID(), slug: 'menu-quan', target: '/me/demo' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).fields?.slug).toBe(
      'Đường dẫn này đã có người dùng, hãy chọn đường dẫn khác',
    );
  });

  it('refuses bad targets with a message naming the problem, Vietnamese first', async () => {
    const before = await shortLinkCount();
    const cases: [string, string][] = [
      [
        'javascript:alert(1)',
        'Chỉ chấp nhận địa chỉ http:// hoặc https:// (không nhận javascript:, data: …)',
      ],
      [
        'data:text/html,<b>x</b>',
        'Chỉ chấp nhận địa chỉ http:// hoặc https:// (không nhận javascript:, data: …)',
      ],
      [
        'ftp://example.vn/file',
        'Chỉ chấp nhận địa chỉ http:// hoặc https:// (không nhận javascript:, data: …)',
      ],
      ['not a link', 'Địa chỉ đích phải là một đường dẫn http:// hoặc https:// hợp lệ'],
      ['', 'Vui lòng nhập địa chỉ đích của đường dẫn rút gọn'],
      [
        '/smc/khuyen-mai-tet',
        'Địa chỉ đích không được là một đường dẫn rút gọn khác (sẽ chuyển hướng vòng tròn)',
      ],
      // Our own short link by its full address is a loop too.
      [
        'http://127.0.0.1:8080/smc/khuyen-mai-tet',
        'Địa chỉ đích không được là một đường dẫn rút gọn khác (sẽ chuyển hướng vòng tròn)',
      ],
    ];
    for (const [target, message] of cases) {
      const res = await create(demo, { id: randomUUID(), slug: `dich-${before}-x`, target });
      expect(res.status, target).toBe(400);
      expect((await errorOf(res)).fields?.target, target).toBe(message);
    }
    const en = await create(
      demo,
      { id: randomUUID(), slug: 'dich-en', target: 'javascript:void(0)' },
      { 'accept-language': 'en' },
    );
    expect((await errorOf(en)).fields?.target).toBe(
      'Only http:// or https:// addresses are allowed (not javascript:, data: …)',
    );
    expect(await shortLinkCount()).toBe(before);
  });

  it('refuses reserved words and slugs a card or another link holds', async () => {
    const before = await shortLinkCount();
    const short = await create(demo, { id: randomUUID(), slug: 'me', target: 'https://a.vn' });
    expect(short.status).toBe(400);
    for (const slug of ['api', 'action', 'mbg', 'smc', 'admin']) {
      const res = await create(demo, { id: randomUUID(), slug, target: 'https://example.vn' });
      expect(res.status, slug).toBe(400);
      expect((await errorOf(res)).fields?.slug, slug).toBe(
        'Đường dẫn này được dành riêng cho hệ thống, hãy chọn đường dẫn khác',
      );
    }
    const shape = await create(demo, {
      id: randomUUID(),
      slug: 'Hoa Hồng',
      target: 'https://a.vn',
    });
    expect(shape.status).toBe(400);
    // A member's card link is taken.
    const card = await create(demo, {
      id: randomUUID(),
      slug: 'binh-tran',
      target: 'https://a.vn',
    });
    expect(card.status).toBe(409);
    expect((await errorOf(card)).fields?.slug).toBe(
      'Đường dẫn này đã có người dùng, hãy chọn đường dẫn khác',
    );
    expect(await shortLinkCount()).toBe(before);

    // And a card may not take a short link's slug.
    const take = await server.request(`/api/members/updateUrlMinify/${binhId}`, {
      method: 'PUT',
      token: binh,
      json: { urlMinify: 'khuyen-mai-tet' },
    });
    expect(take.status).toBe(409);
  });

  it('another member cannot edit or delete a link; the batch push refuses the same', async () => {
    const id = randomUUID();
    expect((await create(demo, { id, slug: 'cua-demo', target: 'https://a.vn' })).status).toBe(200);
    const before = await stored(id);
    const edit = await server.request(`/api/shortenedLink/${id}`, {
      method: 'PUT',
      token: binh,
      json: { slug: 'cua-demo', target: 'https://evil.example' },
    });
    expect(edit.status).toBe(403);
    const push = await server.request('/api/sync/push', {
      method: 'POST',
      token: binh,
      json: { mutations: [{ id: randomUUID(), name: 'shortLink.delete', payload: { id } }] },
    });
    const { results } = (await push.json()) as { results: PushResult[] };
    expect(results[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(await stored(id)).toEqual(before);
    const missing = await server.request(`/api/shortenedLink/delete/${randomUUID()}`, {
      method: 'PUT',
      token: demo,
    });
    expect(missing.status).toBe(404);
    expect((await server.request('/api/shortenedLink')).status).toBe(401);
  });

  it('a replayed create with the same Idempotency-Key applies once', async () => {
    const key = randomUUID();
    const body = { slug: 'mot-lan', target: 'https://a.vn/once' };
    const first = await create(demo, body, { 'idempotency-key': key });
    const second = await create(demo, body, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const rows = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM short_links WHERE slug = 'mot-lan'`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
