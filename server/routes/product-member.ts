// GET calls of spec §7 Products: a member's or a brand's showroom, one product, and the
// cross-brand lists (by brands, by agency, search, recommended).
import { Hono, type Context } from 'hono';
import { sql, type SQL } from 'drizzle-orm';
import { productSearchSchema, type CardProduct } from '../../contract/card';
import { queryRows } from '../db/client';
import { products } from '../db/schema';
import { optionalMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { readQuery } from '../http/input';
import { listProducts, loadItem, loadOwner } from '../domain/cards';
import { visibleToSql } from '../visibility';

const pageSize = 20;

interface ProductRow {
  id: string;
  member_id: string | null;
  group_id: string | null;
  type: CardProduct['type'];
  child_type: string;
  child_career: string | null;
  title: string;
  content: string;
  listed_price: string | number | null;
  price: string | number | null;
  quantity: number | null;
  contact_url: string | null;
  origin: string | null;
  customs_code: string | null;
  certificate: string | null;
  shop_type: string | null;
  shop_link: string | null;
  images: string[];
  outstanding: boolean;
  policy: CardProduct['policy'];
  created_at: string | Date;
  updated_at: string | Date;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));
const iso = (v: string | Date) => (v instanceof Date ? v.toISOString() : v);

function toProduct(r: ProductRow): CardProduct {
  return {
    id: r.id,
    memberId: r.member_id,
    groupId: r.group_id,
    type: r.type,
    childType: r.child_type,
    childCareer: r.child_career,
    title: r.title,
    content: r.content,
    listedPrice: num(r.listed_price),
    price: num(r.price),
    quantity: r.quantity,
    contactUrl: r.contact_url,
    origin: r.origin,
    customsCode: r.customs_code,
    certificate: r.certificate,
    shopType: r.shop_type,
    shopLink: r.shop_link,
    images: r.images,
    outstanding: r.outstanding,
    policy: r.policy,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

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
    const row = await loadItem(db, products, c.req.param('id'), viewer(c));
    if (!row) throw notFound();
    if (c.req.query('isBrand') === '1' && !row.groupId) throw notFound();
    return c.json(row);
  });

  /** Products of live brands, visible to the viewer, newest first, 20 per page. */
  async function search(c: Context<AppEnv>, extra: SQL[] = []) {
    const q = readQuery(c, productSearchSchema);
    const conditions: SQL[] = [
      sql`p.deleted_at IS NULL`,
      sql`p.group_id IS NOT NULL`,
      sql`g.deleted_at IS NULL`,
      visibleToSql('p', viewer(c)),
      ...extra,
    ];
    if (q.type) conditions.push(sql`p.type = ${q.type}`);
    if (q.groupId) conditions.push(sql`p.group_id = ${q.groupId}`);
    if (q.agencyId) conditions.push(sql`g.agency_id = ${q.agencyId}`);
    if (q.filter?.trim()) {
      const like = `%${q.filter.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      conditions.push(
        sql`(p.title ILIKE ${like} OR p.content ILIKE ${like} OR p.child_type ILIKE ${like})`,
      );
    }
    const page = q.page ?? 1;
    const rows = await queryRows<ProductRow & { total: number }>(
      db,
      sql`SELECT p.*, count(*) OVER ()::int AS total FROM products p JOIN groups g ON g.id = p.group_id
          WHERE ${sql.join(conditions, sql` AND `)}
          ORDER BY p.outstanding DESC, p.created_at DESC, p.id
          LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    );
    return c.json({ page, pageSize, total: rows[0]?.total ?? 0, items: rows.map(toProduct) });
  }

  app.get('/productMember/loadProductByBrands', (c) => search(c));
  app.get('/productMember/searchProductByBrands', (c) => search(c));
  app.get('/productMember/loadProductByAgency', (c) => search(c, [sql`g.agency_id IS NOT NULL`]));
  // An agency's curated list when its admins made one (decision 0810), else outstanding products.
  app.get('/productMember/loadRecommendProducts', (c) => {
    const agencyId = c.req.query('agencyId');
    const curated = sql`p.id IN (SELECT r.product_id FROM agency_recommended_products r
      WHERE r.agency_id::text = ${agencyId ?? ''})`;
    return search(c, [
      sql`(CASE WHEN EXISTS (SELECT 1 FROM agency_recommended_products r
        WHERE r.agency_id::text = ${agencyId ?? ''}) THEN ${curated} ELSE p.outstanding END)`,
    ]);
  });

  return app;
}
