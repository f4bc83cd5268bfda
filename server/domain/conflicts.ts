// Conflicts of the per-field merge (decision 1062): recorded by an entity's write path when a
// field lost to another device or an edit found its row deleted; mirrored to the member's
// devices by the pull source below; settled by conflict.resolve (conflict-resolve.ts).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { syncConflicts } from '../db/schema-conflicts';
import type { MutationContext, PullSource } from '../sync/registry';
import { mergeFields } from './field-merge';
import type { FieldValues, MergedEntity, SyncConflict } from '../../contract/field-merge';

export type ConflictRow = typeof syncConflicts.$inferSelect;

export function conflictForClient(row: ConflictRow): SyncConflict {
  return {
    id: row.id,
    memberId: row.memberId,
    entity: row.entity as MergedEntity,
    rowId: row.rowId,
    kind: row.kind,
    label: row.label,
    lost: row.lost as FieldValues,
    written: (row.written as FieldValues | null) ?? null,
    writerClientId: row.writerClientId,
    resolution: row.resolution,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  };
}

export interface NewConflict {
  entity: MergedEntity;
  rowId: string;
  kind: 'field' | 'deleted';
  label: string;
  lost: FieldValues;
  written: FieldValues | null;
}

/**
 * Keeps a conflict (in the write's transaction: a replay records none) for the member whose
 * value it holds: the writer's own by default, another admin's for a brand item's field.
 */
export async function recordConflict(
  tx: Queryable,
  ctx: MutationContext,
  conflict: NewConflict,
  forMemberId: string = ctx.memberId,
): Promise<void> {
  await tx.insert(syncConflicts).values({
    id: crypto.randomUUID(),
    memberId: forMemberId,
    ...conflict,
    writerClientId: ctx.clientId ?? null,
  });
}

/**
 * Merges an edit per field and records the values it replaced, if any, as a conflict for the
 * member who wrote them: one conflict per author (`authorOf`, for rows several members edit;
 * unknown or absent: the writer's own devices). Returns the fields to write.
 */
export async function mergeAndRecord(
  tx: Queryable,
  ctx: MutationContext,
  target: { entity: MergedEntity; rowId: string; label: string },
  stored: FieldValues,
  changed: FieldValues,
  base: FieldValues | undefined,
  authorOf: (field: string) => string | undefined = () => undefined,
): Promise<FieldValues> {
  const merged = mergeFields(stored, changed, base);
  const byAuthor = new Map<string, string[]>();
  for (const field of Object.keys(merged.lost)) {
    const author = authorOf(field) ?? ctx.memberId;
    byAuthor.set(author, [...(byAuthor.get(author) ?? []), field]);
  }
  for (const [author, fields] of byAuthor) {
    await recordConflict(
      tx,
      ctx,
      {
        ...target,
        kind: 'field',
        lost: pickFields(merged.lost, fields),
        written: pickFields(merged.written, fields),
      },
      author,
    );
  }
  return merged.set;
}

/**
 * The fields an edit changes among a whole row's values `next`: with a base, those the base
 * names (the device left the others as they were); without one (an older app's entry, a new
 * row), every field.
 */
export function changedFieldsOf(next: FieldValues, base: FieldValues | undefined): FieldValues {
  if (!base) return next;
  const changed: FieldValues = {};
  for (const field of Object.keys(base)) {
    if (Object.hasOwn(next, field)) changed[field] = next[field] ?? null;
  }
  return changed;
}

/** Only the named fields of stored conflict values, whatever a conflict holds. */
export function pickFields(values: FieldValues, fields: readonly string[]): FieldValues {
  const picked: FieldValues = {};
  for (const field of fields) {
    if (Object.hasOwn(values, field)) picked[field] = values[field] ?? null;
  }
  return picked;
}

/** A row was deleted: its open field conflicts (any member's) have nothing left to choose on. */
export async function settleConflictsOf(
  tx: Queryable,
  ctx: MutationContext,
  entity: MergedEntity,
  rowId: string,
): Promise<void> {
  await tx
    .update(syncConflicts)
    .set({ resolution: 'written', deletedAt: ctx.now.toISOString() })
    .where(
      and(
        eq(syncConflicts.entity, entity),
        eq(syncConflicts.rowId, rowId),
        eq(syncConflicts.kind, 'field'),
        isNull(syncConflicts.deletedAt),
      ),
    );
}

/** A member's conflicts (settled ones as tombstones), oldest first. */
export async function conflictsOf(db: Queryable, memberId: string): Promise<ConflictRow[]> {
  return db
    .select()
    .from(syncConflicts)
    .where(eq(syncConflicts.memberId, memberId))
    .orderBy(syncConflicts.createdAt, syncConflicts.id);
}

export const conflictsPullSource: PullSource<'conflicts'> = {
  entity: 'conflicts',
  table: syncConflicts,
  scope: (memberId) => sql`${syncConflicts.memberId} = ${memberId}`,
  toClient: (rows) => Promise.resolve((rows as ConflictRow[]).map(conflictForClient)),
};
