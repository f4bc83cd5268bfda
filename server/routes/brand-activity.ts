// GET calls of spec §7 Brand activity. The same item kind serves members' activities, so
// getBrandActivityById answers for either owner.
import { Hono } from 'hono';
import { optionalMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { cardItemTables, listActivities, loadItem, loadOwner } from '../domain/cards';

export function brandActivityRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  app.get('/brandActivity/getBrandActivityByBrandId/:id', async (c) => {
    const viewer = optionalMember(c)?.memberId;
    const record =
      (await loadOwner(db, 'group', c.req.param('id'), viewer)) ??
      (await loadOwner(db, 'member', c.req.param('id'), viewer));
    if (!record) throw notFound();
    const filter = c.req.query('filter')?.trim();
    return c.json(
      await listActivities(db, {
        relation: record.relation,
        kind: record.owner.kind,
        ownerId: record.owner.id,
        type: filter || undefined,
      }),
    );
  });

  app.get('/brandActivity/getBrandActivityById/:id', async (c) => {
    const row = await loadItem(
      db,
      cardItemTables.activity,
      c.req.param('id'),
      optionalMember(c)?.memberId,
    );
    if (!row) throw notFound();
    const { details: _details, ...activity } = row;
    return c.json(activity);
  });

  return app;
}
