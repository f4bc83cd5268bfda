// What the delta pull carries of the ledger: a member's devices mirror their own entries,
// check-ins and order groups, every one of the groups they staff, and those staff groups.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { checkIns, groupMembers, orderGroups, pointEntries } from '../../db/schema';
import type { PullSource } from '../../sync/registry';
import { staffGroupIds } from './staff';
import {
  checkInsToClient,
  orderGroupToClient,
  pointEntriesToClient,
  staffGroupsToClient,
  type CheckInRecord,
  type OrderGroupRecord,
  type PointEntryRecord,
  type StaffGroupRecord,
} from './to-client';

/** Rows a member's devices mirror: their own entries and every entry of groups they staff. */
function ledgerScope(buyerColumn: AnyPgColumn, groupColumn: AnyPgColumn, memberId: string): SQL {
  return sql`(${buyerColumn} = ${memberId} OR ${groupColumn} IN (${staffGroupIds(memberId)}))`;
}

export const pointEntriesPullSource: PullSource<'pointEntries'> = {
  entity: 'pointEntries',
  table: pointEntries,
  scope: (memberId) =>
    ledgerScope(pointEntries.buyerMemberId, pointEntries.sellerGroupId, memberId),
  originColumn: pointEntries.originClientId,
  toClient: async (rows, { tx }) => await pointEntriesToClient(tx, rows as PointEntryRecord[]),
};

export const checkInsPullSource: PullSource<'checkIns'> = {
  entity: 'checkIns',
  table: checkIns,
  scope: (memberId) => ledgerScope(checkIns.memberId, checkIns.groupId, memberId),
  originColumn: checkIns.originClientId,
  toClient: async (rows, { tx }) => await checkInsToClient(tx, rows as CheckInRecord[]),
};

export const orderGroupsPullSource: PullSource<'orderGroups'> = {
  entity: 'orderGroups',
  table: orderGroups,
  scope: (memberId) => ledgerScope(orderGroups.buyerMemberId, orderGroups.sellerGroupId, memberId),
  toClient: (rows) => Promise.resolve((rows as OrderGroupRecord[]).map(orderGroupToClient)),
};

/** The groups a member is staff of; a lost role arrives as a tombstone. */
export const staffGroupsPullSource: PullSource<'staffGroups'> = {
  entity: 'staffGroups',
  table: groupMembers,
  scope: (memberId) => sql`${groupMembers.memberId} = ${memberId}`,
  toClient: async (rows, { tx }) => await staffGroupsToClient(tx, rows as StaffGroupRecord[]),
};
