// point.create — appends one entry to the ledger, one by one (REST route, a lone push entry)
// or a run of entries of the batch push at once; both paths apply the rules of checkNewEntry.
import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { orderGroups, pointEntries } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { MutationContext, MutationHandler } from '../../sync/registry';
import { paymentAmount, type PointCreate } from '../../../contract/points';
import { insertRows } from '../../db/insert-rows';
import {
  freshRecords,
  insertedRecords,
  ledgerRunLength,
  NeedsOneByOne,
  requireFresh,
} from './batch-path';
import {
  checkNewEntry,
  deviceTime,
  ledgerBalanceOf,
  lockPair,
  lockPairs,
  requireBuyer,
} from './ledger';
import { requireStaffFacts, staffFacts } from './staff';
import { pointEntriesToClient } from './to-client';
import { notifyPointEntries } from './point-notifications';
import { checkEntryDiscount, recordEntryDiscount } from './discount-apply';

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
    recordedAt: deviceTime(input.recordedAt, ctx.now, 'recordedAt'),
    // The pushing device has the row from the answer: its pulls leave it out (decision 0208).
    originClientId: ctx.clientId ?? null,
  };
}

async function requireOrderGroupOf(tx: Transaction, input: PointCreate): Promise<void> {
  if (!input.orderGroupId) return;
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

const pairOf = (i: { buyerMemberId: string; sellerGroupId: string }) =>
  `${i.buyerMemberId}|${i.sellerGroupId}`;

/**
 * Ordering: a deduction is checked against the balance at the moment the server applies it
 * (entries already on the server, in commit order), not at its recordedAt; an offline entry
 * that arrives late after other deductions used the points is rejected, never made negative.
 */
export const pointCreate: MutationHandler<'point.create'> = {
  async run(tx, ctx, input) {
    const staff = await requireStaffFacts(tx, ctx.memberId, input.sellerGroupId);
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
    await requireOrderGroupOf(tx, input);
    let balance: number | undefined;
    if (input.deductedPoints > 0) {
      await lockPair(tx, 'points', input.buyerMemberId, input.sellerGroupId);
      balance = (await ledgerBalanceOf(tx, input.buyerMemberId, input.sellerGroupId)).balance;
    }
    const accumulated = checkNewEntry(input, staff, balance);
    const values = pointEntryValues(input, ctx, accumulated, input.orderGroupId ?? null);
    const discount = await checkEntryDiscount(tx, input, values.recordedAt);
    const [row] = await tx.insert(pointEntries).values(values).returning();
    if (discount) await recordEntryDiscount(tx, values, discount);
    const [created] = await pointEntriesToClient(tx, [row!]);
    await notifyPointEntries(tx, [created!]);
    return created!;
  },

  runLength: ledgerRunLength,

  /** Every check of `run` in a few queries, one multi-row insert; any refusal goes one by one. */
  async runMany(tx, ctx, inputs) {
    if (
      inputs.some((i) => i.orderGroupId || i.discountGroupId || i.buyerMemberId === ctx.memberId)
    ) {
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
      const staff = facts.get(input.sellerGroupId);
      if (!staff) throw new NeedsOneByOne();
      const pair = pairOf(input);
      // Same order as one by one: a deduction sees the entries applied before it.
      const before = input.deductedPoints > 0 ? balances.get(pair) : undefined;
      const accumulated = checkNewEntry(input, staff, before);
      if (balances.has(pair)) {
        balances.set(pair, balances.get(pair)! + accumulated - input.deductedPoints);
      }
      return pointEntryValues(input, ctx, accumulated, null);
    });
    // The rows are known in full: no RETURNING to read back (it costs as much as the insert).
    const records = freshRecords(rows, ctx.now);
    await insertRows(tx, pointEntries, insertedRecords(records));
    const created = await pointEntriesToClient(tx, records);
    await notifyPointEntries(tx, created);
    return created;
  },
};
