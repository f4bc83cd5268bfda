// biolink-js-gz: the JavaScript (gzip) a first visit to the bio link page /bio/demo downloads.
// biolink-lcp: Largest Contentful Paint of /bio/demo (six links and buttons) on a phone-sized
// Chromium with 4× CPU slowdown and a slow network (150 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up: Lighthouse's "slow 4G"), median of three cold loads — as the card bench.
// Budgets (issue 17): biolink-lcp ≤ 1,200 ms, biolink-js-gz ≤ 90 KB.
import { randomUUID } from 'node:crypto';
import { devices, type Browser } from '@playwright/test';
import {
  kilobytes,
  launchBrowser,
  loadAndMeasure,
  median,
  startAppServer,
} from './browser-harness';
import type { Figure } from './run';

const runs = 3;

/** Gives the demo member a page worth measuring (the data folder is the bench's own). */
async function seedItems(origin: string): Promise<void> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'demo@mecards.vn', password: 'demo12345' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const items = [
    ['Cửa hàng trực tuyến', 'https://shop.example.vn', 'button'],
    ['Đặt lịch tư vấn', 'https://lich.example.vn', 'button'],
    ['Zalo OA', 'https://zalo.example.vn/oa', 'link'],
    ['Facebook', 'https://facebook.example.vn/demo', 'link'],
    ['Bảng giá 2026', 'https://example.vn/bang-gia.pdf', 'link'],
    ['Bản đồ cửa hàng', 'https://maps.example.vn/demo', 'link'],
  ] as const;
  for (const [ordinal, [title, url, kind]] of items.entries()) {
    const res = await fetch(`${origin}/api/bioLink/${randomUUID()}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${accessToken}`,
        origin,
      },
      body: JSON.stringify({ title, url, kind, ordinal }),
    });
    if (!res.ok) throw new Error(`saving a bio link failed: ${res.status}`);
  }
}

export async function run(): Promise<Figure[]> {
  const server = await startAppServer();
  let browser: Browser | undefined;
  try {
    await seedItems(server.url);
    browser = await launchBrowser();
    const pageUrl = `${server.url}/bio/demo`;
    const load = await loadAndMeasure(browser, pageUrl);

    const lcps: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({
        ...devices['Pixel 7'],
        serviceWorkers: 'block',
        locale: 'vi-VN',
      });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const answer = await page.goto(pageUrl, { waitUntil: 'load' });
        if (answer?.status() !== 200) throw new Error(`/bio/demo answered ${answer?.status()}`);
        await page.waitForLoadState('networkidle');
        const lcp = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                resolve(entries[entries.length - 1]?.startTime ?? 0);
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        );
        if (!lcp) throw new Error('no largest-contentful-paint entry');
        lcps.push(lcp);
      } finally {
        await context.close();
      }
    }
    return [
      { name: 'biolink-js-gz', value: kilobytes(load.jsGzipBytes), unit: 'KB' },
      { name: 'biolink-lcp', value: Math.round(median(lcps)), unit: 'ms' },
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}
