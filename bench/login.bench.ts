// login-js-gz: the JavaScript (gzip) a first visit to /login downloads before the network goes
// quiet (a visitor, service worker kept out so its background precache is not counted).
// login-lcp: Largest Contentful Paint of /login measured exactly as card-lcp: a phone-sized
// Chromium with 4× CPU slowdown and a slow network (150 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up), median of three cold loads.
import { devices } from '@playwright/test';
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
  const browser = await launchBrowser();
  try {
    const loginUrl = `${server.url}/login`;
    const load = await loadAndMeasure(browser, loginUrl);
    if (load.scripts.length === 0) throw new Error('the login screen loaded no JavaScript');

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
        await page.goto(loginUrl, { waitUntil: 'load' });
        // The form is what the visitor waits for; the LCP is read once it is there.
        await page.getByRole('form').waitFor();
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
      { name: 'login-js-gz', value: kilobytes(load.jsGzipBytes), unit: 'KB' },
      { name: 'login-js-files', value: load.scripts.length, unit: 'files' },
      { name: 'login-lcp', value: Math.round(median(lcps)), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
