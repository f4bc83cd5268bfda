// The sync engine, the same code in a page and in the service worker: one flusher at a time
// across every tab and the worker (Web Locks), push before pull, in queue order, batched; the
// token is attached when sending (apiCall). Decisions 0200–0204.
import { syncPull, syncPush } from '../../contract/rest-routes';
import { apiCall, ApiRequestError, NetworkError, SessionExpiredError } from '../api/http-client';
import { reloadSession } from '../api/session-store';
import { defaultPullLimit, type PullResponse, type PushResponse } from '../../contract/sync';
import {
  appDb,
  requestPersistentStorage,
  withOpenDb,
  type AppDb,
  type OutboxEntry,
} from '../db/app-db';
import { backoffDelayMs } from './backoff';
import {
  firstHeldUntil,
  pushBatchMaxBytes,
  pushBatchMaxEntries,
  nextSendable,
  preparePush,
  type PreparedPush,
} from './batching';
import { onOutboxChanged } from './flush-signal';
import {
  adoptMember,
  applyPullPage,
  applyPushResults,
  rejectOne,
  type PushSummary,
  resetForResync,
} from './local-apply';
import { clientId, deleteSyncState, readSyncState, writeSyncState } from './sync-state';
import { uploadPendingImages } from './image-uploads';

export type FlushStatus =
  /** Pushed everything this member had queued and pulled up to date. */
  | 'synced'
  /** Nobody is logged in on this device: nothing is sent, the queue waits. */
  | 'signed-out'
  /** The session could not be refreshed: the queue waits for a new login. */
  | 'paused'
  /** No network: the queue waits (backoff set). */
  | 'offline'
  /** A transient server failure (5xx, 429) or an earlier one's wait not over yet. */
  | 'backoff';

export interface FlushOutcome {
  status: FlushStatus;
  pushed: number;
  rejected: number;
  pulled: number;
  /**
   * When the next attempt may run (epoch ms): after offline/backoff, or when synced, when the
   * first entry held under a fair-use limit may go.
   */
  retryAt?: number;
}

export interface FlushOptions {
  /** Ignore the backoff wait (the network just came back, the member pressed retry). */
  force?: boolean;
}

export interface SyncEngineOptions {
  db?: AppDb;
  maxBatchEntries?: number;
  maxBatchBytes?: number;
  pullLimit?: number;
  /** The first page of a pull; each next page is twice as large, up to pullLimit. */
  firstPullPage?: number;
  now?: () => number;
  random?: () => number;
  /** Web Locks name shared by tabs and the service worker. */
  lockName?: string;
}

export interface SyncEngine {
  readonly db: AppDb;
  /** Flushes now (or joins the flush running in this context, then runs once more). */
  syncNow(options?: FlushOptions): Promise<FlushOutcome>;
}

/**
 * A refusal of the request's content (malformed, too large): splitting the batch finds the entry
 * at fault. Anything else (404 of a missing route, 403, 426…) says nothing about the entries and
 * only waits, so that no change is undone because of it.
 */
function isRequestRefusal(error: ApiRequestError): boolean {
  return [400, 413, 415, 422].includes(error.status);
}

type LockManagerLike = {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
};

const localChains = new Map<string, Promise<unknown>>();

/** Runs fn while holding the named lock across tabs and the worker (or this context alone). */
async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (locks) return locks.request(name, fn);
  const previous = localChains.get(name) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  localChains.set(
    name,
    run.then(
      () => undefined,
      () => undefined,
    ),
  );
  return run;
}

