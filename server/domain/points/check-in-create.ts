// checkin.create — records a visit. A visit of the same member at the same group within the
// window of an earlier first visit is kept and flagged with duplicate_of, not dropped. The
// batch path decides duplicates in order, as one by one would.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { checkIns } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { MutationHandler } from '../../sync/registry';
import { duplicateWindowMinutes } from '../../../contract/checkin';
import {
  freshRecords,
  insertedRecords,
  ledgerRunLength,
  NeedsOneByOne,
  requireFresh,
} from './batch-path';
import { deviceTime, lockPair, lockPairs, requireBuyer } from './ledger';
import { requireStaff, staffFacts } from './staff';
import { checkInsToClient } from './to-client';

export const checkInCreate: MutationHandler<'checkin.create'> = {
  async run(tx, ctx, input) {
    await requireStaff(tx, ctx.memberId, input.groupId);
    if (input.memberId === ctx.memberId) {
      throw new ApiError(422, 'points_self_entry', { memberId: 'points_self_entry' });
    }
    const existing = await tx.select().from(checkIns).where(eq(checkIns.id, input.id));
    if (existing[0]) {
      if (existing[0].memberId !== input.memberId || existing[0].groupId !== input.groupId) {
        throw new ApiError(409, 'conflict');
      }
      return (await checkInsToClient(tx, [existing[0]]))[0]!;
    }
    await requireBuyer(tx, input.memberId);
    await lockPair(tx, 'checkin', input.memberId, input.groupId);
    const at = deviceTime(input.checkedInAt, ctx.now, 'checkedInAt');
    const windowMs = duplicateWindowMinutes * 60_000;
    const from = new Date(new Date(at).getTime() - windowMs).toISOString();
    const to = new Date(new Date(at).getTime() + windowMs).toISOString();
    const earlier = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM check_ins
          WHERE member_id = ${input.memberId} AND group_id = ${input.groupId}
            AND deleted_at IS NULL AND duplicate_of IS NULL
            AND checked_in_at > ${from}::timestamptz AND checked_in_at < ${to}::timestamptz
          ORDER BY checked_in_at, id LIMIT 1`,
    );
    const [row] = await tx
      .insert(checkIns)
      .values({
        id: input.id,
        groupId: input.groupId,
        memberId: input.memberId,
        staffMemberId: ctx.memberId,
        checkedInAt: at,
        duplicateOf: earlier[0]?.id ?? null,
        note: input.note || null,
        // The pushing device has the row from the answer: its pulls leave it out (0208).
        originClientId: ctx.clientId ?? null,
      })
      .returning();
    return (await checkInsToClient(tx, [row!]))[0]!;
  },
  runLength: ledgerRunLength,

  /** The batch push's path: duplicates decided in order, as one by one would. */
  async runMany(tx, ctx, inputs) {
    if (inputs.some((i) => i.memberId === ctx.memberId)) throw new NeedsOneByOne();
    const facts = await staffFacts(
      tx,
      ctx.memberId,
      inputs.map((i) => i.groupId),
    );
    if (inputs.some((i) => !facts.has(i.groupId))) throw new NeedsOneByOne();
    await requireFresh(
      tx,
      checkIns,
      inputs.map((i) => i.id),
      inputs.map((i) => i.memberId),
    );
    await lockPairs(
      tx,
      'checkin',
      inputs.map((i) => `${i.memberId}|${i.groupId}`),
    );
    const windowMs = duplicateWindowMinutes * 60_000;
    const times = inputs.map((i) =>
      new Date(deviceTime(i.checkedInAt, ctx.now, 'checkedInAt')).getTime(),
    );
    const from = new Date(Math.min(...times) - windowMs).toISOString();
    const to = new Date(Math.max(...times) + windowMs).toISOString();
    const firsts = await tx
      .select({
        id: checkIns.id,
        memberId: checkIns.memberId,
        groupId: checkIns.groupId,
        checkedInAt: checkIns.checkedInAt,
      })
      .from(checkIns)
      .where(
        and(
          inArray(checkIns.memberId, [...new Set(inputs.map((i) => i.memberId))]),
          inArray(checkIns.groupId, [...new Set(inputs.map((i) => i.groupId))]),
          isNull(checkIns.deletedAt),
          isNull(checkIns.duplicateOf),
          sql`${checkIns.checkedInAt} > ${from}::timestamptz`,
          sql`${checkIns.checkedInAt} < ${to}::timestamptz`,
        ),
      );
    const known = firsts.map((f) => ({ ...f, at: new Date(f.checkedInAt).getTime() }));
    const rows = inputs.map((input, n) => {
      const at = times[n]!;
      const earlier = known
        .filter(
          (k) =>
            k.memberId === input.memberId &&
            k.groupId === input.groupId &&
            Math.abs(k.at - at) < windowMs,
        )
        .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
      if (!earlier) {
        known.push({
          id: input.id,
          memberId: input.memberId,
          groupId: input.groupId,
          checkedInAt: new Date(at).toISOString(),
          at,
        });
      }
      return {
        id: input.id,
        groupId: input.groupId,
        memberId: input.memberId,
        staffMemberId: ctx.memberId,
        checkedInAt: new Date(at).toISOString(),
        duplicateOf: earlier?.id ?? null,
        note: input.note || null,
        originClientId: ctx.clientId ?? null,
      };
    });
    const records = freshRecords(rows, ctx.now);
    await tx.insert(checkIns).values(insertedRecords(records));
    return checkInsToClient(tx, records);
  },
};
