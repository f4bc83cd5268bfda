// The member's CV: read from the local mirror (the CV, the profile and the activities it takes
// experience and education from) and saved through the outbox as one `cv.save`, so the form
// and the PDF both work offline.
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type ActivityRow, type AppDb, type CvRow, type ProfileRow } from '../../db/app-db';
import { fieldEdit } from '../../sync/field-edit';
import { queueMutationIn } from '../../sync/mutate';
import { outboxChanged } from '../../sync/flush-signal';
import { readSession } from '../../api/session-store';
import {
  buildCvDocument,
  cvActivityTypes,
  type CvDocument,
  cvMergedFields,
  type CvFields,
  type CvSaveInput,
} from '../../../contract/cv';

export interface CvSources {
  cv: CvRow | null;
  profile: ProfileRow | null;
  activities: ActivityRow[];
}

/** The CV, profile and CV activities of the member; undefined while reading. */
export function useCvSources(memberId: string | undefined): CvSources | undefined {
  return useLiveQuery(
    async () => (memberId ? readCvSources(appDb, memberId) : undefined),
    [memberId],
  );
}

export async function readCvSources(db: AppDb, memberId: string): Promise<CvSources> {
  const types: readonly string[] = Object.values(cvActivityTypes);
  const [cv, profile, activities] = await Promise.all([
    db.cvs.get(memberId),
    db.profile.get(memberId),
    db.activities.where('memberId').equals(memberId).toArray(),
  ]);
  return {
    cv: cv && cv.deletedAt === null ? cv : null,
    profile: profile ?? null,
    activities: activities.filter((a) => a.deletedAt === null && types.includes(a.type)),
  };
}

/** What the PDF and the preview show; null until a CV was saved. */
export function cvDocumentOf(sources: CvSources): CvDocument | null {
  if (!sources.cv) return null;
  return buildCvDocument(
    sources.cv,
    {
      name: sources.profile?.name ?? '',
      jobTitle: sources.profile?.jobTitle ?? null,
      avatarUrl: sources.profile?.avatarUrl ?? null,
    },
    sources.activities,
  );
}

/**
 * Saves the CV. The first save sends it whole, with an empty CV as its base; an edit sends the
 * fields the member changed against the CV the form was opened on (`opened`, else this
 * device's copy) with its values as the base, so another device's edit of other fields survives and a same-field clash is kept
 * for the member to choose (decision 1062). Offline: kept on this device at once, sent once
 * when back online.
 */
export async function saveCv(
  db: AppDb,
  memberId: string,
  fields: CvFields,
  opened?: CvRow | null,
): Promise<void> {
  const now = new Date().toISOString();
  const existing = await db.cvs.get(memberId);
  const row: CvRow = {
    ...fields,
    id: memberId,
    memberId,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
    deletedAt: null,
    ...(existing?.changeSeq !== undefined ? { changeSeq: existing.changeSeq } : {}),
  };
  const session = await readSession();
  const from = opened ?? existing;
  const edit = from && from.deletedAt === null ? fieldEdit(from, fields, cvMergedFields) : null;
  const changed = edit ? (Object.keys(edit.changed) as (keyof CvFields)[]) : [];
  if (edit && changed.length === 0) return;
  await queueMutationIn(
    db,
    {
      name: 'cv.save',
      payload: {
        ...fields,
        base: edit ? (edit.base as NonNullable<CvSaveInput['base']>) : noCvBase(),
      },
      table: 'cvs',
      rowId: memberId,
      apply: async (tx) => {
        // An edit writes only its fields: others keep what this device holds now (a pull).
        const current = edit ? await tx.cvs.get(memberId) : undefined;
        const next: Record<string, unknown> = { ...(current ?? row), updatedAt: now };
        if (current) for (const field of changed) next[field] = fields[field];
        await tx.cvs.put(next as unknown as CvRow);
      },
    },
    session?.memberId ?? memberId,
  );
  outboxChanged();
}

/**
 * The base of a first save: this device held no CV (every field empty). When another device's
 * first CV reached the server first, the server merges against it and keeps each of its values
 * this save replaces as a conflict, rather than overwriting them unseen.
 */
function noCvBase(): NonNullable<CvSaveInput['base']> {
  const base: Record<string, string[] | null> = {};
  for (const field of cvMergedFields) {
    base[field] = field === 'skills' || field === 'hobbies' ? [] : null;
  }
  return base;
}

/** "a, b, c" as a list (the form writes skills and hobbies on one line). */
export function splitList(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
}
