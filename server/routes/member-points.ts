// Spec §7 Members: getMemberPoint/{id}?groupId — a member's point balances per group.
import { isUuid } from '../../contract/common';
import { Hono } from 'hono';
import * as v from 'valibot';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { readQuery } from '../http/input';
import { members } from '../db/schema';
import { idSchema, type MemberPointAnswer } from '../../contract/points';
import { requireStaff, staffGroupIds } from '../domain/points/staff';
import { queryRows, type Queryable } from '../db/client';
import { normalizePhone, phoneDigits } from '../../contract/phone';
import { balancesOf } from './order-group';

export function memberPointsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  // The member sees all their groups; a staffer sees the member at the groups they staff
  // (one group with ?groupId). {id} is the member id or their short link.
  app.get('/members/getMemberPoint/:id', async (c) => {
    const me = requireMember(c);
    const key = c.req.param('id');
    const q = readQuery(c, v.object({ groupId: v.optional(idSchema) }));
    const phone = normalizePhone(key);
    const byPhone = phone ? await staffedPersonByPhone(db, me.memberId, phone) : undefined;
    const [member] = await db
      .select({
        id: members.id,
        name: members.name,
        urlMinify: members.urlMinify,
        avatarUrl: members.avatarUrl,
      })
      .from(members)
      .where(
        and(
          isNull(members.deletedAt),
          byPhone
            ? eq(members.id, byPhone)
            : isUuid(key)
              ? or(eq(members.id, key.toLowerCase()), eq(members.urlMinify, key))
              : eq(members.urlMinify, key),
        ),
      );
    if (!member) throw new ApiError(404, 'not_found');
    const own = member.id === me.memberId;
    if (!own && q.groupId) await requireStaff(db, me.memberId, q.groupId);
    const answer: MemberPointAnswer = {
      memberId: member.id,
      name: member.name,
      urlMinify: member.urlMinify,
      avatarUrl: member.avatarUrl,
      groups: await balancesOf(db, member.id, {
        groupId: q.groupId,
        visibleTo: own ? undefined : me.memberId,
      }),
    };
    return c.json(answer);
  });

  return app;
}

/**
 * The member with a card whom a staffer's groups know by this phone (their members and
 * customers): a phone is looked up only there, so it cannot be used to find anyone else.
 * Phones are compared as contract/phone.ts reads them, whatever spaces or +84 they were saved with.
 */
async function staffedPersonByPhone(
  db: Queryable,
  staffId: string,
  phone: string,
): Promise<string | undefined> {
  const rows = await queryRows<{ member_id: string; phone: string | null }>(
    db,
    sql`SELECT gm.member_id, m.phone FROM group_members gm JOIN members m ON m.id = gm.member_id
          WHERE gm.group_id IN (${staffGroupIds(staffId)}) AND gm.status = 'active'
            AND gm.deleted_at IS NULL AND m.deleted_at IS NULL
        UNION ALL
        SELECT gm.member_id, m.contact_phone FROM group_members gm JOIN members m ON m.id = gm.member_id
          WHERE gm.group_id IN (${staffGroupIds(staffId)}) AND gm.status = 'active'
            AND gm.deleted_at IS NULL AND m.deleted_at IS NULL
        UNION ALL
        SELECT c.member_id, c.phone FROM customers c
          WHERE c.group_id IN (${staffGroupIds(staffId)}) AND c.member_id IS NOT NULL
            AND c.deleted_at IS NULL`,
  );
  return rows.find((r) => phoneDigits(r.phone) === phone)?.member_id;
}
