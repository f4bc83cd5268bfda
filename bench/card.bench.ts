// card-js-gz: the JavaScript (gzip) a first visit to /me/demo downloads (service worker kept
// out so its background precache is not counted).
// card-lcp: Largest Contentful Paint of /me/demo on a phone-sized Chromium with 4× CPU
// slowdown and a slow network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up: Lighthouse's
// "slow 4G"), median of three cold loads.
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

export async function run(): Promise<Figure[]> {
  const server = await startAppServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const cardUrl = `${server.url}/me/demo`;
    const load = await loadAndMeasure(browser, cardUrl);
    if (load.scripts.length === 0) throw new Error('the card loaded no JavaScript');

    const lcp = await medianPhoneLcp(browser, cardUrl, runs);
    return [
      { name: 'card-js-gz', value: kilobytes(load.jsGzipBytes), unit: 'KB' },
      { name: 'card-lcp', value: Math.round(lcp), unit: 'ms' },
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}
