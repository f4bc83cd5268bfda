// Typed access to the syncState table: client id, pull cursor, last synced time, backoff and
// the paused-for-login flag, shared by tabs and the service worker.
import type { AppDb } from '../db/app-db';

export interface SyncStateValues {
  /** This installation's id (a UUID made once). */
  clientId: string;
  /** Server change sequence up to which everything was pulled (one cursor for all tables). */
  cursor: number;
  /** Member whose data the mirror holds; another login empties the mirror first. */
  memberId: string;
  /** ISO time of the last complete push + pull. */
  lastSyncedAt: string;
  /** Consecutive transient failures and when the next attempt may run (epoch ms). */
  backoff: { failures: number; until: number };
  /** The refresh token was refused: waiting changes stay queued until the member logs in. */
  pausedForLogin: boolean;
  /**
   * The mirror holds every row this device's pushes answered with (decision 0208), so its pulls
   * may leave those rows out. Cleared with the mirror; set when a pull reaches the end.
   */
  holdsOwnRows: boolean;
}

export type SyncStateKey = keyof SyncStateValues;

export async function readSyncState<K extends SyncStateKey>(
  db: AppDb,
  key: K,
): Promise<SyncStateValues[K] | undefined> {
  const row = await db.syncState.get(key);
  return row?.value as SyncStateValues[K] | undefined;
}

export async function writeSyncState<K extends SyncStateKey>(
  db: AppDb,
  key: K,
  value: SyncStateValues[K],
): Promise<void> {
  await db.syncState.put({ key, value });
}

export async function deleteSyncState(db: AppDb, key: SyncStateKey): Promise<void> {
  await db.syncState.delete(key);
}

/** This installation's id, made on first use. */
export async function clientId(db: AppDb): Promise<string> {
  return db.transaction('rw', db.syncState, async () => {
    const existing = await readSyncState(db, 'clientId');
    if (existing) return existing;
    const id = crypto.randomUUID();
    await writeSyncState(db, 'clientId', id);
    return id;
  });
}
