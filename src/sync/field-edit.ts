// The device's half of the per-field merge (decision 1062): which fields an edit changes against
// the row the member edited (the mirror's row), with the mirror's values of them as the base;
// and the member's choice on a kept conflict, queued like any other write.
import { sameFieldValue, type ConflictChoice, type FieldValue } from '../../contract/field-merge';
import type { ConflictRow, MirroredTableName } from '../db/app-db';
import { profileColumnOf } from '../../contract/member';
import { queueMutation, type QueueMutationInput } from './mutate';

export interface FieldEdit<F extends string> {
  /** The changed fields with their new values. */
  changed: Partial<Record<F, FieldValue>>;
  /** For the same fields, what the mirror held: the server compares it with what it holds. */
  base: Partial<Record<F, FieldValue>>;
}

/**
 * Compares an edit with the mirrored row it was made on. `columnOf` names the row's column of a
 * field when they differ (the profile's `phone` is `contactPhone`). A field left out of `next`
 * (undefined) is not an edit of it.
 */
export function fieldEdit<F extends string>(
  mirror: object | null | undefined,
  next: Partial<Record<F, unknown>>,
  fields: readonly F[],
  columnOf: (field: F) => string = (field) => field,
): FieldEdit<F> {
  const edit: FieldEdit<F> = { changed: {}, base: {} };
  const held = (mirror ?? {}) as Record<string, unknown>;
  for (const field of fields) {
    if (!Object.hasOwn(next, field) || next[field] === undefined) continue;
    const value = asFieldValue(next[field]);
    const before = asFieldValue(held[columnOf(field)]);
    if (sameFieldValue(before, value)) continue;
    edit.changed[field] = value;
    edit.base[field] = before;
  }
  return edit;
}

function asFieldValue(value: unknown): FieldValue {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (Array.isArray(value)) return value.map(String);
  return null;
}

/** The row with the kept values (undefined: none here), as its feature stores it. */
export type ShapeRow = (
  kept: Record<string, unknown> | undefined,
  conflict: ConflictRow,
) => object | undefined;

/** Which choices a conflict offers: a field conflict keeps one value, a deleted row returns or not. */
export function choicesFor(conflict: ConflictRow): readonly ConflictChoice[] {
  return conflict.kind === 'field' ? ['written', 'lost'] : ['restore', 'dismiss'];
}

/**
 * The member's choice on a conflict as one `conflict.resolve` write: the banner goes at once, a
 * kept or restored value shows on the row at once, and the server applies it once (the entry's
 * id is the idempotency key). `shapeRow` finishes the row as its feature keeps it (a search key)
 * or makes it again when a restore finds none here (the pulled tombstone removed it).
 */
export function resolveConflictWrite(
  conflict: ConflictRow,
  choice: ConflictChoice,
  shapeRow?: ShapeRow,
): QueueMutationInput<'conflict.resolve'> {
  const table: MirroredTableName = conflict.entity;
  return {
    name: 'conflict.resolve',
    payload: { id: conflict.id, choice },
    table: 'conflicts',
    rowId: conflict.id,
    alsoTables: [table],
    apply: async (db) => {
      await db.conflicts.delete(conflict.id);
      if (choice !== 'lost' && choice !== 'restore') return;
      const rows = db.table(table);
      const held = (await rows.get(conflict.rowId)) as Record<string, unknown> | undefined;
      const kept = held ? { ...held, ...keptColumns(conflict), deletedAt: null } : undefined;
      const row = shapeRow ? shapeRow(kept, conflict) : kept;
      if (row) await rows.put(row);
    },
  };
}

/**
 * Settles a conflict with the member's choice. Offline: done on this device at once, sent to
 * the server when the network is back.
 */
export async function resolveConflict(
  conflict: ConflictRow,
  choice: ConflictChoice,
  shapeRow?: ShapeRow,
): Promise<void> {
  await queueMutation(resolveConflictWrite(conflict, choice, shapeRow));
}

/** The kept values as the mirrored row's columns (the profile's `phone` is `contactPhone`). */
function keptColumns(conflict: ConflictRow): Record<string, FieldValue> {
  const columns: Record<string, FieldValue> = {};
  for (const [field, value] of Object.entries(conflict.lost)) {
    columns[conflict.entity === 'profile' ? profileColumnOf(field) : field] = value;
  }
  return columns;
}
