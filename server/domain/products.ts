// Cross-brand product lists (spec §7 Products): products of live brands the viewer may see.
import { sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { CardProduct, productSearchSchema } from '../../contract/card';
import { queryRows, type Queryable } from '../db/client';
import { products } from '../db/schema';
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

type ProductSearch = v.InferOutput<typeof productSearchSchema>;

/** Which products a search covers beyond the viewer's filters. */
export type ProductScope =
  { kind: 'brands' } | { kind: 'agencies' } | { kind: 'recommended'; agencyId: string | undefined };

function scopeConditions(scope: ProductScope): SQL[] {
  if (scope.kind === 'agencies') return [sql`g.agency_id IS NOT NULL`];
  if (scope.kind === 'brands') return [];
  // An agency's curated list when its admins made one (decision 0810), else outstanding products.
  const agencyId = scope.agencyId;
  const curated = sql`p.id IN (SELECT r.product_id FROM agency_recommended_products r
      WHERE r.agency_id::text = ${agencyId ?? ''})`;
  return [
    sql`(CASE WHEN EXISTS (SELECT 1 FROM agency_recommended_products r
        WHERE r.agency_id::text = ${agencyId ?? ''}) THEN ${curated} ELSE p.outstanding END)`,
  ];
}

/** Products of live brands, visible to the viewer, newest first, 20 per page. */
export async function searchProducts(
  db: Queryable,
  q: ProductSearch,
  viewerId: string | undefined,
  scope: ProductScope,
) {
  const conditions: SQL[] = [
    sql`p.deleted_at IS NULL`,
    sql`p.group_id IS NOT NULL`,
    sql`g.deleted_at IS NULL`,
    visibleToSql('p', viewerId),
    ...scopeConditions(scope),
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
  return { page, pageSize, total: rows[0]?.total ?? 0, items: rows.map(toProduct) };
}

/**
 * Certificate names for the product form: those already used on public products, then the
 * common ones, matching `name` (case and diacritics as typed). At most 20.
 */
export async function certificateNames(db: Queryable, name: string): Promise<string[]> {
  const like = `%${name.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const used = await queryRows<{ certificate: string }>(
    db,
    sql`SELECT DISTINCT certificate FROM ${products}
          WHERE certificate IS NOT NULL AND deleted_at IS NULL AND policy = 'public'
            AND certificate ILIKE ${like}
          ORDER BY certificate LIMIT 20`,
  );
  const needle = name.toLowerCase();
  return [
    ...new Set([
      ...used.map((r) => r.certificate),
      ...commonCertificates.filter((n) => n.toLowerCase().includes(needle)),
    ]),
  ].slice(0, 20);
}

/** Certifications Vietnamese sellers commonly list on products. */
const commonCertificates = [
  'ISO 9001',
  'ISO 14001',
  'ISO 22000',
  'HACCP',
  'FSSC 22000',
  'VietGAP',
  'GlobalGAP',
  'OCOP 3 sao',
  'OCOP 4 sao',
  'OCOP 5 sao',
  'Hàng Việt Nam chất lượng cao',
  'Hữu cơ (TCVN 11041)',
  'USDA Organic',
  'EU Organic',
  'Halal',
  'CE',
  'FDA',
];
