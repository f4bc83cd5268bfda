// Agencies (spec §6 agency admins, §7 Members/Group/Products/Explore; decision 0810): what an
// agency admin reads and writes about the agency's groups, products and explore directory.
import * as v from 'valibot';
import { noBackslash, noControlCharacters } from './url-rules';
import { visibleWhenPresent } from './visible-text';
import { pageSchema } from './common';
import { idSchema } from './points';

const text = (max: number) =>
  v.optional(v.pipe(v.string('not_text'), v.trim(), v.maxLength(max, 'too_long')), '');

const addressText = (max: number) =>
  v.optional(
    v.pipe(
      v.string('not_text'),
      v.trim(),
      noControlCharacters,
      noBackslash,
      v.maxLength(max, 'too_long'),
    ),
    '',
  );

/** GET /members/getListGroupByAgency?agencyId,page,filter */
export const agencyGroupsQuerySchema = v.object({
  agencyId: v.optional(idSchema),
  page: pageSchema,
  filter: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'too_long'))),
});

export const agencyIdQuerySchema = v.object({ agencyId: v.optional(idSchema) });

/** PUT /groupAndBrand/updateUByIdByAdminAgency/{id}: what an agency admin may change. */
export const agencyGroupUpdateSchema = v.object({
  name: v.optional(
    v.pipe(
      v.string('name_required'),
      v.trim(),
      v.nonEmpty('name_required'),
      visibleWhenPresent,
      v.maxLength(200, 'too_long'),
    ),
  ),
  note: v.optional(v.pipe(v.string('not_text'), v.trim(), v.maxLength(2000, 'too_long'))),
  language: v.optional(v.picklist(['VN', 'EN'], 'not_allowed_value')),
  layoutPermission: v.optional(v.picklist(['FULL', 'LIMIT'], 'not_allowed_value')),
});
export type AgencyGroupUpdate = v.InferOutput<typeof agencyGroupUpdateSchema>;

/** POST /groupAndBrand/createByAdminAgency: a new group or brand of the agency (decision 1041). */
export const agencyGroupCreateSchema = v.object({
  agencyId: v.optional(idSchema),
  name: v.pipe(
    v.string('group_name_required'),
    v.trim(),
    v.nonEmpty('group_name_required'),
    v.maxLength(200, 'too_long'),
  ),
  kind: v.optional(v.picklist(['brand', 'group'], 'not_allowed_value'), 'group'),
  note: v.optional(v.pipe(v.string('not_text'), v.trim(), v.maxLength(2000, 'too_long'))),
});
export type AgencyGroupCreateInput = v.InferInput<typeof agencyGroupCreateSchema>;

/** PUT /groupAndBrand/setAdminByAdminAgency/{groupId}: a member, by card link or id, made admin. */
export const agencyGroupAdminSchema = v.object({
  card: v.pipe(
    v.string('group_admin_card_not_found'),
    v.trim(),
    v.nonEmpty('group_admin_card_not_found'),
    v.maxLength(300, 'too_long'),
  ),
});

export const productTypes = [
  'sell',
  'buy',
  'service',
  'ma',
  'product',
  'project',
  'exhibition',
  'achievement',
] as const;

/** loadProductByBrands, loadProductByAgency, searchProductByBrands: type, groupId, agencyId, page, filter. */
export const agencyProductsQuerySchema = v.object({
  agencyId: v.optional(idSchema),
  groupId: v.optional(idSchema),
  type: v.optional(v.picklist(productTypes, 'not_allowed_value')),
  page: pageSchema,
  filter: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'too_long'))),
});

/** PUT /productMember/recommendProducts: the agency's recommended products, in order. */
export const recommendProductsSchema = v.object({
  agencyId: idSchema,
  productIds: v.pipe(v.array(idSchema, 'not_a_list'), v.maxLength(50, 'too_many_items')),
});

export interface AgencySummary {
  id: string;
  name: string;
  urlMinify: string;
}

export interface AgencyGroup {
  id: string;
  name: string;
  note: string | null;
  urlMinify: string;
  kind: 'brand' | 'group';
  language: 'VN' | 'EN';
  layoutPermission: 'FULL' | 'LIMIT';
  members: number;
}

export interface AgencyAdmin {
  memberId: string;
  name: string;
  urlMinify: string;
  avatarUrl: string | null;
}

