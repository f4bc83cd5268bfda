// The anonymous visitor's card (decision 0403): the visitor template with the island's few
// facts instead of the card data, server-drawn QR codes, the language switch with no script,
// a CSP with no other origin for pictures — and a logged-in member's page as before.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from './test-server';

const clientDir = await mkdtemp(path.join(tmpdir(), 'mecards-visitor-card-'));
afterAll(() => rm(clientDir, { recursive: true, force: true }));
await writeFile(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html lang="vi"><head><title>m.e Cards</title></head><body><div id="root"></div></body></html>',
);
await writeFile(
  path.join(clientDir, 'card.html'),
  '<!doctype html><html lang="vi"><head><!--app-head--></head><body><div id="app"><!--app-html--></div><!--app-data--><script type="module" src="/assets/card.js"></script></body></html>',
);
await writeFile(
  path.join(clientDir, 'card-visitor.html'),
  '<!doctype html><html lang="vi"><head><!--app-head--><script type="module" src="/assets/card-visitor.js"></script></head><body><div id="app"><!--app-html--></div><!--app-data--></body></html>',
);
// A stand-in for the SSR bundle: the page's name and the texts of the QR codes it was given.
await mkdir(path.join(clientDir, 'server'));
await writeFile(
  path.join(clientDir, 'server', 'entry-server.js'),
  `export function renderCardPage(data, locale) {
    return '<main lang="' + locale + '">' + data.view.owner.name + '<ul>' +
      Object.keys(data.qrs ?? {}).map((text) => '<li data-qr="' + text + '"></li>').join('') +
      '</ul></main>';
  }`,
);

const server = await startTestServer({ demo: true, config: { clientDir } });

async function page(pathname: string, headers: Record<string, string> = {}) {
  const res = await server.request(pathname, { headers });
  return { res, html: await res.text() };
}

describe('the visitor card page', () => {
  it('is plain HTML with the island, its few facts and the QR codes drawn', async () => {
    const { res, html } = await page('/me/demo');
    expect(res.status).toBe(200);
    expect(html).toContain('/assets/card-visitor.js');
    expect(html).not.toContain('/assets/card.js');
    expect(html).not.toContain('id="card-data"');
    const island = /<script id="card-island" type="application\/json">(.*?)<\/script>/.exec(html);
    const facts = JSON.parse(island![1]!) as { owner: { urlMinify: string }; cardUrl: string };
    expect(facts.owner.urlMinify).toBe('demo');
    expect(facts.cardUrl).toMatch(/\/me\/demo$/);
    // The card's link and the VietQR of its account, drawn by the server.
    expect(html).toMatch(/data-qr="[^"]*\/me\/demo"/);
    expect(html).toMatch(/data-qr="000201/);
    // The banner is fetched first, in the size the screen takes, as the <img> will ask for it.
    expect(html).toMatch(
      /<link rel="preload" as="image" href="\/img\/[\w-]+\/960\.webp" imagesrcset="\/img\/[\w-]+\/480\.webp 480w, \/img\/[\w-]+\/960\.webp 960w" imagesizes="[^"]+" fetchpriority="high" \/>/,
    );
    // No picture from another origin on a card page.
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/img-src [^;]*'self'/);
    expect(policy).not.toContain('ytimg');
  });

  it('stays the app card for a logged-in member', async () => {
    const { res, html } = await page('/me/demo', { cookie: 'isLoggedIn=true' });
    expect(res.status).toBe(200);
    expect(html).toContain('/assets/card.js');
    expect(html).not.toContain('/assets/card-visitor.js');
    expect(html).toContain('id="card-data"');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('keeps a brand page and a card sub-page plain too', async () => {
    for (const pathname of ['/mbg/demo-brand', '/me/demo/posts']) {
      const { res, html } = await page(pathname);
      expect(res.status, pathname).toBe(200);
      expect(html, pathname).toContain('/assets/card-visitor.js');
    }
  });

  it('switches the language with no script and sends the page back', async () => {
    const { res } = await page('/me/demo?lang=en');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/me/demo');
    expect(res.headers.get('set-cookie')).toMatch(/^lang=en; Path=\/; Max-Age=\d+; SameSite=Lax/);
    const english = await page('/me/demo', { cookie: 'lang=en' });
    expect(english.html).toContain('<main lang="en">');
    // Another parameter stays; an unknown language changes nothing.
    const other = await page('/me/demo?utm_source=qr&lang=xx');
    expect(other.res.status).toBe(303);
    expect(other.res.headers.get('location')).toBe('/me/demo?utm_source=qr');
    expect(other.res.headers.get('set-cookie')).toBeNull();
  });

  it('still shows thumbnails in the rest of the app', async () => {
    const res = await server.request('/login');
    expect(res.headers.get('content-security-policy')).toContain('https://i.ytimg.com');
  });
});
