// The member's job diary: reads the local mirror, writes through the outbox (jobDiary.upsert /
// jobDiary.delete), so entries are written, edited and deleted offline and sent once.
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type AppDb, type JobDiaryRow } from '../../db/app-db';
import { queueMutationIn, type QueueMutationInput } from '../../sync/mutate';
import { outboxChanged } from '../../sync/flush-signal';
import { readSession } from '../../api/session-store';
import { fieldEdit, resolveConflict } from '../../sync/field-edit';
import type { ConflictRow } from '../../db/app-db';
import type { ConflictChoice } from '../../../contract/field-merge';
import {
  compareJobDiary,
  jobDiaryMatches,
  jobDiaryMergedFields,
  type JobDiaryFieldsInput,
  type JobDiaryUpsertInput,
} from '../../../contract/job-diary';
import type { MutationName } from '../../../contract/mutations';

async function queue<N extends MutationName>(db: AppDb, input: QueueMutationInput<N>) {
  const session = await readSession();
  const entry = await queueMutationIn(db, input, session?.memberId ?? null);
  outboxChanged();
  return entry;
}

/** Live entries of the member, newest day first, matching the search; undefined while loading. */
export function useJobDiary(
  memberId: string | undefined,
  search: string,
): JobDiaryRow[] | undefined {
  return useLiveQuery(
    async () => (memberId ? liveJobDiary(appDb, memberId, search) : []),
    [memberId, search],
  );
}

export async function liveJobDiary(
  db: AppDb,
  memberId: string,
  search = '',
): Promise<JobDiaryRow[]> {
  const rows = await db.jobDiary.toArray();
  return rows
    .filter(
      (row) => row.memberId === memberId && row.deletedAt === null && jobDiaryMatches(row, search),
    )
    .sort(compareJobDiary);
}

/**
 * Writes an entry (new or edited). An edit sends the fields the member changed with the values
 * the form started from as their base, so another device's edit of other fields survives and a
 * same-field clash is kept for the member to choose (decision 1062). Offline: shown here at
 * once, sent when back online.
 */
export async function saveJobDiaryEntry(
  db: AppDb,
  memberId: string,
  fields: JobDiaryFieldsInput,
  existing?: JobDiaryRow,
): Promise<string> {
  const now = new Date().toISOString();
  const row: JobDiaryRow = {
    id: existing?.id ?? crypto.randomUUID(),
    memberId,
    date: fields.date.trim(),
    title: fields.title.trim(),
    content: (fields.content ?? '').trim(),
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
    deletedAt: null,
    ...(existing?.changeSeq !== undefined ? { changeSeq: existing.changeSeq } : {}),
  };
  const payload: JobDiaryUpsertInput = {
    id: row.id,
    date: row.date,
    title: row.title,
    content: row.content,
  };
  if (!existing) {
    await queue(db, {
      name: 'jobDiary.upsert',
      payload,
      table: 'jobDiary',
      rowId: row.id,
      apply: (tx) => tx.jobDiary.put(row),
    });
    return row.id;
  }
  const edit = fieldEdit(existing, row, jobDiaryMergedFields);
  const changed = Object.keys(edit.changed) as (keyof JobDiaryFieldsInput)[];
  if (changed.length === 0) return row.id;
  await queue(db, {
    name: 'jobDiary.upsert',
    payload: { ...payload, base: edit.base as NonNullable<JobDiaryUpsertInput['base']> },
    table: 'jobDiary',
    rowId: row.id,
    apply: async (tx) => {
      // Only the changed fields: others keep what this device holds now (a pull meanwhile).
      const current = (await tx.jobDiary.get(row.id)) ?? existing;
      const next: JobDiaryRow = { ...current, updatedAt: now };
      for (const field of changed) next[field] = row[field];
      await tx.jobDiary.put(next);
    },
  });
  return row.id;
}

/** An entry as a restore makes it again when this device no longer holds it. */
function entryAfterConflict(memberId: string) {
  return (kept: Record<string, unknown> | undefined, conflict: ConflictRow): JobDiaryRow => {
    const now = new Date().toISOString();
    const row = kept ?? {
      id: conflict.rowId,
      memberId,
      date: now.slice(0, 10),
      title: conflict.label,
      content: '',
      createdAt: now,
      ...conflict.lost,
    };
    return { ...row, content: row.content ?? '', deletedAt: null, updatedAt: now } as JobDiaryRow;
  };
}

/**
 * The member's choice on an entry's conflict: keep one of two values, restore an entry deleted
 * elsewhere with the edit, or let the edit go. Offline: shown at once, sent when back online.
 */
export async function chooseOnJobDiaryConflict(
  memberId: string,
  conflict: ConflictRow,
  choice: ConflictChoice,
): Promise<void> {
  await resolveConflict(conflict, choice, entryAfterConflict(memberId));
}

/** Soft delete. Offline: gone from this device at once, deleted on the server later. */
export async function deleteJobDiaryEntry(db: AppDb, row: JobDiaryRow): Promise<void> {
  const now = new Date().toISOString();
  await queue(db, {
    name: 'jobDiary.delete',
    payload: { id: row.id },
    table: 'jobDiary',
    rowId: row.id,
    apply: (tx) => tx.jobDiary.put({ ...row, deletedAt: now, updatedAt: now }),
  });
}
