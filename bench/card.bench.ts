// card-js-gz: the JavaScript (gzip) a first visit to /me/demo downloads (service worker kept
// out so its background precache is not counted).
// card-lcp: Largest Contentful Paint of /me/demo on a phone-sized Chromium with 4× CPU
// slowdown and a slow network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up: Lighthouse's
// "slow 4G"), median of three cold loads.
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

export async function run(): Promise<Figure[]> {
  const server = await startAppServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const cardUrl = `${server.url}/me/demo`;
    const load = await loadAndMeasure(browser, cardUrl);
    if (load.scripts.length === 0) throw new Error('the card loaded no JavaScript');

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
        await page.goto(cardUrl, { waitUntil: 'load' });
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
      { name: 'card-js-gz', value: kilobytes(load.jsGzipBytes), unit: 'KB' },
      { name: 'card-lcp', value: Math.round(median(lcps)), unit: 'ms' },
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}
