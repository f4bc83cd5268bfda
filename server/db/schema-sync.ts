// Drizzle view of migrations/0200_sync_tombstone_purges.sql, 0220_sync_push_leases.sql and
// 1023_live_stream_leases.sql.
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

/** One row per open live stream of a member, renewed at each heartbeat (decision 1023). */
export const liveStreamLeases = pgTable(
  'live_stream_leases',
  {
    id: uuid('id').primaryKey(),
    memberId: uuid('member_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('live_stream_leases_member').on(t.memberId, t.expiresAt)],
);
