// orderGroup.upsert — opens an order group (several invoices of one purchase) for a buyer at a
// group, or renames it.
import { eq } from 'drizzle-orm';
import { orderGroups } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { MutationHandler } from '../../sync/registry';
import { requireBuyer } from './ledger';
import { requireStaff } from './staff';
import { orderGroupToClient } from './to-client';

/** orderGroup.upsert — opens an order group for a buyer at a group, or renames it. */
export const orderGroupUpsert: MutationHandler<'orderGroup.upsert'> = {
  async run(tx, ctx, input) {
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
};
