// The member's job diary: reads the local mirror, writes through the outbox (jobDiary.upsert /
// jobDiary.delete), so entries are written, edited and deleted offline and sent once.
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type AppDb, type JobDiaryRow } from '../../db/app-db';
import { queueMutationIn, type QueueMutationInput } from '../../sync/mutate';
import { outboxChanged } from '../../sync/flush-signal';
import { readSession } from '../../api/session-store';
import {
  compareJobDiary,
  jobDiaryMatches,
  type JobDiaryFieldsInput,
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

/** Writes an entry (new or edited). Offline: shown here at once, sent when back online. */
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
  await queue(db, {
    name: 'jobDiary.upsert',
    payload: { id: row.id, date: row.date, title: row.title, content: row.content },
    table: 'jobDiary',
    rowId: row.id,
    apply: (tx) => tx.jobDiary.put(row),
  });
  return row.id;
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
