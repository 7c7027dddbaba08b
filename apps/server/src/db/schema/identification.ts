import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { FINGERPRINT_FORMATS, FINGERS } from '@portal/contract/rules';
import { ts, updated } from './columns';
import { persons } from './persons';
import { files } from './files';

/* Identification offices: photos and fingerprints. */

/** A person's identification: the photo (a `files` row the person owns) and its completion. */
export const identifications = pgTable('identifications', {
  personId: integer('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  photoFileId: text('photo_file_id').references(() => files.id, { onDelete: 'set null' }),
  completedAt: ts('completed_at'),
  completedBy: integer('completed_by').references(() => persons.id, { onDelete: 'set null' }),
  updatedAt: updated(),
});

/**
 * Fingerprints, one per finger: kept apart from `files` so that they are served to the
 * identification office (and administrators) only, never to the person or other services.
 */
export const fingerprints = pgTable(
  'fingerprints',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    finger: text('finger', { enum: FINGERS }).notNull(),
    format: text('format', { enum: FINGERPRINT_FORMATS }).notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    capturedBy: integer('captured_by').references(() => persons.id, { onDelete: 'set null' }),
    capturedAt: ts('captured_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.finger] })],
);
