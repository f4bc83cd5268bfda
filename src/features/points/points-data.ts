// Data of the points screens: the local ledger mirror (Dexie), what waits in the outbox, and
// the writes (point entries, check-ins) queued with strict durability.
import Dexie, { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  appDb,
  type CheckInRow,
  type DiscountGroupRow,
  type MemberBalanceRow,
  type OrderGroupRow,
  type OutboxEntry,
  type PointEntryRow,
  type StaffGroupRow,
} from '../../db/app-db';
import { queueMutation, type QueueMutationInput } from '../../sync/mutate';
import { timeOrderedId } from '../../sync/time-ordered-id';
import { apiCall } from '../../api/http-client';
import { memberPoint } from '../../../contract/rest-routes';
import { readCookie } from '../../lib/cookies';
import {
  paymentAmount,
  pointsEarned,
  type MemberPointAnswer,
  type PointCreateInput,
} from '../../../contract/points';
import type { CheckInCreateInput } from '../../../contract/checkin';
import type { MutationName } from '../../../contract/mutations';
import { currentMemberId } from '../../api/current-member';
import { findInRoster, memberIdByKey } from './roster-lookup';
import { discountEligibility } from '../../../contract/discount';
import { vietnamDay } from '../../../contract/vietnam-time';

export const pointMutations = [
  'point.create',
  'checkin.create',
] as const satisfies readonly MutationName[];

/** Groups this member logs points and check-ins for (pulled from the server). */
export function useStaffGroups(): StaffGroupRow[] | undefined {
  return useLiveQuery(async () =>
    (await appDb.staffGroups.toArray())
      .filter((g) => g.deletedAt === null)
      .sort((a, b) => a.groupName.localeCompare(b.groupName)),
  );
}

export interface PointsOutbox {
  /** Ids of rows whose write waits to be sent. */
  pendingRowIds: Set<string>;
  /** Point entries and check-ins the server refused, oldest first, with the reason. */
  rejected: OutboxEntry[];
}

export function usePointsOutbox(): PointsOutbox | undefined {
  return useLiveQuery(async () => {
    const entries = await appDb.outbox.toArray();
    const ours = entries
      .filter((e) => (pointMutations as readonly string[]).includes(e.name))
      .sort((a, b) => a.seq - b.seq);
    return {
      pendingRowIds: new Set(ours.filter((e) => e.state === 'pending').map((e) => e.rowKey)),
      rejected: ours.filter((e) => e.state === 'rejected'),
    };
  });
}

/** Entries of one buyer at one group, newest first. */
export function useBuyerLedger(
  buyerMemberId: string | undefined,
  groupId: string | undefined,
): PointEntryRow[] | undefined {
  return useLiveQuery(async () => {
    if (!buyerMemberId || !groupId) return [];
    const rows = await appDb.pointEntries
      .where('[buyerMemberId+sellerGroupId]')
      .equals([buyerMemberId, groupId])
      .toArray();
    return rows
      .filter((r) => r.deletedAt === null)
      .sort((a, b) => b.recordedAt.localeCompare(a.recordedAt));
  }, [buyerMemberId, groupId]);
}

/** Every mirrored entry (the member's own and those of groups they staff), newest first. */
export function useAllEntries(): PointEntryRow[] | undefined {
  return useLiveQuery(async () =>
    (await appDb.pointEntries.toArray())
      .filter((r) => r.deletedAt === null)
      .sort((a, b) => b.recordedAt.localeCompare(a.recordedAt)),
  );
}

export function useAllCheckIns(): CheckInRow[] | undefined {
  return useLiveQuery(async () =>
    (await appDb.checkIns.toArray())
      .filter((r) => r.deletedAt === null)
      .sort((a, b) => b.checkedInAt.localeCompare(a.checkedInAt)),
  );
}

/** One mirrored point entry (undefined while loading or when this device has none). */
export function usePointEntry(entryId: string): PointEntryRow | undefined {
  return useLiveQuery(() => appDb.pointEntries.get(entryId), [entryId]);
}

