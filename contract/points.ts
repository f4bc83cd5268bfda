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

/** Points a purchase earns: whole thousands of the invoice value × the group's rate. */
export function pointsEarned(invoiceValue: number, pointsPerThousand = 1): number {
  return Math.floor(invoiceValue / vndPerPoint) * pointsPerThousand;
}

/** What the buyer pays: the invoice value less the deducted points' worth. */
export function paymentAmount(invoiceValue: number, deductedPoints: number): number {
  return invoiceValue - deductedPoints * vndPerPoint;
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
