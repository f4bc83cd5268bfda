// Loyalty points (spec §3 Points, §7 Order points and groups, §9 "1 point = 1000 VND"):
// an append-only ledger of order point entries. A balance is a sum, never a stored number.
import * as v from 'valibot';
import { optionalText, pageSchema, uuidSchema as anyCaseUuid } from './common';

/** A uuid in lower case, so ids compare as plain strings. */
export const idSchema = v.pipe(anyCaseUuid, v.toLowerCase());

/** Spec §9: one point is worth 1,000 VND. */
export const vndPerPoint = 1000;

/** Largest invoice value accepted (100 billion VND): keeps sums far inside safe integers. */
export const maxInvoiceValue = 100_000_000_000;

const wholeNumber = (code: string, max: number) =>
  v.pipe(
    v.union([
      v.number(code),
      v.pipe(v.string(code), v.trim(), v.regex(/^\d+$/, code), v.transform(Number)),
    ]),
    v.integer(code),
    v.minValue(0, code),
    v.maxValue(max, code),
  );

/** What the buyer pays: the invoice value less the deducted points' worth. */
export function paymentAmount(invoiceValue: number, deductedPoints: number): number {
  return invoiceValue - deductedPoints * vndPerPoint;
}

/**
 * Points a purchase earns: whole thousands of the amount paid in money × the group's rate.
 * The part paid with points earns nothing (decision 0300), else points would breed points.
 */
export function pointsEarned(
  entry: { invoiceValue: number; deductedPoints: number },
  pointsPerThousand = 1,
): number {
  const paid = Math.max(0, paymentAmount(entry.invoiceValue, entry.deductedPoints));
  return Math.floor(paid / vndPerPoint) * pointsPerThousand;
}

/** Why a deduction cannot be made; the codes are messages of contract/messages.ts. */
export type DeductionRefusal =
  { code: 'points_exceed_invoice' } | { code: 'points_insufficient'; available: number };

/**
 * The deduction rule, the same on the point form and on the server: points worth more than the
 * invoice are refused, then points beyond the balance (when the balance is known: the server
 * knows it at the moment it applies the entry, the form knows what this device has seen).
 * Null when the deduction may be made.
 */
export function deductionRefusal(
  entry: { invoiceValue: number; deductedPoints: number },
  balance?: number,
): DeductionRefusal | null {
  if (entry.deductedPoints * vndPerPoint > entry.invoiceValue) {
    return { code: 'points_exceed_invoice' };
  }
  if (balance !== undefined && entry.deductedPoints > balance) {
    return { code: 'points_insufficient', available: balance };
  }
  return null;
}

/** A device clock this far ahead of the server is taken as skew and clamped to the server time. */
export const recordedAtSkewMinutes = 5;
/** Offline entries carry their capture time; older than this they are refused (decision 0300). */
export const recordedAtMaxAgeDays = 30;

/** Why a device time (recordedAt of a point entry, checkedInAt of a check-in) is refused. */
export type RecordedAtRefusal =
  { code: 'recorded_in_future' } | { code: 'recorded_too_old'; days: number };

/** The time window of entries a staffer's device may send; null when `at` is within it. */
export function recordedAtRefusal(at: Date, now: Date): RecordedAtRefusal | null {
  if (at.getTime() > now.getTime() + recordedAtSkewMinutes * 60_000) {
    return { code: 'recorded_in_future' };
  }
  if (at.getTime() < now.getTime() - recordedAtMaxAgeDays * 86_400_000) {
    return { code: 'recorded_too_old', days: recordedAtMaxAgeDays };
  }
  return null;
}

/** Balance of a buyer at a group: everything earned minus everything spent. */
export function ledgerBalance(
  entries: Iterable<{ accumulatedPoints: number; deductedPoints: number }>,
): number {
  let balance = 0;
  for (const e of entries) balance += e.accumulatedPoints - e.deductedPoints;
  return balance;
}

/**
 * Payload of `point.create` and POST /orderPoint. The id is made by the client (idempotent
 * retries, offline queue). Staff and payment amount come from the server, never the body.
 */
