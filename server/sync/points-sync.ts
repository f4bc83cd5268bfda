// The one write path of the points ledger, order groups and check-ins (REST routes and the
// batch push both run these handlers inside runIdempotent), and what staff and members pull.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Queryable, type Transaction } from '../db/client';
import { checkIns, groupMembers, groups, members, orderGroups, pointEntries } from '../db/schema';
import { ApiError } from '../http/errors';
import { registerMutation, registerPullSource, type MutationContext } from './registry';
import {
  orderGroupUpsertSchema,
  paymentAmount,
  pointCreateSchema,
  type PointCreate,
  pointsEarned,
  vndPerPoint,
  type OrderGroupRow,
  type PointEntry,
  type StaffGroup,
} from '../../contract/points';
import { checkInCreateSchema, duplicateWindowMinutes, type CheckIn } from '../../contract/checkin';

export type StaffRole = 'admin' | 'seller';

/** Role of a member at a group when it lets them log points and check-ins; else null. */
export async function staffRole(
  db: Queryable,
  memberId: string,
  groupId: string,
): Promise<StaffRole | null> {
  const rows = await db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.memberId, memberId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, 'active'),
        isNull(groupMembers.deletedAt),
        isNull(groups.deletedAt),
      ),
    );
  const role = rows[0]?.role;
  return role === 'admin' || role === 'seller' ? role : null;
}

/** Only a group's admins and sellers log entries, see its ledger and export it. */
export async function requireStaff(
  db: Queryable,
  memberId: string,
  groupId: string,
): Promise<StaffRole> {
  const role = await staffRole(db, memberId, groupId);
  if (!role) throw new ApiError(403, 'forbidden');
  return role;
}

/** Ids of the groups a member is staff of, as a sub-select. */
export function staffGroupIds(memberId: string): SQL {
  return sql`SELECT gm.group_id FROM group_members gm
    WHERE gm.member_id = ${memberId} AND gm.role IN ('admin', 'seller')
      AND gm.status = 'active' AND gm.deleted_at IS NULL`;
}

export interface Balance {
  accumulatedPoints: number;
  deductedPoints: number;
  balance: number;
}

/** Balance of a buyer at a group, summed from the ledger at this moment. */
export async function ledgerBalanceOf(
  db: Queryable,
  buyerMemberId: string,
  sellerGroupId: string,
): Promise<Balance> {
  const rows = await queryRows<{ acc: string | number; ded: string | number }>(
    db,
    sql`SELECT COALESCE(SUM(accumulated_points), 0) AS acc, COALESCE(SUM(deducted_points), 0) AS ded
        FROM point_entries
        WHERE buyer_member_id = ${buyerMemberId} AND seller_group_id = ${sellerGroupId}
          AND deleted_at IS NULL`,
  );
  const acc = Number(rows[0]?.acc ?? 0);
  const ded = Number(rows[0]?.ded ?? 0);
  return { accumulatedPoints: acc, deductedPoints: ded, balance: acc - ded };
}

/** Serialises every write touching one buyer's balance at one group (or check-ins of a member). */
async function lockPair(tx: Transaction, kind: string, a: string, b: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${kind}:${a}:${b}`}, 0))`);
}

async function requireBuyer(db: Queryable, memberId: string): Promise<void> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)));
  if (!rows[0]) throw new ApiError(404, 'not_found', { memberId: 'not_found' });
}

/** A device clock ahead of the server does not put entries in the future. */
function deviceTime(value: string | undefined, now: Date): string {
  if (!value) return now.toISOString();
  const at = new Date(value);
  return at.getTime() > now.getTime() ? now.toISOString() : at.toISOString();
}

/** Rows of a multi-row insert with the columns the database would default (no RETURNING). */
function freshRecords<T extends object>(rows: T[], now: Date) {
  const at = now.toISOString();
  return rows.map((r) => ({
    ...r,
    createdAt: at,
    updatedAt: at,
    changeSeq: 0,
    deletedAt: null,
  }));
}

