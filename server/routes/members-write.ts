// PUT calls of spec §7 Members that edit the caller's own profile. Writes run the registered
// profile.update mutation, the same handler as the batch push.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { rawBody, uuidParam } from '../http/input';
import { runMutationRoute } from '../sync/run-mutation';

/** Form bodies send a list as repeated keys; one value is still a list for list fields. */
const listFields = ['interests', 'businessSectors'] as const;

export function membersWriteRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /** A patch of the owner's profile fields; another member's id is 403 and changes nothing. */
  app.put('/members/updateMemberById/:id', async (c) => {
    const me = requireMember(c);
    const id = uuidParam(c, 'id');
    if (id !== me.memberId) throw new ApiError(403, 'forbidden');
    const body = await rawBody(c);
    const fields: Record<string, unknown> = v.is(v.record(v.string(), v.unknown()), body)
      ? { ...body }
      : {};
    const json = (c.req.header('content-type') ?? '').includes('application/json');
    for (const key of listFields) {
      const value = fields[key];
      if (!json && typeof value === 'string') fields[key] = value === '' ? [] : [value];
    }
    return runMutationRoute(c, deps, 'profile.update', { ...fields, id });
  });

  return app;
}