export const pointCreateSchema = v.object({
  id: idSchema,
  sellerGroupId: idSchema,
  buyerMemberId: idSchema,
  orderGroupId: v.optional(v.nullable(idSchema)),
  invoiceNumber: v.pipe(
    v.string('invoice_number_required'),
    v.trim(),
    v.nonEmpty('invoice_number_required'),
    v.maxLength(60, 'too_long'),
  ),
  invoiceValue: wholeNumber('invalid_number', maxInvoiceValue),
  /** Absent: computed from the group's rate. Only a group admin may set another number. */
  accumulatedPoints: v.optional(v.nullable(wholeNumber('invalid_number', maxInvoiceValue))),
  deductedPoints: v.optional(wholeNumber('invalid_number', maxInvoiceValue / vndPerPoint), 0),
  note: optionalText(500),
  /** When the staffer saved it on the device (ISO time); the server's time when absent. */
  recordedAt: v.optional(v.pipe(v.string('invalid_date'), v.isoTimestamp('invalid_date'))),
  /** A discount offer of the seller group applied to this bill (decision 0810). */
  discountGroupId: v.optional(v.nullable(idSchema)),
});
export type PointCreateInput = v.InferInput<typeof pointCreateSchema>;
export type PointCreate = v.InferOutput<typeof pointCreateSchema>;

/** Payload of `orderGroup.upsert`, POST and PUT /orderGroup. */
export const orderGroupUpsertSchema = v.object({
  id: idSchema,
  sellerGroupId: idSchema,
  buyerMemberId: idSchema,
  title: v.optional(v.pipe(v.string('invalid_value'), v.trim(), v.maxLength(200, 'too_long')), ''),
});
export type OrderGroupUpsert = v.InferOutput<typeof orderGroupUpsertSchema>;

/** A point entry as the server answers it and the client mirrors it (Dexie pointEntries). */
export interface PointEntry {
  id: string;
  sellerGroupId: string;
  sellerGroupName: string;
  buyerMemberId: string;
  buyerName: string;
  staffMemberId: string;
  staffName: string;
  orderGroupId: string | null;
  invoiceNumber: string;
  invoiceValue: number;
  accumulatedPoints: number;
  deductedPoints: number;
  paymentAmount: number;
  note: string | null;
  recordedAt: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

export interface OrderGroupRow {
  id: string;
  sellerGroupId: string;
  buyerMemberId: string;
  staffMemberId: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** Sums over a set of point entries (an order group, a day). */
export interface LedgerSums {
  entries: number;
  invoiceValue: number;
  accumulatedPoints: number;
  deductedPoints: number;
  paymentAmount: number;
}

export interface OrderGroupTotals extends OrderGroupRow, LedgerSums {
  buyerName: string;
}

/** A group the member logs points and check-ins for (Dexie staffGroups). */
export interface StaffGroup {
  id: string;
  groupId: string;
  groupName: string;
  role: 'admin' | 'seller';
  pointsPerThousand: number;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

export interface GroupBalance {
  groupId: string;
  groupName: string;
  accumulatedPoints: number;
  deductedPoints: number;
  balance: number;
}

/** GET /members/getMemberPoint/{id}?groupId */
export interface MemberPointAnswer {
  memberId: string;
  name: string;
  urlMinify: string;
  avatarUrl: string | null;
  groups: GroupBalance[];
}

/** Sums of one day's entries: the server's per-day statistics and the device's history. */
export interface DayTotals extends LedgerSums {
  /** YYYY-MM-DD in Vietnam time. */
  day: string;
}

export interface Page<T> {
  items: T[];
  page: number;
  total: number;
}

const dayString = v.pipe(v.string('invalid_date'), v.isoDate('invalid_date'));

/** Filters shared by the lists and exports: page, date range (days, Vietnam time), search. */
export const ledgerQuerySchema = v.object({
  page: pageSchema,
  groupId: v.optional(idSchema),
  memberId: v.optional(idSchema),
  from: v.optional(dayString),
  to: v.optional(dayString),
  filter: optionalText(120),
});
export type LedgerQuery = v.InferOutput<typeof ledgerQuerySchema>;

export const groupQuerySchema = v.object({
  ...ledgerQuerySchema.entries,
  groupId: idSchema,
});
