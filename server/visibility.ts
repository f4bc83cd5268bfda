// The one visibility rule of spec §3/§6 for posts, products, activities and relics:
// public items to everyone, friend items to accepted friends (a group's active members for a
// brand or group), private items to the owner (a member, or a group's owner and admins).
import { sql, type SQL } from 'drizzle-orm';
import type { Policy } from '../contract/common';
import { queryRows, type Queryable } from './db/client';
import { activeMembershipSql } from './domain/membership';

export type ViewerRelation = 'owner' | 'friend' | 'visitor';

/** Policies a viewer with this relation may see. */
export function visiblePolicies(relation: ViewerRelation): Policy[] {
  if (relation === 'owner') return ['public', 'friend', 'private'];
  if (relation === 'friend') return ['public', 'friend'];
  return ['public'];
}

export function canSee(policy: Policy, relation: ViewerRelation): boolean {
  return visiblePolicies(relation).includes(policy);
}

export interface ItemOwner {
  memberId: string | null;
  groupId: string | null;
}

/** How the viewer stands to the owner of a card or an item. */
export async function relationTo(
  db: Queryable,
  viewerId: string | undefined,
  owner: ItemOwner,
): Promise<ViewerRelation> {
  if (!viewerId) return 'visitor';
  if (owner.memberId) {
    if (owner.memberId === viewerId) return 'owner';
    const rows = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM friendships
          WHERE deleted_at IS NULL AND status = 'accepted'
            AND ((from_member_id = ${viewerId} AND to_member_id = ${owner.memberId})
              OR (to_member_id = ${viewerId} AND from_member_id = ${owner.memberId}))`,
    );
    return (rows[0]?.n ?? 0) > 0 ? 'friend' : 'visitor';
  }
  if (owner.groupId) {
    const rows = await queryRows<{ owner: boolean; member: boolean }>(
      db,
      sql`SELECT
            EXISTS (SELECT 1 FROM groups g WHERE g.id = ${owner.groupId} AND g.owner_member_id = ${viewerId})
            OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = ${owner.groupId}
              AND gm.member_id = ${viewerId} AND gm.role = 'admin' AND ${activeMembershipSql('gm')}) AS owner,
            EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = ${owner.groupId}
              AND gm.member_id = ${viewerId} AND ${activeMembershipSql('gm')}) AS member`,
    );
    if (rows[0]?.owner) return 'owner';
    if (rows[0]?.member) return 'friend';
  }
  return 'visitor';
}

/**
 * The same rule as a SQL condition over a table with member_id, group_id and policy columns,
 * for lists that mix owners (product search across brands). `alias` is the table's alias.
 */
export function visibleToSql(alias: string, viewerId: string | undefined): SQL {
  const t = sql.raw(alias);
  if (!viewerId) return sql`${t}.policy = 'public'`;
  const ownsGroup = sql`(${t}.group_id IN (SELECT id FROM groups WHERE owner_member_id = ${viewerId})
    OR ${t}.group_id IN (SELECT group_id FROM group_members WHERE member_id = ${viewerId}
      AND role = 'admin' AND ${activeMembershipSql('group_members')}))`;
  const friendOf = sql`(${t}.member_id IN (
      SELECT CASE WHEN from_member_id = ${viewerId} THEN to_member_id ELSE from_member_id END
      FROM friendships WHERE deleted_at IS NULL AND status = 'accepted'
        AND (from_member_id = ${viewerId} OR to_member_id = ${viewerId}))
    OR ${t}.group_id IN (SELECT group_id FROM group_members WHERE member_id = ${viewerId}
      AND ${activeMembershipSql('group_members')}))`;
  return sql`(${t}.policy = 'public'
    OR ${t}.member_id = ${viewerId} OR ${ownsGroup}
    OR (${t}.policy = 'friend' AND ${friendOf}))`;
}
