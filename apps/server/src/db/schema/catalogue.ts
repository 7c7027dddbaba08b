import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { REGIMES } from '@portal/contract/rules';

/* The institution and its catalogue: departments, branches, cycles, levels, classes and subjects, and the version the subject lists are kept by. */

export const institutions = pgTable('institutions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  acronym: text('acronym').notNull(),
  city: text('city').notNull(),
});

export const departments = pgTable('departments', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameFr: text('name_fr').notNull(),
});

/** A branch (filière), known by its abbreviation: GL, RT, CF ... */
export const branches = pgTable('branches', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  abbreviation: text('abbreviation').notNull().unique(),
  name: text('name').notNull(),
  nameFr: text('name_fr').notNull(),
  departmentId: integer('department_id')
    .notNull()
    .references(() => departments.id),
});

export const cycles = pgTable('cycles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameFr: text('name_fr').notNull(),
  firstLevel: integer('first_level').notNull(),
  lastLevel: integer('last_level').notNull(),
});

export const levels = pgTable(
  'levels',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    nameFr: text('name_fr').notNull(),
  },
  (t) => [check('levels_range', sql`${t.id} between 1 and 5`)],
);

/** A class: a branch at a level in one shift, e.g. `GL1/J` (day) or `GL1/S` (evening). */
export const classes = pgTable(
  'classes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => cycles.id),
    levelId: integer('level_id')
      .notNull()
      .references(() => levels.id),
    shift: text('shift', { enum: REGIMES }).notNull(),
  },
  (t) => [index('classes_branch_idx').on(t.branchId), index('classes_level_idx').on(t.levelId)],
);

/** Accented letters and their plain forms, for searches that ignore accents (`translate` is immutable: indexable). */
export const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ';
export const UNACCENTED = 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy';

/**
 * What a subject search reads: code and both names, lower case, without accents. Kept in the
 * subject's row as `search_text` (a stored generated column, docs/performance.md, kept plans), which a search reads and
 * subjects_search_trgm_idx indexes: working it out for each row a search looked at was most of a
 * search's time.
 */
export const subjectSearchText = (t: { code: SQLWrapper; name: SQLWrapper; nameFr: SQLWrapper }): SQL =>
  sql`lower(translate(${t.code} || ' ' || ${t.name} || ' ' || ${t.nameFr}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${UNACCENTED}'`)}))`;

export const subjects = pgTable(
  'subjects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** the French name (decision 30); the English one when the office gave none */
    nameFr: text('name_fr').notNull(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    hoursCm: integer('hours_cm').notNull().default(0),
    hoursTd: integer('hours_td').notNull().default(0),
    hoursTp: integer('hours_tp').notNull().default(0),
    hourlyRate: integer('hourly_rate').notNull(),
    credits: integer('credits').notNull().default(3),
    /** what a search reads (subjectSearchText), written by the database with the row */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => subjectSearchText(subjects)),
  },
  (t) => [
    uniqueIndex('subjects_class_code_uq').on(t.classId, t.code),
    index('subjects_class_idx').on(t.classId),
    // What a lesson's (subject, class) key refers to: a lesson's class is its subject's (migration 0012).
    uniqueIndex('subjects_id_class_uq').on(t.id, t.classId),
    // Free-text search (`%word%`) over code and both names, case- and accent-insensitive, by trigrams (decision 30).
    index('subjects_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * One row whose version moves whenever what the subject lists show changes: the catalogue
 * (subjects, classes, branches, departments, cycles), the sessions, or a confirmation
 * (triggers, migration 0005). Subject lists are cached by it, on every instance.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: integer('id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_single_row', sql`${t.id} = 1`)],
);
