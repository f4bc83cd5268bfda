// GET calls of spec §7 Group/brand: a brand or group page, its metadata and vCard.
import { Hono } from 'hono';
import { optionalMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { loadCardView, loadOwner } from '../domain/cards';
import { ownerMeta } from '../ssr/meta';
import { cardVCard } from '../ssr/vcard-response';

export function groupAndBrandRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;
  const origin = deps.config.publicOrigin;

  // The brand with everything its page shows (posts, products, activities, relics, theme).
  app.get('/groupAndBrand/getGDUById/:id', async (c) => {
    const view = await loadCardView(
      db,
      'group',
      c.req.param('id'),
      optionalMember(c)?.memberId,
      deps.now(),
    );
    if (!view) throw notFound();
    return c.json(view);
  });

  // The brand's profile alone.
  app.get('/groupAndBrand/getGDByById/:id', async (c) => {
    const record = await loadOwner(db, 'group', c.req.param('id'), optionalMember(c)?.memberId);
    if (!record) throw notFound();
    return c.json({ ...record.owner, isMe: record.relation === 'owner' });
  });

  app.get('/groupAndBrand/getVfcGroupId/:id', async (c) => {
    const record = await loadOwner(db, 'group', c.req.param('id'), undefined);
    if (!record) throw notFound();
    return cardVCard(c, record.owner, origin, db);
  });

  app.get('/groupAndBrand/getMetaGDById/:id', async (c) => {
    const record = await loadOwner(db, 'group', c.req.param('id'), undefined);
    if (!record) throw notFound();
    return c.json(ownerMeta(record.owner, origin, `/mbg/${record.owner.urlMinify}`));
  });

  return app;
}
