// Who may do what in a brand or group (decision 0800): one place the member-management,
// join-request and customer routes ask. Roles are group_members rows with status active.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { GroupRole } from '../../contract/member-management';
import { queryRows, type Queryable } from '../db/client';
import { groupMembers, groups } from '../db/schema';
import { ApiError } from '../http/errors';
import { hashToken } from './tokens';
import { activeMembership, activeMembershipSql } from '../domain/membership';

/** The member's active role at a group, or null (a join request is no role). */
export async function groupRoleOf(
  db: Queryable,
  memberId: string,
  groupId: string,
): Promise<GroupRole | null> {
  const [row] = await db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.memberId, memberId),
        activeMembership(),
      ),
    );
  return row?.role ?? null;
}

/** 404 when the group does not exist (or was deleted). */
export async function requireGroup(db: Queryable, groupId: string): Promise<void> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), isNull(groups.deletedAt)));
  if (!row) throw new ApiError(404, 'not_found');
}

/**
 * Only a group's admins manage its members, requests, roles, locks and customers: anyone
 * else gets 403 before anything of the group is read.
 */
export async function requireGroupAdmin(
  db: Queryable,
  memberId: string,
  groupId: string,
): Promise<void> {
  await requireGroup(db, groupId);
  if ((await groupRoleOf(db, memberId, groupId)) !== 'admin') {
    throw new ApiError(403, 'forbidden');
  }
}

/** Active admins of a group, counted under a lock so two demotions cannot both pass. */
export async function countAdmins(db: Queryable, groupId: string): Promise<number> {
  await db.execute(sql`SELECT id FROM groups WHERE id = ${groupId} FOR UPDATE`);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(
      and(eq(groupMembers.groupId, groupId), eq(groupMembers.role, 'admin'), activeMembership()),
    );
  return row?.n ?? 0;
}

/**
 * Groups where this member is the only active admin: locking them would leave those groups
 * with nobody to manage them.
 */
export async function groupsOnlyAdminedBy(db: Queryable, memberId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    SELECT gm.group_id AS id FROM group_members gm
    WHERE gm.member_id = ${memberId} AND gm.role = 'admin' AND ${activeMembershipSql('gm')}
      AND NOT EXISTS (
        SELECT 1 FROM group_members o JOIN members m ON m.id = o.member_id
        WHERE o.group_id = gm.group_id AND o.member_id <> gm.member_id AND o.role = 'admin'
          AND ${activeMembershipSql('o')} AND m.status <> 'locked'
      )`,
  );
  return rows.map((r) => r.id);
}

/**
 * Whether the account a refresh token belongs to is locked: its sessions were ended by the
 * lock, and the refusal says why instead of a plain "session ended" (decision 0801).
 */
export async function refreshTokenOfLockedMember(db: Queryable, token: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM auth_sessions s JOIN members m ON m.id = s.member_id
        WHERE s.token_hash = ${hashToken(token)} AND m.status = 'locked'`,
  );
  return rows.length > 0;
}
