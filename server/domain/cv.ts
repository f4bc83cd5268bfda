// CVs (decision 0711): the one write path (cv.save) shared by the REST route and the batch push,
// the pull source of `cvs` (the member's own CV), and the public read behind /cv/{memberId}.
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { isUuid } from '../../contract/common';
import type { Queryable } from '../db/client';
import { activities, members } from '../db/schema';
import { memberCvs } from '../db/schema-job-diary-cv';
import { ApiError } from '../http/errors';
import { canSee, relationTo } from '../visibility';
import type { MutationContext, MutationHandler, PullSource } from '../sync/registry';
import { changedFieldsOf, mergeAndRecord, pickFields } from './conflicts';
import type { ConflictTarget } from './conflict-target';
import type { FieldValues } from '../../contract/field-merge';
import {
  buildCvDocument,
  cvActivityTypes,
  cvMergedFields,
  type CvDocument,
  type MemberCv,
} from '../../contract/cv';

type CvRow = typeof memberCvs.$inferSelect;

export function cvForClient(row: CvRow): MemberCv {
  return {
    id: row.id,
    memberId: row.id,
    email: row.email,
    phone: row.phone,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    address: row.address,
    aboutMe: row.aboutMe,
    skills: row.skills,
    hobbies: row.hobbies,
    visibility: row.visibility,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  };
}

/** The merged fields of a stored CV, by field name. */
function storedCvFields(row: CvRow): FieldValues {
  const stored: FieldValues = {};
  for (const field of cvMergedFields) stored[field] = row[field];
  return stored;
}

/** The CV columns of merged field values (only the fields present; a blank is never written). */
function cvColumns(values: FieldValues): Partial<CvRow> {
  const set: Record<string, unknown> = {};
  for (const field of cvMergedFields) {
    if (!Object.hasOwn(values, field)) continue;
    const value = values[field];
    if (field === 'skills' || field === 'hobbies') set[field] = Array.isArray(value) ? value : [];
    else if (typeof value === 'string' && value !== '') set[field] = value;
  }
  return set;
}

/**
 * Writes changed fields to the member's CV, merged per field against `base` (decision 1062): a
 * field another device wrote since the base is overwritten and its value kept as a conflict.
 */
async function writeCvFields(
  tx: Queryable,
  ctx: MutationContext,
  existing: CvRow,
  changed: FieldValues,
  base: FieldValues | undefined,
): Promise<CvRow> {
  const set = await mergeAndRecord(
    tx,
    ctx,
    { entity: 'cvs', rowId: existing.id, label: '' },
    storedCvFields(existing),
    changed,
    base,
  );
  const columns = cvColumns(set);
  if (Object.keys(columns).length === 0) return existing;
  const [row] = await tx
    .update(memberCvs)
    .set(columns)
    .where(eq(memberCvs.id, existing.id))
    .returning();
  if (!row) throw new ApiError(409, 'conflict');
  return row;
}

/**
 * Saves the caller's CV; the row's id is the member's id. The first save writes every field; an
 * edit with a base writes the fields it names, per field (decision 1062).
 */
export const saveCv: MutationHandler<'cv.save'> = {
  async run(tx, ctx, input) {
    const [existing] = await tx
      .select()
      .from(memberCvs)
      .where(eq(memberCvs.id, ctx.memberId))
      .for('update');
    if (existing && existing.deletedAt === null && input.base) {
      const next: FieldValues = {};
      for (const field of cvMergedFields) next[field] = input[field];
      return cvForClient(
        await writeCvFields(tx, ctx, existing, changedFieldsOf(next, input.base), input.base),
      );
    }
    const values = {
      email: input.email,
      phone: input.phone,
      gender: input.gender,
      dateOfBirth: input.dateOfBirth,
      address: input.address,
      aboutMe: input.aboutMe,
      skills: input.skills,
      hobbies: input.hobbies,
      visibility: input.visibility,
      deletedAt: null,
    };
    const [row] = await tx
      .insert(memberCvs)
      .values({ id: ctx.memberId, ...values })
      .onConflictDoUpdate({ target: memberCvs.id, set: values })
      .returning();
    if (!row) throw new ApiError(409, 'conflict');
    return cvForClient(row);
  },
};

