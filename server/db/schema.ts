// Drizzle view of migrations/0001_core.sql. The SQL files are the source of truth for the
// database; tests/server/schema-drift.test.ts checks that this file agrees with them.
import {
  bigint,
  boolean,
  date,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FormField } from '../../contract/card-settings';
import type { LeadSource } from '../../contract/contact';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** Columns of every mirrored row. */
const synced = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
  deletedAt: ts('deleted_at'),
};

export const agencies = pgTable('agencies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  urlMinify: text('url_minify').notNull().unique(),
  theme: text('theme'),
  ...synced,
});

export const members = pgTable('members', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type', { enum: ['personal', 'organization', 'agency'] })
    .notNull()
    .default('personal'),
  email: text('email').unique(),
  phone: text('phone').unique(),
  passwordHash: text('password_hash'),
  status: text('status', { enum: ['active', 'pending', 'locked'] })
    .notNull()
    .default('active'),
  name: text('name').notNull(),
  shortName: text('short_name'),
  urlMinify: text('url_minify').notNull().unique(),
  theme: text('theme'),
  themeType: text('theme_type', { enum: ['list', 'square'] })
    .notNull()
    .default('list'),
  language: text('language', { enum: ['VN', 'EN'] })
    .notNull()
    .default('VN'),
  intro: text('intro'),
  jobTitle: text('job_title'),
  workplace: text('workplace'),
  address: text('address'),
  aboutMe: text('about_me'),
  avatarUrl: text('avatar_url'),
  bannerUrl: text('banner_url'),
  backgroundUrl: text('background_url'),
  contactPhone: text('contact_phone'),
  otherPhone: text('other_phone'),
  contactEmail: text('contact_email'),
  website: text('website'),
  zalo: text('zalo'),
  interests: jsonb('interests').$type<string[]>().notNull().default([]),
  businessSectors: jsonb('business_sectors').$type<string[]>().notNull().default([]),
  companyInfo: text('company_info'),
  agencyId: uuid('agency_id').references(() => agencies.id),
  /** The push topics the member chose (migration 0680); a topic not named pushes. */
  pushSettings: jsonb('push_settings')
    .$type<Partial<Record<string, boolean>>>()
    .notNull()
    .default({}),
  /** Migration 1121: the fields of the member's registration form. */
  formData: jsonb('form_data').$type<FormField[]>().notNull().default([]),
  ...synced,
});

export const groups = pgTable('groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['brand', 'group'] })
    .notNull()
    .default('brand'),
  name: text('name').notNull(),
  note: text('note'),
  imagesUrl: text('images_url'),
  language: text('language', { enum: ['VN', 'EN'] })
    .notNull()
    .default('VN'),
  urlMinify: text('url_minify').notNull().unique(),
  agencyId: uuid('agency_id').references(() => agencies.id),
  ownerMemberId: uuid('owner_member_id').references(() => members.id),
  layoutPermission: text('layout_permission', { enum: ['FULL', 'LIMIT'] })
    .notNull()
    .default('FULL'),
  theme: text('theme'),
  themeType: text('theme_type', { enum: ['list', 'square'] })
    .notNull()
    .default('list'),
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
  pointsPerThousand: integer('points_per_thousand').notNull().default(1),
  /** Migration 0640: the brand's form fields. */
  formData: jsonb('form_data').$type<FormField[]>().notNull().default([]),
  ...synced,
});

export const groupMembers = pgTable('group_members', {
  id: uuid('id').primaryKey().defaultRandom(),
  groupId: uuid('group_id')
    .notNull()
    .references(() => groups.id),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  role: text('role', { enum: ['admin', 'seller', 'member'] }).notNull(),
  status: text('status', { enum: ['active', 'requested'] })
    .notNull()
    .default('active'),
  ...synced,
});

export const agencyAdmins = pgTable('agency_admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id')
    .notNull()
    .references(() => agencies.id),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const themeStyles = pgTable('theme_styles', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull(),
  scope: text('scope', { enum: ['personal', 'organization', 'agency'] }).notNull(),
  groupId: uuid('group_id').references(() => groups.id),
  agencyId: uuid('agency_id').references(() => agencies.id),
  name: text('name').notNull(),
  color: text('color').notNull(),
  colorName: text('color_name').notNull(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

const policy = () =>
  text('policy', { enum: ['public', 'friend', 'private'] })
    .notNull()
    .default('public');

/** Owner columns: a member's item or a brand/group's item, never both. */
const owner = () => ({
  memberId: uuid('member_id').references(() => members.id),
  groupId: uuid('group_id').references(() => groups.id),
});

export const posts = pgTable('posts', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...owner(),
  type: text('type', { enum: ['news', 'opportunity', 'event', 'document'] }).notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  imageUrl: text('image_url'),
  ordinal: integer('ordinal').notNull().default(0),
  startDate: date('start_date', { mode: 'string' }),
  outstanding: boolean('outstanding').notNull().default(false),
  policy: policy(),
  ...synced,
});

export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...owner(),
  type: text('type', {
    enum: ['sell', 'buy', 'service', 'ma', 'product', 'project', 'exhibition', 'achievement'],
  }).notNull(),
  childType: text('child_type').notNull(),
  childCareer: text('child_career'),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  listedPrice: bigint('listed_price', { mode: 'number' }),
  price: bigint('price', { mode: 'number' }),
  quantity: integer('quantity'),
  contactUrl: text('contact_url'),
  origin: text('origin'),
  customsCode: text('customs_code'),
  certificate: text('certificate'),
  shopType: text('shop_type'),
  shopLink: text('shop_link'),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  outstanding: boolean('outstanding').notNull().default(false),
  policy: policy(),
  ...synced,
});

