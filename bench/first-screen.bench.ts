// first-screen-js-gz: the JavaScript (gzip) a first visit to `/` downloads before the
// network goes quiet, service worker kept out so its background precache is not counted;
// first-screen-js-wire: the same JavaScript as it came over the network (the build's Brotli).
import type { Browser } from '@playwright/test';
import { kilobytes, launchBrowser, loadAndMeasure, startAppServer } from './browser-harness';
import type { Figure } from './run';

export async function run(): Promise<Figure[]> {
  const server = await startAppServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const load = await loadAndMeasure(browser, `${server.url}/`);
    if (load.scripts.length === 0) throw new Error('the first screen loaded no JavaScript');
    return [
      { name: 'first-screen-js-gz', value: kilobytes(load.jsGzipBytes), unit: 'KB' },
      { name: 'first-screen-js-wire', value: kilobytes(load.jsWireBytes), unit: 'KB' },
      { name: 'first-screen-js-files', value: load.scripts.length, unit: 'files' },
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}
