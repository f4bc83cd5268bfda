// Drizzle view of migrations/0620_images.sql (decision 0620).
import {
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from './schema';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const imageBlobs = pgTable('image_blobs', {
  hash: text('hash').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

export const imageUploads = pgTable('image_uploads', {
  id: uuid('id').primaryKey(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  purpose: text('purpose').notNull(),
  sourceHash: text('source_hash').notNull(),
  sourceBytes: integer('source_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

export const imageVariants = pgTable(
  'image_variants',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => imageUploads.id),
    variant: text('variant').notNull(),
    blobHash: text('blob_hash')
      .notNull()
      .references(() => imageBlobs.hash),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.variant] })],
);
