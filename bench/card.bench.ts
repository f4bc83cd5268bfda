// card-js-gz: the JavaScript (gzip) a first visit to /me/demo downloads (service worker kept
// out so its background precache is not counted).
// brand-js-gz: the same for the brand page /mbg/demo-brand.
// card-third-party-requests: requests to any other origin while /me/demo and /mbg/demo-brand
// load and are scrolled to the end (decision 0403: none).
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

/** Requests to another origin than the server's while `url` loads and scrolls to its end. */
async function thirdPartyRequests(browser: Browser, url: string): Promise<number> {
  const origin = new URL(url).origin;
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'vi-VN' });
  try {
    const page = await context.newPage();
    let count = 0;
    page.on('request', (request) => {
      const target = request.url();
      if (/^https?:/.test(target) && new URL(target).origin !== origin) count++;
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    return count;
  } finally {
    await context.close();
  }
}

export async function run(): Promise<Figure[]> {
  const server = await startAppServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const cardUrl = `${server.url}/me/demo`;
    const brandUrl = `${server.url}/mbg/demo-brand`;
    const load = await loadAndMeasure(browser, cardUrl);
    if (load.scripts.length === 0) throw new Error('the card loaded no JavaScript');
    const brand = await loadAndMeasure(browser, brandUrl);
    const thirdParty =
      (await thirdPartyRequests(browser, cardUrl)) + (await thirdPartyRequests(browser, brandUrl));

    const lcp = await medianPhoneLcp(browser, cardUrl, runs);
    return [
      { name: 'card-js-gz', value: kilobytes(load.jsGzipBytes), unit: 'KB' },
      { name: 'brand-js-gz', value: kilobytes(brand.jsGzipBytes), unit: 'KB' },
      { name: 'card-third-party-requests', value: thirdParty, unit: 'requests' },
      { name: 'card-lcp', value: Math.round(lcp), unit: 'ms' },
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}
