/// <reference lib="webworker" />
// Prompt-to-update: a new worker waits until the page (src/sw-registration.ts) asks it to take
// over; the very first install claims open pages at once so they work offline immediately.
import { clientsClaim } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope;

clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
