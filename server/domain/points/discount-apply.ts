// A discount applied with a point entry (decisions 0810, 1040): checked again when the entry reaches
// the server (the offer may have been switched off, ended, or the buyer left the group while
// the seller was offline) and written in the entry's transaction; a refusal refuses the entry,
// with the reason on the discount field, since the bill assumed the discount.
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { groupMembers } from '../../db/schema';
import { discountGroups, discounts } from '../../db/schema-agency';
import { ApiError } from '../../http/errors';
import { discountAmount, discountEligibility } from '../../../contract/discount';
import type { PointCreate } from '../../../contract/points';
import type { MessageCode } from '../../../contract/messages';
import { vietnamDay } from '../../../contract/vietnam-time';
import { activeMembership } from '../membership';

export interface CheckedDiscount {
  discountGroupId: string;
  percent: number;
}

/** The offer of a new entry, checked; null when the entry carries none. */
export async function checkEntryDiscount(
  tx: Transaction,
  input: PointCreate,
  recordedAt: string,
): Promise<CheckedDiscount | null> {
  if (!input.discountGroupId) return null;
  const refuse = (code: MessageCode) => new ApiError(422, code, { discountGroupId: code });
  const [offer] = await tx
    .select()
    .from(discountGroups)
    .where(eq(discountGroups.id, input.discountGroupId));
  if (!offer) throw new ApiError(422, 'discount_inactive', { discountGroupId: 'not_found' });
  const [membership] = await tx
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, input.sellerGroupId),
        eq(groupMembers.memberId, input.buyerMemberId),
        activeMembership(),
      ),
    );
  const refusal = discountEligibility(offer, {
    sellerGroupId: input.sellerGroupId,
    day: vietnamDay(recordedAt),
    buyerIsActiveMember: membership !== undefined,
  });
  if (refusal) throw refuse(refusal);
  return { discountGroupId: offer.id, percent: offer.percent };
}

/** Records the discount of an entry just inserted. */
export async function recordEntryDiscount(
  tx: Transaction,
  entry: {
    id: string;
    sellerGroupId: string;
    buyerMemberId: string;
    staffMemberId: string;
    invoiceValue: number;
  },
  discount: CheckedDiscount,
): Promise<void> {
  await tx.insert(discounts).values({
    id: entry.id,
    discountGroupId: discount.discountGroupId,
    groupId: entry.sellerGroupId,
    memberId: entry.buyerMemberId,
    staffMemberId: entry.staffMemberId,
    percent: discount.percent,
    invoiceValue: entry.invoiceValue,
    discountAmount: discountAmount(entry.invoiceValue, discount.percent),
  });
}
