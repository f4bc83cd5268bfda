// Ledger rows as the API answers them and devices mirror them: point entries, check-ins and
// order groups with the names of the people and groups they involve, and staff groups.
import { inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  checkIns,
  groupMembers,
  groups,
  members,
  orderGroups,
  pointEntries,
} from '../../db/schema';
import type { OrderGroupRow, PointEntry, StaffGroup } from '../../../contract/points';
import type { CheckIn } from '../../../contract/checkin';

const iso = (value: string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

async function namesOf(
  db: Queryable,
  memberIds: string[],
  groupIds: string[],
): Promise<{ member: Map<string, string>; group: Map<string, string> }> {
  const member = new Map<string, string>();
  const group = new Map<string, string>();
  const uniqueMembers = [...new Set(memberIds)];
  const uniqueGroups = [...new Set(groupIds)];
  if (uniqueMembers.length > 0) {
    for (const row of await db
      .select({ id: members.id, name: members.name })
      .from(members)
      .where(inArray(members.id, uniqueMembers))) {
      member.set(row.id, row.name);
    }
  }
  if (uniqueGroups.length > 0) {
    for (const row of await db
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(inArray(groups.id, uniqueGroups))) {
      group.set(row.id, row.name);
    }
  }
  return { member, group };
}

export type PointEntryRecord = typeof pointEntries.$inferSelect;
export type CheckInRecord = typeof checkIns.$inferSelect;
export type OrderGroupRecord = typeof orderGroups.$inferSelect;

/** Point entries as the API answers them, with buyer, staff and group names. */
export async function pointEntriesToClient(
  db: Queryable,
  rows: PointEntryRecord[],
): Promise<PointEntry[]> {
  const names = await namesOf(
    db,
    rows.flatMap((r) => [r.buyerMemberId, r.staffMemberId]),
    rows.map((r) => r.sellerGroupId),
  );
  return rows.map((r) => ({
    id: r.id,
    sellerGroupId: r.sellerGroupId,
    sellerGroupName: names.group.get(r.sellerGroupId) ?? '',
    buyerMemberId: r.buyerMemberId,
    buyerName: names.member.get(r.buyerMemberId) ?? '',
    staffMemberId: r.staffMemberId,
    staffName: names.member.get(r.staffMemberId) ?? '',
    orderGroupId: r.orderGroupId,
    invoiceNumber: r.invoiceNumber,
    invoiceValue: Number(r.invoiceValue),
    accumulatedPoints: Number(r.accumulatedPoints),
    deductedPoints: Number(r.deductedPoints),
    paymentAmount: Number(r.paymentAmount),
    note: r.note,
    recordedAt: new Date(r.recordedAt).toISOString(),
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    deletedAt: iso(r.deletedAt),
  }));
}

/** Check-ins as the API answers them, with member, staff and group names. */
export async function checkInsToClient(db: Queryable, rows: CheckInRecord[]): Promise<CheckIn[]> {
  const names = await namesOf(
    db,
    rows.flatMap((r) => [r.memberId, r.staffMemberId]),
    rows.map((r) => r.groupId),
  );
  return rows.map((r) => ({
    id: r.id,
    groupId: r.groupId,
    groupName: names.group.get(r.groupId) ?? '',
    memberId: r.memberId,
    memberName: names.member.get(r.memberId) ?? '',
    staffMemberId: r.staffMemberId,
    staffName: names.member.get(r.staffMemberId) ?? '',
    checkedInAt: new Date(r.checkedInAt).toISOString(),
    duplicateOf: r.duplicateOf,
    note: r.note,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    deletedAt: iso(r.deletedAt),
  }));
}

export function orderGroupToClient(r: OrderGroupRecord): OrderGroupRow {
  return {
    id: r.id,
    sellerGroupId: r.sellerGroupId,
    buyerMemberId: r.buyerMemberId,
    staffMemberId: r.staffMemberId,
    title: r.title,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    deletedAt: iso(r.deletedAt),
  };
}

export type StaffGroupRecord = typeof groupMembers.$inferSelect;

/** Memberships as the device's staffGroups; a membership that no longer makes staff is a tombstone. */
export async function staffGroupsToClient(
  db: Queryable,
  records: StaffGroupRecord[],
): Promise<StaffGroup[]> {
  const groupRows =
    records.length === 0
      ? []
      : await db
          .select({ id: groups.id, name: groups.name, rate: groups.pointsPerThousand })
          .from(groups)
          .where(
            inArray(
              groups.id,
              records.map((r) => r.groupId),
            ),
          );
  const byId = new Map(groupRows.map((g) => [g.id, g]));
  return records.map((r): StaffGroup => {
    const staff = (r.role === 'admin' || r.role === 'seller') && r.status === 'active';
    return {
      id: r.id,
      groupId: r.groupId,
      groupName: byId.get(r.groupId)?.name ?? '',
      role: r.role === 'admin' ? 'admin' : 'seller',
      pointsPerThousand: byId.get(r.groupId)?.rate ?? 1,
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
      deletedAt: iso(r.deletedAt) ?? (staff ? null : new Date(r.updatedAt).toISOString()),
    };
  });
}
