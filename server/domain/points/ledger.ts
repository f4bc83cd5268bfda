// Ledger rules of the points mutations: balances summed from the ledger, the locks that order
// writes to one balance, and the checks a new entry must pass (the same for the one-by-one
// path and the batch path of the push).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Queryable, type Transaction } from '../../db/client';
import { members } from '../../db/schema';
import { ApiError } from '../../http/errors';
import {
  deductionRefusal,
  pointsEarned,
  recordedAtRefusal,
  type PointCreate,
} from '../../../contract/points';
import type { StaffGroupFacts } from './staff';

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
export async function lockPair(tx: Transaction, kind: string, a: string, b: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${kind}:${a}:${b}`}, 0))`);
}

/** Locks `a|b` pairs in one order, so that two batches never wait on each other in a circle. */
export async function lockPairs(
  tx: Transaction,
  kind: string,
  pairs: Iterable<string>,
): Promise<void> {
  for (const pair of [...new Set(pairs)].sort()) {
    const [a, b] = pair.split('|');
    await lockPair(tx, kind, a!, b!);
  }
}

/** The buyer (or checked-in member) must be a member who still exists. */
export async function requireBuyer(db: Queryable, memberId: string): Promise<void> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)));
  if (!rows[0]) throw new ApiError(404, 'not_found', { memberId: 'not_found' });
}

/**
 * The device time of an entry, checked against the server's clock: a few minutes ahead is clock
 * skew, clamped so nothing lands in the future; further ahead, or older than the offline
 * window, is refused (422) on the named field.
 */
export function deviceTime(
  value: string | undefined,
  now: Date,
  field: 'recordedAt' | 'checkedInAt',
): string {
  if (!value) return now.toISOString();
  const at = new Date(value);
  const refusal = recordedAtRefusal(at, now);
  if (refusal) {
    const params = refusal.code === 'recorded_too_old' ? { days: refusal.days } : undefined;
    throw new ApiError(422, refusal.code, { [field]: refusal.code }, undefined, params);
  }
  return at.getTime() > now.getTime() ? now.toISOString() : at.toISOString();
}

/**
 * The rules a new entry must pass at its group, given the buyer's balance just before it
 * (undefined when it deducts nothing): only an admin may set other points than the rate gives;
 * the deduction rule of contract/points.ts. Returns the points it earns; throws the refusal.
 */
export function checkNewEntry(
  input: PointCreate,
  staff: StaffGroupFacts,
  balanceBefore: number | undefined,
): number {
  const computed = pointsEarned(input, staff.rate);
  const accumulated = input.accumulatedPoints ?? computed;
  if (accumulated !== computed && staff.role !== 'admin') {
    throw new ApiError(403, 'points_override_admin_only', {
      accumulatedPoints: 'points_override_admin_only',
    });
  }
  const refusal = deductionRefusal(input, balanceBefore);
  if (refusal?.code === 'points_exceed_invoice') {
    throw new ApiError(422, 'points_exceed_invoice', { deductedPoints: 'points_exceed_invoice' });
  }
  if (refusal?.code === 'points_insufficient') {
    throw new ApiError(
      422,
      'points_insufficient',
      { deductedPoints: 'points_insufficient' },
      undefined,
      { available: refusal.available },
    );
  }
  return accumulated;
}
