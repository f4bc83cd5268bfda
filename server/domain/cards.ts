// Reads of public card data, filtered by server/visibility.ts. Shared by the read API and
// the server-rendered card pages so both show exactly the same thing to the same viewer.
import { isUuid } from '../../contract/common';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  CardActivity,
  CardKind,
  CardOwner,
  CardPost,
  CardPoster,
  CardProduct,
  CardRelic,
  CardView,
  PostListQuery,
} from '../../contract/card';
import type { Policy } from '../../contract/common';
import type { CardAccounts } from '../../contract/member';
import type { ThemeColors, ThemeStyle } from '../../contract/theme';
import { findTheme } from '../../contract/theme';
import { chooseTheme } from '../../contract/theme-choice';
import { vietnamToday } from '../../contract/content';
import { memberProfileFields } from '../auth/member-profile';
import { cardAccountFields } from './account-links';
import type { Queryable } from '../db/client';
import {
  activities,
  groups,
  members,
  posters,
  posts,
  products,
  relics,
  themeStyles,
} from '../db/schema';
import { relationTo, visiblePolicies, type ViewerRelation } from '../visibility';

type MemberRow = typeof members.$inferSelect;
type GroupRow = typeof groups.$inferSelect;

/** A member by id or short link; soft-deleted or locked members are not found. */
export async function findMember(db: Queryable, idOrLink: string): Promise<MemberRow | undefined> {
  const key = isUuid(idOrLink)
    ? or(eq(members.id, idOrLink.toLowerCase()), eq(members.urlMinify, idOrLink))
    : eq(members.urlMinify, idOrLink);
  const [row] = await db
    .select()
    .from(members)
    .where(and(key, isNull(members.deletedAt), sql`${members.status} <> 'locked'`))
    .limit(1);
  return row;
}

/** A brand or group by id or short link. */
export async function findGroup(db: Queryable, idOrLink: string): Promise<GroupRow | undefined> {
  const key = isUuid(idOrLink)
    ? or(eq(groups.id, idOrLink.toLowerCase()), eq(groups.urlMinify, idOrLink))
    : eq(groups.urlMinify, idOrLink);
  const [row] = await db
    .select()
    .from(groups)
    .where(and(key, isNull(groups.deletedAt)))
    .limit(1);
  return row;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : null;
const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];

/** A member's card owner without the account links (rows of their own, decision 0630). */
export function memberOwner(row: MemberRow): Omit<CardOwner, keyof CardAccounts> {
  return {
    ...memberProfileFields(row),
    kind: 'member',
    type: row.type,
    email: row.contactEmail,
  };
}

/**
 * A brand's card owner without the account links (rows keyed by the group, decision 1120). Its
 * intro is the brand's note (spec §3); the other profile fields live in its `profile` JSON,
 * missing ones simply empty.
 */
export function groupOwner(row: GroupRow): Omit<CardOwner, keyof CardAccounts> {
  const p = row.profile;
  return {
    kind: 'group',
    id: row.id,
    urlMinify: row.urlMinify,
    type: row.kind,
    name: row.name,
    shortName: text(p.shortName),
    intro: text(row.note),
    jobTitle: text(p.jobTitle),
    workplace: text(p.workplace),
    address: text(p.address),
    aboutMe: text(p.aboutMe),
    avatarUrl: row.imagesUrl,
    bannerUrl: text(p.bannerUrl),
    backgroundUrl: text(p.backgroundUrl),
    phone: text(p.phone),
    otherPhone: text(p.otherPhone),
    email: text(p.email),
    website: text(p.website),
    zalo: text(p.zalo),
    interests: list(p.interests),
    businessSectors: list(p.businessSectors),
    companyInfo: text(p.companyInfo),
    language: row.language,
    agencyId: row.agencyId,
    updatedAt: row.updatedAt,
  };
}

type StyleRow = typeof themeStyles.$inferSelect;

/** A stored style over the catalogue colours of the same code, so every colour is set. */
export function styleOf(row: StyleRow): ThemeStyle {
  const base = findTheme(row.code) ?? findTheme('lightmode');
  const baseValue = base?.value ?? ({} as ThemeColors);
  return {
    code: row.code,
    name: row.name,
    nameVi: base?.nameVi ?? row.name,
    color: row.color,
    colorName: row.colorName,
    value: { ...baseValue, ...(row.value as Partial<ThemeColors>) },
  };
}

