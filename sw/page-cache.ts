/// <reference lib="webworker" />
// Pages offline by the one table of pages (contract/page-routes.ts, decision 1060): a server
// page is network first and its last copy answers offline; a counting redirect goes to the
// network. Either one, offline with no copy, opens the app shell, whose router shows "you are
// offline" with a retry (never a 404). Public reads of pages are kept the same way. The visit
// that installed the worker was not seen by it: the page then sends what it loaded
// (keepVisitedPageMessage) and the worker fetches and keeps it, so one visit is enough.
import { ExpirationPlugin } from 'workbox-expiration';
import { matchPrecache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isPageRead, pageRouteOf, type ServerPageRoute } from '../contract/page-routes';
import { keepVisitedPageMessage, type KeepVisitedPage } from '../contract/keep-visited-page';
import { cardImages } from './card-cache';

declare const self: ServiceWorkerGlobalScope;

const days = 24 * 60 * 60;
// A page can differ by cookie (language); offline, any copy beats none.
const matchOptions: CacheQueryOptions = { ignoreVary: true };

// The cache names of the card pages before the table, so copies kept then still open.
const pageCopies = new NetworkFirst({
  cacheName: 'card-pages',
  networkTimeoutSeconds: 5,
  matchOptions,
  plugins: [
    new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * days, purgeOnQuotaError: true }),
  ],
});

const pageReads = new NetworkFirst({
  cacheName: 'card-api',
  networkTimeoutSeconds: 5,
  plugins: [
    new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * days, purgeOnQuotaError: true }),
  ],
});

function serverPageOf(url: URL): ServerPageRoute | undefined {
  if (url.origin !== self.location.origin) return undefined;
  const route = pageRouteOf(url.pathname);
  return route?.servedBy === 'server' ? route : undefined;
}

/** The app shell: its router says the page opens when the connection is back. */
async function offlineShell(): Promise<Response> {
  return (await matchPrecache('/index.html')) ?? Response.error();
}

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && serverPageOf(url) !== undefined,
  async (options) => {
    const route = serverPageOf(options.url);
    try {
      if (route?.offline === 'cached-copy') return await pageCopies.handle(options);
      return await fetch(options.request);
    } catch {
      return offlineShell();
    }
  },
);

// Only a visitor's reads: a logged-in member's view is not kept in a shared cache.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    isPageRead(url.pathname) &&
    !request.headers.has('authorization'),
  pageReads,
);

async function keepVisitedPage(message: KeepVisitedPage, event: ExtendableEvent): Promise<void> {
  const jobs: Promise<unknown>[] = [];
  const page = new URL(message.page, self.location.origin);
  if (serverPageOf(page)?.offline === 'cached-copy') {
    jobs.push(pageCopies.handle({ request: new Request(page.href), event }));
  }
  for (const read of message.reads) {
    const url = new URL(read, self.location.origin);
    if (url.origin === self.location.origin && isPageRead(url.pathname)) {
      jobs.push(pageReads.handle({ request: new Request(url.href), event }));
    }
  }
  for (const image of message.images) {
    const url = new URL(image, self.location.origin);
    const mode = url.origin === self.location.origin ? 'same-origin' : 'no-cors';
    jobs.push(cardImages.handle({ request: new Request(url.href, { mode }), event }));
  }
  await Promise.allSettled(jobs);
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as Partial<KeepVisitedPage> | null;
  if (data?.type !== keepVisitedPageMessage) return;
  const message: KeepVisitedPage = {
    type: keepVisitedPageMessage,
    page: typeof data.page === 'string' ? data.page : '/',
    reads: Array.isArray(data.reads) ? data.reads.slice(0, 100) : [],
    images: Array.isArray(data.images) ? data.images.slice(0, 60) : [],
  };
  const done = keepVisitedPage(message, event);
  event.waitUntil(done);
  // A page that asked on a channel hears when its copy is kept.
  void done.then(() => event.ports[0]?.postMessage(true));
});
