// Drizzle view of migrations/0200_sync_tombstone_purges.sql and 0220_sync_push_leases.sql.
import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const syncTombstonePurges = pgTable('sync_tombstone_purges', {
  id: integer('id').primaryKey(),
  purgedThroughSeq: bigint('purged_through_seq', { mode: 'number' }).notNull().default(0),
  purgedAt: timestamp('purged_at', { withTimezone: true, mode: 'string' }),
});

export const syncPushLeases = pgTable('sync_push_leases', {
  memberId: uuid('member_id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
});
