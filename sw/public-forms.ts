/// <reference lib="webworker" />
// A visitor's wedding reply or contact-us message sent with no network (decisions 0720, 0721):
// kept in a Background Sync queue and sent when the connection returns — on the browser's
// `sync` event, and when an open page says it is online again (browsers without Background
// Sync). The page is answered 202 `queued` so it can say so. The body carries a client-made id:
// a reply sent twice is stored once.
import { Queue } from 'workbox-background-sync';
import { registerRoute } from 'workbox-routing';
import {
  publicFormPaths,
  publicFormQueuedHeader,
  replayPublicFormsMessage,
} from '../contract/public-forms';

declare const self: ServiceWorkerGlobalScope;

const queue = new Queue('public-forms', { maxRetentionTime: 7 * 24 * 60 });

registerRoute(
  ({ url }) =>
    url.origin === self.location.origin &&
    (publicFormPaths as readonly string[]).includes(url.pathname),
  async ({ request }) => {
    const kept = request.clone();
    try {
      return await fetch(request);
    } catch {
      await queue.pushRequest({ request: kept });
      return new Response(JSON.stringify({ ok: true, queued: true }), {
        status: 202,
        headers: { 'content-type': 'application/json', [publicFormQueuedHeader]: 'true' },
      });
    }
  },
  'POST',
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === replayPublicFormsMessage) {
    event.waitUntil(queue.replayRequests().catch(() => undefined));
  }
});
