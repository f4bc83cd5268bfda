// Job diary (decision 0710): the one write path (jobDiary.upsert, jobDiary.delete) shared by the
// spec's REST routes and the batch push, the reads of the routes, and the pull source of
// `jobDiary`. An entry is its owner's alone: someone else's entry is not told apart from none.
// Edits merge per field (decision 1062).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../db/client';
import { jobDiaryEntries } from '../db/schema-job-diary-cv';
import { ApiError } from '../http/errors';
import type { MutationContext, MutationHandler, PullSource } from '../sync/registry';
import {
  changedFieldsOf,
  mergeAndRecord,
  pickFields,
  recordConflict,
  settleConflictsOf,
} from './conflicts';
import type { ConflictTarget } from './conflict-target';
import type { FieldValues } from '../../contract/field-merge';
import { jobDiaryMergedFields, type JobDiaryEntry } from '../../contract/job-diary';

type JobDiaryRow = typeof jobDiaryEntries.$inferSelect;

export function jobDiaryForClient(row: JobDiaryRow): JobDiaryEntry {
  return {
    id: row.id,
    memberId: row.memberId,
    date: row.entryDate,
    title: row.title,
    content: row.content,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  };
}

/** An entry of this owner (tombstones too), or 404. */
export async function ownedJobDiaryEntry(
  db: Queryable,
  memberId: string,
  id: string,
  lock = false,
): Promise<JobDiaryRow> {
  const query = db.select().from(jobDiaryEntries).where(eq(jobDiaryEntries.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || row.memberId !== memberId) throw new ApiError(404, 'not_found');
  return row;
}

/** Live entries of a member, newest day first. */
export async function liveJobDiary(db: Queryable, memberId: string): Promise<JobDiaryRow[]> {
  return db
    .select()
    .from(jobDiaryEntries)
    .where(and(eq(jobDiaryEntries.memberId, memberId), isNull(jobDiaryEntries.deletedAt)))
    .orderBy(
      desc(jobDiaryEntries.entryDate),
      desc(jobDiaryEntries.createdAt),
      desc(jobDiaryEntries.id),
    );
}

/** The merged fields of a stored entry, by field name. */
function storedFields(row: JobDiaryRow): FieldValues {
  return { date: row.entryDate, title: row.title, content: row.content };
}

/** The entry columns of merged field values (only the fields present; a title is never blank). */
function diaryColumns(values: FieldValues): Partial<JobDiaryRow> {
  const set: Partial<JobDiaryRow> = {};
  const text = (field: string) => {
    const value = values[field];
    return typeof value === 'string' ? value : null;
  };
  if (Object.hasOwn(values, 'date') && text('date')) set.entryDate = text('date') ?? '';
  if (Object.hasOwn(values, 'title') && text('title')) set.title = text('title') ?? '';
  if (Object.hasOwn(values, 'content')) set.content = text('content') ?? '';
  return set;
}

/**
 * Writes changed fields to a live entry, merged per field against `base` (decision 1062): a
 * field another device wrote since the base is overwritten and its value kept as a conflict.
 */
async function writeDiaryFields(
  tx: Transaction,
  ctx: MutationContext,
  existing: JobDiaryRow,
  changed: FieldValues,
  base: FieldValues | undefined,
  extra: Partial<JobDiaryRow> = {},
): Promise<JobDiaryRow> {
  const set = await mergeAndRecord(
    tx,
    ctx,
    { entity: 'jobDiary', rowId: existing.id, label: existing.title },
    storedFields(existing),
    changed,
    base,
  );
  const columns = { ...diaryColumns(set), ...extra };
  if (Object.keys(columns).length === 0) return existing;
  const [row] = await tx
    .update(jobDiaryEntries)
    .set(columns)
    .where(eq(jobDiaryEntries.id, existing.id))
    .returning();
  if (!row) throw new ApiError(409, 'conflict');
  return row;
}

/**
 * Creates an entry by its client-made id, or edits one per field (decision 1062). An edit that
 * arrives for a deleted entry is kept as a conflict of kind `deleted` (the member restores the
 * entry with it or lets it go); another member's id: 404.
 */
export const upsertJobDiary: MutationHandler<'jobDiary.upsert'> = {
  async run(tx, ctx, input) {
    const [existing] = await tx
      .select()
      .from(jobDiaryEntries)
      .where(eq(jobDiaryEntries.id, input.id))
      .for('update');
    if (existing && existing.memberId !== ctx.memberId) throw new ApiError(404, 'not_found');
    const next: FieldValues = {
      date: input.date,
      title: input.title,
      content: input.content ?? '',
    };
    const changed = changedFieldsOf(next, input.base);
    if (existing && existing.deletedAt !== null) {
      await recordConflict(tx, ctx, {
        entity: 'jobDiary',
        rowId: existing.id,
        kind: 'deleted',
        label: input.title,
        lost: changed,
        written: null,
      });
      return jobDiaryForClient(existing);
    }
    if (existing) {
      return jobDiaryForClient(await writeDiaryFields(tx, ctx, existing, changed, input.base));
    }
    const [row] = await tx
      .insert(jobDiaryEntries)
      .values({
        id: input.id,
        memberId: ctx.memberId,
        entryDate: input.date,
        title: input.title,
        content: input.content ?? '',
      })
      .returning();
    if (!row) throw new ApiError(409, 'conflict');
    return jobDiaryForClient(row);
  },
};

/** How conflict.resolve writes a diary entry's kept values back (decision 1062). */
export const jobDiaryConflictTarget: ConflictTarget = {
  async writeFields(tx, ctx, rowId, values, base) {
    const existing = await ownedJobDiaryEntry(tx, ctx.memberId, rowId, true);
    if (existing.deletedAt !== null) return;
    await writeDiaryFields(tx, ctx, existing, pickFields(values, jobDiaryMergedFields), base);
  },
  async restore(tx, ctx, rowId, values) {
    const existing = await ownedJobDiaryEntry(tx, ctx.memberId, rowId, true);
    await writeDiaryFields(tx, ctx, existing, pickFields(values, jobDiaryMergedFields), undefined, {
      deletedAt: null,
    });
  },
};

/** Soft delete (spec §4: a PUT to a delete path); deleting again answers the same tombstone. */
export const deleteJobDiary: MutationHandler<'jobDiary.delete'> = {
  async run(tx, ctx, input) {
    const row = await ownedJobDiaryEntry(tx, ctx.memberId, input.id, true);
    if (row.deletedAt !== null) return jobDiaryForClient(row);
    const [deleted] = await tx
      .update(jobDiaryEntries)
      .set({ deletedAt: ctx.now.toISOString() })
      .where(eq(jobDiaryEntries.id, row.id))
      .returning();
    if (!deleted) throw new ApiError(409, 'conflict');
    await settleConflictsOf(tx, ctx, 'jobDiary', row.id);
    return jobDiaryForClient(deleted);
  },
};

export const jobDiaryPullSource: PullSource<'jobDiary'> = {
  entity: 'jobDiary',
  table: jobDiaryEntries,
  scope: (memberId) => sql`${jobDiaryEntries.memberId} = ${memberId}`,
  toClient: (rows) => Promise.resolve((rows as JobDiaryRow[]).map(jobDiaryForClient)),
};
