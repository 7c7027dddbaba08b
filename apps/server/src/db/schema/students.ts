import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { STUDENT_DOCUMENT_KINDS, MAIL_LINK_PROVIDERS } from '@portal/contract/rules';
import { ts, updated, inList } from './columns';
import { persons } from './persons';
import { files } from './files';

/* Students (issue 13, decision 37): their own file, documents and linked mail account. */

/**
 * What a student fills in about themselves, one row per student, section by section
 * (STUDENT_PROFILE_SECTIONS); column names are the contract's. Identity (names, birthdate,
 * matricule) stays the registry's, in `persons`.
 */
export const studentProfiles = pgTable('student_profiles', {
  personId: integer('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  // personal
  RELIGION: text('religion'),
  REGION_ORIGIN: text('region_origin'),
  DEPARTMENT: text('department'),
  CIVILSTATUS: text('civilstatus'),
  // address and contacts
  LIVING_TOWN: text('living_town'),
  DISTRICT: text('district'),
  PRECINCT: text('precinct'),
  CODE1: text('code1'),
  NUMPHONE: text('numphone'),
  CODE2: text('code2'),
  NUMPHONE2: text('numphone2'),
  // parents
  FATHER_NAME: text('father_name'),
  FATHER_JOB: text('father_job'),
  FATHER_CONTACT: text('father_contact'),
  FATHER_REGION_ORIGIN: text('father_region_origin'),
  MOTHER_NAME: text('mother_name'),
  MOTHER_JOB: text('mother_job'),
  MOTHER_CONTACT: text('mother_contact'),
  MOTHER_REGION_ORIGIN: text('mother_region_origin'),
  // emergency contact
  EMERGENCY_NAME: text('emergency_name'),
  EMERGENCY_RELATION: text('emergency_relation'),
  EMERGENCY_CONTACT: text('emergency_contact'),
  // admission data
  FORMATION_TYPE: text('formation_type'),
  ADMISSION_DIPLOMA: text('admission_diploma'),
  /** the diploma's average mark out of 20, as printed on it */
  ADMISSION_DIPLOMA_GRADE: numeric('admission_diploma_grade', { precision: 4, scale: 2 }),
  MENTION_OBTAINED: text('mention_obtained'),
  YEAR_OBTENTION: integer('year_obtention'),
  COUNTRY_OBTENTION: text('country_obtention'),
  SCHOOL_OBTENTION: text('school_obtention'),
  LAST_YEAR_SITUATION: text('last_year_situation'),
  LAST_YEAR_RANK: text('last_year_rank'),
  IS_PROFESSIONAL: boolean('is_professional'),
  FIRST_YEAR_UNIVERSITY: integer('first_year_university'),
  FIRST_YEAR_UNIVERSITY_TYPE: text('first_year_university_type'),
  NAME_OF_UNIVERSITY: text('name_of_university'),
  // disability
  IS_HANDICAPED: boolean('is_handicaped').notNull().default(false),
  HANDICAP_DETAILS: text('handicap_details'),
  // sports
  IS_SPORTIVE: boolean('is_sportive').notNull().default(false),
  IS_SPORTIVE_COMPETITOR: boolean('is_sportive_competitor').notNull().default(false),
  FIRST_SPORT: text('first_sport'),
  SPORT_DETAILS: text('sport_details'),
  // languages
  FIRST_LANGUAGE: text('first_language'),
  SECOND_LANGUAGE: text('second_language'),
  OTHER_LANGUAGES: text('other_languages')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** when each section was last saved: { personal: ISO time, ... } */
  sectionsSaved: jsonb('sections_saved').$type<Record<string, string>>().notNull().default({}),
  updatedAt: updated(),
});

/**
 * A student's uploaded files (STUDENT_DOCUMENT_KINDS): the content is a `files` row the student owns,
 * so the same file twice is refused by files_owner_sha_uq. One CV and one birth certificate each.
 */
export const studentDocuments = pgTable(
  'student_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STUDENT_DOCUMENT_KINDS }).notNull(),
    /** what the file is, as the student names it (a diploma's title, an other file's description) */
    label: text('label'),
    /** a diploma's year */
    year: integer('year'),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('student_documents_person_idx').on(t.personId),
    uniqueIndex('student_documents_single_uq')
      .on(t.personId, t.kind)
      .where(sql`${t.kind} in ('CV', 'BIRTH_CERTIFICATE')`),
    check('student_documents_kind', inList(t.kind, STUDENT_DOCUMENT_KINDS)),
  ],
);

/**
 * A person's linked mail account (GMAIL_ACCOUNT): an address proven theirs, once, by the provider
 * named (a mailed code today; Google or Microsoft sign-in later). An address is linked to one
 * person at most (mail_links_address_uq, case-insensitive).
 */
export const mailLinks = pgTable(
  'mail_links',
  {
    personId: integer('person_id')
      .primaryKey()
      .references(() => persons.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    provider: text('provider', { enum: MAIL_LINK_PROVIDERS }).notNull(),
    linkedAt: ts('linked_at').notNull(),
  },
  (t) => [uniqueIndex('mail_links_address_uq').on(sql`lower(${t.address})`), check('mail_links_provider', inList(t.provider, MAIL_LINK_PROVIDERS))],
);

/** A pending proof of a mail address: the SHA-256 of the mailed code, one per person (a new request replaces it). */
export const mailLinkCodes = pgTable('mail_link_codes', {
  personId: integer('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  address: text('address').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  failures: integer('failures').notNull().default(0),
  sentAt: ts('sent_at').notNull(),
});