/** How conflict.resolve writes the member's kept CV values back (decision 1062). */
export const cvConflictTarget: ConflictTarget = {
  async writeFields(tx, ctx, rowId, values, base) {
    if (rowId !== ctx.memberId) throw new ApiError(403, 'forbidden');
    const [existing] = await tx
      .select()
      .from(memberCvs)
      .where(eq(memberCvs.id, rowId))
      .for('update');
    if (!existing || existing.deletedAt !== null) return;
    await writeCvFields(tx, ctx, existing, pickFields(values, cvMergedFields), base);
  },
};

export const cvPullSource: PullSource<'cvs'> = {
  entity: 'cvs',
  table: memberCvs,
  scope: (memberId) => sql`${memberCvs.id} = ${memberId}`,
  toClient: (rows) => Promise.resolve((rows as CvRow[]).map(cvForClient)),
};

/** The caller's own CV, or 404 when none was saved yet. */
export async function ownCv(db: Queryable, memberId: string): Promise<MemberCv> {
  const [row] = await db.select().from(memberCvs).where(eq(memberCvs.id, memberId));
  if (!row || row.deletedAt !== null) throw new ApiError(404, 'not_found');
  return cvForClient(row);
}

/**
 * The CV of a member as this viewer may see it: an unknown member, a member without a CV and a
 * CV its owner keeps from this viewer all answer 404 (decision 0711). Experience and education
 * are the owner's live activities of those types that the viewer may see.
 */
export async function visibleCv(
  db: Queryable,
  viewerId: string | undefined,
  idOrLink: string,
): Promise<CvDocument> {
  const memberId = await cvMemberId(db, idOrLink);
  if (!memberId) throw new ApiError(404, 'not_found');
  const [member] = await db
    .select({
      id: members.id,
      name: members.name,
      jobTitle: members.jobTitle,
      avatarUrl: members.avatarUrl,
      status: members.status,
      deletedAt: members.deletedAt,
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member || member.deletedAt !== null || member.status === 'locked') {
    throw new ApiError(404, 'not_found');
  }
  const [row] = await db.select().from(memberCvs).where(eq(memberCvs.id, memberId));
  if (!row || row.deletedAt !== null) throw new ApiError(404, 'not_found');
  const relation = await relationTo(db, viewerId, { memberId, groupId: null });
  if (!canSee(row.visibility, relation)) throw new ApiError(404, 'not_found');
  const items = await db
    .select({
      type: activities.type,
      displayName: activities.displayName,
      content: activities.content,
      ordinal: activities.ordinal,
      policy: activities.policy,
    })
    .from(activities)
    .where(
      and(
        eq(activities.memberId, memberId),
        isNull(activities.deletedAt),
        inArray(activities.type, Object.values(cvActivityTypes)),
      ),
    );
  return buildCvDocument(
    cvForClient(row),
    { name: member.name, jobTitle: member.jobTitle, avatarUrl: member.avatarUrl },
    items.filter((item) => canSee(item.policy, relation)),
  );
}

/** Whether /cv/{memberId} has a page for anyone at all (the shell's 404 status, decision 0711). */
export async function cvPageExists(db: Queryable, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberCvs.id })
    .from(memberCvs)
    .innerJoin(members, eq(members.id, memberCvs.id))
    .where(and(eq(memberCvs.id, memberId), isNull(memberCvs.deletedAt), isNull(members.deletedAt)));
  return row !== undefined;
}

/** The database handle CV reads take: a connection or a transaction. */
export type CvReadDatabase = Queryable;

/** Whether a live member has a public CV. */
export async function hasPublicCv(db: Queryable, idOrLink: string): Promise<boolean> {
  const memberId = await cvMemberId(db, idOrLink);
  if (!memberId) return false;
  const [row] = await db
    .select({ id: memberCvs.id })
    .from(memberCvs)
    .innerJoin(members, eq(members.id, memberCvs.id))
    .where(
      and(
        eq(memberCvs.id, memberId),
        eq(memberCvs.visibility, 'public'),
        isNull(memberCvs.deletedAt),
        isNull(members.deletedAt),
      ),
    );
  return row !== undefined;
}

/**
 * The member a CV address names: the member's short link (the address a member shares,
 * `/cv/<link>`) or, as before, the member id.
 */
async function cvMemberId(db: Queryable, idOrLink: string): Promise<string | undefined> {
  const key = isUuid(idOrLink)
    ? or(eq(members.id, idOrLink.toLowerCase()), eq(members.urlMinify, idOrLink))
    : eq(members.urlMinify, idOrLink);
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(key, isNull(members.deletedAt)))
    .limit(1);
  return row?.id;
}
