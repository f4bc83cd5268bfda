// Support (spec §2 /action/support; the calls are ours, decision 0901): a member's request runs
// the registered supportRequest.create mutation (the same handler as the batch push); the
// operator's staff read and close requests in the inbox.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { rawBody, uuidParam } from '../http/input';
import { runMutationRoute } from '../sync/run-mutation';
import { requireSupportStaff, setSupportStatus, supportInbox } from '../domain/support';

export function supportRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  app.post('/support', async (c) => {
    const body = await rawBody(c);
    const fields = v.is(v.record(v.string(), v.unknown()), body) ? body : {};
    return runMutationRoute(c, deps, 'supportRequest.create', {
      ...fields,
      id: typeof fields.id === 'string' ? fields.id : crypto.randomUUID(),
    });
  });

  app.get('/support/inbox', async (c) => {
    const me = requireMember(c);
    await requireSupportStaff(db, me.memberId);
    return c.json(await supportInbox(db));
  });

  for (const [path, status] of [
    ['close', 'closed'],
    ['reopen', 'open'],
  ] as const) {
    app.put(`/support/${path}/:id`, async (c) => {
      const me = requireMember(c);
      const id = uuidParam(c, 'id');
      await requireSupportStaff(db, me.memberId);
      return c.json(await setSupportStatus(db, me.memberId, id, status));
    });
  }

  return app;
}
