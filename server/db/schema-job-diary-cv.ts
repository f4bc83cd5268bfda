// Drizzle view of migrations/0710_job_diary.sql and 0711_member_cvs.sql.
import { bigint, date, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

const synced = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
  deletedAt: ts('deleted_at'),
};

export const jobDiaryEntries = pgTable('job_diary_entries', {
  id: uuid('id').primaryKey(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  entryDate: date('entry_date', { mode: 'string' }).notNull(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  ...synced,
});

export const memberCvs = pgTable('member_cvs', {
  id: uuid('id')
    .primaryKey()
    .references(() => members.id),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  gender: text('gender', { enum: ['male', 'female', 'other'] }).notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  address: text('address').notNull(),
  aboutMe: text('about_me').notNull(),
  skills: jsonb('skills').$type<string[]>().notNull().default([]),
  hobbies: jsonb('hobbies').$type<string[]>().notNull().default([]),
  visibility: text('visibility', { enum: ['public', 'friend', 'private'] })
    .notNull()
    .default('public'),
  ...synced,
});
