// Drizzle view of migrations/1062_sync_conflicts.sql and 1130_content_field_writers.sql.
import { bigint, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const syncConflicts = pgTable('sync_conflicts', {
  id: uuid('id').primaryKey(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  entity: text('entity').notNull(),
  rowId: text('row_id').notNull(),
  kind: text('kind', { enum: ['field', 'deleted'] }).notNull(),
  label: text('label').notNull().default(''),
  lost: jsonb('lost').$type<Record<string, unknown>>().notNull(),
  written: jsonb('written').$type<Record<string, unknown>>(),
  writerClientId: text('writer_client_id'),
  resolution: text('resolution', { enum: ['written', 'lost', 'restore', 'dismiss'] }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
  deletedAt: ts('deleted_at'),
});

/** The member who last wrote each merged field of a brand's item, by field name. */
export const contentFieldWriters = pgTable(
  'content_field_writers',
  {
    entity: text('entity').notNull(),
    rowId: uuid('row_id').notNull(),
    writers: jsonb('writers').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.entity, t.rowId] })],
);
