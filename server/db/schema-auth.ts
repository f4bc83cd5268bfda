// Drizzle view of migrations/0100_auth.sql (accounts and sessions).
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authSessions, members } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const authSessionSuccessors = pgTable('auth_session_successors', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => authSessions.id, { onDelete: 'cascade' }),
  successorId: uuid('successor_id')
    .notNull()
    .references(() => authSessions.id, { onDelete: 'cascade' }),
  sealedToken: text('sealed_token').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const authOtps = pgTable('auth_otps', {
  id: uuid('id').primaryKey().defaultRandom(),
  purpose: text('purpose', { enum: ['register', 'reset_password'] }).notNull(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  destination: text('destination').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  recipient: text('recipient').notNull(),
  kind: text('kind').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  payload: jsonb('payload').$type<Record<string, string>>().notNull().default({}),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  sentAt: ts('sent_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

export const memberIdentities = pgTable(
  'member_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

export const cards = pgTable('cards', {
  id: text('id').primaryKey(),
  activationCodeHash: text('activation_code_hash').notNull(),
  memberId: uuid('member_id').references(() => members.id),
  activatedAt: ts('activated_at'),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});