/** The columns of a new point entry, as one by one and the batch both write them. */
function pointEntryValues(
  input: PointCreate,
  ctx: MutationContext,
  accumulated: number,
  orderGroupId: string | null,
) {
  return {
    id: input.id,
    sellerGroupId: input.sellerGroupId,
    buyerMemberId: input.buyerMemberId,
    staffMemberId: ctx.memberId,
    orderGroupId,
    invoiceNumber: input.invoiceNumber,
    invoiceValue: input.invoiceValue,
    accumulatedPoints: accumulated,
    deductedPoints: input.deductedPoints,
    paymentAmount: paymentAmount(input.invoiceValue, input.deductedPoints),
    note: input.note || null,
    recordedAt: deviceTime(input.recordedAt, ctx.now),
  };
}

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

type PointEntryRecord = typeof pointEntries.$inferSelect;
type CheckInRecord = typeof checkIns.$inferSelect;
type OrderGroupRecord = typeof orderGroups.$inferSelect;

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

/** Thrown by a batch path to hand the batch back to the one-by-one path. */
class NeedsOneByOne extends Error {}

interface StaffGroupFacts {
  role: StaffRole;
  rate: number;
}

/** Roles and point rates of the asked groups where the member is staff (others left out). */
async function staffFacts(
  tx: Transaction,
  memberId: string,
  groupIds: string[],
): Promise<Map<string, StaffGroupFacts>> {
  const rows = await tx
    .select({ id: groups.id, role: groupMembers.role, rate: groups.pointsPerThousand })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.memberId, memberId),
        inArray(groupMembers.groupId, [...new Set(groupIds)]),
        eq(groupMembers.status, 'active'),
        isNull(groupMembers.deletedAt),
        isNull(groups.deletedAt),
      ),
    );
  const facts = new Map<string, StaffGroupFacts>();
  for (const r of rows) {
    if (r.role === 'admin' || r.role === 'seller') facts.set(r.id, { role: r.role, rate: r.rate });
  }
  return facts;
}

/** Fails the batch unless every id is new and every member exists. */
async function requireFresh(
  tx: Transaction,
  table: typeof pointEntries | typeof checkIns,
  ids: string[],
  memberIds: string[],
): Promise<void> {
  if (new Set(ids).size !== ids.length) throw new NeedsOneByOne();
  const taken = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (taken.length > 0) throw new NeedsOneByOne();
  const wanted = [...new Set(memberIds)];
  const found = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(inArray(members.id, wanted), isNull(members.deletedAt)));
  if (found.length !== wanted.length) throw new NeedsOneByOne();
}

/** Locks pairs in one order, so that two batches never wait on each other in a circle. */
async function lockPairs(tx: Transaction, kind: string, pairs: Iterable<string>): Promise<void> {
  for (const pair of [...new Set(pairs)].sort()) {
    const [a, b] = pair.split('|');
    await lockPair(tx, kind, a!, b!);
  }
}

/**
 * point.create — appends one entry to the ledger.
 * Ordering: a deduction is checked against the balance at the moment the server applies it
 * (entries already on the server, in commit order), not at its recordedAt; an offline entry
 * that arrives late after other deductions used the points is rejected, never made negative.
 */
