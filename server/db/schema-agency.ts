// Drizzle view of migrations/0810_agencies_discounts_reports.sql (decision 0810).
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies, groups, members, pointEntries, products } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const discountGroups = pgTable('discount_groups', {
  id: uuid('id').primaryKey(),
  groupId: uuid('group_id')
    .notNull()
    .references(() => groups.id),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  percent: integer('percent').notNull(),
  validFrom: date('valid_from', { mode: 'string' }).notNull(),
  validTo: date('valid_to', { mode: 'string' }).notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by').references(() => members.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
  deletedAt: ts('deleted_at'),
});

export const discounts = pgTable('discounts', {
  id: uuid('id')
    .primaryKey()
    .references(() => pointEntries.id),
  discountGroupId: uuid('discount_group_id')
    .notNull()
    .references(() => discountGroups.id),
  groupId: uuid('group_id')
    .notNull()
    .references(() => groups.id),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  staffMemberId: uuid('staff_member_id')
    .notNull()
    .references(() => members.id),
  percent: integer('percent').notNull(),
  invoiceValue: bigint('invoice_value', { mode: 'number' }).notNull(),
  discountAmount: bigint('discount_amount', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const associationReports = pgTable('association_reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  groupId: uuid('group_id')
    .notNull()
    .references(() => groups.id),
  month: date('month', { mode: 'string' }).notNull(),
  turnover: bigint('turnover', { mode: 'number' }).notNull(),
  domesticRevenue: bigint('domestic_revenue', { mode: 'number' }).notNull(),
  exportRevenue: bigint('export_revenue', { mode: 'number' }).notNull(),
  exportMarkets: jsonb('export_markets').$type<string[]>().notNull().default([]),
  filedBy: uuid('filed_by').references(() => members.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const exploreCompanies = pgTable('explore_companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id')
    .notNull()
    .references(() => agencies.id),
  name: text('name').notNull(),
  sector: text('sector').notNull().default(''),
  province: text('province').notNull().default(''),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  website: text('website').notNull().default(''),
  description: text('description').notNull().default(''),
  cardUrl: text('card_url').notNull().default(''),
  ordinal: integer('ordinal').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export const agencyRecommendedProducts = pgTable(
  'agency_recommended_products',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    ordinal: integer('ordinal').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.productId] })],
);
