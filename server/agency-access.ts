// Who may act on the calls of agencies, discounts, association reports and the explore
// directory (the table of decision 0810). Every route of those areas asks here; nothing else
// decides.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from './db/client';
import { agencies, agencyAdmins, groupMembers, groups } from './db/schema';
import { ApiError } from './http/errors';
import { activeMembership, activeMembershipSql } from './domain/membership';

/** Agencies the member administers, oldest first. */
export async function administeredAgencies(db: Queryable, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ id: agencyAdmins.agencyId })
    .from(agencyAdmins)
    .innerJoin(agencies, eq(agencies.id, agencyAdmins.agencyId))
    .where(and(eq(agencyAdmins.memberId, memberId), isNull(agencies.deletedAt)))
    .orderBy(agencyAdmins.createdAt);
  return rows.map((r) => r.id);
}

/**
 * The agency an admin acts on: the asked one when they administer it (403 otherwise, 404 when
 * it does not exist), else their first agency (403 when they have none).
 */
export async function requireAgencyAdmin(
  db: Queryable,
  memberId: string,
  agencyId?: string,
): Promise<string> {
  const mine = await administeredAgencies(db, memberId);
  if (!agencyId) {
    if (!mine[0]) throw new ApiError(403, 'agency_required');
    return mine[0];
  }
  if (mine.includes(agencyId)) return agencyId;
  const [exists] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(eq(agencies.id, agencyId), isNull(agencies.deletedAt)));
  if (!exists) throw new ApiError(404, 'not_found');
  throw new ApiError(403, 'forbidden');
}

export interface GroupFacts {
  id: string;
  name: string;
  agencyId: string | null;
}

/** A group that exists, or 404. */
export async function requireGroup(db: Queryable, groupId: string): Promise<GroupFacts> {
  const [row] = await db
    .select({ id: groups.id, name: groups.name, agencyId: groups.agencyId })
    .from(groups)
    .where(and(eq(groups.id, groupId), isNull(groups.deletedAt)));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** The member's active role at each asked group (groups where they have none are left out). */
export async function groupRoles(
  db: Queryable,
  memberId: string,
  groupIds: string[],
): Promise<Map<string, 'admin' | 'seller' | 'member'>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({ groupId: groupMembers.groupId, role: groupMembers.role })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.memberId, memberId),
        inArray(groupMembers.groupId, groupIds),
        activeMembership(),
      ),
    );
  return new Map(rows.map((r) => [r.groupId, r.role]));
}

/** Whether the member administers the agency the group belongs to. */
async function isAgencyAdminOf(db: Queryable, memberId: string, group: GroupFacts) {
  if (!group.agencyId) return false;
  return (await administeredAgencies(db, memberId)).includes(group.agencyId);
}

/** A group admin of the group, or an admin of its agency; 403 otherwise. */
export async function requireGroupManager(
  db: Queryable,
  memberId: string,
  groupId: string,
): Promise<GroupFacts> {
  const group = await requireGroup(db, groupId);
  const role = (await groupRoles(db, memberId, [groupId])).get(groupId);
  if (role === 'admin' || (await isAgencyAdminOf(db, memberId, group))) return group;
  throw new ApiError(403, 'forbidden');
}

/** Any active member (member, seller, admin) of the group, or an admin of its agency. */
export async function requireGroupReader(
  db: Queryable,
  memberId: string,
  groupId: string,
): Promise<GroupFacts> {
  const group = await requireGroup(db, groupId);
  if ((await groupRoles(db, memberId, [groupId])).has(groupId)) return group;
  if (await isAgencyAdminOf(db, memberId, group)) return group;
  throw new ApiError(403, 'forbidden');
}

/** Groups whose discounts the member sees: their active groups and every group of their agencies. */
export function readableGroupIds(memberId: string): SQL {
  return sql`SELECT gm.group_id FROM group_members gm
      WHERE gm.member_id = ${memberId} AND ${activeMembershipSql('gm')}
    UNION SELECT g.id FROM groups g JOIN agency_admins aa ON aa.agency_id = g.agency_id
      WHERE aa.member_id = ${memberId}`;
}

/** Groups whose discount uses the member sees in full: groups they staff, groups of their agencies. */
export function managedGroupIds(memberId: string): SQL {
  return sql`SELECT gm.group_id FROM group_members gm
      WHERE gm.member_id = ${memberId} AND gm.role IN ('admin', 'seller')
        AND ${activeMembershipSql('gm')}
    UNION SELECT g.id FROM groups g JOIN agency_admins aa ON aa.agency_id = g.agency_id
      WHERE aa.member_id = ${memberId}`;
}
