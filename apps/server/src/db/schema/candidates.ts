import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgSequence, pgTable, primaryKey, foreignKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { GENDERS, ADMISSION_DECISIONS, CANDIDATE_DOCUMENT_KINDS, CANDIDATE_DOCUMENT_STATUSES } from '@portal/contract/rules';
import { ts, created, updated, inList } from './columns';
import { branches, cycles } from './catalogue';

/* Entrance candidates (issue 14, decisions 42 and 44): entrances, specialities, candidates, documents, links and sessions. */

/** An entrance exam the admissions office opens: its year, school, fee (FCFA), deadline and exam dates. */
export const entrances = pgTable(
  'entrances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** the academic year it admits to, `2026-2027` */
    yearName: text('year_name').notNull(),
    schoolName: text('school_name').notNull(),
    /** the registration fee, whole FCFA */
    amount: integer('amount').notNull(),
    /** the last day of registration (university time); the closing job sets closed_at the day after */
    registrationLimitDate: date('registration_limit_date', { mode: 'string' }).notNull(),
    evaluationBeginDate: date('evaluation_begin_date', { mode: 'string' }).notNull(),
    evaluationEndDate: date('evaluation_end_date', { mode: 'string' }).notNull(),
    /** when registration was closed (by the office, or by the job after the deadline); null while open */
    closedAt: ts('closed_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [check('entrances_amount', sql`${t.amount} >= 0`), check('entrances_dates', sql`${t.evaluationEndDate} >= ${t.evaluationBeginDate}`)],
);

/** A speciality an entrance offers: a branch of the catalogue in a cycle (its id is a formation choice's SPECIALITY_ID). */
export const entranceSpecialities = pgTable(
  'entrance_specialities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    entranceId: integer('entrance_id')
      .notNull()
      .references(() => entrances.id, { onDelete: 'cascade' }),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => cycles.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
  },
  (t) => [
    uniqueIndex('entrance_specialities_uq').on(t.entranceId, t.cycleId, t.branchId),
    uniqueIndex('entrance_specialities_id_entrance_uq').on(t.id, t.entranceId),
  ],
);

/** Candidate numbers: `C` + the entrance year's last two digits + this sequence on 6 digits. */
export const candidateNumberSeq = pgSequence('candidate_number_seq');

/**
 * A candidate's registration for one entrance: what the form gave (the contract's names), the
 * candidate number, whether the fee is paid and the office's decision. One registration per address
 * and entrance (candidates_entrance_email_uq): a repeated submit finds the first.
 */
