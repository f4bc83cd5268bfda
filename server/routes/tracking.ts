// POST /tracking/action (spec §7): card views and taps. Public, so it is rate-limited per
// address; an action without a value is refused (spec §5) and nothing is stored.
import { createHmac } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { trackingActionSchema } from '../../contract/card';
import { vietnamDay } from '../../contract/vietnam-time';
import { clientIp, hitLimit, trackingLimit } from '../auth/rate-limit';
import { trackingEvents } from '../db/schema';
import { optionalMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { readBody } from '../http/input';
import { findGroup, findMember } from '../ssr/card-data';

/**
 * An anonymous visitor's id (decision 0108): an HMAC of address and browser under a salt that
 * changes every Vietnam day, so visits count as one person within a day, nobody can link days
 * together, and the raw address is never stored.
 */
export function anonymousVisitorId(
  authSecret: string,
  now: Date,
  ip: string,
  userAgent: string,
): string {
  const dailySalt = createHmac('sha256', authSecret)
    .update(`tracking-visitor:${vietnamDay(now)}`)
    .digest();
  return createHmac('sha256', dailySalt)
    .update(`${ip}\n${userAgent}`)
    .digest('base64url')
    .slice(0, 32);
}

export function trackingRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  app.post('/tracking/action', async (c) => {
    const now = deps.now();
    const ip = clientIp(c, deps.config.trustProxy);
    // Counted in the database, so every server process shares one window per address.
    await hitLimit(db, trackingLimit, ip, now);
    const body = await readBody(c, trackingActionSchema);
    const member = body.memberId ? await findMember(db, body.memberId) : undefined;
    const group = body.groupId ? await findGroup(db, body.groupId) : undefined;
    if ((body.memberId && !member) || (body.groupId && !group))
      throw new ApiError(404, 'not_found');
    const viewer = optionalMember(c)?.memberId;
    await db.insert(trackingEvents).values({
      memberId: member?.id ?? null,
      groupId: group?.id ?? null,
      action: body.action,
      value: body.value,
      // body.visitorId of old clients is ignored: a client could claim anyone's id.
      visitorId:
        viewer ??
        anonymousVisitorId(deps.config.authSecret, now, ip, c.req.header('user-agent') ?? ''),
    });
    return c.json({ ok: true }, 201);
  });

  return app;
}

/**
 * Records one event that the server itself observes (a short-link or bio-link click), through
 * the same table and visitor id as POST /tracking/action. A visitor past the address's limit
 * is still sent on; the event is just not counted.
 */
export async function recordServerEvent(
  deps: AppDeps,
  c: Context<AppEnv>,
  event: { memberId: string; action: string; value: string },
): Promise<void> {
  const db = deps.database.db;
  const now = deps.now();
  const ip = clientIp(c, deps.config.trustProxy);
  try {
    await hitLimit(db, trackingLimit, ip, now);
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return;
    throw error;
  }
  const viewer = optionalMember(c)?.memberId;
  await db.insert(trackingEvents).values({
    memberId: event.memberId,
    groupId: null,
    action: event.action,
    value: event.value,
    visitorId:
      viewer ??
      anonymousVisitorId(deps.config.authSecret, now, ip, c.req.header('user-agent') ?? ''),
  });
}
