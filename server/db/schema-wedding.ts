// Drizzle view of migrations/0720_weddings_and_contact_us.sql.
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups, members } from './schema';
import type { WeddingBank, WeddingFamily, WeddingMoment } from '../../contract/wedding';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

const synced = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
  deletedAt: ts('deleted_at'),
};

export const weddings = pgTable('weddings', {
  id: uuid('id').primaryKey(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  type: text('type', { enum: ['WEDDING'] })
    .notNull()
    .default('WEDDING'),
  status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
    .notNull()
    .default('ACTIVE'),
  groomsFamily: jsonb('grooms_family').$type<WeddingFamily>().notNull(),
  bridesFamily: jsonb('brides_family').$type<WeddingFamily>().notNull(),
  groomsBank: jsonb('grooms_bank').$type<WeddingBank | null>(),
  bridesBank: jsonb('brides_bank').$type<WeddingBank | null>(),
  weddingDay: jsonb('wedding_day').$type<WeddingMoment>().notNull(),
  weddingPartyDay: jsonb('wedding_party_day').$type<WeddingMoment>().notNull(),
  venue: text('venue'),
  partyVenue: text('party_venue'),
  message: text('message'),
  ...synced,
});

export const weddingGuests = pgTable('wedding_guests', {
  id: uuid('id').primaryKey(),
  weddingId: uuid('wedding_id')
    .notNull()
    .references(() => weddings.id),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  name: text('name').notNull(),
  phone: text('phone'),
  attending: boolean('attending').notNull(),
  people: integer('people').notNull().default(1),
  wishes: text('wishes'),
  ...synced,
});

export const contactUsMessages = pgTable('contact_us_messages', {
  id: uuid('id').primaryKey(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  groupId: uuid('group_id').references(() => groups.id),
  name: text('name').notNull(),
  phone: text('phone'),
  email: text('email'),
  message: text('message').notNull(),
  company: text('company'),
  consentText: text('consent_text'),
  consentAt: ts('consent_at'),
  readAt: ts('read_at'),
  contactedAt: ts('contacted_at'),
  ...synced,
});
