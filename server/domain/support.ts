// Support requests (decision 0901): the create handler shared by the REST route and the batch
// push, the author's pull source, and the inbox of the operator's staff (agency admins).
import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { agencyAdmins, members } from '../db/schema';
import { supportRequests } from '../db/schema-support';
import { ApiError } from '../http/errors';
import type { MutationHandler, PullSource } from '../sync/registry';
import type { SupportInboxItem, SupportRequest, SupportStatus } from '../../contract/support';

type SupportRow = typeof supportRequests.$inferSelect;

export function supportRequestForClient(row: SupportRow): SupportRequest {
  return {
    id: row.id,
    memberId: row.memberId,
    topic: row.topic,
    message: row.message,
    contact: row.contact,
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  };
}

/**
 * Stores a request by its client-made id. A request is never edited by its author: sending the
 * same id again (another Idempotency-Key, same device entry) answers the stored one; an id of
 * someone else's request is 403.
 */
export const createSupportRequest: MutationHandler<'supportRequest.create'> = {
  async run(tx, ctx, input) {
    const [existing] = await tx
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.id, input.id));
    if (existing) {
      if (existing.memberId !== ctx.memberId) throw new ApiError(403, 'forbidden');
      return supportRequestForClient(existing);
    }
    const [row] = await tx
      .insert(supportRequests)
      .values({
        id: input.id,
        memberId: ctx.memberId,
        topic: input.topic,
        message: input.message,
        contact: input.contact || null,
      })
      .returning();
    if (!row) throw new ApiError(409, 'conflict');
    return supportRequestForClient(row);
  },
};

export const supportRequestsPullSource: PullSource<'supportRequests'> = {
  entity: 'supportRequests',
  table: supportRequests,
  scope: (memberId) => sql`${supportRequests.memberId} = ${memberId}`,
  toClient: (rows) => Promise.resolve((rows as SupportRow[]).map(supportRequestForClient)),
};

/** Who reads the inbox: the operator's staff, i.e. agency admins. Anyone else is 403. */
export async function requireSupportStaff(db: Queryable, memberId: string): Promise<void> {
  const [row] = await db
    .select({ id: agencyAdmins.id })
    .from(agencyAdmins)
    .where(eq(agencyAdmins.memberId, memberId))
    .limit(1);
  if (!row) throw new ApiError(403, 'forbidden');
}

/** The inbox: open requests first, newest first, with who sent them. */
export async function supportInbox(db: Queryable, limit = 200): Promise<SupportInboxItem[]> {
  const rows = await db
    .select({
      request: supportRequests,
      name: members.name,
      email: members.email,
      phone: members.phone,
    })
    .from(supportRequests)
    .innerJoin(members, eq(members.id, supportRequests.memberId))
    .where(sql`${supportRequests.deletedAt} IS NULL`)
    .orderBy(sql`${supportRequests.status} = 'closed'`, desc(supportRequests.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    ...supportRequestForClient(r.request),
    memberName: r.name,
    memberEmail: r.email,
    memberPhone: r.phone,
  }));
}

/** Opens or closes a request (staff only; checked by the caller). Unknown id: 404. */
export async function setSupportStatus(
  db: Queryable,
  staffId: string,
  id: string,
  status: SupportStatus,
): Promise<SupportRequest> {
  const [row] = await db
    .update(supportRequests)
    .set({ status, closedBy: status === 'closed' ? staffId : null })
    .where(eq(supportRequests.id, id))
    .returning();
  if (!row || row.deletedAt) throw new ApiError(404, 'not_found');
  return supportRequestForClient(row);
}
