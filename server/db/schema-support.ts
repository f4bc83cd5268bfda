// Drizzle view of migrations/0901_support_requests.sql: members' support requests.
import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const supportRequests = pgTable('support_requests', {
  id: uuid('id').primaryKey(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  topic: text('topic', {
    enum: ['share', 'contact', 'install', 'offline', 'account', 'other'],
  }).notNull(),
  message: text('message').notNull(),
  contact: text('contact'),
  status: text('status', { enum: ['open', 'closed'] })
    .notNull()
    .default('open'),
  closedBy: uuid('closed_by').references(() => members.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
  deletedAt: ts('deleted_at'),
});
