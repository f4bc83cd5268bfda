// Anonymous card pages are rendered once per change of the card (decision 0402): the same
// bytes and ETag until a write to the card's rows, a 304 for a revisit, headers a shared cache
// can use, and a logged-in member's own page never taken from (or put into) that cache.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, members, posts, products } from '../../server/db/schema';
import { queryRows } from '../../server/db/client';
import { cardPageSourceTables } from '../../server/ssr/card-pages';
import { startTestServer } from './test-server';

const clientDir = await mkdtemp(path.join(tmpdir(), 'mecards-card-cache-'));
afterAll(() => rm(clientDir, { recursive: true, force: true }));
await writeFile(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html lang="vi"><head><title>m.e Cards</title></head><body><div id="root"></div></body></html>',
);
// The card page template without the server-rendering bundle: metadata and card data only.
await writeFile(
  path.join(clientDir, 'card.html'),
  '<!doctype html><html lang="vi"><head><!--app-head--></head><body><div id="app"><!--app-html--></div><!--app-data--></body></html>',
);

const server = await startTestServer({ demo: true, config: { clientDir } });
const db = server.database.db;
const friendOnlyTitle = 'Gặp gỡ bạn bè cuối tuần';
const ids: Record<string, string> = {};

beforeAll(async () => {
  const idOf = async (url: string) =>
    (await db.select().from(members).where(eq(members.urlMinify, url)))[0]!.id;
  ids.demo = await idOf('demo');
  ids.friend = await idOf('le-hoang-nam');
  const [brand] = await db.select().from(groups).where(eq(groups.urlMinify, 'demo-brand'));
  ids.brand = brand!.id;
  const [product] = await db.select().from(products).where(eq(products.groupId, brand!.id));
  ids.product = product!.id;
});

/**
 * PostgreSQL delivers the change message to the listening connection a moment after commit;
 * PGlite (one process) before the write's promise resolves, so there the very next visit counts.
 */
function settled(): Promise<void> {
  return server.database.kind === 'postgres'
    ? new Promise((resolve) => setTimeout(resolve, 300))
    : Promise.resolve();
}

