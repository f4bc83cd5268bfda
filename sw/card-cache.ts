/// <reference lib="webworker" />
// Public cards offline: images cache-first in a bounded cache; visitors' tracking posts made
// offline wait in a Background Sync queue and are sent when the connection returns. The pages
// themselves and their reads are kept by sw/page-cache.ts, from the table of pages.
import { BackgroundSyncPlugin } from 'workbox-background-sync';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';

const days = 24 * 60 * 60;

/** Caches successful answers, and opaque ones (cross-origin images such as video thumbnails). */
const okOrOpaque: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) =>
    Promise.resolve(response.status === 200 || response.type === 'opaque' ? response : null),
};

/** Pictures, kept from their first load (sw/page-cache.ts also fills it for a first visit). */
export const cardImages = new CacheFirst({
  cacheName: 'card-images',
  plugins: [
    okOrOpaque,
    new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * days, purgeOnQuotaError: true }),
  ],
});

registerRoute(({ request }) => request.destination === 'image', cardImages);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/api/tracking/action',
  new NetworkOnly({
    plugins: [new BackgroundSyncPlugin('card-tracking', { maxRetentionTime: 24 * 60 })],
  }),
  'POST',
);

declare const self: ServiceWorkerGlobalScope;
