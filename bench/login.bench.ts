// login-js-gz: the JavaScript (gzip) a first visit to /login downloads before the network goes
// quiet (a visitor, service worker kept out so its background precache is not counted).
// login-lcp: Largest Contentful Paint of /login measured exactly as card-lcp: a phone-sized
// Chromium with 4× CPU slowdown and a slow network (150 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up), median of three cold loads.
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
  const browser = await launchBrowser();
  try {
    const loginUrl = `${server.url}/login`;
    const load = await loadAndMeasure(browser, loginUrl);
    if (load.scripts.length === 0) throw new Error('the login screen loaded no JavaScript');

    const lcp = await medianPhoneLcp(
      browser,
      loginUrl,
      runs,
      // The form is what the visitor waits for; the LCP is read once it is there.
      (page) => page.getByRole('form').waitFor(),
    );
    return [
      { name: 'login-js-gz', value: kilobytes(load.jsGzipBytes), unit: 'KB' },
      { name: 'login-js-files', value: load.scripts.length, unit: 'files' },
      { name: 'login-lcp', value: Math.round(lcp), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
