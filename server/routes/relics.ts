// GET calls of spec §7 Relics (members) and brand relics (groups).
import { Hono } from 'hono';
import { optionalMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { cardItemTables, listRelics, loadItem, loadOwner } from '../domain/cards';

export function relicsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  app.get('/relics/getRelicsByMemberId/:memberId', async (c) => {
    const record = await loadOwner(
      db,
      'member',
      c.req.param('memberId'),
      optionalMember(c)?.memberId,
    );
    if (!record) throw notFound();
    return c.json(
      await listRelics(db, { relation: record.relation, kind: 'member', ownerId: record.owner.id }),
    );
  });

  app.get('/brandRelics/getRelicsByGroupId/:id', async (c) => {
    const record = await loadOwner(db, 'group', c.req.param('id'), optionalMember(c)?.memberId);
    if (!record) throw notFound();
    return c.json(
      await listRelics(db, { relation: record.relation, kind: 'group', ownerId: record.owner.id }),
    );
  });

  const one = (path: string) =>
    app.get(path, async (c) => {
      const row = await loadItem(
        db,
        cardItemTables.relic,
        c.req.param('id') ?? '',
        optionalMember(c)?.memberId,
      );
      if (!row) throw notFound();
      return c.json(row);
    });
  one('/relics/:id');
  one('/brandRelics/:id');

  return app;
}
