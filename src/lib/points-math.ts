// Pure rules of the points screens: balances from the local ledger mirror, what waits to be
// sent, duplicate check-ins, money input, totals per day.
import { duplicateWindowMinutes } from '../../contract/checkin';
import { ledgerBalance, type DayTotals, type PointEntry } from '../../contract/points';
import { vietnamDay } from '../../contract/vietnam-time';

export interface LedgerRow {
  id: string;
  buyerMemberId: string;
  sellerGroupId: string;
  accumulatedPoints: number;
  deductedPoints: number;
}

export interface BalanceView {
  /** Sum of the entries the server confirmed (as last synced to this device). */
  lastKnown: number;
  /** Points of deductions saved here and not yet confirmed. */
  pendingDeductions: number;
  /** What the staffer may still deduct: last known minus pending deductions. */
  available: number;
  pendingEntries: number;
}

/**
 * Balance of a buyer at a group as this device knows it. `pendingIds` are the entries still
 * waiting in the outbox: their earned points do not count yet, their deductions already do.
 */
export function balanceView(
  rows: readonly LedgerRow[],
  pendingIds: ReadonlySet<string>,
  buyerMemberId: string,
  sellerGroupId: string,
): BalanceView {
  const mine = rows.filter(
    (r) => r.buyerMemberId === buyerMemberId && r.sellerGroupId === sellerGroupId,
  );
  const confirmed = mine.filter((r) => !pendingIds.has(r.id));
  const pending = mine.filter((r) => pendingIds.has(r.id));
  const lastKnown = ledgerBalance(confirmed);
  const pendingDeductions = pending.reduce((sum, r) => sum + r.deductedPoints, 0);
  return {
    lastKnown,
    pendingDeductions,
    available: lastKnown - pendingDeductions,
    pendingEntries: pending.length,
  };
}

/** "1.234.000", "1234000" or "1 234 000" → 1234000; anything else → NaN. */
export function parseAmount(text: string): number {
  const cleaned = text.replace(/[.\s_]/g, '');
  return /^\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

export interface CheckInLike {
  id: string;
  memberId: string;
  groupId: string;
  checkedInAt: string;
}

/**
 * The earlier first visit that a check-in repeats within the window, as the server decides
 * it (so that a pending check-in shows the same flag before it is sent).
 */
export function duplicateOfLocal(
  candidate: CheckInLike,
  others: readonly (CheckInLike & { duplicateOf: string | null })[],
): string | null {
  const at = new Date(candidate.checkedInAt).getTime();
  const windowMs = duplicateWindowMinutes * 60_000;
  const first = others
    .filter(
      (o) =>
        o.id !== candidate.id &&
        o.memberId === candidate.memberId &&
        o.groupId === candidate.groupId &&
        o.duplicateOf === null &&
        Math.abs(new Date(o.checkedInAt).getTime() - at) < windowMs,
    )
    .sort((a, b) => a.checkedInAt.localeCompare(b.checkedInAt) || a.id.localeCompare(b.id))[0];
  return first?.id ?? null;
}

/** Totals per day (Vietnam time), newest day first. */
export function totalsPerDay(
  rows: readonly Pick<
    PointEntry,
    'recordedAt' | 'invoiceValue' | 'accumulatedPoints' | 'deductedPoints' | 'paymentAmount'
  >[],
): DayTotals[] {
  const byDay = new Map<string, DayTotals>();
  for (const r of rows) {
    const day = vietnamDay(r.recordedAt);
    const t = byDay.get(day) ?? {
      day,
      entries: 0,
      invoiceValue: 0,
      accumulatedPoints: 0,
      deductedPoints: 0,
      paymentAmount: 0,
    };
    t.entries += 1;
    t.invoiceValue += r.invoiceValue;
    t.accumulatedPoints += r.accumulatedPoints;
    t.deductedPoints += r.deductedPoints;
    t.paymentAmount += r.paymentAmount;
    byDay.set(day, t);
  }
  return [...byDay.values()].sort((a, b) => b.day.localeCompare(a.day));
}
