// Drizzle view of migrations/0200_sync_tombstone_purges.sql.
import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

export const syncTombstonePurges = pgTable('sync_tombstone_purges', {
  id: integer('id').primaryKey(),
  purgedThroughSeq: bigint('purged_through_seq', { mode: 'number' }).notNull().default(0),
  purgedAt: timestamp('purged_at', { withTimezone: true, mode: 'string' }),
});
