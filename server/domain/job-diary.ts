// Job diary (decision 0710): the one write path (jobDiary.upsert, jobDiary.delete) shared by the
// spec's REST routes and the batch push, the reads of the routes, and the pull source of
// `jobDiary`. An entry is its owner's alone: someone else's entry is not told apart from none.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { jobDiaryEntries } from '../db/schema-job-diary-cv';
import { ApiError } from '../http/errors';
import type { MutationHandler, PullSource } from '../sync/registry';
import type { JobDiaryEntry } from '../../contract/job-diary';

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

/**
 * Creates or replaces an entry by its client-made id (last write wins per entry). A deleted
 * entry stays deleted (an edit arriving after the delete: 404); another member's id: 404.
 */
export const upsertJobDiary: MutationHandler<'jobDiary.upsert'> = {
  async run(tx, ctx, input) {
    const [existing] = await tx
      .select()
      .from(jobDiaryEntries)
      .where(eq(jobDiaryEntries.id, input.id))
      .for('update');
    if (existing && (existing.memberId !== ctx.memberId || existing.deletedAt !== null)) {
      throw new ApiError(404, 'not_found');
    }
    const values = { entryDate: input.date, title: input.title, content: input.content ?? '' };
    const [row] = existing
      ? await tx
          .update(jobDiaryEntries)
          .set(values)
          .where(eq(jobDiaryEntries.id, input.id))
          .returning()
      : await tx
          .insert(jobDiaryEntries)
          .values({ id: input.id, memberId: ctx.memberId, ...values })
          .returning();
    if (!row) throw new ApiError(409, 'conflict');
    return jobDiaryForClient(row);
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
    return jobDiaryForClient(deleted);
  },
};

export const jobDiaryPullSource: PullSource = {
  entity: 'jobDiary',
  table: jobDiaryEntries,
  scope: (memberId) => sql`${jobDiaryEntries.memberId} = ${memberId}`,
  toClient: (rows) =>
    Promise.resolve(
      (rows as JobDiaryRow[]).map(jobDiaryForClient) as unknown as Record<string, unknown>[],
    ),
};
