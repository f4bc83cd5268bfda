// Drizzle view of migrations/0910_tracking_rollups.sql: the per-day rollups of tracking events
// (decision 0910). owner_id is a member's or a brand's id.
import { date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

export const trackingDailyTotals = pgTable(
  'tracking_daily_totals',
  {
    ownerId: uuid('owner_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    saves: integer('saves').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day] })],
);

export const trackingDailyActions = pgTable(
  'tracking_daily_actions',
  {
    ownerId: uuid('owner_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    action: text('action').notNull(),
    value: text('value').notNull(),
    events: integer('events').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day, t.action, t.value] })],
);

export const trackingDailySources = pgTable(
  'tracking_daily_sources',
  {
    ownerId: uuid('owner_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: ['referrer', 'utm', 'device'] }).notNull(),
    name: text('name').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day, t.dimension, t.name] })],
);

export const trackingDailyVisitors = pgTable(
  'tracking_daily_visitors',
  {
    ownerId: uuid('owner_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visitorId: text('visitor_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day, t.visitorId] })],
);
