import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { persons } from './persons';

/* Uploaded files, whoever owns them. */

/** Uploaded files: content on the storage backend under a server-made key; one hash per owner. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name'),
    storageKey: text('storage_key').notNull(),
    purpose: text('purpose').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('files_owner_sha_uq').on(t.ownerId, t.sha256)],
);

export type FileRow = typeof files.$inferSelect;
