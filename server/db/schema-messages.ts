// Drizzle view of migrations/0660_messages_notifications.sql.
import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

const synced = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
  deletedAt: ts('deleted_at'),
};

export const messageCopies = pgTable('message_copies', {
  id: uuid('id').primaryKey(),
  ownerMemberId: uuid('owner_member_id')
    .notNull()
    .references(() => members.id),
  messageId: uuid('message_id').notNull(),
  groupMessageId: uuid('group_message_id').notNull(),
  senderMemberId: uuid('sender_member_id')
    .notNull()
    .references(() => members.id),
  toIds: jsonb('to_ids').$type<string[]>().notNull().default([]),
  ccIds: jsonb('cc_ids').$type<string[]>().notNull().default([]),
  bccIds: jsonb('bcc_ids').$type<string[]>().notNull().default([]),
  body: text('body').notNull(),
  sentAt: ts('sent_at').notNull(),
  readAt: ts('read_at'),
  hiddenAt: ts('hidden_at'),
  ...synced,
});

export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  agencyId: uuid('agency_id'),
  kind: text('kind').notNull(),
  actorMemberId: uuid('actor_member_id').references(() => members.id),
  actorName: text('actor_name'),
  subjectId: text('subject_id'),
  link: text('link'),
  params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
  openedAt: ts('opened_at'),
  ...synced,
});

export const pushJobs = pgTable('push_jobs', {
  notificationId: uuid('notification_id')
    .primaryKey()
    .references(() => notifications.id, { onDelete: 'cascade' }),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  attempts: integer('attempts').notNull().default(0),
  notBefore: ts('not_before').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const pushTokens = pgTable('push_tokens', {
  token: text('token').primaryKey(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
