// What the member should see of sync: offline, waiting changes, last synced time, refused
// changes with their reason, conflicts waiting for a choice, and "log in to send N waiting changes". Shared by the sync status
// feature and others (logout asks first when changes wait).
import { useCallback, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type OutboxEntry } from '../db/app-db';
import { discardRejected, retryRejected } from './local-apply';
import { readSyncState } from './sync-state';
import { outboxChanged } from './flush-signal';
import { syncNow } from './sync-engine';
import { mergedEntities, type MergedEntity } from '../../contract/field-merge';

export interface SyncStatus {
  /** False until the first read of the local database finished. */
  loaded: boolean;
  online: boolean;
  /** Changes waiting to be sent: every outbox entry and every picture waiting to upload. */
  pendingCount: number;
  /** ISO time of the last complete sync, if any. */
  lastSyncedAt: string | null;
  /** Changes the server refused, oldest first, with the reason in `error`. */
  rejected: OutboxEntry[];
  /**
   * Waiting changes the server held under a fair-use limit (decision 1023), oldest first: kept
   * here and sent on their own once the limit frees up; `error.message` says which and when.
   */
  held: OutboxEntry[];
  /** The session expired: waiting changes are kept until the member logs in again. */
  pausedForLogin: boolean;
  /** Kept conflicts waiting for the member's choice, per entity (decision 1062). */
  conflicts: ConflictCounts;
  /** Sends a refused change again (puts its change back on screen first). */
  retry(id: string): Promise<void>;
  /** Drops a refused change for good (it was already undone). */
  discard(id: string): Promise<void>;
  /** Flushes now, ignoring any backoff wait. */
  syncNow(): Promise<void>;
}

type NavigatorLike = { onLine?: boolean };
type ListenerTarget = {
  addEventListener?(type: string, listener: () => void): void;
  removeEventListener?(type: string, listener: () => void): void;
};

function subscribeOnline(onChange: () => void): () => void {
  const target = globalThis as unknown as ListenerTarget;
  target.addEventListener?.('online', onChange);
  target.addEventListener?.('offline', onChange);
  return () => {
    target.removeEventListener?.('online', onChange);
    target.removeEventListener?.('offline', onChange);
  };
}

function readOnline(): boolean {
  return (globalThis.navigator as NavigatorLike | undefined)?.onLine !== false;
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, readOnline, () => true);
}

/** Open conflicts by entity, and in all. */
export type ConflictCounts = Record<MergedEntity, number> & { total: number };

function countConflicts(open: readonly { entity: MergedEntity }[]): ConflictCounts {
  const counts = Object.fromEntries(mergedEntities.map((entity) => [entity, 0])) as Record<
    MergedEntity,
    number
  >;
  for (const conflict of open) counts[conflict.entity] += 1;
  return { ...counts, total: open.length };
}

const noConflicts: ConflictCounts = countConflicts([]);

interface LocalSyncFacts {
  pendingCount: number;
  lastSyncedAt: string | null;
  rejected: OutboxEntry[];
  held: OutboxEntry[];
  pausedForLogin: boolean;
  conflicts: ConflictCounts;
}

async function readLocalSyncFacts(): Promise<LocalSyncFacts> {
  const [pendingEntries, pendingImages, rejected, lastSyncedAt, pausedForLogin, held, open] =
    await Promise.all([
      appDb.outbox.where('state').equals('pending').count(),
      appDb.pendingImages.where('state').equals('pending').count(),
      appDb.outbox.where('state').equals('rejected').sortBy('seq'),
      readSyncState(appDb, 'lastSyncedAt'),
      readSyncState(appDb, 'pausedForLogin'),
      appDb.outbox.where('notBefore').above(0).toArray(),
      appDb.conflicts.filter((c) => c.deletedAt === null).toArray(),
    ]);
  const conflicts = countConflicts(open);
  return {
    pendingCount: pendingEntries + pendingImages,
    rejected,
    held: held.filter((entry) => entry.state === 'pending').sort((a, b) => a.seq - b.seq),
    lastSyncedAt: lastSyncedAt ?? null,
    pausedForLogin: pausedForLogin === true,
    conflicts,
  };
}

export function useSyncStatus(): SyncStatus {
  const online = useOnline();
  const facts = useLiveQuery(readLocalSyncFacts, []);
  const retry = useCallback(async (id: string) => {
    await retryRejected(appDb, id);
    outboxChanged();
    await syncNow({ force: true });
  }, []);
  const discard = useCallback((id: string) => discardRejected(appDb, id), []);
  const flush = useCallback(async () => {
    await syncNow({ force: true });
  }, []);
  return {
    loaded: facts !== undefined,
    online,
    pendingCount: facts?.pendingCount ?? 0,
    lastSyncedAt: facts?.lastSyncedAt ?? null,
    rejected: facts?.rejected ?? [],
    held: facts?.held ?? [],
    pausedForLogin: facts?.pausedForLogin ?? false,
    conflicts: facts?.conflicts ?? noConflicts,
    retry,
    discard,
    syncNow: flush,
  };
}
