// biolink-js-gz: the JavaScript (gzip) a first visit to the bio link page /bio/demo downloads.
// biolink-lcp: Largest Contentful Paint of /bio/demo (six links and buttons) on a phone-sized
// Chromium with 4× CPU slowdown and a slow network (150 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up: Lighthouse's "slow 4G"), median of three cold loads — as the card bench.
// Budgets (issue 17): biolink-lcp ≤ 1,200 ms, biolink-js-gz ≤ 90 KB.
import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import {
  kilobytes,
  launchBrowser,
  loadAndMeasure,
  medianPhoneLcp,
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

    const lcp = await medianPhoneLcp(browser, pageUrl, runs);
    return [
      { name: 'biolink-js-gz', value: kilobytes(load.jsGzipBytes), unit: 'KB' },
      { name: 'biolink-lcp', value: Math.round(lcp), unit: 'ms' },
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}
