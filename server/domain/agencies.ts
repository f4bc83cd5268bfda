// An agency's administration (spec §6, decision 0810): its admins, its groups and their
// admins, and the products it recommends.
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Database, Queryable } from '../db/client';
import { agencies, agencyAdmins, groupMembers, groups, members, products } from '../db/schema';
import { agencyRecommendedProducts } from '../db/schema-agency';
import { ApiError } from '../http/errors';
import {
  agencyPageSize,
  type AgencyAdmin,
  type AgencyGroup,
  type AgencyPage,
  type AgencySummary,
  type OrganizeAdmin,
  type agencyGroupCreateSchema,
  type agencyGroupsQuerySchema,
  type agencyGroupUpdateSchema,
} from '../../contract/agency';
import { checkUrlMinify } from '../card-links';
import { slugForName } from '../auth/url-minify';
import { activeMembership, activeMembershipSql } from './membership';

const agencyGroupColumns = {
  id: groups.id,
  name: groups.name,
  note: groups.note,
  urlMinify: groups.urlMinify,
  kind: groups.kind,
  language: groups.language,
  layoutPermission: groups.layoutPermission,
};

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Names and links of these agencies (in no particular order). */
export async function agencySummaries(db: Queryable, ids: string[]): Promise<AgencySummary[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: agencies.id, name: agencies.name, urlMinify: agencies.urlMinify })
    .from(agencies)
    .where(inArray(agencies.id, ids));
}

/** The agency's admins, first named first. */
export function agencyAdminsOf(db: Queryable, agencyId: string): Promise<AgencyAdmin[]> {
  return db
    .select({
      memberId: members.id,
      name: members.name,
      urlMinify: members.urlMinify,
      avatarUrl: members.avatarUrl,
    })
    .from(agencyAdmins)
    .innerJoin(members, eq(members.id, agencyAdmins.memberId))
    .where(and(eq(agencyAdmins.agencyId, agencyId), isNull(members.deletedAt)))
    .orderBy(asc(agencyAdmins.createdAt), asc(members.id));
}

/** One page of the agency's live groups by name, with their active member counts. */
export async function agencyGroupPage(
  db: Queryable,
  agencyId: string,
  q: v.InferOutput<typeof agencyGroupsQuerySchema>,
): Promise<AgencyPage<AgencyGroup>> {
  const where = and(
    eq(groups.agencyId, agencyId),
    isNull(groups.deletedAt),
    q.filter
      ? or(ilike(groups.name, likeOf(q.filter)), ilike(groups.urlMinify, likeOf(q.filter)))
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(groups).where(where);
  const rows = await db
    .select({
      ...agencyGroupColumns,
      // Written out: drizzle renders ${groups.id} as a bare "id" here, which the subquery
      // read as gm.id (every count was 0).
      members: sql<number>`(SELECT count(*)::int FROM group_members gm
          WHERE gm.group_id = "groups"."id" AND ${activeMembershipSql('gm')})`,
    })
    .from(groups)
    .where(where)
    .orderBy(asc(groups.name), asc(groups.id))
    .limit(agencyPageSize)
    .offset((q.page - 1) * agencyPageSize);
  return {
    items: rows.map((r) => ({ ...r, members: Number(r.members) })),
    page: q.page,
    total: total?.n ?? 0,
  };
}

/** The admins and sellers of the agency's live groups, by group, role and name. */
export async function organizeAdmins(db: Queryable, agencyId: string): Promise<OrganizeAdmin[]> {
  const rows = await db
    .select({
      memberId: members.id,
      name: members.name,
      urlMinify: members.urlMinify,
      avatarUrl: members.avatarUrl,
      groupId: groups.id,
      groupName: groups.name,
      role: groupMembers.role,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(members, eq(members.id, groupMembers.memberId))
    .where(
      and(
        eq(groups.agencyId, agencyId),
        isNull(groups.deletedAt),
        inArray(groupMembers.role, ['admin', 'seller']),
        activeMembership(),
      ),
    )
    .orderBy(asc(groups.name), asc(groupMembers.role), asc(members.name));
  return rows as OrganizeAdmin[];
}

/** Changes the fields given of one of the agency's groups. */
export async function updateAgencyGroup(
  db: Queryable,
  groupId: string,
  input: v.InferOutput<typeof agencyGroupUpdateSchema>,
) {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const [row] = await db
    .update(groups)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(groups.id, groupId))
    .returning(agencyGroupColumns);
  return row;
}

/** A new group or brand of the agency (decision 1041); its short link is made from the name. */
export function createAgencyGroup(
  db: Database,
  agencyId: string,
  input: v.InferOutput<typeof agencyGroupCreateSchema>,
) {
  return db.transaction(async (tx) => {
    let link = slugForName(input.name.slice(0, 30));
    while ((await checkUrlMinify(tx, link)).exists) link = slugForName(input.name.slice(0, 30));
    const [created] = await tx
      .insert(groups)
      .values({
        name: input.name,
        kind: input.kind,
        note: input.note ?? null,
        urlMinify: link,
        agencyId,
      })
      .returning(agencyGroupColumns);
    return created!;
  });
}

/** The group leaves the agency's lists and its card; its ledger and reports stay. */
export async function archiveGroup(db: Queryable, groupId: string): Promise<void> {
  await db
    .update(groups)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(groups.id, groupId));
}

/** Makes the member an active admin of the group, whatever their membership was. */
export async function makeGroupAdmin(
  db: Database,
  groupId: string,
  memberId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: groupMembers.id })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.memberId, memberId)))
      .for('update');
    if (row) {
      await tx
        .update(groupMembers)
        .set({ role: 'admin', status: 'active', deletedAt: null, updatedAt: sql`now()` })
        .where(eq(groupMembers.id, row.id));
    } else {
      await tx.insert(groupMembers).values({ groupId, memberId, role: 'admin', status: 'active' });
    }
  });
}

/** The agency's recommended products, in its order. */
export async function recommendedProductIds(db: Queryable, agencyId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: agencyRecommendedProducts.productId })
    .from(agencyRecommendedProducts)
    .where(eq(agencyRecommendedProducts.agencyId, agencyId))
    .orderBy(asc(agencyRecommendedProducts.ordinal));
  return rows.map((r) => r.productId);
}

/** Replaces the list; only live products of the agency's groups may be recommended (422). */
export async function replaceRecommendedProducts(
  db: Database,
  agencyId: string,
  ids: string[],
): Promise<void> {
  if (ids.length > 0) {
    const found = await db
      .select({ id: products.id })
      .from(products)
      .innerJoin(groups, eq(groups.id, products.groupId))
      .where(
        and(inArray(products.id, ids), eq(groups.agencyId, agencyId), isNull(products.deletedAt)),
      );
    if (found.length !== ids.length) {
      throw new ApiError(422, 'not_allowed_value', { productIds: 'not_allowed_value' });
    }
  }
  await db.transaction(async (tx) => {
    await tx
      .delete(agencyRecommendedProducts)
      .where(eq(agencyRecommendedProducts.agencyId, agencyId));
    if (ids.length > 0) {
      await tx
        .insert(agencyRecommendedProducts)
        .values(ids.map((productId, ordinal) => ({ agencyId, productId, ordinal })));
    }
  });
}