export const pointCreate = registerMutation('point.create', {
  schema: pointCreateSchema,
  async run(tx, ctx, input): Promise<PointEntry> {
    const role = await requireStaff(tx, ctx.memberId, input.sellerGroupId);
    if (input.buyerMemberId === ctx.memberId) {
      throw new ApiError(422, 'points_self_entry', { buyerMemberId: 'points_self_entry' });
    }
    const existing = await tx.select().from(pointEntries).where(eq(pointEntries.id, input.id));
    if (existing[0]) {
      // The same entry sent again under another key: the first one stands, once.
      const first = existing[0];
      if (
        first.buyerMemberId !== input.buyerMemberId ||
        first.sellerGroupId !== input.sellerGroupId ||
        first.invoiceNumber !== input.invoiceNumber ||
        Number(first.invoiceValue) !== input.invoiceValue
      ) {
        throw new ApiError(409, 'conflict');
      }
      return (await pointEntriesToClient(tx, [first]))[0]!;
    }
    await requireBuyer(tx, input.buyerMemberId);
    const [group] = await tx
      .select({ rate: groups.pointsPerThousand })
      .from(groups)
      .where(eq(groups.id, input.sellerGroupId));
    const computed = pointsEarned(input.invoiceValue, group?.rate ?? 1);
    const accumulated = input.accumulatedPoints ?? computed;
    if (accumulated !== computed && role !== 'admin') {
      throw new ApiError(403, 'points_override_admin_only', {
        accumulatedPoints: 'points_override_admin_only',
      });
    }
    const deducted = input.deductedPoints;
    if (deducted * vndPerPoint > input.invoiceValue) {
      throw new ApiError(422, 'points_exceed_invoice', { deductedPoints: 'points_exceed_invoice' });
    }
    if (input.orderGroupId) {
      const [order] = await tx
        .select()
        .from(orderGroups)
        .where(and(eq(orderGroups.id, input.orderGroupId), isNull(orderGroups.deletedAt)));
      if (
        !order ||
        order.sellerGroupId !== input.sellerGroupId ||
        order.buyerMemberId !== input.buyerMemberId
      ) {
        throw new ApiError(422, 'invalid_value', { orderGroupId: 'invalid_value' });
      }
    }
    if (deducted > 0) {
      await lockPair(tx, 'points', input.buyerMemberId, input.sellerGroupId);
      const { balance } = await ledgerBalanceOf(tx, input.buyerMemberId, input.sellerGroupId);
      if (deducted > balance) {
        throw new ApiError(
          422,
          'points_insufficient',
          { deductedPoints: 'points_insufficient' },
          undefined,
          { available: balance },
        );
      }
    }
    const [row] = await tx
      .insert(pointEntries)
      .values(pointEntryValues(input, ctx, accumulated, input.orderGroupId ?? null))
      .returning();
    return (await pointEntriesToClient(tx, [row!]))[0]!;
  },
  /** The batch push's path: every check of `run` in a few queries, one multi-row insert. */
  async runMany(tx, ctx, inputs): Promise<PointEntry[]> {
    if (inputs.some((i) => i.orderGroupId || i.buyerMemberId === ctx.memberId)) {
      throw new NeedsOneByOne();
    }
    const facts = await staffFacts(
      tx,
      ctx.memberId,
      inputs.map((i) => i.sellerGroupId),
    );
    await requireFresh(
      tx,
      pointEntries,
      inputs.map((i) => i.id),
      inputs.map((i) => i.buyerMemberId),
    );
    const pairOf = (i: { buyerMemberId: string; sellerGroupId: string }) =>
      `${i.buyerMemberId}|${i.sellerGroupId}`;
    const spending = inputs.filter((i) => i.deductedPoints > 0).map(pairOf);
    const balances = new Map<string, number>();
    if (spending.length > 0) {
      await lockPairs(tx, 'points', spending);
      for (const pair of new Set(spending)) {
        const [buyer, group] = pair.split('|');
        balances.set(pair, (await ledgerBalanceOf(tx, buyer!, group!)).balance);
      }
    }
    const rows = inputs.map((input) => {
      const group = facts.get(input.sellerGroupId);
      if (!group) throw new NeedsOneByOne();
      const computed = pointsEarned(input.invoiceValue, group.rate);
      const accumulated = input.accumulatedPoints ?? computed;
      if (accumulated !== computed && group.role !== 'admin') throw new NeedsOneByOne();
      if (input.deductedPoints * vndPerPoint > input.invoiceValue) throw new NeedsOneByOne();
      const pair = pairOf(input);
      // Same order as one by one: a deduction sees the entries applied before it.
      if (balances.has(pair)) {
        const before = balances.get(pair)!;
        if (input.deductedPoints > before) throw new NeedsOneByOne();
        balances.set(pair, before + accumulated - input.deductedPoints);
      }
      return pointEntryValues(input, ctx, accumulated, null);
    });
    // The rows are known in full: no RETURNING to read back (it costs as much as the insert).
    const records = freshRecords(rows, ctx.now);
    await tx.insert(pointEntries).values(records);
    return pointEntriesToClient(tx, records);
  },
});

