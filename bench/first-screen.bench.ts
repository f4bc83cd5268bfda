// first-screen-js-gz: the JavaScript (gzip) a first visit to `/` downloads before the
// network goes quiet, service worker kept out so its background precache is not counted;
// first-screen-js-wire: the same JavaScript as it came over the network (the build's Brotli);
// offline-ready-fresh-ms: on a fresh device, from opening `/` until the worker's install (the
// whole precache) has finished, i.e. until the app would open with the network off (median of 3);
// offline-ready-rtt150-ms: the same once, through a proxy that gives every request a phone
// network's 150 ms round trip.
import type { Browser } from '@playwright/test';
import {
  kilobytes,
  launchBrowser,
  loadAndMeasure,
  median,
  startAppServer,
} from './browser-harness';
import { startLatencyProxy } from './latency-proxy';
import type { Figure } from './run';

export async function run(): Promise<Figure[]> {
  const server = await startAppServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const load = await loadAndMeasure(browser, `${server.url}/`);
    if (load.scripts.length === 0) throw new Error('the first screen loaded no JavaScript');
    const offlineReady: number[] = [];
    for (let run = 0; run < 3; run += 1)
      offlineReady.push(await msUntilOfflineReady(browser, server.url));
    const proxy = await startLatencyProxy(Number(new URL(server.url).port), 75);
    const offlineReadyFar = await msUntilOfflineReady(browser, proxy.url).finally(() =>
      proxy.close(),
    );
    return [
      { name: 'first-screen-js-gz', value: kilobytes(load.jsGzipBytes), unit: 'KB' },
      { name: 'first-screen-js-wire', value: kilobytes(load.jsWireBytes), unit: 'KB' },
      { name: 'first-screen-js-files', value: load.scripts.length, unit: 'files' },
      { name: 'offline-ready-fresh-ms', value: Math.round(median(offlineReady)), unit: 'ms' },
      { name: 'offline-ready-rtt150-ms', value: Math.round(offlineReadyFar), unit: 'ms' },
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}

/** A fresh device opens `url`; milliseconds until the worker is active (its install finished). */
async function msUntilOfflineReady(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'allow', locale: 'vi-VN' });
  try {
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${url}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    return performance.now() - started;
  } finally {
    await context.close();
  }
}
