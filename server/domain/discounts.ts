// Discount offers of groups (decision 0810): REST writes by a group's admins or its agency's
// admins, and the pull source that mirrors the offers to the devices of the group's members and
// staff (a seller applies them offline; a member sees what their groups offer).
import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { groups } from '../db/schema';
import { discountGroups } from '../db/schema-agency';
import type { DiscountGroup } from '../../contract/discount';
import type { PullSource } from '../sync/registry';
import { readableGroupIds } from '../agency-access';

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
export const discountGroupsPullSource: PullSource = {
  entity: 'discountGroups',
  table: discountGroups,
  scope: (memberId) => sql`${discountGroups.groupId} IN (${readableGroupIds(memberId)})`,
  toClient: async (rows, { tx }) =>
    (await discountGroupsToClient(tx, rows as DiscountGroupRecord[])) as unknown as Record<
      string,
      unknown
    >[],
};
