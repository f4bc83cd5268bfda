// A member's job diary (spec §7 members: getJobDiaryByMemberId, jobDiary/{id}, insertJobDiary,
// updateJobDiaryById, deleteJobDiaryById). Private to its owner, written offline through the
// mutation registry (jobDiary.upsert / jobDiary.delete, decision 0710). Ids are made by the client.
import * as v from 'valibot';
import { optionalText, requiredText, uuidSchema } from './common';
import { foldForSearch } from './contact';
import { fieldBaseSchema } from './field-merge';

/** The fields of the diary form: the day the work was done, a title and the notes. */
export const jobDiaryFieldsSchema = v.object({
  date: v.pipe(
    v.string('date_required'),
    v.trim(),
    v.nonEmpty('date_required'),
    v.isoDate('invalid_date'),
  ),
  title: requiredText('title_required', 200),
  content: optionalText(10_000),
});
export type JobDiaryFieldsInput = v.InferInput<typeof jobDiaryFieldsSchema>;

/** The diary fields an edit may change, each merged on its own (decision 1062). */
export const jobDiaryMergedFields = ['date', 'title', 'content'] as const;

/**
 * jobDiary.upsert: the whole entry by its client-made id. With `base` (decision 1062) only the
 * fields it names are written, each merged on its own; without it (a new entry, an entry queued
 * by an older app) every field is written, the later write wins.
 */
export const jobDiaryUpsertSchema = v.object({
  id: uuidSchema,
  ...jobDiaryFieldsSchema.entries,
  base: fieldBaseSchema(jobDiaryMergedFields),
});
export type JobDiaryUpsertInput = v.InferInput<typeof jobDiaryUpsertSchema>;

/** jobDiary.delete: soft delete by id. */
export const jobDiaryDeleteSchema = v.object({ id: uuidSchema });

/** An entry as the API answers it and the client mirrors it (Dexie `jobDiary`). */
export interface JobDiaryEntry {
  id: string;
  memberId: string;
  /** The day of the work, YYYY-MM-DD. */
  date: string;
  title: string;
  content: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}

/**
 * GET getJobDiaryByMemberId/{id}?limit,search,filter — `search` matches title and notes with
 * diacritics ignored; `filter` is a day (YYYY-MM-DD) or a month (YYYY-MM) (decision 0710).
 */
export const jobDiaryListQuerySchema = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'too_long'))),
  filter: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\d{4}-\d{2}(-\d{2})?$/, 'invalid_date')),
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.decimal('invalid_number'),
      v.transform(Number),
      v.minValue(1, 'invalid_number'),
      v.maxValue(500, 'invalid_number'),
    ),
    '100',
  ),
});

/** Whether an entry matches a search text (folded, every word somewhere) and a day/month filter. */
export function jobDiaryMatches(
  entry: Pick<JobDiaryEntry, 'date' | 'title' | 'content'>,
  search: string | undefined,
  filter?: string,
): boolean {
  if (filter && !entry.date.startsWith(filter)) return false;
  const words = foldForSearch(search).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${foldForSearch(entry.title)} ${foldForSearch(entry.content)}`;
  return words.every((word) => haystack.includes(word));
}

/** Newest day first; within a day, the entry written last first. */
export function compareJobDiary(
  a: Pick<JobDiaryEntry, 'date' | 'createdAt' | 'id'>,
  b: Pick<JobDiaryEntry, 'date' | 'createdAt' | 'id'>,
): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export interface JobDiaryDay<T> {
  date: string;
  entries: T[];
}

/** Entries grouped by day, newest day first (the diary screen and the list call). */
export function groupJobDiaryByDay<T extends Pick<JobDiaryEntry, 'date' | 'createdAt' | 'id'>>(
  entries: readonly T[],
): JobDiaryDay<T>[] {
  const days: JobDiaryDay<T>[] = [];
  for (const entry of [...entries].sort(compareJobDiary)) {
    const last = days.at(-1);
    if (last?.date === entry.date) last.entries.push(entry);
    else days.push({ date: entry.date, entries: [entry] });
  }
  return days;
}
