/// <reference lib="webworker" />
// Public cards offline: card pages (server-rendered HTML, data inside) and their API reads
// network-first, images cache-first in a bounded cache; visitors' tracking posts made offline
// wait in a Background Sync queue and are sent when the connection returns.
import { BackgroundSyncPlugin } from 'workbox-background-sync';
import { ExpirationPlugin } from 'workbox-expiration';
import { matchPrecache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { cardPagePathPattern } from '../contract/card-prefixes';

const cardApiPath =
  /^\/api\/(members\/(getMemberId|getMemberIdView|getInfoMemberAndGroupByLink|blog|getBlogByMemberId)\/|groupAndBrand\/(getGDUById|getGDByById)\/|brandBlog\/getByBrandId\/|brandActivity\/getBrandActivity|productMember\/(getProductList|getProductByBranch|getProductById)\/|relics\/|brandRelics\/)/;

const days = 24 * 60 * 60;
// Page data can differ by cookie (language); offline, any copy beats none.
const matchOptions: CacheQueryOptions = { ignoreVary: true };

/** Caches successful answers, and opaque ones (cross-origin images such as video thumbnails). */
const okOrOpaque: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) =>
    Promise.resolve(response.status === 200 || response.type === 'opaque' ? response : null),
};

const cardPages = new NetworkFirst({
  cacheName: 'card-pages',
  networkTimeoutSeconds: 5,
  matchOptions,
  plugins: [
    new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * days, purgeOnQuotaError: true }),
  ],
});

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    cardPagePathPattern.test(url.pathname),
  async (options) => {
    try {
      return await cardPages.handle(options);
    } catch {
      // Never visited and offline: the app shell says so.
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

// Only a visitor's reads: a logged-in member's view of a card is not kept in a shared cache.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    cardApiPath.test(url.pathname) &&
    !request.headers.has('authorization'),
  new NetworkFirst({
    cacheName: 'card-api',
    networkTimeoutSeconds: 5,
    plugins: [
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * days, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: 'card-images',
    plugins: [
      okOrOpaque,
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * days, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/api/tracking/action',
  new NetworkOnly({
    plugins: [new BackgroundSyncPlugin('card-tracking', { maxRetentionTime: 24 * 60 })],
  }),
  'POST',
);

declare const self: ServiceWorkerGlobalScope;
