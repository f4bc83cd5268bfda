// The rules of the rendered-page store (decision 0402): kept until its card changes, every card
// on '*', nothing kept or served while changes cannot be heard, a render overtaken by a change
// of its card served but not kept, and the HTTP helpers (encoding choice, ETag comparison).
import { describe, expect, it } from 'vitest';
import {
  chooseEncoding,
  etagMatches,
  preparePage,
  RenderedPageCache,
  type RenderedPage,
} from '../../server/ssr/page-cache';

const limits = { maxBytes: 1024 * 1024, maxAgeMs: 60_000 };

function listeningCache(): RenderedPageCache {
  const cache = new RenderedPageCache(limits);
  cache.setListening(true);
  return cache;
}

async function pageOf(html: string): Promise<RenderedPage> {
  return preparePage(html, 200, Date.now());
}

/** Renders `html` for `owner`; the page it returns tells which render answered. */
function renderer(html: string, ownerId?: string) {
  return async () => ({ page: await pageOf(html), ownerId });
}

describe('RenderedPageCache', () => {
  it('serves the kept page until its card changes', async () => {
    const cache = listeningCache();
    const first = await cache.page('vi /me/a', Date.now(), renderer('one', 'A'));
    expect(await cache.page('vi /me/a', Date.now(), renderer('two', 'A'))).toBe(first);
    cache.changed('B');
    expect(await cache.page('vi /me/a', Date.now(), renderer('two', 'A'))).toBe(first);
    cache.changed('A');
    const after = await cache.page('vi /me/a', Date.now(), renderer('two', 'A'));
    expect(Buffer.from(after.bodies.identity).toString()).toBe('two');
  });

  it("drops every page on '*' and after a lost connection", async () => {
    const cache = listeningCache();
    await cache.page('vi /me/a', Date.now(), renderer('one', 'A'));
    cache.changed('*');
    expect(cache.size).toBe(0);
    await cache.page('vi /me/a', Date.now(), renderer('one', 'A'));
    cache.setListening(false);
    expect(cache.size).toBe(0);
    const again = await cache.page('vi /me/a', Date.now(), renderer('two', 'A'));
    expect(Buffer.from(again.bodies.identity).toString()).toBe('two');
    expect(cache.size).toBe(0);
  });

  it('keeps nothing before it listens', async () => {
    const cache = new RenderedPageCache(limits);
    await cache.page('vi /me/a', Date.now(), renderer('one', 'A'));
    expect(cache.size).toBe(0);
  });

  it('serves but does not keep a render that a change of its card overtook', async () => {
    const cache = listeningCache();
    let finish: () => void = () => {};
    const slow = cache.page('vi /me/a', Date.now(), async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return { page: await pageOf('old'), ownerId: 'A' };
    });
    cache.changed('A');
    finish();
    expect(Buffer.from((await slow).bodies.identity).toString()).toBe('old');
    expect(cache.size).toBe(0);
  });

  it('does not keep a page without a card (a 404, a failed render)', async () => {
    const cache = listeningCache();
    await cache.page('vi /me/none', Date.now(), renderer('missing'));
    expect(cache.size).toBe(0);
  });

  it('renders again when the kept page is older than maxAgeMs', async () => {
    const cache = listeningCache();
    const first = await cache.page('vi /me/a', Date.now(), renderer('one', 'A'));
    const later = Date.now() + limits.maxAgeMs + 1;
    expect(await cache.page('vi /me/a', later, renderer('two', 'A'))).not.toBe(first);
  });

  it('lets the least recently served pages go beyond maxBytes', async () => {
    const big = 'x'.repeat(3000);
    const one = await pageOf(big);
    const size =
      one.bodies.identity.byteLength + one.bodies.gzip.byteLength + one.bodies.br.byteLength;
    const cache = new RenderedPageCache({ maxBytes: size * 2, maxAgeMs: 60_000 });
    cache.setListening(true);
    for (const key of ['a', 'b', 'c']) await cache.page(key, Date.now(), renderer(big, key));
    expect(cache.size).toBe(2);
  });
});

describe('HTTP helpers', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    [undefined, 'identity'],
  ] as const)('Accept-Encoding %s → %s', (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });

  it('compares ETags weakly and accepts a list or *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it('compresses to the same HTML in every encoding', async () => {
    const page = await pageOf('<p>Xin chào</p>'.repeat(100));
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    expect(brotliDecompressSync(page.bodies.br).toString()).toBe(
      Buffer.from(page.bodies.identity).toString(),
    );
    expect(gunzipSync(page.bodies.gzip).toString()).toBe(
      Buffer.from(page.bodies.identity).toString(),
    );
  });
});
