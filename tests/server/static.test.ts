// Serving the built client: SPA fallback, 404s, cache headers and compression.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from './test-server';

const clientDir = await mkdtemp(path.join(tmpdir(), 'mecards-client-'));
afterAll(() => rm(clientDir, { recursive: true, force: true }));
const indexHtml =
  '<!doctype html><html lang="vi"><head><title>m.e Cards</title></head><body><div id="root"></div></body></html>';
const chunk = `export const big = ${JSON.stringify('xin chào '.repeat(2000))};\n`;
await mkdir(path.join(clientDir, 'assets'), { recursive: true });
await writeFile(path.join(clientDir, 'index.html'), indexHtml);
await writeFile(path.join(clientDir, 'assets', 'index-B4x9Qz_k.js'), chunk);
await writeFile(
  path.join(clientDir, 'assets', 'logo.svg'),
  '<svg xmlns="http://www.w3.org/2000/svg"/>',
);
await writeFile(path.join(clientDir, 'sw.js'), 'self.addEventListener("install", () => {});\n');
await writeFile(path.join(clientDir, 'manifest.webmanifest'), '{"name":"m.e Cards"}');
// Vite's build manifest: code-split routes (one of each way TanStack names a route file) and the
// chunks they import.
await mkdir(path.join(clientDir, '.vite'), { recursive: true });
await writeFile(
  path.join(clientDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'src/routes/register.tsx?tsr-split=component': {
      file: 'assets/register-Ab12Cd34.js',
      imports: ['_forms-Ef56Gh78.js', '_index-B4x9Qz_k.js'],
    },
    'src/routes/messages/index.tsx?tsr-split=component': {
      file: 'assets/messages-Mq34Rt56.js',
      imports: ['_forms-Ef56Gh78.js'],
    },
    'src/routes/action/support.tsx?tsr-split=component': { file: 'assets/support-Sp78Tu90.js' },
    'src/routes/action/setting.index.tsx?tsr-split=component': {
      file: 'assets/setting-St12Gh34.js',
    },
    'src/routes/rg.$brand.tsx?tsr-split=component': {
      file: 'assets/rg._brand-Rg12Br34.js',
      imports: ['_forms-Ef56Gh78.js'],
    },
    'src/routes/friends.$id.tsx?tsr-split=component': { file: 'assets/friends._id-Fr12Id34.js' },
    'src/routes/friends/requests.tsx?tsr-split=component': {
      file: 'assets/requests-Rq12Rq34.js',
    },
    'src/routes/$.tsx?tsr-split=component': { file: 'assets/_-Nf12Nf34.js' },
    '_forms-Ef56Gh78.js': { file: 'assets/forms-Ef56Gh78.js', imports: ['_index-B4x9Qz_k.js'] },
    '_index-B4x9Qz_k.js': { file: 'assets/index-B4x9Qz_k.js' },
  }),
);

const server = await startTestServer({ config: { clientDir } });