export function createSyncEngine(options: SyncEngineOptions = {}): SyncEngine {
  const db = options.db ?? appDb;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const lockName = options.lockName ?? 'mecards-sync-flush';
  const pullLimit = options.pullLimit ?? defaultPullLimit;
  const firstPullPage = options.firstPullPage ?? 500;

  async function bumpBackoff(retryAfterSeconds?: number): Promise<number> {
    const previous = await readSyncState(db, 'backoff');
    const failures = (previous?.failures ?? 0) + 1;
    const until = now() + backoffDelayMs(failures, random, retryAfterSeconds);
    await writeSyncState(db, 'backoff', { failures, until });
    return until;
  }

  /** `device`: this installation's sync client id, sent with every push. */
  async function push(memberId: string, device: string, outcome: FlushOutcome): Promise<void> {
    let maxEntries = options.maxBatchEntries ?? pushBatchMaxEntries;
    const maxBytes = options.maxBatchBytes ?? pushBatchMaxBytes;
    // A batch the server applied whole is settled on the device while the next one travels, so
    // pushes follow each other with no gap (a queue of 10,000 is 20 of them).
    let settling: Promise<PushSummary> | null = null;
    const settled = async () => {
      if (!settling) return;
      const summary = await settling;
      settling = null;
      outcome.pushed += summary.applied;
      outcome.rejected += summary.rejected;
    };
    // Its answer waits to be written until the next batch is sent and the one after it is
    // queued for reading: the device store runs a read queued after a write only once the
    // write is done, and writing 500 answered rows can take longer than a push.
    let answered: { batch: OutboxEntry[]; results: PushResponse['results'] } | null = null;
    // The next batch and its body, made from the entries read while a push travels.
    let prepared: { ready: OutboxEntry[]; push: PreparedPush } | undefined;
    const settleAnswered = async () => {
      if (!answered) return;
      const { batch, results } = answered;
      answered = null;
      await settled();
      settling = applyPushResults(db, batch, results, now());
      // Marked handled: it is awaited by settled(), before the next one or at the end.
      settling.catch(() => undefined);
    };
    try {
      let ready = await nextSendable(db, memberId, now(), maxEntries);
      for (;;) {
        if (ready.length === 0) {
          if (answered || settling) {
            // Entries queued meanwhile go in this flush too.
            await settleAnswered();
            await settled();
            ready = await nextSendable(db, memberId, now(), maxEntries);
            continue;
          }
          const held = await db.outbox.where('notBefore').above(now()).toArray();
          outcome.retryAt = firstHeldUntil(
            held.filter((e) => e.state === 'pending' && (e.memberId ?? memberId) === memberId),
            now(),
          );
          return;
        }
        const { batch, body } =
          prepared?.ready === ready
            ? prepared.push
            : preparePush(ready, device, maxEntries, maxBytes);
        prepared = undefined;
        const answer = apiCall(syncPush, { jsonText: body });
        // Marked handled: it is awaited below, after the previous batch is settled.
        answer.catch(() => undefined);
        // Still in the queue until written off: this batch, and the last one answered.
        const inFlight = new Map(
          [...batch, ...(answered?.batch ?? [])].map((entry) => [entry.id, entry.seq]),
        );
        const following = nextSendable(db, memberId, now(), maxEntries, inFlight).then(
          (entries) => {
            // The next request is written out while this one travels.
            prepared = { ready: entries, push: preparePush(entries, device, maxEntries, maxBytes) };
            return entries;
          },
        );
        following.catch(() => undefined);
        await settleAnswered();
        let response: PushResponse;
        try {
          response = await answer;
        } catch (error) {
          if (!(error instanceof ApiRequestError) || !isRequestRefusal(error)) throw error;
          // The server refused the request as a whole (too large, malformed): halve the batch
          // until the one entry at fault stands alone, then refuse that entry only.
          if (batch.length > 1) {
            maxEntries = Math.max(1, Math.ceil(batch.length / 2));
          } else if (batch[0]) {
            await rejectOne(db, batch[0].id, {
              code: error.code,
              message: error.message,
              fields: error.fields,
              status: error.status,
            });
            outcome.rejected += 1;
          }
          ready = await nextSendable(db, memberId, now(), maxEntries);
          continue;
        }
        const applied = new Set(
          response.results.filter((r) => r.status === 'applied').map((r) => r.id),
        );
        if (batch.every((entry) => applied.has(entry.id))) {
          answered = { batch, results: response.results };
          ready = await following;
          continue;
        }
        await settled();
        const summary = await applyPushResults(db, batch, response.results, now());
        outcome.pushed += summary.applied;
        outcome.rejected += summary.rejected;
        // Held entries drop out of the next batch: the loop goes on with the others.
        if (summary.retry || summary.applied + summary.rejected + summary.held === 0) {
          outcome.status = 'backoff';
          outcome.retryAt = await bumpBackoff();
          return;
        }
        ready = await nextSendable(db, memberId, now(), maxEntries);
      }
    } finally {
      // A failure while an applied batch is still to be written: that write finishes first.
      await settleAnswered().catch(() => undefined);
      await settled().catch(() => undefined);
    }
  }

  /** `device`: leave out the rows this device's own pushes wrote (it holds them, 0208). */
  function fetchPage(
    cursor: number,
    device: string | undefined,
    limit: number,
  ): Promise<PullResponse> {
    const answer = apiCall(syncPull, { query: { cursor, limit, clientId: device } });
    // Marked handled: a page fetched ahead may be dropped unread (the cursor went back).
    answer.catch(() => undefined);
    return answer;
  }

  async function pull(device: string, outcome: FlushOutcome): Promise<void> {
    let cursor = (await readSyncState(db, 'cursor')) ?? 0;
    // Until a pull has reached the end since the mirror was emptied, it carries every row.
    let holdsOwnRows = (await readSyncState(db, 'holdsOwnRows')) === true;
    // Pages grow from a small first one: the device starts writing while the server is still
    // reading the next rows, instead of waiting for a whole first page (issue 25).
    let limit = Math.min(firstPullPage, pullLimit);
    const fetch = (from: number) => {
      const page = fetchPage(from, holdsOwnRows ? device : undefined, limit);
      limit = Math.min(limit * 2, pullLimit);
      return page;
    };
    let ahead: Promise<PullResponse> | null = null;
    for (;;) {
      let page: PullResponse;
      try {
        page = await (ahead ?? fetch(cursor));
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 410 && cursor > 0) {
          await resetForResync(db);
          cursor = 0;
          holdsOwnRows = false;
          ahead = null;
          continue;
        }
        throw error;
      }
      // The next page travels while this one is written: a first pull of 100,000 contacts is
      // 20 pages, and the device store and the network each take about half of a page's time.
      ahead = page.hasMore ? fetch(page.cursor) : null;
      outcome.pulled += await applyPullPage(db, page);
      const stored = (await readSyncState(db, 'cursor')) ?? 0;
      // A rewound cursor (a newly staffed group) means: pull everything again now.
      const rewound = cursor > 0 && stored === 0;
      if (rewound) holdsOwnRows = false;
      if (!page.hasMore && !rewound) {
        if (!holdsOwnRows) await writeSyncState(db, 'holdsOwnRows', true);
        return;
      }
      // The page fetched ahead starts where this one ended; after a rewind it is dropped.
      if (stored !== page.cursor) ahead = null;
      cursor = stored;
    }
  }

  async function flushOnce(flush: FlushOptions): Promise<FlushOutcome> {
    const outcome: FlushOutcome = { status: 'synced', pushed: 0, rejected: 0, pulled: 0 };
    const session = await reloadSession();
    if (!session) return { ...outcome, status: 'signed-out' };
    const backoff = await readSyncState(db, 'backoff');
    if (!flush.force && backoff && backoff.until > now()) {
      return { ...outcome, status: 'backoff', retryAt: backoff.until };
    }
    try {
      // Read once, before the push: a read of the device store later would wait for the batch
      // being settled.
      const device = await clientId(db);
      await adoptMember(db, session.memberId);
      // Pictures first: an edit pointing at one must find it on the server (decision 0620).
      await uploadPendingImages(db, session.memberId);
      await push(session.memberId, device, outcome);
      if (outcome.status !== 'synced') return outcome;
      await pull(device, outcome);
      await writeSyncState(db, 'lastSyncedAt', new Date(now()).toISOString());
      await deleteSyncState(db, 'backoff');
      await writeSyncState(db, 'pausedForLogin', false);
      return outcome;
    } catch (error) {
      if (
        error instanceof SessionExpiredError ||
        (error instanceof ApiRequestError && error.status === 401)
      ) {
        await writeSyncState(db, 'pausedForLogin', true);
        return { ...outcome, status: 'paused' };
      }
      if (error instanceof NetworkError) {
        return { ...outcome, status: 'offline', retryAt: await bumpBackoff() };
      }
      if (error instanceof ApiRequestError) {
        return {
          ...outcome,
          status: 'backoff',
          retryAt: await bumpBackoff(error.retryAfterSeconds),
        };
      }
      throw error;
    }
  }

  let running: Promise<FlushOutcome> | null = null;
  let again = false;
  let againForced = false;

  function syncNow(flush: FlushOptions = {}): Promise<FlushOutcome> {
    if (running) {
      again = true;
      againForced ||= flush.force === true;
      return running;
    }
    running = (async () => {
      let force = flush.force === true;
      let outcome: FlushOutcome;
      do {
        again = false;
        const forced = force;
        outcome = await withLock(lockName, () =>
          withOpenDb(db, () => flushOnce({ force: forced })),
        );
        force = againForced;
        againForced = false;
      } while (again);
      return outcome;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return { db, syncNow };
}

/** The engine of this context (page or service worker). */
export const syncEngine: SyncEngine = createSyncEngine();

export function syncNow(options?: FlushOptions): Promise<FlushOutcome> {
  return syncEngine.syncNow(options);
}

/** How often a page flushes on its own (also picks up changes made by other tabs). */
export const syncIntervalMs = 60_000;

interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * Starts the page's triggers: now, `online`, the tab becoming visible, an interval, every new
 * outbox entry, and a timer at the end of a backoff. Returns the stop function.
 */
export function startSync(engine: SyncEngine = syncEngine): () => void {
  const scope = globalThis as unknown as Partial<EventTargetLike> & {
    document?: EventTargetLike & { visibilityState?: string };
  };
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const run = (options?: FlushOptions) => {
    void engine
      .syncNow(options)
      .then((outcome) => {
        if (stopped || outcome.retryAt === undefined) return;
        if (retryTimer !== undefined) clearTimeout(retryTimer);
        const wait = Math.max(1_000, outcome.retryAt - Date.now());
        retryTimer = setTimeout(() => run(), wait);
      })
      .catch((error: unknown) => {
        console.error('sync failed', error);
      });
  };
  const kick = () => run();
  const online = () => run({ force: true });
  const isVisible = () => scope.document?.visibilityState !== 'hidden';
  const visible = () => {
    if (isVisible()) run();
  };
  // A hidden tab leaves the interval to visible ones (and to Background Sync).
  const tick = () => {
    if (isVisible()) run();
  };

  void requestPersistentStorage();
  scope.addEventListener?.('online', online);
  scope.document?.addEventListener('visibilitychange', visible);
  const interval = setInterval(tick, syncIntervalMs);
  const unsubscribe = onOutboxChanged(kick);
  kick();

  return () => {
    stopped = true;
    scope.removeEventListener?.('online', online);
    scope.document?.removeEventListener('visibilitychange', visible);
    clearInterval(interval);
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    unsubscribe();
  };
}
