// Discount offers of groups (decision 0810): REST writes by a group's admins or its agency's
// admins, and the pull source that mirrors the offers to the devices of the group's members and
// staff (a seller applies them offline; a member sees what their groups offer).
import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { queryRows, type Queryable } from '../db/client';
import { groups, members } from '../db/schema';
import { discountGroups, discounts } from '../db/schema-agency';
import { ApiError } from '../http/errors';
import {
  discountPageSize,
  type DiscountGroup,
  type DiscountPage,
  type DiscountUse,
  type discountGroupUpsertSchema,
} from '../../contract/discount';
import type { PullSource } from '../sync/registry';
import { managedGroupIds, readableGroupIds } from '../agency-access';

type DiscountGroupUpsert = v.InferOutput<typeof discountGroupUpsertSchema>;

type DiscountGroupRecord = typeof discountGroups.$inferSelect;

export async function discountGroupsToClient(
  db: Queryable,
  rows: DiscountGroupRecord[],
): Promise<DiscountGroup[]> {
  const ids = [...new Set(rows.map((r) => r.groupId))];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: groups.id, name: groups.name })
            .from(groups)
            .where(inArray(groups.id, ids))
        ).map((g) => [g.id, g.name]),
  );
  return rows.map((r) => ({
    id: r.id,
    groupId: r.groupId,
    groupName: names.get(r.groupId) ?? '',
    title: r.title,
    description: r.description,
    percent: r.percent,
    validFrom: r.validFrom,
    validTo: r.validTo,
    active: r.active,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    deletedAt: r.deletedAt ? new Date(r.deletedAt).toISOString() : null,
  }));
}

/** Offers of every group the member belongs to or whose agency they administer. */
export const discountGroupsPullSource: PullSource<'discountGroups'> = {
  entity: 'discountGroups',
  table: discountGroups,
  scope: (memberId) => sql`${discountGroups.groupId} IN (${readableGroupIds(memberId)})`,
  toClient: async (rows, { tx }) => await discountGroupsToClient(tx, rows as DiscountGroupRecord[]),
};

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

