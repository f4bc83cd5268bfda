// Contact us (spec §7): a visitor's message to a card or a brand page (public, rate-limited,
// honeypot) and the owner's inbox. The owner's flags run the registered contactUs.update
// mutation, the same handler as the batch push (decision 0721).
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError, requestLang } from '../http/errors';
import { rawBody, readQuery, uuidParam, validate } from '../http/input';
import { runMutationRoute } from '../sync/run-mutation';
import {
  contactUsForClient,
  contactUsPage,
  ownedContactUs,
  storeContactUs,
} from '../domain/contact-us';
import { contactUsListQuerySchema, contactUsPostSchema } from '../../contract/contact-us';
import { leadConsentText } from '../../contract/public-forms';
import { countPublicPost, isRobot, publicFormLimits } from './public-forms';

const record = v.record(v.string(), v.unknown());

/** A flag of a PUT body: absent means "set" (the spec's calls carry no body). */
function flagOf(body: unknown, name: string): boolean {
  const value = v.is(record, body) ? body[name] : undefined;
  if (value === undefined || value === '') return true;
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  throw new ApiError(400, 'validation_failed', { [name]: 'invalid_value' });
}

export function contactUsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  app.post('/contactUs', async (c) => {
    await countPublicPost(c, deps, publicFormLimits.contactUs);
    const body = await rawBody(c);
    const fields = v.is(record, body) ? body : {};
    const input = validate(contactUsPostSchema, fields);
    if (isRobot(fields)) return c.json({ ok: true }, 201);
    const { message, created } = await storeContactUs(db, {
      id: input.id ?? crypto.randomUUID(),
      memberId: input.memberId,
      groupId: input.groupId,
      name: input.name,
      phone: input.phone || null,
      email: input.email || null,
      message: input.message,
      company: input.company || null,
      consentText: leadConsentText[requestLang(c)],
    });
    return c.json({ ok: true, id: message.id }, created ? 201 : 200);
  });

  /** The unread count of the caller's inbox (the member menu's badge). */
  app.get('/contactUs/count', async (c) => {
    const me = requireMember(c);
    const { unread } = await contactUsPage(db, me.memberId, { page: 1, limit: 1 });
    return c.json({ unread });
  });

  app.get('/contactUs/contactUsById/:id', async (c) => {
    const me = requireMember(c);
    return c.json(contactUsForClient(await ownedContactUs(db, me.memberId, uuidParam(c, 'id'))));
  });

  /** The owner's inbox, newest first: ?page (from 1), ?filter (a status word or text), ?limit. */
  app.get('/contactUs/:memberId', async (c) => {
    const me = requireMember(c);
    const memberId = uuidParam(c, 'memberId');
    if (memberId !== me.memberId) throw new ApiError(403, 'forbidden');
    const query = readQuery(c, contactUsListQuerySchema);
    return c.json(
      await contactUsPage(db, memberId, {
        page: query.page,
        limit: Number(query.limit),
        filter: query.filter,
      }),
    );
  });

  /** Marks the sender contacted (body `contacted: false` takes it back). */
  app.put('/contactUs/contact/:id', async (c) => {
    const id = uuidParam(c, 'id');
    const contacted = flagOf(await rawBody(c), 'contacted');
    return runMutationRoute(c, deps, 'contactUs.update', { id, contacted });
  });

  /** Marks the message read (body `read: false` marks it unread again). */
  app.put('/contactUs/setRead/:id', async (c) => {
    const id = uuidParam(c, 'id');
    const read = flagOf(await rawBody(c), 'read');
    return runMutationRoute(c, deps, 'contactUs.update', { id, read });
  });

  return app;
}