export async function themeFor(
  db: Queryable,
  input: {
    memberType: 'personal' | 'organization' | 'agency';
    themeCode: string | null;
    language: string;
    agencyId: string | null;
    groupId: string | null;
    layoutPermission: 'FULL' | 'LIMIT' | null;
    themeType: 'list' | 'square';
  },
) {
  const needsStyles = input.layoutPermission === 'LIMIT' || input.memberType === 'agency';
  const rows = needsStyles
    ? await db
        .select()
        .from(themeStyles)
        .where(
          and(
            eq(themeStyles.active, true),
            or(
              input.groupId ? eq(themeStyles.groupId, input.groupId) : undefined,
              and(
                isNull(themeStyles.groupId),
                inArray(themeStyles.scope, ['organization', 'agency']),
              ),
            ),
          ),
        )
        .orderBy(asc(themeStyles.createdAt))
    : [];
  const brandStyles = rows.filter((r) => input.groupId && r.groupId === input.groupId).map(styleOf);
  const defaultOrganizationStyles = rows
    .filter((r) => !r.groupId && !r.agencyId && r.scope === 'organization')
    .map(styleOf);
  const agencyRows = rows.filter((r) => !r.groupId && r.scope === 'agency');
  const own = agencyRows.find(
    (r) => input.agencyId && r.agencyId === input.agencyId && r.code === input.themeCode,
  );
  return chooseTheme({
    memberType: input.memberType,
    themeCode: input.themeCode,
    language: input.language,
    hasAgency: Boolean(input.agencyId),
    layoutPermission: input.layoutPermission,
    brandStyles,
    defaultOrganizationStyles,
    ownAgencyStyle: own ? styleOf(own) : null,
    defaultAgencyThemes: agencyRows.filter((r) => !r.agencyId).map(styleOf),
    themeType: input.themeType,
  });
}

const itemColumns = <T extends { memberId: PgColumn; groupId: PgColumn }>(
  table: T,
  kind: CardKind,
  ownerId: string,
) => (kind === 'member' ? eq(table.memberId, ownerId) : eq(table.groupId, ownerId));

interface ItemFilter {
  relation: ViewerRelation;
  kind: CardKind;
  ownerId: string;
}

/** Live items of the owner that the viewer's relation may see. */
function visibleItems<
  T extends { memberId: PgColumn; groupId: PgColumn; deletedAt: PgColumn; policy: PgColumn },
>(table: T, f: ItemFilter): SQL | undefined {
  return and(
    itemColumns(table, f.kind, f.ownerId),
    isNull(table.deletedAt),
    inArray(table.policy, visiblePolicies(f.relation)),
  );
}

export async function listPosts(
  db: Queryable,
  f: ItemFilter & { postType?: string; limit?: number; outstanding?: boolean },
): Promise<CardPost[]> {
  const rows = await db
    .select()
    .from(posts)
    .where(
      and(
        visibleItems(posts, f),
        f.postType ? eq(posts.type, f.postType as CardPost['type']) : undefined,
        f.outstanding ? eq(posts.outstanding, true) : undefined,
      ),
    )
    .orderBy(asc(posts.ordinal), desc(posts.startDate), asc(posts.id))
    .limit(f.limit ?? 200);
  return rows;
}

export async function listProducts(
  db: Queryable,
  f: ItemFilter & { type?: string; outstanding?: boolean },
): Promise<CardProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(
      and(
        visibleItems(products, f),
        f.type ? eq(products.type, f.type as CardProduct['type']) : undefined,
        f.outstanding ? eq(products.outstanding, true) : undefined,
      ),
    )
    .orderBy(desc(products.outstanding), asc(products.createdAt), asc(products.id))
    .limit(200);
  return rows;
}

export async function listActivities(
  db: Queryable,
  f: ItemFilter & { type?: string },
): Promise<CardActivity[]> {
  const rows = await db
    .select()
    .from(activities)
    .where(and(visibleItems(activities, f), f.type ? eq(activities.type, f.type) : undefined))
    .orderBy(asc(activities.ordinal), asc(activities.createdAt), asc(activities.id))
    .limit(200);
  return rows.map(({ details: _details, ...r }) => r);
}

export async function listRelics(db: Queryable, f: ItemFilter): Promise<CardRelic[]> {
  return db
    .select()
    .from(relics)
    .where(visibleItems(relics, f))
    .orderBy(asc(relics.createdAt), asc(relics.id))
    .limit(200);
}

/**
 * The posters a card shows: enabled and running on `today` (Vietnam's day), whoever looks —
 * the owner manages the others in the app (decision 0673).
 */
export async function listCardPosters(
  db: Queryable,
  kind: CardKind,
  ownerId: string,
  today: string,
): Promise<CardPoster[]> {
  return db
    .select({
      id: posters.id,
      viewType: posters.viewType,
      startDate: posters.startDate,
      endDate: posters.endDate,
      images: posters.images,
    })
    .from(posters)
    .where(
      and(
        itemColumns(posters, kind, ownerId),
        isNull(posters.deletedAt),
        eq(posters.enabled, true),
        lte(posters.startDate, today),
        gte(posters.endDate, today),
      ),
    )
    .orderBy(asc(posters.startDate), asc(posters.id))
    .limit(20);
}

