// Kept conflicts of the per-field merge as screens show them (decision 1062): which of the two
// values is "mine" depends on whether this device made the write that won.
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type ConflictRow } from '../db/app-db';
import { readSyncState } from './sync-state';
import type { ConflictChoice, FieldValues, MergedEntity } from '../../contract/field-merge';

/** A member's open conflicts of an entity (of one row, when given), oldest first. */
export function useConflicts(entity: MergedEntity, rowId?: string): ConflictRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = rowId
      ? await appDb.conflicts.where('[entity+rowId]').equals([entity, rowId]).toArray()
      : (await appDb.conflicts.toArray()).filter((c) => c.entity === entity);
    return rows
      .filter((c) => c.deletedAt === null)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }, [entity, rowId]);
}

/** This device's sync client id (the one its pushes carry); undefined before the first sync. */
export function useThisClientId(): string | undefined {
  return useLiveQuery(() => readSyncState(appDb, 'clientId'), []);
}

export interface ConflictSides {
  mine: FieldValues;
  theirs: FieldValues;
  /** The choice that keeps this device's value, and the one that keeps the other's. */
  keepMine: ConflictChoice;
  keepTheirs: ConflictChoice;
}

/**
 * A field conflict seen from this device: when this device's write won, its value is the one
 * now stored; otherwise this device's value is the one replaced (it was written earlier).
 */
export function conflictSides(
  conflict: ConflictRow,
  thisClientId: string | undefined,
): ConflictSides {
  const won = conflict.writerClientId !== null && conflict.writerClientId === thisClientId;
  const written = conflict.written ?? {};
  return won
    ? { mine: written, theirs: conflict.lost, keepMine: 'written', keepTheirs: 'lost' }
    : { mine: conflict.lost, theirs: written, keepMine: 'lost', keepTheirs: 'written' };
}