/**
 * checkin.create — records a visit. A visit of the same member at the same group within
 * the window of an earlier first visit is kept and flagged with duplicate_of, not dropped.
 */
export const checkInCreate = registerMutation('checkin.create', {
  schema: checkInCreateSchema,
  async run(tx, ctx, input): Promise<CheckIn> {
    await requireStaff(tx, ctx.memberId, input.groupId);
    if (input.memberId === ctx.memberId) {
      throw new ApiError(422, 'points_self_entry', { memberId: 'points_self_entry' });
    }
    const existing = await tx.select().from(checkIns).where(eq(checkIns.id, input.id));
    if (existing[0]) {
      if (existing[0].memberId !== input.memberId || existing[0].groupId !== input.groupId) {
        throw new ApiError(409, 'conflict');
      }
      return (await checkInsToClient(tx, [existing[0]]))[0]!;
    }
    await requireBuyer(tx, input.memberId);
    await lockPair(tx, 'checkin', input.memberId, input.groupId);
    const at = deviceTime(input.checkedInAt, ctx.now);
    const windowMs = duplicateWindowMinutes * 60_000;
    const from = new Date(new Date(at).getTime() - windowMs).toISOString();
    const to = new Date(new Date(at).getTime() + windowMs).toISOString();
    const earlier = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM check_ins
          WHERE member_id = ${input.memberId} AND group_id = ${input.groupId}
            AND deleted_at IS NULL AND duplicate_of IS NULL
            AND checked_in_at > ${from}::timestamptz AND checked_in_at < ${to}::timestamptz
          ORDER BY checked_in_at, id LIMIT 1`,
    );
    const [row] = await tx
      .insert(checkIns)
      .values({
        id: input.id,
        groupId: input.groupId,
        memberId: input.memberId,
        staffMemberId: ctx.memberId,
        checkedInAt: at,
        duplicateOf: earlier[0]?.id ?? null,
        note: input.note || null,
      })
      .returning();
    return (await checkInsToClient(tx, [row!]))[0]!;
  },
  /** The batch push's path: duplicates decided in order, as one by one would. */
  async runMany(tx, ctx, inputs): Promise<CheckIn[]> {
    if (inputs.some((i) => i.memberId === ctx.memberId)) throw new NeedsOneByOne();
    const facts = await staffFacts(
      tx,
      ctx.memberId,
      inputs.map((i) => i.groupId),
    );
    if (inputs.some((i) => !facts.has(i.groupId))) throw new NeedsOneByOne();
    await requireFresh(
      tx,
      checkIns,
      inputs.map((i) => i.id),
      inputs.map((i) => i.memberId),
    );
    await lockPairs(
      tx,
      'checkin',
      inputs.map((i) => `${i.memberId}|${i.groupId}`),
    );
    const windowMs = duplicateWindowMinutes * 60_000;
    const times = inputs.map((i) => new Date(deviceTime(i.checkedInAt, ctx.now)).getTime());
    const from = new Date(Math.min(...times) - windowMs).toISOString();
    const to = new Date(Math.max(...times) + windowMs).toISOString();
    const firsts = await tx
      .select({
        id: checkIns.id,
        memberId: checkIns.memberId,
        groupId: checkIns.groupId,
        checkedInAt: checkIns.checkedInAt,
      })
      .from(checkIns)
      .where(
        and(
          inArray(checkIns.memberId, [...new Set(inputs.map((i) => i.memberId))]),
          inArray(checkIns.groupId, [...new Set(inputs.map((i) => i.groupId))]),
          isNull(checkIns.deletedAt),
          isNull(checkIns.duplicateOf),
          sql`${checkIns.checkedInAt} > ${from}::timestamptz`,
          sql`${checkIns.checkedInAt} < ${to}::timestamptz`,
        ),
      );
    const known = firsts.map((f) => ({ ...f, at: new Date(f.checkedInAt).getTime() }));
    const rows = inputs.map((input, n) => {
      const at = times[n]!;
      const earlier = known
        .filter(
          (k) =>
            k.memberId === input.memberId &&
            k.groupId === input.groupId &&
            Math.abs(k.at - at) < windowMs,
        )
        .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
      if (!earlier) {
        known.push({
          id: input.id,
          memberId: input.memberId,
          groupId: input.groupId,
          checkedInAt: new Date(at).toISOString(),
          at,
        });
      }
      return {
        id: input.id,
        groupId: input.groupId,
        memberId: input.memberId,
        staffMemberId: ctx.memberId,
        checkedInAt: new Date(at).toISOString(),
        duplicateOf: earlier?.id ?? null,
        note: input.note || null,
      };
    });
    const records = freshRecords(rows, ctx.now);
    await tx.insert(checkIns).values(records);
    return checkInsToClient(tx, records);
  },
});

/** orderGroup.upsert — opens an order group for a buyer at a group, or renames it. */
export const orderGroupUpsert = registerMutation('orderGroup.upsert', {
  schema: orderGroupUpsertSchema,
  async run(tx, ctx, input): Promise<OrderGroupRow> {
    await requireStaff(tx, ctx.memberId, input.sellerGroupId);
    const [existing] = await tx.select().from(orderGroups).where(eq(orderGroups.id, input.id));
    if (existing) {
      if (
        existing.sellerGroupId !== input.sellerGroupId ||
        existing.buyerMemberId !== input.buyerMemberId
      ) {
        throw new ApiError(409, 'conflict');
      }
      if (existing.title === input.title) return orderGroupToClient(existing);
      const [updated] = await tx
        .update(orderGroups)
        .set({ title: input.title })
        .where(eq(orderGroups.id, input.id))
        .returning();
      return orderGroupToClient(updated!);
    }
    await requireBuyer(tx, input.buyerMemberId);
    const [row] = await tx
      .insert(orderGroups)
      .values({
        id: input.id,
        sellerGroupId: input.sellerGroupId,
        buyerMemberId: input.buyerMemberId,
        staffMemberId: ctx.memberId,
        title: input.title,
      })
      .returning();
    return orderGroupToClient(row!);
  },
});

/** Rows a member's devices mirror: their own entries and every entry of groups they staff. */
function ledgerScope(buyerColumn: AnyPgColumn, groupColumn: AnyPgColumn, memberId: string): SQL {
  return sql`(${buyerColumn} = ${memberId} OR ${groupColumn} IN (${staffGroupIds(memberId)}))`;
}

registerPullSource({
  entity: 'pointEntries',
  table: pointEntries,
  scope: (memberId) =>
    ledgerScope(pointEntries.buyerMemberId, pointEntries.sellerGroupId, memberId),
  toClient: async (rows, { tx }) =>
    (await pointEntriesToClient(tx, rows as PointEntryRecord[])) as unknown as Record<
      string,
      unknown
    >[],
});

registerPullSource({
  entity: 'checkIns',
  table: checkIns,
  scope: (memberId) => ledgerScope(checkIns.memberId, checkIns.groupId, memberId),
  toClient: async (rows, { tx }) =>
    (await checkInsToClient(tx, rows as CheckInRecord[])) as unknown as Record<string, unknown>[],
});

registerPullSource({
  entity: 'orderGroups',
  table: orderGroups,
  scope: (memberId) => ledgerScope(orderGroups.buyerMemberId, orderGroups.sellerGroupId, memberId),
  toClient: (rows) =>
    Promise.resolve(
      (rows as OrderGroupRecord[]).map(orderGroupToClient) as unknown as Record<string, unknown>[],
    ),
});

/** The groups a member is staff of; a lost role arrives as a tombstone. */
registerPullSource({
  entity: 'staffGroups',
  table: groupMembers,
  scope: (memberId) => sql`${groupMembers.memberId} = ${memberId}`,
  toClient: async (rows, { tx }) => {
    const records = rows as (typeof groupMembers.$inferSelect)[];
    const groupRows =
      records.length === 0
        ? []
        : await tx
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
    }) as unknown as Record<string, unknown>[];
  },
});
