// Spec §7 Registration information (decision 0664): the brand's public form (no login,
// rate-limited per address in the database, honeypot), the staff's list and detail, and the
// workflow actions PUT rg/{action}/{id}.
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { rawBody, readQuery, uuidParam, validate } from '../http/input';
import { clientIp, hitLimit, type LimitRule } from '../auth/rate-limit';
import {
  createRegistration,
  listRegistrations,
  registrationDetail,
  registrationFormBrand,
  takeRegistrationAction,
  type ActionInput,
} from '../registrations/registration-store';
import {
  registrationActions,
  registrationConfirmSchema,
  registrationCreateSchema,
  registrationListQuerySchema,
  registrationStepSchema,
  registrationUpdateSchema,
  type RegistrationAction,
} from '../../contract/registration';

/** Requests a visitor's address may send: a family signing up together, not a flood. */
export const registrationFormLimit = {
  name: 'registration-ip',
  limit: 10,
  windowSeconds: 60 * 60,
} as const satisfies LimitRule;

export function registrationRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  /** What the public form needs to know of a brand (by its short link). */
  app.get('/rg/form/:urlMinify', async (c) => {
    const urlMinify = c.req.param('urlMinify').trim().toLowerCase();
    const group = await registrationFormBrand(db, urlMinify);
    if (!group) throw new ApiError(404, 'not_found');
    return c.json(group);
  });

  app.post('/rg/registerInformation', async (c) => {
    const body = await rawBody(c);
    await hitLimit(db, registrationFormLimit, clientIp(c, deps.config.trustProxy), deps.now());
    const input = validate(registrationCreateSchema, body);
    // A filled honeypot is a robot: answered like a success, nothing stored.
    if (input.website) return c.json({ id: crypto.randomUUID() }, 201);
    return c.json(await createRegistration(db, input), 201);
  });

  app.get('/rg/getListRegisterInformation', async (c) => {
    const me = requireMember(c);
    const query = readQuery(c, registrationListQuerySchema);
    return c.json(await listRegistrations(db, me.memberId, query));
  });

  app.get('/rg/getRegisterInformation/:id', async (c) => {
    const me = requireMember(c);
    return c.json(await registrationDetail(db, me.memberId, uuidParam(c, 'id')));
  });

  for (const action of registrationActions) {
    app.put(`/rg/${action}/:id`, async (c) => {
      const me = requireMember(c);
      const id = uuidParam(c, 'id');
      const body = await rawBody(c);
      const step = stepOf(action, body ?? {});
      return c.json(await takeRegistrationAction(db, me.memberId, id, step, deps.now()));
    });
  }

  return app;
}

function stepOf(action: RegistrationAction, body: unknown): ActionInput {
  if (action === 'update') return { action, input: validate(registrationUpdateSchema, body) };
  if (action === 'updateConfirm') {
    return { action, input: validate(registrationConfirmSchema, body) };
  }
  return { action, input: validate(registrationStepSchema, body) };
}
