/// <reference lib="webworker" />
// Background Sync: with no page open, the browser wakes the worker when the network is back and
// the worker runs the very same flush as a page (src/sync/sync-engine.ts).
import { backgroundSyncTag } from '../src/sync/flush-signal';
import { syncNow } from '../src/sync/sync-engine';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

async function flushFromWorker(): Promise<void> {
  const outcome = await syncNow({ force: true });
  // Rejecting asks the browser to fire the event again later (it spaces the retries itself).
  if (outcome.status === 'offline' || outcome.status === 'backoff') {
    throw new Error(`sync not finished: ${outcome.status}`);
  }
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag === backgroundSyncTag) sync.waitUntil(flushFromWorker());
});
