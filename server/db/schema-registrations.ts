// Drizzle view of migrations/0681_registration_information.sql.
import { bigint, date, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { groups, members } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const registrations = pgTable('registrations', {
  id: uuid('id').primaryKey().defaultRandom(),
  groupId: uuid('group_id')
    .notNull()
    .references(() => groups.id),
  type: text('type').notNull(),
  status: text('status').notNull().default('new'),
  resumeStatus: text('resume_status'),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email'),
  citizenIdentificationCode: text('citizen_identification_code'),
  address: text('address'),
  birthday: date('birthday', { mode: 'string' }),
  note: text('note'),
  missingInfo: jsonb('missing_info').$type<string[]>().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const registrationSteps = pgTable('registration_steps', {
  id: uuid('id').primaryKey().defaultRandom(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  registrationId: uuid('registration_id')
    .notNull()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  action: text('action').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  actorMemberId: uuid('actor_member_id').references(() => members.id),
  note: text('note'),
  at: ts('at').notNull().defaultNow(),
});
