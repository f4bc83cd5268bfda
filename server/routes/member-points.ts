// Spec §7 Members: getMemberPoint/{id}?groupId — a member's point balances per group.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { readQuery } from '../http/input';
import { idSchema, type MemberPointAnswer } from '../../contract/points';
import { requireStaff } from '../domain/points/staff';
import { findPointHolder } from '../domain/points/point-holder';
import { balancesOf } from '../domain/points/ledger-reads';

export function memberPointsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  // The member sees all their groups; a staffer sees the member at the groups they staff
  // (one group with ?groupId). {id} is the member id or their short link.
  app.get('/members/getMemberPoint/:id', async (c) => {
    const me = requireMember(c);
    const key = c.req.param('id');
    const q = readQuery(c, v.object({ groupId: v.optional(idSchema) }));
    const member = await findPointHolder(db, me.memberId, key);
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