export interface CardOwnerRecord {
  owner: CardOwner;
  relation: ViewerRelation;
  member?: MemberRow;
  group?: GroupRow;
}

/** The owner of a card and how the viewer stands to it; undefined when not found. */
export async function loadOwner(
  db: Queryable,
  kind: CardKind,
  idOrLink: string,
  viewerId: string | undefined,
): Promise<CardOwnerRecord | undefined> {
  if (kind === 'member') {
    const member = await findMember(db, idOrLink);
    if (!member) return undefined;
    const relation = await relationTo(db, viewerId, { memberId: member.id, groupId: null });
    // Banks, links and videos are rows of their own (decision 0630): the visible ones, in order.
    const accounts = await cardAccountFields(db, { kind: 'member', id: member.id });
    return { owner: { ...memberOwner(member), ...accounts }, relation, member };
  }
  const group = await findGroup(db, idOrLink);
  if (!group) return undefined;
  const relation = await relationTo(db, viewerId, { memberId: null, groupId: group.id });
  const accounts = await cardAccountFields(db, { kind: 'group', id: group.id });
  return { owner: { ...groupOwner(group), ...accounts }, relation, group };
}

/** The posts of a card's owner as the blog endpoints' query (postListSchema) asks for them. */
export function listOwnerPosts(
  db: Queryable,
  record: CardOwnerRecord,
  q: PostListQuery,
): Promise<CardPost[]> {
  return listPosts(db, {
    relation: record.relation,
    kind: record.owner.kind,
    ownerId: record.owner.id,
    postType: q.postType,
    limit: q.limit,
    outstanding: q.outstanding === 'true',
  });
}

/** The whole card of a member or a brand as this viewer may see it. */
export async function loadCardView(
  db: Queryable,
  kind: CardKind,
  idOrLink: string,
  viewerId: string | undefined,
  now: Date = new Date(),
): Promise<CardView | undefined> {
  const record = await loadOwner(db, kind, idOrLink, viewerId);
  if (!record) return undefined;
  const f: ItemFilter = { relation: record.relation, kind, ownerId: record.owner.id };
  const [choice, postRows, productRows, activityRows, relicRows, posterRows] = await Promise.all([
    record.member
      ? themeFor(db, {
          memberType: record.member.type,
          themeCode: record.member.theme,
          language: record.member.language,
          agencyId: record.member.agencyId,
          groupId: null,
          layoutPermission: null,
          themeType: record.member.themeType,
        })
      : themeFor(db, {
          memberType: 'organization',
          themeCode: record.group?.theme ?? null,
          language: record.group?.language ?? 'VN',
          agencyId: record.group?.agencyId ?? null,
          groupId: record.group?.id ?? null,
          layoutPermission: record.group?.layoutPermission ?? null,
          themeType: record.group?.themeType ?? 'list',
        }),
    listPosts(db, f),
    listProducts(db, f),
    listActivities(db, f),
    listRelics(db, f),
    listCardPosters(db, kind, record.owner.id, vietnamToday(now)),
  ]);
  return {
    owner: record.owner,
    theme: choice.theme,
    themeMode: choice.mode,
    lightGreyMenu: choice.lightGreyMenu,
    isMe: record.relation === 'owner',
    posts: postRows,
    products: productRows,
    activities: activityRows,
    relics: relicRows,
    posters: posterRows,
  };
}

type ItemTable = typeof posts | typeof products | typeof activities | typeof relics;

/** One item by id, if the viewer may see it; its owner's relation decides. */
export async function loadItem<T extends ItemTable>(
  db: Queryable,
  table: T,
  id: string,
  viewerId: string | undefined,
): Promise<T['$inferSelect'] | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = (await db
    .select()
    .from(table as typeof posts)
    .where(
      and(
        eq((table as typeof posts).id, id.toLowerCase()),
        isNull((table as typeof posts).deletedAt),
      ),
    )
    .limit(1)) as T['$inferSelect'][];
  if (!row) return undefined;
  const owner = row as { memberId: string | null; groupId: string | null; policy: Policy };
  // An item whose owner is deleted goes with it.
  if (owner.memberId && !(await findMember(db, owner.memberId))) return undefined;
  if (owner.groupId && !(await findGroup(db, owner.groupId))) return undefined;
  const relation = await relationTo(db, viewerId, owner);
  return visiblePolicies(relation).includes(owner.policy) ? row : undefined;
}

/** The item tables `loadItem` reads, by kind, so callers need not know the schema. */
export const cardItemTables = {
  post: posts,
  product: products,
  activity: activities,
  relic: relics,
};

/** The database handle card reads take: a connection or a transaction. */
export type CardReadDatabase = Queryable;
