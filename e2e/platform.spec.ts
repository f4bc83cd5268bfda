import type { Page } from '@playwright/test';
import { analyzeAccessibility, expect, test } from './support/axe';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const clientDir = process.env.BUILD_OUT_DIR ?? 'dist/client';

/** Waits until the service worker controls the page (first install claims it, else a reload). */
async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-service-worker', 'registered');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

test('the app opens in Vietnamese; English persists after a reload', async ({ page }) => {
  await page.goto('/500');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.getByText('Đã có lỗi xảy ra. Vui lòng thử lại sau!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tiếng Việt' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByText('Something went wrong. Please try again later!')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByText('Something went wrong. Please try again later!')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('button', { name: 'Tiếng Việt' }).click();
  await expect(page.getByText('Đã có lỗi xảy ra. Vui lòng thử lại sau!')).toBeVisible();
});

test('an unknown route shows the 404 screen with status 404', async ({ page }) => {
  const response = await page.goto('/khong-co-trang-nay');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page).toHaveTitle('Không tìm thấy trang - m.e Cards');
});

test('titles: suffix per screen, the error title, the default', async ({ page }) => {
  await page.goto('/404');
  await expect(page).toHaveTitle('Không tìm thấy trang - m.e Cards');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page).toHaveTitle('Page not found - m.e Cards');

  const response = await page.goto('/500');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '500' })).toBeVisible();
  await expect(page).toHaveTitle('m.e Cards 500');

  // A screen without its own title shows the default one (/admin, after a real login).
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'demo@mecards.vn', password: 'demo12345' },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page).toHaveTitle('m.e cards');
});

test('the current route name is remembered for 30 days', async ({ page, context }) => {
  await page.goto('/500');
  await expect(page.getByRole('heading', { name: '500' })).toBeVisible();
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'routerName')?.value)
    .toBe('500');
  const cookie = (await context.cookies()).find((c) => c.name === 'routerName');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
});

test('login-required routes without the login cookie land on /login', async ({ page }) => {
  for (const path of ['/admin', '/change-password', '/action/statistical']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
  }
});

test('the manifest is served with the fields and icons of an installable app', async ({
  page,
  request,
}) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as {
    id: string;
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    lang: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    id: '/',
    short_name: 'm.e Cards',
    start_url: '/start',
    display: 'standalone',
    lang: 'vi',
    theme_color: '#0b66c3',
  });
  expect(manifest.name).toContain('m.e Cards');
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.ok(), icon.src).toBe(true);
    expect(image.headers()['content-type']).toContain('image/png');
  }

  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b66c3');
});

test('the service worker controls the page and the shell opens offline', async ({
  page,
  context,
}) => {
  await page.goto('/500');
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'm.e Cards' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '500' })).toBeVisible();
  await expect(page.getByText('Ngoại tuyến')).toBeVisible();

  // Another address, never visited, also opens from the precached shell.
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Ngoại tuyến')).toBeHidden();
});

test('the install stores every file of the build, whole', async ({ page }) => {
  // The precache list the build injected into the worker: every file the app needs offline.
  const workerScript = await readFile(path.join(clientDir, 'sw.js'), 'utf8');
  const listed = /\[\{"revision"[^\]]*\]/.exec(workerScript);
  expect(listed, 'the built worker carries its precache list').not.toBeNull();
  const entries = JSON.parse(listed?.[0] ?? '[]') as { url: string }[];
  expect(entries.length).toBeGreaterThan(100);

  await page.goto('/500');
  await waitForServiceWorkerControl(page);
  const stored = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
    if (!name) return [];
    const cache = await caches.open(name);
    return Promise.all(
      (await cache.keys()).map(async (request) => {
        const url = new URL(request.url);
        url.searchParams.delete('__WB_REVISION__');
        const body = await (await cache.match(request))?.arrayBuffer();
        return { path: url.pathname.slice(1), bytes: body?.byteLength ?? -1 };
      }),
    );
  });
  // The list names the manifest and its icons twice (the build adds them to the files it found).
  expect(stored.map((entry) => entry.path).sort()).toEqual(
    [...new Set(entries.map((entry) => entry.url))].sort(),
  );
  // Whole: each stored body is as long as the built file (never cut short, never a compressed copy).
  const onDisk = await Promise.all(
    stored.map(async (entry) => (await readFile(path.join(clientDir, entry.path))).byteLength),
  );
  expect(stored.map((entry) => entry.bytes)).toEqual(onDisk);
});

test('a new version is offered and taken on "Tải lại"', async ({ page }) => {
  await page.goto('/500');
  await waitForServiceWorkerControl(page);
  const firstWorker = await page.evaluate(
    () => navigator.serviceWorker.controller?.scriptURL ?? '',
  );
  expect(firstWorker).toContain('/sw.js');

  // The next deploy: same address, different bytes. (The browser fetches a worker update
  // outside request interception, so the served file itself changes.) It stays served until
  // the end: put back earlier, the reload's own update check would find the old bytes as yet
  // another version and leave it waiting.
  // A build writes the worker's Brotli and gzip copies too (scripts/precompress-client.mjs),
  // and the server sends those: the next version comes with its own.
  const workerFile = path.join(clientDir, 'sw.js');
  const copies = {
    [workerFile]: (text: string) => Buffer.from(text),
    [`${workerFile}.br`]: (text: string) => brotliCompressSync(text),
    [`${workerFile}.gz`]: (text: string) => gzipSync(text),
  };
  const original = await readFile(workerFile, 'utf8');
  const originals = new Map<string, Buffer>();
  for (const file of Object.keys(copies)) {
    if (existsSync(file)) originals.set(file, await readFile(file));
  }
  try {
    for (const [file, encode] of Object.entries(copies)) {
      if (originals.has(file)) await writeFile(file, encode(`${original}\n// next version\n`));
    }
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    const prompt = page.getByRole('status').filter({ hasText: 'Đã có phiên bản mới' });
    await expect(prompt).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Tải lại' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: '500' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.waiting === null && navigator.serviceWorker.controller !== null;
        }),
      )
      .toBe(true);
  } finally {
    for (const [file, bytes] of originals) await writeFile(file, bytes);
  }
});

test.describe('inside the Zalo in-app browser', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 Zalo android/12100717 ZaloTheme/light ZaloLanguage/vi',
  });

  test('no service worker is registered', async ({ page }) => {
    await page.goto('/500');
    await expect(page.getByRole('heading', { name: '500' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-service-worker', 'skipped');
    const registrations = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
    );
    expect(registrations).toEqual([]);
  });
});

test('the shell screens have no accessibility violations', async ({ page }) => {
  for (const path of ['/404', '/500']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await analyzeAccessibility(page);
    expect(results.violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
  }
});
