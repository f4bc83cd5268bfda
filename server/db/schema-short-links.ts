// Drizzle view of migrations/0900_short_links.sql: a member's short links (/smc/{slug}).
import { bigint, boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const shortLinks = pgTable('short_links', {
  id: uuid('id').primaryKey(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  slug: text('slug').notNull().unique(),
  target: text('target').notNull(),
  title: text('title'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
  deletedAt: ts('deleted_at'),
});
