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
  publicFormRefusedMessage,
  refusedPublicPostPrefix,
  refusedPublicPostsCache,
  replayPublicFormsMessage,
  type PublicFormPath,
  type RefusedPublicPost,
} from '../contract/public-forms';

declare const self: ServiceWorkerGlobalScope;

/** A refused post is kept for its form to show (the visitor fixes and sends it again). */
async function keepRefused(request: Request, res: Response): Promise<void> {
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body.id !== 'string') return;
  const answer = (await res.json().catch(() => null)) as {
    error?: { message?: string; fields?: Record<string, string> };
  } | null;
  const refused: RefusedPublicPost = {
    path: new URL(request.url).pathname as PublicFormPath,
    body,
    message: answer?.error?.message ?? '',
    fields: answer?.error?.fields ?? {},
  };
  const cache = await caches.open(refusedPublicPostsCache);
  await cache.put(refusedPublicPostPrefix + body.id, new Response(JSON.stringify(refused)));
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    client.postMessage({ type: publicFormRefusedMessage });
  }
}

/**
 * Workbox's replay drops a post whatever the server answers; here a refusal (4xx) is kept for
 * the page, and a server in trouble (5xx, 429) keeps the post queued for the next try.
 */
async function replay({ queue }: { queue: Queue }): Promise<void> {
  let entry;
  while ((entry = await queue.shiftRequest())) {
    let res: Response;
    try {
      res = await fetch(entry.request.clone());
    } catch (error) {
      await queue.unshiftRequest(entry);
      throw error;
    }
    if (res.status >= 500 || res.status === 429) {
      await queue.unshiftRequest(entry);
      return;
    }
    if (res.status >= 400) await keepRefused(entry.request, res);
  }
}

const queue = new Queue('public-forms', { maxRetentionTime: 7 * 24 * 60, onSync: replay });

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
    event.waitUntil(replay({ queue }).catch(() => undefined));
  }
});
