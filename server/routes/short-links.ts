// A member's short links (spec §2 /action/shortenedLink; the calls are ours, decision 0900).
// Writes run the registered shortLink.* mutations, the same handlers as the batch push; the
// public /smc/{slug} redirect counts each click through the tracking write path.
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { rawBody, uuidParam } from '../http/input';
import { runMutationRoute } from '../sync/run-mutation';
import {
  activeShortLink,
  liveShortLinks,
  shortLinkClicks,
  shortLinkForClient,
} from '../domain/short-links';
import { recordServerEvent } from './tracking';
import { shortLinkClickAction, shortLinkTargetProblem } from '../../contract/short-link';

/** A stored target the redirect may send a visitor to (a loop only costs the visitor a hop). */
function followableShortLinkTarget(target: string): boolean {
  const problem = shortLinkTargetProblem(target);
  return problem === null || problem === 'short_link_target_loop';
}

/** Form bodies carry text: `enabled` is read back into a boolean. */
function typedFields(body: unknown): Record<string, unknown> {
  const fields = v.is(v.record(v.string(), v.unknown()), body) ? body : {};
  return fields.enabled === 'true' || fields.enabled === 'false'
    ? { ...fields, enabled: fields.enabled === 'true' }
    : fields;
}

/** Without an id: derived from the member and the Idempotency-Key, so a replay names the same link. */
function newLinkId(c: Context<AppEnv>): string {
  const key = c.req.header('idempotency-key');
  if (!key) return crypto.randomUUID();
  const hex = createHash('sha256')
    .update(`short-link|${requireMember(c).memberId}|${key}`)
    .digest('hex')
    .slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function shortLinkRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  /** The caller's live short links, newest first. */
  app.get('/shortenedLink', async (c) => {
    const me = requireMember(c);
    return c.json((await liveShortLinks(db, me.memberId)).map(shortLinkForClient));
  });

  /** Clicks per short link of the caller (counted from the tracking events). */
  app.get('/shortenedLink/clicks', async (c) => {
    const me = requireMember(c);
    return c.json(await shortLinkClicks(db, me.memberId));
  });

  /** Creates a short link; without an id, one is made (send an Idempotency-Key to retry). */
  app.post('/shortenedLink', async (c) => {
    const fields = typedFields(await rawBody(c));
    const id = typeof fields.id === 'string' ? fields.id : newLinkId(c);
    return runMutationRoute(c, deps, 'shortLink.upsert', { ...fields, id });
  });

  /** Edits the target, title or state of the link with this id (the slug stays). */
  app.put('/shortenedLink/:id', async (c) => {
    const id = uuidParam(c, 'id');
    const fields = typedFields(await rawBody(c));
    if (typeof fields.id === 'string' && fields.id.toLowerCase() !== id) {
      throw new ApiError(400, 'validation_failed', { id: 'invalid_id' });
    }
    return runMutationRoute(c, deps, 'shortLink.upsert', { ...fields, id });
  });

  /** Soft delete (spec §4: a PUT to a delete path). */
  app.put('/shortenedLink/delete/:id', async (c) =>
    runMutationRoute(c, deps, 'shortLink.delete', { id: uuidParam(c, 'id') }),
  );

  return app;
}

/**
 * /smc/{slug}: a live, enabled short link answers 302 to its target (302, not 301: the owner
 * may edit or disable it, and a browser would keep a 301 forever) and counts the click; any
 * other slug goes on to the card page of that link, as before.
 */
export function shortLinkRedirects(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/smc/:slug{[^/]+}', async (c, next) => {
    let slug: string;
    try {
      slug = decodeURIComponent(c.req.param('slug')).toLowerCase();
    } catch {
      return next();
    }
    const link = await activeShortLink(deps.database.db, slug);
    // A target stored before today's rules (a header break, `/\host`) is not followed: the
    // slug answers as unknown, and no click is counted (decision 1020).
    if (!link || !followableShortLinkTarget(link.target)) return next();
    await recordServerEvent(deps, c, {
      memberId: link.memberId,
      action: shortLinkClickAction,
      value: link.slug,
    });
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    return c.redirect(link.target, 302);
  });
  return app;
}