export const activities = pgTable('activities', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...owner(),
  type: text('type').notNull(),
  displayName: text('display_name').notNull(),
  link: text('link'),
  content: text('content'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  ordinal: integer('ordinal').notNull().default(0),
  policy: policy(),
  ...synced,
});

/**
 * A bank account, link or video of a member (decision 0630) or of a brand (decision 1120); one
 * row each, ordered, hideable. Exactly one of the two owners is set.
 */
export const accountLinks = pgTable('account_links', {
  id: uuid('id').primaryKey(),
  memberId: uuid('member_id').references(() => members.id),
  groupId: uuid('group_id').references(() => groups.id),
  kind: text('kind', { enum: ['bank', 'link', 'video'] }).notNull(),
  title: text('title'),
  url: text('url'),
  bankBin: text('bank_bin'),
  bankName: text('bank_name'),
  ownerName: text('owner_name'),
  accountNumber: text('account_number'),
  ordinal: integer('ordinal').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
  ...synced,
});

export const relics = pgTable('relics', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...owner(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  policy: policy(),
  ...synced,
});

export const posters = pgTable('posters', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...owner(),
  viewType: text('view_type', { enum: ['showroom', 'activities', 'posts', 'other'] }).notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  enabled: boolean('enabled').notNull().default(false),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  ...synced,
});

export const friendships = pgTable('friendships', {
  id: uuid('id').primaryKey().defaultRandom(),
  fromMemberId: uuid('from_member_id')
    .notNull()
    .references(() => members.id),
  toMemberId: uuid('to_member_id')
    .notNull()
    .references(() => members.id),
  status: text('status', {
    enum: ['pending', 'accepted', 'rejected', 'cancelled', 'removed'],
  }).notNull(),
  ...synced,
});

export interface CardSnapshot {
  [key: string]: unknown;
}

export const contacts = pgTable('contacts', {
  id: uuid('id').primaryKey(),
  ownerMemberId: uuid('owner_member_id')
    .notNull()
    .references(() => members.id),
  cardMemberId: uuid('card_member_id').references(() => members.id),
  name: text('name').notNull(),
  phone: text('phone'),
  email: text('email'),
  company: text('company'),
  jobTitle: text('job_title'),
  address: text('address'),
  note: text('note'),
  cardSnapshot: jsonb('card_snapshot').$type<CardSnapshot>(),
  leadSource: jsonb('lead_source').$type<LeadSource>(),
  ...synced,
});

export const orderGroups = pgTable('order_groups', {
  id: uuid('id').primaryKey(),
  sellerGroupId: uuid('seller_group_id')
    .notNull()
    .references(() => groups.id),
  buyerMemberId: uuid('buyer_member_id')
    .notNull()
    .references(() => members.id),
  staffMemberId: uuid('staff_member_id')
    .notNull()
    .references(() => members.id),
  title: text('title').notNull().default(''),
  ...synced,
});

export const pointEntries = pgTable('point_entries', {
  id: uuid('id').primaryKey(),
  sellerGroupId: uuid('seller_group_id')
    .notNull()
    .references(() => groups.id),
  buyerMemberId: uuid('buyer_member_id')
    .notNull()
    .references(() => members.id),
  staffMemberId: uuid('staff_member_id')
    .notNull()
    .references(() => members.id),
  orderGroupId: uuid('order_group_id').references(() => orderGroups.id),
  invoiceNumber: text('invoice_number').notNull(),
  invoiceValue: bigint('invoice_value', { mode: 'number' }).notNull(),
  accumulatedPoints: bigint('accumulated_points', { mode: 'number' }).notNull(),
  deductedPoints: bigint('deducted_points', { mode: 'number' }).notNull().default(0),
  paymentAmount: bigint('payment_amount', { mode: 'number' }).notNull(),
  note: text('note'),
  recordedAt: ts('recorded_at').notNull(),
  /** The sync client whose push wrote the row; cleared by any later change (decision 0208). */
  originClientId: text('origin_client_id'),
  ...synced,
});

export const checkIns = pgTable('check_ins', {
  id: uuid('id').primaryKey(),
  groupId: uuid('group_id')
    .notNull()
    .references(() => groups.id),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  staffMemberId: uuid('staff_member_id')
    .notNull()
    .references(() => members.id),
  checkedInAt: ts('checked_in_at').notNull(),
  duplicateOf: uuid('duplicate_of'),
  note: text('note'),
  /** The sync client whose push wrote the row; cleared by any later change (decision 0208). */
  originClientId: text('origin_client_id'),
  ...synced,
});

export const trackingEvents = pgTable('tracking_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  memberId: uuid('member_id').references(() => members.id),
  groupId: uuid('group_id').references(() => groups.id),
  action: text('action').notNull(),
  value: text('value').notNull(),
  visitorId: text('visitor_id'),
  /** Migration 0910: where the visit came from and the kind of device (never the address). */
  referrerHost: text('referrer_host'),
  utmSource: text('utm_source'),
  device: text('device'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const authSessions = pgTable('auth_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  familyId: uuid('family_id').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  familyExpiresAt: ts('family_expires_at').notNull(),
  rotatedAt: ts('rotated_at'),
  revokedAt: ts('revoked_at'),
  userAgent: text('user_agent'),
  ip: text('ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: uuid('member_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: json('response').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
);
