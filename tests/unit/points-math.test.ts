import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  deductionRefusal,
  ledgerBalance,
  maxInvoiceValue,
  paymentAmount,
  pointsEarned,
  vndPerPoint,
} from '../../contract/points';
import {
  balanceView,
  duplicateOfLocal,
  parseAmount,
  totalsPerDay,
} from '../../src/lib/points-math';
import {
  vietnamDateTime,
  vietnamDay,
  vietnamDayAfter,
  vietnamDayStart,
  vietnamTime,
} from '../../contract/vietnam-time';

describe('ledger arithmetic', () => {
  it('earns whole thousands times the rate and pays the rest in money', () => {
    const paidInMoney = (invoiceValue: number) => ({ invoiceValue, deductedPoints: 0 });
    expect(pointsEarned(paidInMoney(345_678))).toBe(345);
    expect(pointsEarned(paidInMoney(999))).toBe(0);
    expect(pointsEarned(paidInMoney(10_500), 3)).toBe(30);
    expect(paymentAmount(120_000, 100)).toBe(20_000);
  });

  it('earns only on the part paid in money, never on the part paid with points', () => {
    expect(pointsEarned({ invoiceValue: 120_000, deductedPoints: 100 })).toBe(20);
    expect(pointsEarned({ invoiceValue: 120_000, deductedPoints: 120 })).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: maxInvoiceValue }),
        fc.integer({ min: 1, max: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (invoiceValue, rate, share) => {
          // Any deduction the rule allows: from none up to the whole invoice.
          const deductedPoints = Math.floor(Math.floor(invoiceValue / vndPerPoint) * share);
          const entry = { invoiceValue, deductedPoints };
          expect(deductionRefusal(entry)).toBeNull();
          const paid = paymentAmount(invoiceValue, deductedPoints);
          const earned = pointsEarned(entry, rate);
          expect(earned).toBe(Math.floor(paid / vndPerPoint) * rate);
          expect(earned).toBeLessThanOrEqual(
            pointsEarned({ invoiceValue, deductedPoints: 0 }, rate),
          );
          // Redeeming d points takes away exactly the points those d × 1,000 VND would earn.
          expect(pointsEarned({ invoiceValue, deductedPoints: 0 }, rate) - earned).toBe(
            deductedPoints * rate,
          );
        },
      ),
    );
  });

  it('balance is the sum of earned minus spent, whatever the order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ accumulatedPoints: fc.nat(1e6), deductedPoints: fc.nat(1e6) })),
        (rows) => {
          const forward = ledgerBalance(rows);
          expect(ledgerBalance([...rows].reverse())).toBe(forward);
          expect(forward).toBe(
            rows.reduce((s, r) => s + r.accumulatedPoints, 0) -
              rows.reduce((s, r) => s + r.deductedPoints, 0),
          );
        },
      ),
    );
  });

  it('counts pending deductions at once but pending earnings only when confirmed', () => {
    const row = (id: string, acc: number, ded: number) => ({
      id,
      buyerMemberId: 'm',
      sellerGroupId: 'g',
      accumulatedPoints: acc,
      deductedPoints: ded,
    });
    const rows = [row('a', 750, 0), row('b', 200, 0), row('c', 10, 300), row('x', 5, 0)];
    rows[3]!.sellerGroupId = 'other';
    expect(balanceView(rows, new Set(['b', 'c']), 'm', 'g')).toEqual({
      lastKnown: 750,
      pendingDeductions: 300,
      available: 450,
      pendingEntries: 2,
    });
  });

  it('reads amounts typed with dot thousands', () => {
    expect(parseAmount('1.234.000')).toBe(1_234_000);
    expect(parseAmount(' 250 000 ')).toBe(250_000);
    expect(parseAmount('12,5')).toBeNaN();
    expect(parseAmount('')).toBeNaN();
  });
});

describe('check-in duplicates on the device', () => {
  const at = (min: number) => new Date(Date.UTC(2026, 10, 20, 3, min)).toISOString();
  const visit = (id: string, min: number, duplicateOf: string | null = null) => ({
    id,
    memberId: 'm',
    groupId: 'g',
    checkedInAt: at(min),
    duplicateOf,
  });
  it('flags a repeat within 10 minutes of a first visit, like the server', () => {
    const others = [visit('a', 0), visit('b', 5, 'a'), visit('c', 30)];
    expect(duplicateOfLocal(visit('n', 8), others)).toBe('a');
    expect(duplicateOfLocal(visit('n', 12), others)).toBeNull();
    expect(duplicateOfLocal(visit('n', 35), others)).toBe('c');
    expect(duplicateOfLocal({ ...visit('n', 1), groupId: 'h' }, others)).toBeNull();
  });
});

describe('statistics per day', () => {
  it('groups by Vietnam calendar day, newest first', () => {
    const rows = [
      {
        recordedAt: '2026-11-19T16:59:00.000Z',
        invoiceValue: 1000,
        accumulatedPoints: 1,
        deductedPoints: 0,
        paymentAmount: 1000,
      },
      {
        recordedAt: '2026-11-19T17:00:00.000Z',
        invoiceValue: 2000,
        accumulatedPoints: 2,
        deductedPoints: 1,
        paymentAmount: 1000,
      },
      {
        recordedAt: '2026-11-20T02:00:00.000Z',
        invoiceValue: 3000,
        accumulatedPoints: 3,
        deductedPoints: 0,
        paymentAmount: 3000,
      },
    ];
    expect(vietnamDay(rows[1]!.recordedAt)).toBe('2026-11-20');
    expect(totalsPerDay(rows)).toEqual([
      {
        day: '2026-11-20',
        entries: 2,
        invoiceValue: 5000,
        accumulatedPoints: 5,
        deductedPoints: 1,
        paymentAmount: 4000,
      },
      {
        day: '2026-11-19',
        entries: 1,
        invoiceValue: 1000,
        accumulatedPoints: 1,
        deductedPoints: 0,
        paymentAmount: 1000,
      },
    ]);
  });
});

describe('Vietnam time (Asia/Ho_Chi_Minh)', () => {
  it('turns instants into Vietnam days and clock times, and days into instants', () => {
    expect(vietnamDay('2025-12-31T16:59:00Z')).toBe('2025-12-31');
    expect(vietnamDay('2025-12-31T17:00:00Z')).toBe('2026-01-01');
    expect(vietnamTime('2025-12-31T17:05:00Z')).toBe('00:05');
    expect(vietnamDateTime('2026-02-28T20:30:00Z')).toEqual({ date: '01/03/2026', time: '03:30' });
    expect(vietnamDayStart('2026-01-01')).toBe('2025-12-31T17:00:00.000Z');
    expect(vietnamDayAfter('2026-02-28')).toBe('2026-02-28T17:00:00.000Z');
  });
});