describe('client files', () => {
  it('answers app paths with index.html and status 200', async () => {
    for (const p of [
      '/',
      '/login',
      '/LOGIN',
      '/change-password',
      '/admin',
      '/500',
      '/action',
      '/action/',
      '/action/phonebook',
      '/action/historyCheckIn',
      '/action/historyCheckIn/abc',
      '/password-reset/tok',
    ]) {
      const res = await server.request(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toContain('text/html');
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(await res.text(), p).toBe(indexHtml);
    }
  });

  it("preloads a code-split route's chunks with its page, and hides the build manifest", async () => {
    const res = await server.request('/register');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/register-Ab12Cd34.js">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/forms-Ef56Gh78.js">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/index-B4x9Qz_k.js">',
    );
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect((await server.request('/.vite/manifest.json')).status).toBe(404);
  });

  it('preloads the route of a folder index and of a screen under a folder', async () => {
    const preloadsOf = async (p: string) => {
      const res = await server.request(p);
      expect(res.status, p).toBe(200);
      return [...(await res.text()).matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)]
        .map((m) => m[1])
        .sort();
    };
    const messages = [
      '/assets/forms-Ef56Gh78.js',
      '/assets/index-B4x9Qz_k.js',
      '/assets/messages-Mq34Rt56.js',
    ];
    expect(await preloadsOf('/messages')).toEqual(messages);
    expect(await preloadsOf('/messages/')).toEqual(messages);
    expect(await preloadsOf('/action/support')).toEqual(['/assets/support-Sp78Tu90.js']);
    expect(await preloadsOf('/action/setting')).toEqual(['/assets/setting-St12Gh34.js']);
    // A parameter takes one plain segment; a named segment wins over it.
    expect(await preloadsOf('/rg/demo-brand')).toEqual([
      '/assets/forms-Ef56Gh78.js',
      '/assets/index-B4x9Qz_k.js',
      '/assets/rg._brand-Rg12Br34.js',
    ]);
    expect(await preloadsOf('/friends/abc')).toEqual(['/assets/friends._id-Fr12Id34.js']);
    expect(await preloadsOf('/friends/requests')).toEqual(['/assets/requests-Rq12Rq34.js']);
    // A path no route file matches gets none, and the catch-all is never preloaded.
    expect(await preloadsOf('/action/historyCheckIn/abc')).toEqual([]);
    for (const p of ['/rg/demo-brand/more', '/foo/bar/baz']) {
      expect(await (await server.request(p)).text(), p).not.toContain('modulepreload');
    }
  });

  it('answers unknown non-app paths with the app (its 404 screen) and status 404', async () => {
    for (const p of [
      '/foo/bar/baz',
      '/wp-login.php',
      '/assets/missing-Zz12Yy34.js',
      // Pages the app has no screen for yet show the 404 screen, so they answer 404.
      '/404',
      // A CV page of no member with a public CV (decision 0711).
      '/cv/abc',
      '/action/profile',
      '/action/setting/nothing',
      '/action/phonebook/extra',
      '/admin/anything',
      '/friends',
      '/friends/a/b',
    ]) {
      const res = await server.request(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toContain('text/html');
      expect(await res.text(), p).toBe(indexHtml);
    }
  });

  it('answers card paths the card parser rejects with the app and status 404', async () => {
    // The app's card screen shows its 404 screen for them; the page carries default metadata.
    for (const p of ['/me', '/me/', '/me/a/b/c', '/blog/a/b', '/new-me/a/b']) {
      const res = await server.request(p);
      expect(res.status, p).toBe(404);
      const html = await res.text();
      expect(html, p).toContain('<div id="root"></div>');
      expect(html, p).toContain('<meta property="og:description" content="Smart name card" />');
    }
  });

  it('answers unknown /api paths with the JSON error shape and its own code, never the app', async () => {
    for (const p of ['/api', '/api/', '/api/foo/bar/baz', '/api/members/nothing']) {
      const res = await server.request(p, { headers: { 'accept-language': 'en' } });
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toContain('application/json');
      expect(await res.json(), p).toMatchObject({
        error: { code: 'unknown_call', message: 'The server has no such call' },
      });
    }
  });

  it('caches hashed assets for a year and revalidates the service worker and index.html', async () => {
    const asset = await server.request('/assets/index-B4x9Qz_k.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const sw = await server.request('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('service-worker-allowed')).toBe('/');

    for (const p of ['/index.html', '/manifest.webmanifest']) {
      const res = await server.request(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
    }

    // Unhashed files may be replaced by the next release: cached briefly only.
    const logo = await server.request('/assets/logo.svg');
    expect(logo.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('compresses text when the browser accepts it', async () => {
    const res = await server.request('/assets/index-B4x9Qz_k.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body.byteLength).toBeLessThan(chunk.length / 4);
  });

  it("sends the build's Brotli or gzip copy as it is, with the original's type and caching", async () => {
    const original = `self.addEventListener('install', () => {}); // ${'service worker '.repeat(200)}\n`;
    const brotliCopy = brotliCompressSync(original);
    const gzipCopy = gzipSync(original);
    const nextDir = path.join(clientDir, 'next');
    await mkdir(path.join(nextDir, 'assets'), { recursive: true });
    for (const [name, bytes] of [
      ['sw.js', original],
      ['sw.js.br', brotliCopy],
      ['sw.js.gz', gzipCopy],
      ['assets/worker-Wk12Wk34.js', original],
      ['assets/worker-Wk12Wk34.js.br', brotliCopy],
    ] as const) {
      await writeFile(path.join(nextDir, name), bytes);
    }
    const served = await startTestServer({ config: { clientDir: nextDir } });
    try {
      // Stored copies, told apart by their bytes: the server compressing again would differ.
      const br = await served.request('/sw.js', {
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('content-type')).toMatch(/javascript/);
      expect(br.headers.get('cache-control')).toBe('no-cache');
      expect(br.headers.get('service-worker-allowed')).toBe('/');
      expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(Buffer.from(await br.arrayBuffer())).toEqual(brotliCopy);

      const gz = await served.request('/sw.js', { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(Buffer.from(await gz.arrayBuffer())).toEqual(gzipCopy);

      const plain = await served.request('/sw.js', { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(original);

      // A hashed asset keeps its year of caching when its copy answers; one with no gzip copy
      // is compressed per answer.
      const asset = await served.request('/assets/worker-Wk12Wk34.js', {
        headers: { 'accept-encoding': 'br' },
      });
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const assetGz = await served.request('/assets/worker-Wk12Wk34.js', {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(assetGz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await assetGz.arrayBuffer())).toString()).toBe(original);
    } finally {
      await served.close();
    }
  });

  it('does not serve files outside the client folder', async () => {
    for (const p of [
      '/../package.json',
      '/assets/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    ]) {
      const res = await server.request(p);
      const text = await res.text();
      expect(text, p).not.toContain('"devDependencies"');
      expect(text, p).not.toContain('root:');
    }
  });

  it('sends the security headers on pages too', async () => {
    const res = await server.request('/login');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