export interface OrganizeAdmin extends AgencyAdmin {
  groupId: string;
  groupName: string;
  role: 'admin' | 'seller';
}

export interface AgencyProduct {
  id: string;
  title: string;
  type: string;
  price: number | null;
  groupId: string | null;
  groupName: string | null;
  image: string | null;
  recommended: boolean;
}

export interface AgencyPage<T> {
  items: T[];
  page: number;
  total: number;
}

export const agencyPageSize = 20;

// ---------------------------------------------------------------------------------------
// Explore directory

export const exploreCompanySchema = v.object({
  id: v.optional(idSchema),
  name: v.pipe(
    v.string('name_required'),
    v.trim(),
    v.nonEmpty('name_required'),
    visibleWhenPresent,
    v.maxLength(200, 'too_long'),
  ),
  sector: text(120),
  province: text(120),
  address: text(300),
  phone: text(30),
  website: addressText(300),
  description: text(2000),
  cardUrl: addressText(300),
});

/** POST /exploreAgency/update: the agency's whole list (missing companies are removed). */
export const exploreUpdateSchema = v.object({
  agencyId: idSchema,
  companies: v.pipe(
    v.array(exploreCompanySchema, 'not_a_list'),
    v.maxLength(10_000, 'too_many_items'),
  ),
});
export type ExploreUpdateInput = v.InferInput<typeof exploreUpdateSchema>;

export const exploreQuerySchema = v.object({ agencyId: v.optional(idSchema) });

export interface ExploreCompany {
  id: string;
  agencyId: string;
  name: string;
  sector: string;
  province: string;
  address: string;
  phone: string;
  website: string;
  description: string;
  cardUrl: string;
  ordinal: number;
}

export interface ExploreDirectory {
  agency: AgencySummary;
  companies: ExploreCompany[];
  updatedAt: string | null;
}

/** Lower case without Vietnamese marks: "Đà Lạt" → "da lat". */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();
}

/** A directory prepared for search as you type: folded texts computed once. */
export interface ExploreIndex {
  companies: readonly ExploreCompany[];
  haystacks: readonly string[];
  /** The last search and the positions it found: a longer query only looks among those. */
  last: { key: string; query: string; hits: number[] } | null;
}

export function exploreIndex(companies: readonly ExploreCompany[]): ExploreIndex {
  return {
    companies,
    haystacks: companies.map((c) =>
      foldText([c.name, c.sector, c.province, c.address, c.description].join(' \u0001 ')),
    ),
    last: null,
  };
}

export interface ExploreFilter {
  query?: string;
  sector?: string;
  province?: string;
}

/**
 * Companies matching every word of the query (marks ignored), the sector and the province.
 * Typing narrows: when the query extends the last one (same filters), only the last hits are
 * searched again.
 */
export function searchExplore(index: ExploreIndex, filter: ExploreFilter): ExploreCompany[] {
  const query = foldText(filter.query ?? '')
    .replace(/\s+/g, ' ')
    .trimStart();
  const words = query.split(' ').filter((w) => w !== '');
  const key = `${filter.sector ?? ''}\u0001${filter.province ?? ''}`;
  const last = index.last;
  const narrowing = last !== null && last.key === key && query.startsWith(last.query);
  const candidates = narrowing ? last.hits : null;
  const hits: number[] = [];
  const count = candidates ? candidates.length : index.companies.length;
  for (let k = 0; k < count; k++) {
    const i = candidates ? candidates[k]! : k;
    const company = index.companies[i]!;
    if (filter.sector && company.sector !== filter.sector) continue;
    if (filter.province && company.province !== filter.province) continue;
    const hay = index.haystacks[i]!;
    let all = true;
    for (const w of words) {
      if (!hay.includes(w)) {
        all = false;
        break;
      }
    }
    if (all) hits.push(i);
  }
  index.last = { key, query, hits };
  return hits.map((i) => index.companies[i]!);
}

/** Sectors or provinces present in a directory, sorted the Vietnamese way. */
export function distinctValues(
  companies: readonly ExploreCompany[],
  key: 'sector' | 'province',
): string[] {
  return [...new Set(companies.map((c) => c[key]).filter((s) => s !== ''))].sort((a, b) =>
    a.localeCompare(b, 'vi'),
  );
}
