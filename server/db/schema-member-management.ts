// Drizzle view of migrations/0800_member_management.sql: a group's customers and the trail of
// account locks (decisions 0800, 0801).
import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { groups, members } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  groupId: uuid('group_id')
    .notNull()
    .references(() => groups.id),
  memberId: uuid('member_id').references(() => members.id),
  name: text('name').notNull(),
  phone: text('phone'),
  email: text('email'),
  note: text('note'),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => members.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
  deletedAt: ts('deleted_at'),
});

export const memberStatusChanges = pgTable('member_status_changes', {
  id: uuid('id').primaryKey().defaultRandom(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  status: text('status', { enum: ['active', 'locked'] }).notNull(),
  byMemberId: uuid('by_member_id')
    .notNull()
    .references(() => members.id),
  groupId: uuid('group_id')
    .notNull()
    .references(() => groups.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});
