// Shapes of the public card API (spec §7 Members, Group/brand, Brand blog, Brand activity,
// Products, Relics) as the server returns them and the card screens read them.
import * as v from 'valibot';
import type { CardAccounts, MemberType, ProfileFields } from './member';
import type { PosterViewType } from './content';
import type { Policy } from './common';
import type { ThemeMode, ThemeStyle } from './theme';

export const postTypes = ['news', 'opportunity', 'event', 'document'] as const;
export type PostType = (typeof postTypes)[number];
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
export type ProductType = (typeof productTypes)[number];

/** Who owns an item: a member's card (`/me`) or a brand/group's page (`/mbg`). */
export type CardKind = 'member' | 'group';

interface OwnedItem {
  id: string;
  memberId: string | null;
  groupId: string | null;
  policy: Policy;
  createdAt: string;
  updatedAt: string;
}

export interface CardPost extends OwnedItem {
  type: PostType;
  title: string;
  content: string;
  imageUrl: string | null;
  ordinal: number;
  startDate: string | null;
  outstanding: boolean;
}

export interface CardProduct extends OwnedItem {
  type: ProductType;
  childType: string;
  childCareer: string | null;
  title: string;
  content: string;
  listedPrice: number | null;
  price: number | null;
  quantity: number | null;
  contactUrl: string | null;
  origin: string | null;
  customsCode: string | null;
  certificate: string | null;
  shopType: string | null;
  shopLink: string | null;
  images: string[];
  outstanding: boolean;
}

export interface CardActivity extends OwnedItem {
  type: string;
  displayName: string;
  link: string | null;
  content: string | null;
  ordinal: number;
}

export interface CardRelic extends OwnedItem {
  title: string;
  content: string;
  images: string[];
}

/**
 * A poster as a card shows it (spec §3/§4): only enabled posters running today (Vietnam's
 * day) reach a card; the view type says which part of the card shows it (decision 0673).
 */
export interface CardPoster {
  id: string;
  viewType: PosterViewType;
  startDate: string;
  endDate: string;
  images: string[];
}

/** The person or brand a card shows: every profile field of spec §3. */
export interface CardOwner extends ProfileFields, CardAccounts {
  kind: CardKind;
  type: MemberType | 'brand' | 'group';
  email: string | null;
  /** Titles the owner gave their videos, by link (decision 0630). */
  videoTitles?: Record<string, string>;
}

/** Everything one card page needs, already filtered for the viewer. */
export interface CardView {
  owner: CardOwner;
  theme: ThemeStyle;
  themeMode: ThemeMode;
  /** Agency members' menus are restyled light grey (spec §4). */
  lightGreyMenu: boolean;
  isMe: boolean;
  posts: CardPost[];
  products: CardProduct[];
  activities: CardActivity[];
  relics: CardRelic[];
  posters: CardPoster[];
}

/** Answer of GET /members/getMeta…, /groupAndBrand/getMetaGDById. */
export interface CardMeta {
  title: string;
  description: string;
  image: string | null;
  url: string;
}

export const trackingActionSchema = v.object({
  action: v.pipe(
    v.string('invalid_value'),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(40, 'too_long'),
  ),
  // Spec §5: a tracking action is sent only when it has a value.
  value: v.pipe(
    v.string('required'),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(500, 'too_long'),
  ),
  memberId: v.optional(v.pipe(v.string(), v.uuid('invalid_id'))),
  groupId: v.optional(v.pipe(v.string(), v.uuid('invalid_id'))),
  /** Sent by old clients only; ignored: the server makes the visitor id (decision 0910). */
  visitorId: v.optional(v.pipe(v.string(), v.maxLength(64, 'too_long'))),
  /** The page's document.referrer; only its host is kept (decision 0910). */
  referrer: v.optional(v.pipe(v.string('invalid_value'), v.maxLength(2000, 'too_long'))),
  /** utm_source of the page's address. */
  utm: v.optional(v.pipe(v.string('invalid_value'), v.trim(), v.maxLength(100, 'too_long'))),
});
export type TrackingAction = v.InferOutput<typeof trackingActionSchema>;

export const productSearchSchema = v.object({
  type: v.optional(v.picklist(productTypes, 'invalid_value')),
  groupId: v.optional(v.pipe(v.string(), v.uuid('invalid_id'))),
  agencyId: v.optional(v.pipe(v.string(), v.uuid('invalid_id'))),
  page: v.optional(
    v.pipe(v.string(), v.decimal('invalid_number'), v.transform(Number), v.minValue(1)),
  ),
  filter: v.optional(v.pipe(v.string(), v.maxLength(120, 'too_long'))),
});

export const postListSchema = v.object({
  postType: v.optional(v.picklist(postTypes, 'invalid_value')),
  groupId: v.optional(v.pipe(v.string(), v.uuid('invalid_id'))),
  memberId: v.optional(v.pipe(v.string(), v.uuid('invalid_id'))),
  limit: v.optional(
    v.pipe(v.string(), v.decimal('invalid_number'), v.transform(Number), v.maxValue(200)),
  ),
  outstanding: v.optional(v.picklist(['true', 'false'], 'invalid_value')),
});
export type PostListQuery = v.InferOutput<typeof postListSchema>;
