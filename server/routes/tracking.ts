// POST /tracking/action (spec §7): card views and taps. Public, so it is rate-limited per
// address; an action without a value is refused (spec §5) and nothing is stored.
import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { trackingActionSchema } from '../../contract/card';
import { trackingEvents } from '../db/schema';
import { optionalMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { readBody } from '../http/input';
import { findGroup, findMember } from '../ssr/card-data';

const windowMs = 60_000;
const maxPerWindow = 60;

function clientAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return c.req.header('x-test-ip') ?? 'unknown';
  }
}

export function trackingRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;
  // A fixed window per address, per server copy: enough to stop one client flooding.
  const hits = new Map<string, { start: number; count: number }>();

  app.post('/tracking/action', async (c) => {
    const now = deps.now().getTime();
    const address = clientAddress(c);
    const entry = hits.get(address);
    if (!entry || now - entry.start >= windowMs) {
      if (hits.size > 10_000) hits.clear();
      hits.set(address, { start: now, count: 1 });
    } else if (++entry.count > maxPerWindow) {
      const retry = Math.ceil((entry.start + windowMs - now) / 1000);
      throw new ApiError(429, 'rate_limited', undefined, { 'Retry-After': String(retry) });
    }
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
      visitorId: viewer ?? body.visitorId ?? null,
    });
    return c.json({ ok: true }, 201);
  });

  return app;
}
