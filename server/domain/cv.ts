// CVs (decision 0711): the one write path (cv.save) shared by the REST route and the batch push,
// the pull source of `cvs` (the member's own CV), and the public read behind /cv/{memberId}.
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { isUuid } from '../../contract/common';
import type { Queryable } from '../db/client';
import { activities, members } from '../db/schema';
import { memberCvs } from '../db/schema-job-diary-cv';
import { ApiError } from '../http/errors';
import { canSee, relationTo } from '../visibility';
import type { MutationHandler, PullSource } from '../sync/registry';
import {
  buildCvDocument,
  cvActivityTypes,
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

/** Creates or replaces the caller's CV (last write wins); the row's id is the member's id. */
export const saveCv: MutationHandler<'cv.save'> = {
  async run(tx, ctx, input) {
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

export const cvPullSource: PullSource = {
  entity: 'cvs',
  table: memberCvs,
  scope: (memberId) => sql`${memberCvs.id} = ${memberId}`,
  toClient: (rows) =>
    Promise.resolve((rows as CvRow[]).map(cvForClient) as unknown as Record<string, unknown>[]),
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