/** Outbox entries that wrote one point entry: waiting or refused. */
export function usePointEntryOutbox(entryId: string): OutboxEntry[] | undefined {
  return useLiveQuery(
    () => appDb.outbox.where('[table+rowKey]').equals(['pointEntries', entryId]).toArray(),
    [entryId],
  );
}

/** One mirrored check-in. */
export function useCheckIn(checkInId: string): CheckInRow | undefined {
  return useLiveQuery(() => appDb.checkIns.get(checkInId), [checkInId]);
}

/** Order groups of a buyer at every group this device mirrors. */
export function useBuyerOrderGroups(buyerMemberId: string): OrderGroupRow[] | undefined {
  return useLiveQuery(
    () => appDb.orderGroups.where('buyerMemberId').equals(buyerMemberId).toArray(),
    [buyerMemberId],
  );
}

/** Check-ins of a member at a group, newest first. */
export function useMemberCheckIns(
  memberId: string | undefined,
  groupId: string | undefined,
): CheckInRow[] | undefined {
  return useLiveQuery(async () => {
    if (!memberId || !groupId) return [];
    const rows = await appDb.checkIns.where('memberId').equals(memberId).toArray();
    return rows
      .filter((r) => r.groupId === groupId && r.deletedAt === null)
      .sort((a, b) => b.checkedInAt.localeCompare(a.checkedInAt));
  }, [memberId, groupId]);
}

/** The name of a member as this device knows it (looked up earlier, or from their entries). */
export function useMemberName(memberId: string | undefined): string | undefined {
  return useLiveQuery(async () => {
    if (!memberId) return undefined;
    const balance = await appDb.memberBalances.where('memberId').equals(memberId).first();
    if (balance?.memberName) return balance.memberName;
    const entry = await appDb.pointEntries
      .where('[buyerMemberId+sellerGroupId]')
      .between([memberId, Dexie.minKey], [memberId, Dexie.maxKey])
      .first();
    if (entry?.buyerName) return entry.buyerName;
    const checkIn = await appDb.checkIns.where('memberId').equals(memberId).first();
    if (checkIn?.memberName) return checkIn.memberName;
    const person = await appDb.groupRoster.where('memberId').equals(memberId).first();
    return person?.name || undefined;
  }, [memberId]);
}

export function useMemberBalances(memberId: string | undefined): MemberBalanceRow[] | undefined {
  return useLiveQuery(async () => {
    if (!memberId) return [];
    return appDb.memberBalances.where('memberId').equals(memberId).toArray();
  }, [memberId]);
}

/**
 * Asks the server for a member's balances (their own, or at the staffer's group) and keeps
 * the answer on this device. Online only; the caller shows the local figures meanwhile.
 */
export async function lookUpMemberPoints(
  memberKey: string,
  groupId?: string,
): Promise<MemberPointAnswer> {
  const answer = await apiCall(memberPoint, { params: { memberKey }, query: { groupId } });
  const now = new Date().toISOString();
  await appDb.transaction('rw', appDb.memberBalances, async () => {
    for (const g of answer.groups) {
      await appDb.memberBalances.put({
        memberId: answer.memberId,
        groupId: g.groupId,
        balance: g.balance,
        updatedAt: now,
        groupName: g.groupName,
        memberName: answer.name,
      });
    }
    if (answer.groups.length === 0 && groupId) {
      await appDb.memberBalances.put({
        memberId: answer.memberId,
        groupId,
        balance: 0,
        updatedAt: now,
        memberName: answer.name,
      });
    }
  });
  return answer;
}

