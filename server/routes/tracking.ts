// POST /tracking/action (spec §7): card, brand, short-link and bio-link views and taps. Public,
// so it is rate-limited per address in the database; an action without a value is refused
// (spec §5) and nothing is stored. The visitor id is the server's own HttpOnly cookie
// (decision 0910); the address is never stored.
import { Hono, type Context } from 'hono';
import { trackingActionSchema } from '../../contract/card';
import {
  clientIp,
  hitLimit,
  limited,
  limitWindow,
  sweepOldWindowsSometimes,
  trackingLimit,
} from '../auth/rate-limit';
import { optionalMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { readBody } from '../http/input';
import {
  deviceClass,
  purgeOldTracking,
  recordPublicTrackingEvents,
  StatementBatcher,
  recordTrackingEvent,
  referrerHost,
  trackingVisitorId,
  type PublicTrackingEvent,
} from '../stats/tracking-record';

const purgeIntervalMs = 24 * 3600_000;

export function trackingRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;
  const publicEvents = new StatementBatcher((items: PublicTrackingEvent[]) =>
    recordPublicTrackingEvents(db, items),
  );

  // Retention (decision 0910) needs no separate job: once a day, after a write, this copy
  // deletes raw events past retention in the background (the rollups keep their counts).
  let lastPurge = 0;
  const maybePurge = (now: Date) => {
    if (now.getTime() - lastPurge < purgeIntervalMs) return;
    lastPurge = now.getTime();
    void purgeOldTracking(db, now)
      .then((result) => {
        if (result.events + result.visitors > 0) deps.logger.info('tracking purged', result);
      })
      .catch((error: unknown) => {
        deps.logger.error('tracking purge failed', { error: String(error) });
      });
  };

  app.post('/tracking/action', async (c) => {
    const now = deps.now();
    const ip = clientIp(c, deps.config.trustProxy);
    const body = await readBody(c, trackingActionSchema);
    const viewer = optionalMember(c)?.memberId;
    // body.visitorId of old clients is ignored: a client could claim anyone's id.
    const cookieVisitor = trackingVisitorId(
      c,
      deps.config.authSecret,
      now,
      deps.config.secureCookies,
      ip,
    );
    // The address's hit (counted in the database, so every server process shares one window),
    // the card check and the event with its rollups: one statement with the requests arriving now.
    const window = limitWindow(trackingLimit, ip, now);
    const outcome = await publicEvents.run({
      window,
      event: {
        memberId: body.memberId ?? null,
        groupId: body.groupId ?? null,
        action: body.action,
        value: body.value,
        visitorId: viewer ?? cookieVisitor,
        referrerHost: referrerHost(body.referrer, c.req.header('host')),
        utmSource: body.utm ? body.utm.toLowerCase() : null,
        device: deviceClass(c.req.header('user-agent') ?? ''),
        at: now,
      },
    });
    await sweepOldWindowsSometimes(db, now);
    if (outcome.hits > window.limit) throw limited(window.retryAfter);
    if (!outcome.found) throw new ApiError(404, 'not_found');
    maybePurge(now);
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
  const visitor = trackingVisitorId(c, deps.config.authSecret, now, deps.config.secureCookies, ip);
  await recordTrackingEvent(db, {
    memberId: event.memberId,
    groupId: null,
    action: event.action,
    value: event.value,
    visitorId: viewer ?? visitor,
    referrerHost: referrerHost(c.req.header('referer'), c.req.header('host')),
    utmSource: null,
    device: deviceClass(c.req.header('user-agent') ?? ''),
    at: now,
  });
}
