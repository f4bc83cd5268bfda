// Drizzle view of migrations/0940_bio_links.sql: a member's bio link page items (/bio/{key}).
import { bigint, boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const bioLinks = pgTable('bio_links', {
  id: uuid('id').primaryKey(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  title: text('title').notNull(),
  url: text('url').notNull(),
  kind: text('kind', { enum: ['link', 'button'] })
    .notNull()
    .default('link'),
  ordinal: integer('ordinal').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  showFrom: ts('show_from'),
  showUntil: ts('show_until'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
  deletedAt: ts('deleted_at'),
});
