// Wedding invitations (spec §7: GET /wedding/{id}, POST /weddingGuest; the owner's calls are
// ours, decision 0720). Writes of the owner run the registered wedding.upsert mutation.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { optionalMember, requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { rawBody, uuidParam, validate } from '../http/input';
import { runMutationRoute } from '../sync/run-mutation';
import {
  guestsOf,
  memberWeddings,
  ownedWedding,
  publicWedding,
  storeGuestReply,
} from '../domain/wedding';
import { weddingGuestPostSchema, type WeddingGuest } from '../../contract/wedding';
import { countPublicPost, isRobot, publicFormLimits } from './public-forms';

const record = v.record(v.string(), v.unknown());

/**
 * A guest's reply as the API and the invitation's plain form (server/ssr/wedding-pages.ts) both
 * take it: counted against the public-form limit, checked, a robot's dropped unseen, stored once
 * per id. No guest means a robot's reply, answered as if stored.
 */
export async function receiveGuestReply(
  c: Context<AppEnv>,
  deps: AppDeps,
  body: unknown,
): Promise<{ guest?: WeddingGuest; created: boolean }> {
  await countPublicPost(c, deps, publicFormLimits.weddingGuest);
  const fields = v.is(record, body) ? body : {};
  const input = validate(weddingGuestPostSchema, fields);
  if (isRobot(fields)) return { created: true };
  return storeGuestReply(deps.database.db, {
    id: input.id ?? crypto.randomUUID(),
    weddingId: input.weddingId,
    name: input.name,
    phone: input.phone || null,
    attending: input.attending,
    people: input.people,
    wishes: input.wishes || null,
  });
}

export function weddingRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  /** A guest's reply, without login: rate-limited, honeypot, stored once per id. */
  app.post('/weddingGuest', async (c) => {
    const { guest, created } = await receiveGuestReply(c, deps, await rawBody(c));
    // The guest gets their own reply back, never the list.
    return c.json(
      guest
        ? { ok: true, id: guest.id, attending: guest.attending, people: guest.people }
        : { ok: true },
      created ? 201 : 200,
    );
  });

  /** The owner's invitations, newest first (another member's list is 403). */
  app.get('/wedding/member/:memberId', async (c) => {
    const me = requireMember(c);
    const memberId = uuidParam(c, 'memberId');
    if (memberId !== me.memberId) throw new ApiError(403, 'forbidden');
    return c.json(await memberWeddings(db, memberId));
  });

  /** The guests' replies to the owner's invitation. */
  app.get('/wedding/:id/guests', async (c) => {
    const me = requireMember(c);
    const wedding = await ownedWedding(db, me.memberId, uuidParam(c, 'id'));
    return c.json(await guestsOf(db, wedding.id));
  });

  /** What a guest sees (public); unknown, deleted or inactive (to anyone but the owner): 404. */
  app.get('/wedding/:id', async (c) => {
    const wedding = await publicWedding(db, uuidParam(c, 'id'), optionalMember(c)?.memberId);
    if (!wedding) throw new ApiError(404, 'not_found');
    return c.json(wedding);
  });

  /** Creates an invitation; without an id, one derived from the Idempotency-Key (or new). */
  app.post('/wedding', async (c) => {
    const body = await rawBody(c);
    const fields = v.is(record, body) ? body : {};
    const id = typeof fields.id === 'string' ? fields.id : crypto.randomUUID();
    return runMutationRoute(c, deps, 'wedding.upsert', { ...fields, id });
  });

  /** Replaces the owner's invitation with this id (created when it does not exist yet). */
  app.put('/wedding/:id', async (c) => {
    const id = uuidParam(c, 'id');
    const body = await rawBody(c);
    const fields = v.is(record, body) ? body : {};
    if (typeof fields.id === 'string' && fields.id.toLowerCase() !== id) {
      throw new ApiError(400, 'validation_failed', { id: 'invalid_id' });
    }
    return runMutationRoute(c, deps, 'wedding.upsert', { ...fields, id });
  });

  return app;
}