/** Open order groups of a buyer at a group, newest first. */
export function useOrderGroups(
  buyerMemberId: string | undefined,
  groupId: string | undefined,
): OrderGroupRow[] | undefined {
  return useLiveQuery(async () => {
    if (!buyerMemberId || !groupId) return [];
    const rows = await appDb.orderGroups.where('buyerMemberId').equals(buyerMemberId).toArray();
    return rows
      .filter((r) => r.sellerGroupId === groupId && r.deletedAt === null)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, [buyerMemberId, groupId]);
}

/**
 * Opens an order group (several invoices of one purchase). Offline: saved at once and sent
 * before the entries that belong to it (the outbox keeps the order).
 */
export async function saveOrderGroup(input: {
  group: StaffGroupRow;
  buyerMemberId: string;
  title: string;
}): Promise<OrderGroupRow> {
  const { row, write } = orderGroupWrite({
    sellerGroupId: input.group.groupId,
    buyerMemberId: input.buyerMemberId,
    staffMemberId: currentMemberId() ?? '',
    title: input.title,
  });
  await queueMutation(write);
  return row;
}

/** A new order group's row and its outbox write (strict, like the ledger entries it holds). */
export function orderGroupWrite(input: {
  sellerGroupId: string;
  buyerMemberId: string;
  staffMemberId: string;
  title: string;
}): { row: OrderGroupRow; write: QueueMutationInput<'orderGroup.upsert'> } {
  const now = new Date().toISOString();
  const row: OrderGroupRow = {
    id: crypto.randomUUID(),
    sellerGroupId: input.sellerGroupId,
    buyerMemberId: input.buyerMemberId,
    staffMemberId: input.staffMemberId,
    title: input.title.trim(),
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  const write: QueueMutationInput<'orderGroup.upsert'> = {
    name: 'orderGroup.upsert',
    payload: {
      id: row.id,
      sellerGroupId: row.sellerGroupId,
      buyerMemberId: row.buyerMemberId,
      title: row.title,
    },
    table: 'orderGroups',
    rowId: row.id,
    durability: 'strict',
    apply: (db) => db.orderGroups.add(row),
  };
  return { row, write };
}

export interface NewPointEntry {
  group: StaffGroupRow;
  orderGroupId?: string | null;
  buyerMemberId: string;
  buyerName: string;
  invoiceNumber: string;
  invoiceValue: number;
  deductedPoints: number;
  note: string;
  /** A discount offer of the group applied to this bill; the server checks it again. */
  discountGroupId?: string | null;
}

/**
 * The group's discount offers this buyer may get today, by the rule the server applies again
 * (contract/discount.ts discountEligibility) on what this device mirrors: the offers and the
 * group's roster, so a seller can apply one offline. A customer who is not a member gets none.
 */
export function useUsableDiscounts(
  groupId: string,
  buyerMemberId: string,
): DiscountGroupRow[] | undefined {
  return useLiveQuery(async () => {
    const today = vietnamDay(new Date());
    const rows = await appDb.discountGroups.where('groupId').equals(groupId).toArray();
    const roster = await appDb.groupRoster.where('groupId').equals(groupId).toArray();
    const buyerIsActiveMember = roster.some(
      (r) => r.kind === 'member' && r.memberId === buyerMemberId && r.deletedAt === null,
    );
    const bill = { sellerGroupId: groupId, day: today, buyerIsActiveMember };
    return rows
      .filter((r) => discountEligibility(r, bill) === null)
      .sort((a, b) => b.percent - a.percent || a.title.localeCompare(b.title));
  }, [groupId, buyerMemberId]);
}

/**
 * Logs a point entry. Offline: saved on this device at once (flushed to disk) and sent once
 * when back online; a refusal (e.g. not enough points) stays listed with its reason.
 */
export async function savePointEntry(
  input: NewPointEntry,
): Promise<{ row: PointEntryRow; outboxId: string }> {
  const now = new Date().toISOString();
  const staffMemberId = currentMemberId() ?? '';
  const row: PointEntryRow = {
    id: timeOrderedId(),
    sellerGroupId: input.group.groupId,
    sellerGroupName: input.group.groupName,
    buyerMemberId: input.buyerMemberId,
    buyerName: input.buyerName,
    staffMemberId,
    staffName: readCookie('name') ?? readCookie('userName') ?? '',
    orderGroupId: input.orderGroupId ?? null,
    invoiceNumber: input.invoiceNumber.trim(),
    invoiceValue: input.invoiceValue,
    accumulatedPoints: pointsEarned(input, input.group.pointsPerThousand),
    deductedPoints: input.deductedPoints,
    paymentAmount: paymentAmount(input.invoiceValue, input.deductedPoints),
    note: input.note.trim() || null,
    recordedAt: now,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  const payload: PointCreateInput = {
    id: row.id,
    sellerGroupId: row.sellerGroupId,
    buyerMemberId: row.buyerMemberId,
    invoiceNumber: row.invoiceNumber,
    invoiceValue: row.invoiceValue,
    deductedPoints: row.deductedPoints,
    recordedAt: now,
    ...(row.orderGroupId ? { orderGroupId: row.orderGroupId } : {}),
    ...(row.note ? { note: row.note } : {}),
    ...(input.discountGroupId ? { discountGroupId: input.discountGroupId } : {}),
  };
  const queued = await queueMutation({
    name: 'point.create',
    payload,
    table: 'pointEntries',
    rowId: row.id,
    durability: 'strict',
    apply: (db) => db.pointEntries.add(row),
  });
  return { row, outboxId: queued.id };
}

/**
 * What became of a queued write: still on this device, taken by the server (the outbox entry
 * is gone once the server answered yes) or refused (kept, with its reason).
 */
export function watchOutboxOutcome(
  outboxId: string,
  onAnswer: (outcome: 'accepted' | 'refused') => void,
): () => void {
  const subscription = liveQuery(async () => {
    const entry = await appDb.outbox.get(outboxId);
    if (!entry) return 'accepted' as const;
    return entry.state === 'rejected' ? ('refused' as const) : ('pending' as const);
  }).subscribe((outcome) => {
    if (outcome !== 'pending') onAnswer(outcome);
  });
  return () => subscription.unsubscribe();
}

/**
 * Logs a check-in of a member at the staffer's group. Offline: saved at once (flushed to
 * disk) and sent once when back online; a repeat within 10 minutes is flagged, never dropped.
 */
export async function saveCheckIn(input: {
  group: StaffGroupRow;
  memberId: string;
  memberName: string;
  duplicateOf: string | null;
}): Promise<CheckInRow> {
  const now = new Date().toISOString();
  const row: CheckInRow = {
    id: timeOrderedId(),
    groupId: input.group.groupId,
    groupName: input.group.groupName,
    memberId: input.memberId,
    memberName: input.memberName,
    staffMemberId: currentMemberId() ?? '',
    staffName: readCookie('name') ?? readCookie('userName') ?? '',
    checkedInAt: now,
    duplicateOf: input.duplicateOf,
    note: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  const payload: CheckInCreateInput = {
    id: row.id,
    groupId: row.groupId,
    memberId: row.memberId,
    checkedInAt: now,
  };
  await queueMutation({
    name: 'checkin.create',
    payload,
    table: 'checkIns',
    rowId: row.id,
    durability: 'strict',
    apply: (db) => db.checkIns.add(row),
  });
  return row;
}

/** The payload of a refused point entry, to show what was refused. */
export function refusedEntryOf(entry: OutboxEntry): PointCreateInput | null {
  return entry.name === 'point.create' ? (entry.payload as PointCreateInput) : null;
}

export function refusedCheckInOf(entry: OutboxEntry): CheckInCreateInput | null {
  return entry.name === 'checkin.create' ? (entry.payload as CheckInCreateInput) : null;
}

/** Ids of the groups this device's member staffs now. */
async function staffedGroupIds(): Promise<string[]> {
  return (await appDb.staffGroups.toArray())
    .filter((g) => g.deletedAt === null)
    .map((g) => g.groupId);
}

/** People of the staffed groups matching what the staffer typed, from the device (offline). */
export function useRosterMatches(text: string) {
  return useLiveQuery(async () => findInRoster(appDb, text, await staffedGroupIds()), [text]);
}

/** The member a typed short link or phone names, found on the device; undefined when unknown here. */
export async function resolveLinkOffline(text: string): Promise<string | undefined> {
  return memberIdByKey(appDb, text, await staffedGroupIds());
}
