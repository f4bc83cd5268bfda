// Drizzle view of migrations/0640_card_links_and_brand_forms.sql: the short links a card had
// before its current one (they redirect to it).
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { groups, members } from './schema';

export const urlMinifyHistory = pgTable('url_minify_history', {
  urlMinify: text('url_minify').primaryKey(),
  memberId: uuid('member_id').references(() => members.id),
  groupId: uuid('group_id').references(() => groups.id),
  replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'string' })
    .notNull()
    .defaultNow(),
});