async function usesToClient(
  db: Queryable,
  where: SQL,
  page: number,
): Promise<DiscountPage<DiscountUse>> {
  const [total] = await db.select({ n: count() }).from(discounts).where(where);
  const rows = await db
    .select({
      id: discounts.id,
      discountGroupId: discounts.discountGroupId,
      title: discountGroups.title,
      groupId: discounts.groupId,
      groupName: groups.name,
      memberId: discounts.memberId,
      memberName: members.name,
      staffMemberId: discounts.staffMemberId,
      percent: discounts.percent,
      invoiceValue: discounts.invoiceValue,
      discountAmount: discounts.discountAmount,
      createdAt: discounts.createdAt,
    })
    .from(discounts)
    .innerJoin(discountGroups, eq(discountGroups.id, discounts.discountGroupId))
    .innerJoin(groups, eq(groups.id, discounts.groupId))
    .innerJoin(members, eq(members.id, discounts.memberId))
    .where(where)
    .orderBy(desc(discounts.createdAt), desc(discounts.id))
    .limit(discountPageSize)
    .offset((page - 1) * discountPageSize);
  return {
    items: rows.map((r) => ({
      ...r,
      invoiceValue: Number(r.invoiceValue),
      discountAmount: Number(r.discountAmount),
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    page,
    total: total?.n ?? 0,
  };
}

function discountUseFilter(filter: string | undefined): SQL | undefined {
  if (!filter) return undefined;
  const like = likeOf(filter);
  return or(
    sql`${discounts.discountGroupId} IN (SELECT id FROM discount_groups WHERE title ILIKE ${like})`,
    sql`${discounts.memberId} IN (SELECT id FROM members WHERE name ILIKE ${like})`,
  );
}

/** Uses a member sees: their own, and every use at groups they staff or whose agency they run. */
function visibleUses(memberId: string): SQL {
  return sql`(${discounts.memberId} = ${memberId} OR ${discounts.groupId} IN (${managedGroupIds(memberId)}))`;
}

/** One page of offers: of the groups the member may read, by title, of one group. */
export async function offerPage(
  db: Queryable,
  f: { readableBy: string; filter?: string | undefined; groupId?: string | undefined },
  page: number,
) {
  const where = and(
    isNull(discountGroups.deletedAt),
    sql`${discountGroups.groupId} IN (${readableGroupIds(f.readableBy)})`,
    f.filter ? ilike(discountGroups.title, likeOf(f.filter)) : undefined,
    f.groupId ? eq(discountGroups.groupId, f.groupId) : undefined,
  )!;
  const [total] = await db.select({ n: count() }).from(discountGroups).where(where);
  const rows = await db
    .select()
    .from(discountGroups)
    .where(where)
    .orderBy(desc(discountGroups.validTo), discountGroups.title, discountGroups.id)
    .limit(discountPageSize)
    .offset((page - 1) * discountPageSize);
  return { items: await discountGroupsToClient(db, rows), page, total: total?.n ?? 0 };
}

/** A live offer by id, or 404. */
export async function offerRow(db: Queryable, id: string) {
  const [row] = await db
    .select()
    .from(discountGroups)
    .where(and(eq(discountGroups.id, id), isNull(discountGroups.deletedAt)));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/**
 * One page of discounts applied: with `visibleTo`, only those the member may see; `filter`
 * matches the offer's title or the member's name; `groupId` keeps one group's.
 */
export function discountUses(
  db: Queryable,
  f: { visibleTo?: string; filter?: string | undefined; groupId?: string | undefined },
  page: number,
): Promise<DiscountPage<DiscountUse>> {
  const where =
    f.visibleTo === undefined
      ? eq(discounts.groupId, f.groupId!)
      : and(
          visibleUses(f.visibleTo),
          discountUseFilter(f.filter),
          f.groupId ? eq(discounts.groupId, f.groupId) : undefined,
        )!;
  return usesToClient(db, where, page);
}

/** Whether the member staffs the group or runs its agency. */
export async function managesGroup(
  db: Queryable,
  memberId: string,
  groupId: string,
): Promise<boolean> {
  const staff = await queryRows<{ ok: number }>(
    db,
    sql`SELECT 1 AS ok WHERE ${groupId}::uuid IN (${managedGroupIds(memberId)})`,
  );
  return staff[0] !== undefined;
}

export async function discountExists(db: Queryable, id: string): Promise<boolean> {
  const [exists] = await db
    .select({ id: discounts.id })
    .from(discounts)
    .where(eq(discounts.id, id));
  return exists !== undefined;
}

/** One discount applied, if the member may see it. */
export async function visibleDiscountUse(
  db: Queryable,
  id: string,
  memberId: string,
): Promise<DiscountUse | undefined> {
  const page = await usesToClient(db, and(eq(discounts.id, id), visibleUses(memberId))!, 1);
  return page.items[0];
}

/** Every live offer of a group, latest ending first. */
export function groupOffers(db: Queryable, groupId: string): Promise<DiscountGroupRecord[]> {
  return db
    .select()
    .from(discountGroups)
    .where(and(eq(discountGroups.groupId, groupId), isNull(discountGroups.deletedAt)))
    .orderBy(desc(discountGroups.validTo), discountGroups.id);
}

/** A new offer with the client's id; an id already taken is 409. */
export async function createOffer(
  db: Queryable,
  memberId: string,
  input: DiscountGroupUpsert,
): Promise<DiscountGroupRecord> {
  const [existing] = await db
    .select({ id: discountGroups.id })
    .from(discountGroups)
    .where(eq(discountGroups.id, input.id));
  if (existing) throw new ApiError(409, 'conflict');
  const [row] = await db
    .insert(discountGroups)
    .values({ ...input, createdBy: memberId })
    .returning();
  return row!;
}

/** Replaces an offer's terms. */
export async function updateOffer(
  db: Queryable,
  id: string,
  checked: DiscountGroupUpsert,
): Promise<DiscountGroupRecord> {
  const [updated] = await db
    .update(discountGroups)
    .set({
      title: checked.title,
      description: checked.description,
      percent: checked.percent,
      validFrom: checked.validFrom,
      validTo: checked.validTo,
      active: checked.active,
      updatedAt: sql`now()`,
    })
    .where(eq(discountGroups.id, id))
    .returning();
  return updated!;
}
