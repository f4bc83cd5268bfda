// Group membership: the one definition of a membership that counts (active, not deleted), so
// every rule that asks "is this member in the group" asks it the same way.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { groupMembers } from '../db/schema';

/** A `group_members` row that counts: active and not deleted (query-builder form). */
export function activeMembership(): SQL {
  return and(eq(groupMembers.status, 'active'), isNull(groupMembers.deletedAt))!;
}

/** The same condition for a `group_members` row named `alias` in raw SQL. */
export function activeMembershipSql(alias: string): SQL {
  const row = sql.identifier(alias);
  return sql`${row}.status = 'active' AND ${row}.deleted_at IS NULL`;
}

/** The groups the member is an active admin of. */
export async function groupsAdministeredBy(db: Queryable, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(
      and(eq(groupMembers.memberId, memberId), eq(groupMembers.role, 'admin'), activeMembership()),
    );
  return rows.map((r) => r.id);
}
