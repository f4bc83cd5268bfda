// A member's bank accounts, links and videos (spec §7 Members: updateAccountLinkById; the rest
// of the calls are ours, decision 0630). Writes run the registered accountLink.* mutations,
// the same handlers as the batch push.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { rawBody, uuidParam } from '../http/input';
import { runMutationRoute } from '../sync/run-mutation';
import { accountLinkForClient, liveAccountLinks } from '../domain/account-links';
import { bankList } from '../data/bank-list';

export function accountLinksRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  /** The banks to pick from, with their NAPAS BINs (public, the same for everyone). */
  app.get('/members/banks', (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json(bankList());
  });

  /** The owner's rows, hidden ones included; another member's list is 403. */
  app.get('/members/getAccountLinksByMemberId/:id', async (c) => {
    const me = requireMember(c);
    const id = uuidParam(c, 'id');
    if (me.memberId !== id) throw new ApiError(403, 'forbidden');
    return c.json(
      (await liveAccountLinks(db, { kind: 'member', id }, false)).map(accountLinkForClient),
    );
  });

  /** Creates or replaces the row with this client-made id; another member's row is 403. */
  app.put('/members/updateAccountLinkById/:id', async (c) => {
    const id = uuidParam(c, 'id');
    const body = await rawBody(c);
    const fields = v.is(v.record(v.string(), v.unknown()), body) ? body : {};
    if (typeof fields.id === 'string' && fields.id.toLowerCase() !== id) {
      throw new ApiError(400, 'validation_failed', { id: 'invalid_id' });
    }
    // Form bodies carry text: ordinal and hidden are read back into their types.
    const typed = {
      ...fields,
      ...(typeof fields.ordinal === 'string' && /^\d+$/.test(fields.ordinal)
        ? { ordinal: Number(fields.ordinal) }
        : {}),
      ...(fields.hidden === 'true' || fields.hidden === 'false'
        ? { hidden: fields.hidden === 'true' }
        : {}),
    };
    return runMutationRoute(c, deps, 'accountLink.upsert', { ...typed, id });
  });

  /** Soft delete (spec §4: a PUT to a delete path). */
  app.put('/members/deleteAccountLinkById/:id', async (c) =>
    runMutationRoute(c, deps, 'accountLink.delete', { id: uuidParam(c, 'id') }),
  );

  return app;
}
