/// <reference lib="webworker" />
// The app shell and every built chunk, precached at install (the list is injected at build).
// Workbox fetches them one at a time (its `precache()`); here up to six are in flight at once, so
// a fresh phone on a 150 ms network is ready offline in about a third of the time (decision
// 1142). Six is the browser's own limit per host over HTTP/1.1; an unbounded number made Chromium
// fail installs with ERR_INSUFFICIENT_RESOURCES (Workbox issue 2528), which is why Workbox went
// to one.
import { addRoute, cleanupOutdatedCaches } from 'workbox-precaching';
import { getOrCreatePrecacheController } from 'workbox-precaching/utils/getOrCreatePrecacheController.js';

declare const self: ServiceWorkerGlobalScope;

/** How many precache requests are in flight at once during install. */
const precacheConcurrency = 6;

// The controller `createHandlerBoundToURL` and `matchPrecache` read, so the routes find these.
const controller = getOrCreatePrecacheController();
controller.addToCacheList(self.__WB_MANIFEST);

/** Fetches and stores every entry not yet cached, `precacheConcurrency` at a time. */
async function installPrecache(event: ExtendableEvent): Promise<void> {
  const pending = [...controller.getURLsToCacheKeys()];
  const takeNext = async (): Promise<void> => {
    for (let entry = pending.shift(); entry; entry = pending.shift()) {
      const [url, cacheKey] = entry;
      const request = new Request(url, {
        integrity: controller.getIntegrityForCacheKey(cacheKey),
        // As Workbox does: a versioned entry (its cache key carries the revision) skips the HTTP
        // cache, so a new revision is never stored from a stale copy.
        cache: cacheKey === url ? 'default' : 'reload',
        credentials: 'same-origin',
      });
      await Promise.all(controller.strategy.handleAll({ params: { cacheKey }, request, event }));
    }
  };
  await Promise.all(Array.from({ length: precacheConcurrency }, takeNext));
}

self.addEventListener('install', (event) => event.waitUntil(installPrecache(event)));
// Removes entries of an older build (it calls waitUntil itself).
self.addEventListener('activate', (event) => void controller.activate(event));
addRoute();
cleanupOutdatedCaches();
