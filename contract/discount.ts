// Discounts (spec §3 "Discount and discount group", §7 Discount; decision 0810): a group offers
// discounts to its members (discount groups); a seller applies one to a point entry (a
// discount), offline too; the server checks it again when the entry arrives.
import * as v from 'valibot';
import { visibleWhenPresent } from './visible-text';
import { idSchema } from './points';
import { pageSchema } from './common';

/** POST /discountGroup (id made by the client) and PUT /discountGroup/{id}. */
export const discountGroupUpsertSchema = v.pipe(
  v.object({
    id: idSchema,
    groupId: idSchema,
    title: v.pipe(
      v.string('title_required'),
      v.trim(),
      v.nonEmpty('title_required'),
      visibleWhenPresent,
      v.maxLength(120, 'too_long'),
    ),
    description: v.optional(
      v.pipe(v.string('not_text'), v.trim(), v.maxLength(1000, 'too_long')),
      '',
    ),
    percent: v.pipe(
      v.union(
        [
          v.number('not_a_number'),
          v.pipe(
            v.string('not_a_number'),
            v.trim(),
            v.regex(/^\d+$/, 'not_a_number'),
            v.transform(Number),
          ),
        ],
        'not_a_number',
      ),
      v.number('not_a_number'),
      v.integer('not_whole_number'),
      v.minValue(1, 'invalid_number'),
      v.maxValue(100, 'invalid_number'),
    ),
    validFrom: v.pipe(
      v.string('start_date_required'),
      v.nonEmpty('start_date_required'),
      v.isoDate('invalid_date'),
    ),
    validTo: v.pipe(
      v.string('end_date_required'),
      v.nonEmpty('end_date_required'),
      v.isoDate('invalid_date'),
    ),
    active: v.optional(
      v.union(
        [
          v.boolean('not_yes_no'),
          v.pipe(
            v.picklist(['true', 'false'], 'not_yes_no'),
            v.transform((t) => t === 'true'),
          ),
        ],
        'not_yes_no',
      ),
      true,
    ),
  }),
  v.forward(
    v.check((d) => d.validFrom <= d.validTo, 'start_before_end'),
    ['validTo'],
  ),
);
export type DiscountGroupUpsertInput = v.InferInput<typeof discountGroupUpsertSchema>;
export type DiscountGroupUpsert = v.InferOutput<typeof discountGroupUpsertSchema>;

/** GET /discount and /discountGroup: page and a text filter; groupId narrows to one group. */
export const discountListQuerySchema = v.object({
  page: pageSchema,
  filter: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'too_long'))),
  groupId: v.optional(idSchema),
});

export const discountAllQuerySchema = v.object({ groupId: idSchema });

/** A group's discount offer, as the server answers it and devices mirror it (Dexie discountGroups). */
export interface DiscountGroup {
  id: string;
  groupId: string;
  groupName: string;
  title: string;
  description: string;
  percent: number;
  /** YYYY-MM-DD, Vietnam days, both included. */
  validFrom: string;
  validTo: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** A discount applied to a point entry (its id is the entry's id). */
export interface DiscountUse {
  id: string;
  discountGroupId: string;
  title: string;
  groupId: string;
  groupName: string;
  memberId: string;
  memberName: string;
  staffMemberId: string;
  percent: number;
  invoiceValue: number;
  discountAmount: number;
  createdAt: string;
}

export interface DiscountPage<T> {
  items: T[];
  page: number;
  total: number;
}

export const discountPageSize = 20;

/** What a discount takes off an invoice, in whole VND. */
export function discountAmount(invoiceValue: number, percent: number): number {
  return Math.floor((invoiceValue * percent) / 100);
}

/** Why an offer cannot be applied on a day (YYYY-MM-DD, Vietnam); null when it can. */
export function discountRefusal(
  offer: Pick<DiscountGroup, 'active' | 'validFrom' | 'validTo' | 'deletedAt'>,
  day: string,
): 'discount_inactive' | 'discount_not_started' | 'discount_expired' | null {
  if (!offer.active || offer.deletedAt) return 'discount_inactive';
  if (day < offer.validFrom) return 'discount_not_started';
  if (day > offer.validTo) return 'discount_expired';
  return null;
}

/** Why a buyer may not get an offer at a bill; the codes are messages of contract/messages.ts. */
export type DiscountEligibilityRefusal =
  ReturnType<typeof discountRefusal> | 'discount_wrong_group' | 'discount_not_member';

/**
 * The eligibility rule, run by the till before it offers a discount and by the server when the
 * entry arrives: the offer is the seller group's, on and valid that day, and the buyer is an
 * active member of that group (a customer is not). Null when the buyer may get it.
 */
export function discountEligibility(
  offer: Pick<DiscountGroup, 'groupId' | 'active' | 'validFrom' | 'validTo' | 'deletedAt'>,
  bill: { sellerGroupId: string; day: string; buyerIsActiveMember: boolean },
): NonNullable<DiscountEligibilityRefusal> | null {
  if (offer.groupId !== bill.sellerGroupId) return 'discount_wrong_group';
  const refusal = discountRefusal(offer, bill.day);
  if (refusal) return refusal;
  if (!bill.buyerIsActiveMember) return 'discount_not_member';
  return null;
}