async function visit(pathname: string, headers: Record<string, string> = {}) {
  const res = await server.request(pathname, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  const html =
    encoding === 'br'
      ? brotliDecompressSync(bytes).toString('utf8')
      : encoding === 'gzip'
        ? gunzipSync(bytes).toString('utf8')
        : bytes.toString('utf8');
  return { res, html, etag: res.headers.get('etag') };
}

describe('anonymous card pages', () => {
  it('are dropped by a trigger on every table the code lists as a card source, and no other', async () => {
    const rows = await queryRows<{ table: string }>(
      db,
      sql`SELECT DISTINCT event_object_table AS table FROM information_schema.triggers
          WHERE trigger_name LIKE '%card_change' ORDER BY 1`,
    );
    expect(rows.map((r) => r.table)).toEqual([...cardPageSourceTables]);
  });

  it('answers with a validator and headers a shared cache may use', async () => {
    const { res, html, etag } = await visit('/me/demo', { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(html).toContain('Nguyễn Thị Minh Anh');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    // Only a CDN may serve a stale copy: a browser (or its service worker) that did would show
    // the card as it was before an edit.
    expect(res.headers.get('cache-control')).not.toContain('stale-while-revalidate');
    expect(res.headers.get('cdn-cache-control')).toContain('stale-while-revalidate=');
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(res.headers.get('vary')).toMatch(/Authorization/);
    expect(res.headers.get('content-type')).toContain('text/html');
    // The security headers still come with a stored page.
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('sends the same page in each encoding the client takes', async () => {
    const br = await visit('/me/demo', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await visit('/me/demo', { 'accept-encoding': 'gzip' });
    const plain = await visit('/me/demo', { 'accept-encoding': 'identity' });
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(gzip.res.headers.get('content-encoding')).toBe('gzip');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(br.html).toBe(plain.html);
    expect(gzip.html).toBe(plain.html);
    expect(new Set([br.etag, gzip.etag, plain.etag]).size).toBe(1);
  });

  it('answers a revisit with 304 and no body while the card is unchanged', async () => {
    const first = await visit('/me/demo');
    const again = await visit('/me/demo');
    expect(again.etag).toBe(first.etag);
    expect(again.html).toBe(first.html);
    const revisit = await server.request('/me/demo', {
      headers: { 'if-none-match': first.etag! },
    });
    expect(revisit.status).toBe(304);
    expect(await revisit.text()).toBe('');
    expect(revisit.headers.get('etag')).toBe(first.etag);
    expect(revisit.headers.get('cache-control')).toMatch(/^public/);
  });

  it('shows an edit of the owner at the very next visit, and the old ETag no longer matches', async () => {
    const before = await visit('/me/demo');
    // The way the app writes: an UPDATE, whose trigger takes a new change number.
    await db
      .update(members)
      .set({ intro: 'Giới thiệu mới sau khi sửa' })
      .where(eq(members.id, ids.demo!));
    await settled();
    const after = await visit('/me/demo');
    expect(after.html).toContain('Giới thiệu mới sau khi sửa');
    expect(after.etag).not.toBe(before.etag);
    const revisit = await server.request('/me/demo', {
      headers: { 'if-none-match': before.etag! },
    });
    expect(revisit.status).toBe(200);
  });

  it('shows an edit or a deletion of an item of the card at the next visit', async () => {
    await visit('/me/demo');
    await db
      .update(posts)
      .set({ title: 'Tiêu đề bài viết đã sửa' })
      .where(and(eq(posts.memberId, ids.demo!), eq(posts.type, 'news')));
    await settled();
    expect((await visit('/me/demo')).html).toContain('Tiêu đề bài viết đã sửa');

    const brandPage = await visit('/mbg/demo-brand');
    const [product] = await db.select().from(products).where(eq(products.id, ids.product!));
    expect(brandPage.html).toContain(product!.title);
    await db
      .update(products)
      .set({ deletedAt: new Date().toISOString() })
      .where(eq(products.id, ids.product!));
    await settled();
    expect((await visit('/mbg/demo-brand')).html).not.toContain(product!.title);
    // Its own page goes with it.
    expect((await visit(`/mbg/products/${ids.product}`)).res.status).toBe(404);
  });

  it('shows an edit made by a plain SQL statement on any connection (no in-process hook)', async () => {
    const before = await visit('/mbg/demo-brand');
    await server.database.execScript(
      `UPDATE groups SET name = 'Cà Phê Sương Mai Mới' WHERE url_minify = 'demo-brand'`,
    );
    await settled();
    const after = await visit('/mbg/demo-brand');
    expect(after.html).toContain('Cà Phê Sương Mai Mới');
    expect(after.etag).not.toBe(before.etag);
  });

  it('keeps one page per language', async () => {
    const vi = await visit('/me/demo');
    const en = await visit('/me/demo', { cookie: 'lang=en' });
    expect(vi.html).toContain('<html lang="vi"');
    expect(en.html).toContain('<html lang="en"');
    expect(en.etag).not.toBe(vi.etag);
    expect((await visit('/me/demo')).html).toBe(vi.html);
  });

  it('does not keep a missing card', async () => {
    const missing = await visit('/me/chua-co-ai');
    expect(missing.res.status).toBe(404);
    expect(missing.res.headers.get('cache-control')).toBe('no-cache');
    expect(missing.etag).toBeNull();
    await db.insert(members).values({ name: 'Người Mới Đến', urlMinify: 'chua-co-ai' });
    await settled();
    const created = await visit('/me/chua-co-ai');
    expect(created.res.status).toBe(200);
    expect(created.html).toContain('Người Mới Đến');
  });
});

describe('a logged-in viewer', () => {
  it('gets an own, private page with friend-only items, and the shared page never has them', async () => {
    const anonymous = await visit('/me/demo');
    expect(anonymous.html).not.toContain(friendOnlyTitle);

    const token = await server.tokenFor(ids.friend!);
    const friend = await visit('/me/demo', { authorization: `Bearer ${token}` });
    expect(friend.res.status).toBe(200);
    expect(friend.html).toContain(friendOnlyTitle);
    expect(friend.res.headers.get('cache-control')).toBe('private, no-cache');
    expect(friend.etag).toBeNull();

    // The friend's page went into no cache, and a stored page never reaches the friend.
    expect((await visit('/me/demo')).html).not.toContain(friendOnlyTitle);
    const revisit = await server.request('/me/demo', {
      headers: { authorization: `Bearer ${token}`, 'if-none-match': anonymous.etag! },
    });
    expect(revisit.status).toBe(200);
    expect(await revisit.text()).toContain(friendOnlyTitle);
  });

  it('with only the session cookies gets a private page, not the stored one', async () => {
    const anonymous = await visit('/me/demo');
    const member = await visit('/me/demo', {
      cookie: 'isLoggedIn=true; memberId=abc',
      'if-none-match': anonymous.etag!,
    });
    expect(member.res.status).toBe(200);
    expect(member.res.headers.get('cache-control')).toBe('private, no-cache');
    expect(member.etag).toBeNull();
  });

  it('with a bad token still sees the page, as a visitor and privately', async () => {
    const res = await visit('/me/demo', { authorization: 'Bearer not-a-token' });
    expect(res.res.status).toBe(200);
    expect(res.html).not.toContain(friendOnlyTitle);
    expect(res.res.headers.get('cache-control')).toBe('private, no-cache');
  });
});

describe('change messages', () => {
  it('a write to one card leaves the stored pages of other cards alone', async () => {
    const brand = await visit('/mbg/demo-brand');
    await db.update(members).set({ intro: 'Một giới thiệu khác' }).where(eq(members.id, ids.demo!));
    await settled();
    expect((await visit('/mbg/demo-brand')).etag).toBe(brand.etag);
    expect((await visit('/me/demo')).html).toContain('Một giới thiệu khác');
  });
});

describe('the short way for kept pages (answered before the middlewares)', () => {
  const comparable = (res: Response) =>
    Object.fromEntries(
      [...res.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'),
    );

  it('sends the very headers and bytes of the full answer, with its own request id', async () => {
    // The first visit after a change renders through every middleware; later ones are kept.
    await db.update(members).set({ intro: 'Giới thiệu mới' }).where(eq(members.id, ids.demo!));
    await settled();
    const full = await visit('/me/demo', { 'accept-encoding': 'br' });
    const kept = await visit('/me/demo', {
      'accept-encoding': 'br',
      'x-request-id': 'tu-may-khach-1',
    });
    expect(kept.res.status).toBe(200);
    expect(comparable(kept.res)).toEqual(comparable(full.res));
    expect(kept.res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(kept.res.headers.get('x-request-id')).toBe('tu-may-khach-1');
    expect(kept.html).toBe(full.html);
    const other = await visit('/me/demo', { 'x-request-id': 'bad id!' });
    expect(other.res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 304 with the same headers as the full way', async () => {
    const { etag } = await visit('/me/demo');
    const kept = await server.request('/me/demo', { headers: { 'if-none-match': etag! } });
    expect(kept.status).toBe(304);
    expect(kept.headers.get('etag')).toBe(etag);
    expect(kept.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(await kept.text()).toBe('');
  });

  it('is counted in the request figures like any answer', async () => {
    const count = async () => {
      const text = await (await server.request('/api/metrics')).text();
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith('http_requests_total{') &&
            l.includes('route="/me/*"') &&
            l.includes('status="200"'),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    await visit('/me/demo');
    const before = await count();
    for (let i = 0; i < 5; i++) await visit('/me/demo');
    expect(await count()).toBe(before + 5);
  });

  it('keeps HSTS on a kept page behind a trusted https proxy, and leaves it off over http', async () => {
    const proxied = await startTestServer({ demo: true, config: { clientDir, trustProxy: true } });
    try {
      const https = { 'x-forwarded-proto': 'https' };
      await proxied.request('/me/demo', { headers: https });
      const kept = await proxied.request('/me/demo', { headers: https });
      expect(kept.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
      await proxied.request('/me/demo');
      const plain = await proxied.request('/me/demo');
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
    }
  });
});
