// wedding-js-gz: the JavaScript (gzip) a guest's first visit to a wedding invitation
// /wedding/{id} downloads (service worker kept out so its background precache is not counted).
// wedding-lcp: Largest Contentful Paint of that page on a phone-sized Chromium with 4× CPU
// slowdown and Lighthouse's "slow 4G" (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up),
// median of three cold loads. The invitation is written first by the demo member through the
// API, as in e2e/wedding-contact-us.spec.ts, so the bench runs on a fresh data folder.
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

async function writeDemoWedding(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@mecards.vn', password: 'demo12345' }),
  });
  if (!login.ok) throw new Error(`demo login answered ${login.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const id = crypto.randomUUID();
  const res = await fetch(`${origin}/api/wedding/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      id,
      groomsFamily: { name: 'Nguyễn Văn An', father: 'Nguyễn Văn Bình' },
      bridesFamily: { name: 'Trần Thị Hoa', mother: 'Lê Thị Lan' },
      groomsBank: { bankBin: '970436', ownerName: 'NGUYEN VAN AN', accountNumber: '0071000123456' },
      weddingDay: { h: '11H00', d: 7, m: 3, y: 2027 },
      weddingPartyDay: { h: '11H30', d: 7, m: 3, y: 2027 },
      venue: 'Nhà hàng Hoa Sen',
    }),
  });
  if (!res.ok) throw new Error(`writing the demo wedding answered ${res.status}`);
  return id;
}

export async function run(): Promise<Figure[]> {
  const server = await startAppServer();
  let browser: Browser | undefined;
  try {
    const weddingUrl = `${server.url}/wedding/${await writeDemoWedding(server.url)}`;
    browser = await launchBrowser();
    const load = await loadAndMeasure(browser, weddingUrl);
    if (load.scripts.length === 0) throw new Error('the wedding page loaded no JavaScript');

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
        const answer = await page.goto(weddingUrl, { waitUntil: 'load' });
        if (answer?.status() !== 200)
          throw new Error(`the wedding page answered ${answer?.status()}`);
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
      { name: 'wedding-lcp', value: Math.round(median(lcps)), unit: 'ms' },
      { name: 'wedding-js-gz', value: kilobytes(load.jsGzipBytes), unit: 'KB' },
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}