export const candidates = pgTable(
  'candidates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    CANDIDATE_NUMBER: text('candidate_number').notNull().unique(),
    entranceId: integer('entrance_id')
      .notNull()
      .references(() => entrances.id),
    LASTNAME: text('lastname').notNull(),
    FIRSTNAME: text('firstname').notNull(),
    BIRTHDATE: date('birthdate', { mode: 'string' }).notNull(),
    BIRTHPLACE: text('birthplace').notNull(),
    GENDER: text('gender', { enum: GENDERS }).notNull(),
    EMAIL: text('email').notNull(),
    PHONE_NUMBER: text('phone_number').notNull(),
    COUNTRY: text('country').notNull(),
    REGION_ORIGIN: text('region_origin').notNull(),
    DEPARTMENT: text('department'),
    LIVING_TOWN: text('living_town').notNull(),
    FIRST_LANGUAGE: text('first_language').notNull(),
    SECOND_LANGUAGE: text('second_language').notNull(),
    ADMISSION_DIPLOMA: text('admission_diploma').notNull(),
    ADMISSION_DIPLOMA_GRADE: numeric('admission_diploma_grade', { precision: 4, scale: 2 }),
    MENTION_OBTAINED: text('mention_obtained').notNull(),
    YEAR_OBTENTION: integer('year_obtention').notNull(),
    COUNTRY_OBTENTION: text('country_obtention').notNull(),
    SCHOOL_OBTENTION: text('school_obtention').notNull(),
    LAST_YEAR_SITUATION: text('last_year_situation'),
    LAST_YEAR_RANK: text('last_year_rank'),
    IS_PROFESSIONAL: boolean('is_professional').notNull().default(false),
    FIRST_YEAR_UNIVERSITY: integer('first_year_university').notNull(),
    FIRST_YEAR_UNIVERSITY_TYPE: text('first_year_university_type').notNull(),
    NAME_OF_UNIVERSITY: text('name_of_university').notNull(),
    FORMATION_TYPE: text('formation_type').notNull(),
    CYCLE: text('cycle').notNull(),
    firstChoiceId: integer('first_choice_id').notNull(),
    secondChoiceId: integer('second_choice_id'),
    FATHER_NAME: text('father_name').notNull(),
    FATHER_JOB: text('father_job').notNull(),
    FATHER_CONTACT: text('father_contact').notNull(),
    FATHER_REGION_ORIGIN: text('father_region_origin').notNull(),
    MOTHER_NAME: text('mother_name').notNull(),
    MOTHER_JOB: text('mother_job').notNull(),
    MOTHER_CONTACT: text('mother_contact').notNull(),
    MOTHER_REGION_ORIGIN: text('mother_region_origin').notNull(),
    EMERGENCY_NAME: text('emergency_name').notNull(),
    EMERGENCY_CONTACT: text('emergency_contact').notNull(),
    IS_HANDICAPED: boolean('is_handicaped').notNull().default(false),
    HANDICAP_DETAILS: text('handicap_details'),
    IS_SPORTIVE: boolean('is_sportive').notNull().default(false),
    IS_SPORTIVE_COMPETITOR: boolean('is_sportive_competitor').notNull().default(false),
    FIRST_SPORT: text('first_sport'),
    /** the language of the mails */
    language: text('language').notNull().default('en'),
    HAS_PAID: boolean('has_paid').notNull().default(false),
    paidAt: ts('paid_at'),
    decision: text('decision', { enum: ADMISSION_DECISIONS }),
    decisionSpecialityId: integer('decision_speciality_id').references(() => entranceSpecialities.id),
    decidedAt: ts('decided_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('candidates_entrance_email_uq').on(t.entranceId, sql`lower(${t.EMAIL})`),
    index('candidates_email_idx').on(sql`lower(${t.EMAIL})`),
    index('candidates_entrance_created_idx').on(t.entranceId, t.createdAt),
    // A choice is one of the entrance's own specialities.
    foreignKey({
      name: 'candidates_first_choice_fk',
      columns: [t.firstChoiceId, t.entranceId],
      foreignColumns: [entranceSpecialities.id, entranceSpecialities.entranceId],
    }).onDelete('restrict'),
    foreignKey({
      name: 'candidates_second_choice_fk',
      columns: [t.secondChoiceId, t.entranceId],
      foreignColumns: [entranceSpecialities.id, entranceSpecialities.entranceId],
    }).onDelete('restrict'),
    check('candidates_choices_differ', sql`${t.secondChoiceId} is null or ${t.secondChoiceId} <> ${t.firstChoiceId}`),
    check('candidates_decision', sql`${t.decision} is null or ${inList(t.decision, ADMISSION_DECISIONS)}`),
    check('candidates_paid', sql`${t.HAS_PAID} = (${t.paidAt} is not null)`),
  ],
);

/**
 * A candidate's document (CANDIDATE_DOCUMENT_KINDS), one of each kind: the content is on the file
 * storage under a server-made key; a new one replaces the old. Candidates are not persons, so their
 * files are not `files` rows.
 */
export const candidateDocuments = pgTable(
  'candidate_documents',
  {
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CANDIDATE_DOCUMENT_KINDS }).notNull(),
    sha256: text('sha256').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name'),
    status: text('status', { enum: CANDIDATE_DOCUMENT_STATUSES }).notNull().default('SUBMITTED'),
    /** the office's reason when it asks for a replacement */
    note: text('note'),
    uploadedAt: ts('uploaded_at').notNull(),
    checkedAt: ts('checked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.candidateId, t.kind] }),
    check('candidate_documents_kind', inList(t.kind, CANDIDATE_DOCUMENT_KINDS)),
    check('candidate_documents_status', inList(t.status, CANDIDATE_DOCUMENT_STATUSES)),
  ],
);

/**
 * A link mailed by `POST /candidate/auth-email` (or after a repeated registration): the SHA-256 of
 * its token, single use, valid CANDIDATE_LINK_TTL_SECONDS; a newer link for the same candidate
 * voids the older ones.
 */
export const candidateLinks = pgTable(
  'candidate_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('candidate_links_candidate_idx').on(t.candidateId)],
);

/** An open candidate's file (the `portal_candidate` cookie): the SHA-256 of its token, CANDIDATE_SESSION_SECONDS long. */
export const candidateSessions = pgTable(
  'candidate_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('candidate_sessions_candidate_idx').on(t.candidateId)],
);
