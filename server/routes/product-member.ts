// GET calls of spec §7 Products: a member's or a brand's showroom, one product, and the
// cross-brand lists (by brands, by agency, search, recommended).
import { Hono, type Context } from 'hono';
import { productSearchSchema } from '../../contract/card';
import { optionalMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { readQuery } from '../http/input';
import { cardItemTables, listProducts, loadItem, loadOwner } from '../domain/cards';
import { searchProducts, type ProductScope } from '../domain/products';

export function productMemberRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;
  const viewer = (c: Context<AppEnv>) => optionalMember(c)?.memberId;

  app.get('/productMember/getProductList/:memberId', async (c) => {
    const record = await loadOwner(db, 'member', c.req.param('memberId'), viewer(c));
    if (!record) throw notFound();
    const filter = c.req.query('filter')?.trim();
    return c.json(
      await listProducts(db, {
        relation: record.relation,
        kind: 'member',
        ownerId: record.owner.id,
        type: filter || undefined,
      }),
    );
  });

  app.get('/productMember/getProductByBranch/:brandId', async (c) => {
    const record = await loadOwner(db, 'group', c.req.param('brandId'), viewer(c));
    if (!record) throw notFound();
    const type = c.req.query('type')?.trim();
    return c.json(
      await listProducts(db, {
        relation: record.relation,
        kind: 'group',
        ownerId: record.owner.id,
        type: type || undefined,
        outstanding: c.req.query('outstanding') === 'true',
      }),
    );
  });

  app.get('/productMember/getProductById/:id', async (c) => {
    const row = await loadItem(db, cardItemTables.product, c.req.param('id'), viewer(c));
    if (!row) throw notFound();
    if (c.req.query('isBrand') === '1' && !row.groupId) throw notFound();
    return c.json(row);
  });

  const search = async (c: Context<AppEnv>, scope: ProductScope) =>
    c.json(await searchProducts(db, readQuery(c, productSearchSchema), viewer(c), scope));

  app.get('/productMember/loadProductByBrands', (c) => search(c, { kind: 'brands' }));
  app.get('/productMember/searchProductByBrands', (c) => search(c, { kind: 'brands' }));
  app.get('/productMember/loadProductByAgency', (c) => search(c, { kind: 'agencies' }));
  // An agency's curated list when its admins made one (decision 0810), else outstanding products.
  app.get('/productMember/loadRecommendProducts', (c) =>
    search(c, { kind: 'recommended', agencyId: c.req.query('agencyId') }),
  );

  return app;
}
