// The offline client's two calls: batch push of queued mutations and the delta pull.
import { Hono } from 'hono';
import { pullQuerySchema, pushBodySchema, maxPullLimit } from '../../contract/sync';
import { requireMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { requestLang } from '../http/errors';
import { readBody, readQuery } from '../http/input';
import { pullChanges } from '../sync/pull';
import { pushMutations } from '../sync/push';

export function syncRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/sync/push', async (c) => {
    const { memberId } = requireMember(c);
    const body = await readBody(c, pushBodySchema);
    const results = await pushMutations(deps, memberId, body.mutations, requestLang(c));
    c.header('Cache-Control', 'no-store');
    return c.json({ results });
  });

  app.get('/sync/pull', async (c) => {
    const { memberId } = requireMember(c);
    const query = readQuery(c, pullQuerySchema);
    const page = await pullChanges(
      deps,
      memberId,
      query.cursor,
      Math.min(query.limit, maxPullLimit),
    );
    c.header('Cache-Control', 'no-store');
    return c.json(page);
  });

  return app;
}
