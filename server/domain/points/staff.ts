// Staff authorisation of the points ledger: only a group's active admins and sellers log
// entries and check-ins, see its ledger and export it.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { groupMembers, groups } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { activeMembership, activeMembershipSql } from '../membership';

export type StaffRole = 'admin' | 'seller';

/** What the ledger rules need to know of a group the member is staff of. */
export interface StaffGroupFacts {
  role: StaffRole;
  /** Points per 1,000 VND of invoice. */
  rate: number;
}

/** Roles and point rates of the asked groups where the member is staff (others left out). */
export async function staffFacts(
  db: Queryable,
  memberId: string,
  groupIds: string[],
): Promise<Map<string, StaffGroupFacts>> {
  const rows = await db
    .select({ id: groups.id, role: groupMembers.role, rate: groups.pointsPerThousand })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.memberId, memberId),
        inArray(groupMembers.groupId, [...new Set(groupIds)]),
        activeMembership(),
        isNull(groups.deletedAt),
      ),
    );
  const facts = new Map<string, StaffGroupFacts>();
  for (const r of rows) {
    if (r.role === 'admin' || r.role === 'seller') facts.set(r.id, { role: r.role, rate: r.rate });
  }
  return facts;
}

/** The member's role and rate at a group, or 403 when they are not its staff. */
export async function requireStaffFacts(
  db: Queryable,
  memberId: string,
  groupId: string,
): Promise<StaffGroupFacts> {
  const facts = (await staffFacts(db, memberId, [groupId])).get(groupId);
  if (!facts) throw new ApiError(403, 'forbidden');
  return facts;
}

/** Only a group's admins and sellers log entries, see its ledger and export it. */
export async function requireStaff(
  db: Queryable,
  memberId: string,
  groupId: string,
): Promise<StaffRole> {
  return (await requireStaffFacts(db, memberId, groupId)).role;
}

/** Ids of the groups a member is staff of, as a sub-select. */
export function staffGroupIds(memberId: string): SQL {
  return sql`SELECT gm.group_id FROM group_members gm
    WHERE gm.member_id = ${memberId} AND gm.role IN ('admin', 'seller')
      AND ${activeMembershipSql('gm')}`;
}
