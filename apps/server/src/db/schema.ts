import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  foreignKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { AFFECTATION, CHOICE_CATEGORIES, FINGERPRINT_FORMATS, FINGERS, GENDERS, PERSON_KINDS, PIECE_TYPES, REGIMES, REQUEST_BATCH_STATUSES, REQUEST_STATUSES, REQUEST_STEP_KINDS, STAFF_STATUSES, LESSON_STATUSES, TIMETABLE_DAY_END, TIMETABLE_DAY_START, STUDENT_DOCUMENT_KINDS, MAIL_LINK_PROVIDERS, ENROLMENT_OFFER_KINDS, ENROLMENT_STATUSES, REQUEST_AUDIENCES, ADMISSION_DECISIONS, CANDIDATE_DOCUMENT_KINDS, CANDIDATE_DOCUMENT_STATUSES, PAYMENT_STATUSES, type FeeStep, type RequestDisplayConfig } from '@portal/contract/rules';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const updated = () => ts('updated_at').notNull().defaultNow();

// ---------------------------------------------------------------- institution and catalogue

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
  departmentId: integer('department_id').notNull().references(() => departments.id),
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
    branchId: integer('branch_id').notNull().references(() => branches.id),
    cycleId: integer('cycle_id').notNull().references(() => cycles.id),
    levelId: integer('level_id').notNull().references(() => levels.id),
    shift: text('shift', { enum: REGIMES }).notNull(),
  },
  (t) => [index('classes_branch_idx').on(t.branchId), index('classes_level_idx').on(t.levelId)],
);

/** Accented letters and their plain forms, for searches that ignore accents (`translate` is immutable: indexable). */
export const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ';
export const UNACCENTED = 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy';

/**
 * What a subject search reads: code and both names, lower case, without accents. Kept in the
 * subject's row as `search_text` (a stored generated column, decision 58), which a search reads and
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
    classId: integer('class_id').notNull().references(() => classes.id),
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

// ---------------------------------------------------------------- reference lists

export const identificationTypes = pgTable('identification_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation').notNull().unique(),
});

export const paymentModes = pgTable('payment_modes', {
  abbreviation: text('abbreviation').primaryKey(),
  designation: text('designation').notNull(),
  position: integer('position').notNull(),
});

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
});

export const regions = pgTable('regions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  nameFr: text('name_fr').notNull(),
});

export const towns = pgTable(
  'towns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    regionId: integer('region_id').notNull().references(() => regions.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('towns_region_name_uq').on(t.regionId, t.name)],
);

// ---------------------------------------------------------------- people and accounts

/** The institution's registry: every staff member and student, with or without an account. */
export const persons = pgTable(
  'persons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    MATRICULE: text('matricule').notNull().unique(),
    KIND: text('kind', { enum: PERSON_KINDS }).notNull(),
    ROLES: text('roles').array().notNull().default(sql`'{}'::text[]`),
    STATUS: text('status', { enum: STAFF_STATUSES }),
    FIRSTNAME: text('firstname').notNull(),
    LASTNAME: text('lastname').notNull(),
    GENDER: text('gender', { enum: GENDERS }),
    BIRTHDATE: date('birthdate', { mode: 'string' }),
    BIRTHPLACE: text('birthplace'),
    COUNTRY: text('country').default('Cameroon'),
    EMAIL: text('email'),
    PHONE_NUMBER: text('phone_number'),
    /** when the HR registration was closed (the record's ACTIVED and CLOSED_AT); null while open */
    registrationClosedAt: ts('registration_closed_at'),
    /** the unit a back-office account processes requests in (decision 32); null for everyone else */
    REQUEST_UNIT_ID: integer('request_unit_id').references((): AnyPgColumn => requestUnits.id),
    /** a student's class, whose lessons are the student's timetable (decision 35); null for everyone else */
    classId: integer('class_id').references(() => classes.id),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('persons_matricule_upper', sql`${t.MATRICULE} = upper(${t.MATRICULE})`),
    check('persons_kind', sql`${t.KIND} in (${sql.raw(PERSON_KINDS.map((kind) => `'${kind}'`).join(', '))})`),
    check('persons_class_student', sql`${t.classId} is null or ${t.KIND} = 'STUDENT'`),
    index('persons_class_idx').on(t.classId).where(sql`${t.classId} is not null`),
  ],
);

/** A person's sign-in account; it exists once they claimed it, and is usable once the e-mail is confirmed. */
export const accounts = pgTable(
  'accounts',
  {
    personId: integer('person_id').primaryKey().references(() => persons.id, { onDelete: 'cascade' }),
    username: text('username'),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailVerifiedAt: ts('email_verified_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('accounts_username_uq').on(sql`lower(${t.username})`)],
);

export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: integer('person_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: created(),
  },
  (t) => [index('email_confirmations_person_idx').on(t.personId)],
);

/** One sign-in attempt: identified by an HttpOnly cookie, holding the hashed e-mailed code. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash'),
    codeExpiresAt: ts('code_expires_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    failedCodes: integer('failed_codes').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    lastSentAt: ts('last_sent_at').notNull(),
    consumedAt: ts('consumed_at'),
    ip: text('ip'),
    /** the sign-in limits' key the attempt counts against (lib/throttle.ts subjectKey), decoys included */
    subject: text('subject').notNull(),
    /** the person's known device the attempt was started from, if any: spared from the per-account limits */
    deviceId: integer('device_id').references(() => knownDevices.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [index('sign_in_attempts_person_idx').on(t.personId)],
);

/**
 * A browser a person signed in from (the HttpOnly portal_device cookie holds a random token, stored
 * hashed). Per-account locks an outsider can trigger spare it (decision 23); five failures in a
 * row from it forget it.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    personId: integer('person_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
  },
  (t) => [index('known_devices_person_idx').on(t.personId)],
);

/**
 * Sign-in limits per subject: a registry person (`p:<id>`) or, for an identifier that names
 * nobody, the identifier itself (`i:<IDENTIFIER>`), so that both answer alike (decision 23).
 */
export const signInLimits = pgTable('sign_in_limits', {
  key: text('key').primaryKey(),
  /** consecutive wrong passwords; from the 5th the password is locked until passwordLockedUntil */
  passwordFailures: integer('password_failures').notNull().default(0),
  passwordLockedUntil: ts('password_locked_until'),
  /** code checks in the hour from codeWindowStart, and when the next one is allowed */
  codeTries: integer('code_tries').notNull().default(0),
  codeWindowStart: ts('code_window_start'),
  codeNextAt: ts('code_next_at'),
});

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    personId: integer('person_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_person_idx').on(t.personId)],
);

/** Counters in fixed windows (failed sign-ins per address, mails per person and address), shared by every instance. */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  failures: integer('failures').notNull().default(0),
});

export const settings = pgTable('settings', {
  personId: integer('person_id').primaryKey().references(() => persons.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  updatedAt: updated(),
});

export const contactMessages = pgTable('contact_messages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  personId: integer('person_id').notNull().references(() => persons.id),
  object: text('object').notNull(),
  message: text('message').notNull(),
  fullname: text('fullname').notNull(),
  email: text('email'),
  matricule: text('matricule').notNull(),
  numphone: text('numphone'),
  createdAt: created(),
});

// ---------------------------------------------------------------- mail and audit

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'kept', 'failed'] as const;

/** Outgoing mail, written in the same transaction as the change that causes it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    replyTo: text('reply_to'),
    /** files sent with the mail (a receipt): name, type and content in base64; small by construction */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; contentBase64: string }[]>(),
    kind: text('kind').notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Append-only: a trigger in the migrations refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: ts('at').notNull(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId), index('audit_log_actor_idx').on(t.actorId)],
);

export type Person = typeof persons.$inferSelect;
export type Account = typeof accounts.$inferSelect;

// ---------------------------------------------------------------- HR registration (profile wizard)

/** What the wizard collects about a person, one row per person; column names are the contract's. */
export const profiles = pgTable('profiles', {
  personId: integer('person_id').primaryKey().references(() => persons.id, { onDelete: 'cascade' }),
  DENOMINATION: text('denomination'),
  REGION_ORIGIN: text('region_origin'),
  DEPARTMENT: text('department'),
  FIRST_LANGUAGE: text('first_language'),
  SECOND_LANGUAGE: text('second_language'),
  IDENTIFICATION: text('identification'),
  IDENTIFNUM: text('identifnum'),
  IDENTIFPLACE: text('identifplace'),
  IDENTIFSTART: date('identifstart', { mode: 'string' }),
  IDENTIFEND: date('identifend', { mode: 'string' }),
  LIVING_TOWN: text('living_town'),
  DISTRICT: text('district'),
  PRECINCT: text('precinct'),
  RELIGION: text('religion'),
  CODE1: text('code1'),
  NUMPHONE: text('numphone'),
  CODE2: text('code2'),
  NUMPHONE2: text('numphone2'),
  CIVILSTATUS: text('civilstatus'),
  SPFIRSTNAME: text('spfirstname'),
  SPLASTNAME: text('splastname'),
  SPBIRTHDATE: date('spbirthdate', { mode: 'string' }),
  CHILDNUM: integer('childnum'),
  FATHER_NAME: text('father_name'),
  MOTHER_NAME: text('mother_name'),
  HEIGHT: integer('height'),
  WEIGHT: integer('weight'),
  BLOOD_GROUP: text('blood_group'),
  HANDICAP: boolean('handicap'),
  HANDICAP_DETAILS: text('handicap_details'),
  EMERGNAME1: text('emergname1'),
  EMERGCODE1: text('emergcode1'),
  EMERGNUM1: text('emergnum1'),
  EMERGNAME2: text('emergname2'),
  EMERGCODE2: text('emergcode2'),
  EMERGNUM2: text('emergnum2'),
  NIU: text('niu'),
  NIU_MISSING: boolean('niu_missing'),
  CNPSYN: boolean('cnpsyn').default(true),
  CNPSNUM: text('cnpsnum'),
  LASTDIPLOMA: text('lastdiploma'),
  OLD_SPECIALITY: text('old_speciality'),
  OLD_OBTENTION_YEAR: integer('old_obtention_year'),
  STAB: text('stab'),
  SPECIALITY: text('speciality'),
  TITLE: text('title'),
  GRADES: text('grades'),
  JOBTITLE: text('jobtitle'),
  LASTJOB: text('lastjob'),
  LASTEMPLOYER: text('lastemployer'),
  LASTJOBSTART: date('lastjobstart', { mode: 'string' }),
  LASTJOBEND: date('lastjobend', { mode: 'string' }),
  LASTJOBSTILL: boolean('lastjobstill'),
  ACTIVITY_PRINCIPAL: text('activity_principal'),
  BASESALARY: integer('basesalary'),
  HOURRATE: integer('hourrate'),
  CONTENDDATE: date('contenddate', { mode: 'string' }),
  PAYMODE: text('paymode'),
  BANK_CODE: text('bank_code'),
  BRANCH_CODE: text('branch_code'),
  ACCOUNT_NUM: text('account_num'),
  RIB_KEY: text('rib_key'),
  PAY_CODE: text('pay_code'),
  PAY_PHONE: text('pay_phone'),
  CARD_NUM: text('card_num'),
  ACCOUNT_LASTNAME: text('account_lastname'),
  ACCOUNT_FIRSTNAME: text('account_firstname'),
  ACCOUNT_BIRTHDATE: date('account_birthdate', { mode: 'string' }),
  CASHIER_CODE: text('cashier_code'),
  /** file columns: the id of an upload in `files` */
  CV_LINK: text('cv_link'),
  NIU_LINK: text('niu_link'),
  CNPS_LINK: text('cnps_link'),
  RIB_LINK: text('rib_link'),
  MINISTERIAL_DECREE: text('ministerial_decree'),
  PRESENCE_ATTEST: text('presence_attest'),
  IDENTITY1: text('identity1'),
  IDENTITY2: text('identity2'),
  /** when each section was last saved: { personal: ISO time, ... } */
  sectionsSaved: jsonb('sections_saved').$type<Record<string, string>>().notNull().default({}),
  updatedAt: updated(),
});

export const children = pgTable(
  'children',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: integer('person_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    FIRSTNAME: text('firstname').notNull(),
    LASTNAME: text('lastname').notNull(),
    BIRTHDATE: date('birthdate', { mode: 'string' }),
  },
  (t) => [uniqueIndex('children_person_position_uq').on(t.personId, t.position)],
);

/** Uploaded files: content on the storage backend under a server-made key; one hash per owner. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    ownerId: integer('owner_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
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

/** Diplomas and civil-status pieces (birth, child birth, wedding certificates). */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: integer('person_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
    PIECE_TYPE: text('piece_type', { enum: PIECE_TYPES }).notNull(),
    DESIGNATION: text('designation').notNull(),
    SPECIALITY: text('speciality'),
    LEVEL: integer('level'),
    LANGUAGE: text('language'),
    OBTENEDDATE: date('obteneddate', { mode: 'string' }),
    OBTENEDSTAB: text('obtenedstab'),
    fileId: text('file_id').notNull().references(() => files.id),
    isLast: boolean('is_last').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('documents_person_idx').on(t.personId),
    // At most one diploma marked as the last one per person.
    uniqueIndex('documents_one_last_uq').on(t.personId).where(sql`${t.isLast}`),
  ],
);

/** Banks and microfinance institutions by their 5-digit CEMAC code; microfinance accounts are refused. */
export const banks = pgTable('banks', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  microfinance: boolean('microfinance').notNull().default(false),
});

export type Profile = typeof profiles.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;

// ---------------------------------------------------------------- subject-choice sessions

/** Maximum distinct subjects per level, for day (`_J`) and evening or night (`_S`) classes. */
export const subjectConstraints = pgTable('subject_constraints', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  LEVEL1_J: integer('level1_j').notNull(),
  LEVEL2_J: integer('level2_j').notNull(),
  LEVEL3_J: integer('level3_j').notNull(),
  LEVEL4_J: integer('level4_j').notNull(),
  LEVEL5_J: integer('level5_j').notNull(),
  LEVEL1_S: integer('level1_s').notNull(),
  LEVEL2_S: integer('level2_s').notNull(),
  LEVEL3_S: integer('level3_s').notNull(),
  LEVEL4_S: integer('level4_s').notNull(),
  LEVEL5_S: integer('level5_s').notNull(),
});

export const applicationSessions = pgTable(
  'application_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    DESIGNATION: text('designation').notNull(),
    /** the French designation (decision 30); the English one when the office gave none */
    DESIGNATION_FR: text('designation_fr').notNull(),
    START_DATE: ts('start_date').notNull(),
    END_DATE: ts('end_date'),
    MANUAL_CLOSURE: boolean('manual_closure').notNull().default(false),
    ACTIVED: boolean('actived').notNull().default(true),
    SUBJECT_CONSTRAINT_ID: integer('subject_constraint_id').notNull().references(() => subjectConstraints.id),
    /** allowed hourly volume per staff category */
    hoursPermanent: integer('hours_permanent').notNull(),
    hoursVacataire: integer('hours_vacataire').notNull(),
    hoursStagiaire: integer('hours_stagiaire').notNull(),
    hoursStaff: integer('hours_staff').notNull(),
    createdAt: created(),
  },
  (t) => [index('application_sessions_active_idx').on(t.ACTIVED, t.START_DATE)],
);

/** A person's application in a session: one per person and session; TOTAL_HOURS is their allowed hourly volume. */
export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    EMPLOYEE_ID: integer('employee_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
    SESSION_APPLICATION_ID: integer('session_application_id').notNull().references(() => applicationSessions.id),
    SUBJECT_CONSTRAINT_ID: integer('subject_constraint_id').notNull().references(() => subjectConstraints.id),
    TOTAL_HOURS: integer('total_hours').notNull(),
    CLOSED: boolean('closed').notNull().default(false),
    closedAt: ts('closed_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('applications_person_session_uq').on(t.EMPLOYEE_ID, t.SESSION_APPLICATION_ID), index('applications_session_idx').on(t.SESSION_APPLICATION_ID)],
);

/**
 * One part (CM, TD or TP) of a subject chosen in an application. AFFECTATION: 0 selected,
 * 1 confirmed by the academic office, 2 declined. A part is confirmed to one person per session.
 */
export const applicationChoices = pgTable(
  'application_choices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').notNull().references(() => applicationSessions.id),
    SUBJECT_ID: integer('subject_id').notNull().references(() => subjects.id),
    CATEGORY: text('category', { enum: CHOICE_CATEGORIES }).notNull(),
    AFFECTATION: integer('affectation').notNull().default(AFFECTATION.SELECTED),
    decidedBy: integer('decided_by').references(() => persons.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('application_choices_uq').on(t.applicationId, t.SUBJECT_ID, t.CATEGORY),
    uniqueIndex('application_choices_one_assignment_uq').on(t.sessionId, t.SUBJECT_ID, t.CATEGORY).where(sql`${t.AFFECTATION} = ${sql.raw(String(AFFECTATION.CONFIRMED))}`),
    index('application_choices_subject_idx').on(t.SUBJECT_ID, t.sessionId),
    check('application_choices_affectation', sql`${t.AFFECTATION} in (${sql.raw(Object.values(AFFECTATION).join(', '))})`),
  ],
);

// ---------------------------------------------------------------- identification offices

/** A person's identification: the photo (a `files` row the person owns) and its completion. */
export const identifications = pgTable('identifications', {
  personId: integer('person_id').primaryKey().references(() => persons.id, { onDelete: 'cascade' }),
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
    personId: integer('person_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
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

// ---------------------------------------------------------------- requests (issue 11, decision 31)

const inList = (column: SQLWrapper, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
const requestStatusCheck = (column: SQLWrapper) => inList(column, REQUEST_STATUSES);

/**
 * A unit that holds requests: the lecturers' service (SENG), a school, finance, human resources,
 * administration. A school's department (decision 32) narrows what it receives: a request about a
 * class goes to the school of that class's department.
 */
export const requestUnits = pgTable('request_units', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameFr: text('name_fr').notNull(),
  departmentId: integer('department_id').references(() => departments.id),
});

/** A request category (Teaching, Payment, Contract, Reprography), shown as a card. */
export const requestCategories = pgTable('request_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameFr: text('name_fr').notNull(),
  description: text('description').notNull(),
  descriptionFr: text('description_fr').notNull(),
  position: integer('position').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  /** who files requests of this category: lecturers and staff, or students (issue 13) */
  audience: text('audience', { enum: REQUEST_AUDIENCES }).notNull().default('STAFF'),
}, (t) => [check('request_categories_audience', inList(t.audience, REQUEST_AUDIENCES))]);

/** A sub-category: what the lecturer files, the detail fields its form shows, and the unit a new request goes to. */
export const requestSubcategories = pgTable(
  'request_subcategories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    categoryId: integer('category_id').notNull().references(() => requestCategories.id),
    name: text('name').notNull(),
    nameFr: text('name_fr').notNull(),
    description: text('description').notNull(),
    descriptionFr: text('description_fr').notNull(),
    /** which detail fields the form shows and requires (REQUEST_FIELD_GROUPS), validated by the contract's RequestDisplayConfig */
    display: jsonb('display').$type<RequestDisplayConfig>().notNull(),
    firstUnitId: integer('first_unit_id').notNull().references(() => requestUnits.id),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('request_subcategories_category_idx').on(t.categoryId)],
);

/** One allowed hop of a sub-category's requests: from the unit holding it to the next one. */
export const requestHops = pgTable(
  'request_hops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subcategoryId: integer('subcategory_id').notNull().references(() => requestSubcategories.id, { onDelete: 'cascade' }),
    fromUnitId: integer('from_unit_id').notNull().references(() => requestUnits.id),
    toUnitId: integer('to_unit_id').notNull().references(() => requestUnits.id),
  },
  (t) => [uniqueIndex('request_hops_uq').on(t.subcategoryId, t.fromUnitId, t.toUnitId)],
);

/**
 * A decision the destination unit of a hop may take on a request it received through that hop: the
 * status of record it gives, and where the request goes next: `forwardUnitId` (sent on in a batch,
 * along a hop from the deciding unit) or, when null, back to the lecturer (decision 32).
 */
export const requestDecisions = pgTable(
  'request_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hopId: integer('hop_id').notNull().references(() => requestHops.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    labelFr: text('label_fr').notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull(),
    forwardUnitId: integer('forward_unit_id').references(() => requestUnits.id),
  },
  (t) => [index('request_decisions_hop_idx').on(t.hopId), check('request_decisions_status', requestStatusCheck(t.status))],
);

/** The number in a request's reference (`<sub-category code>@<year>-<number>`), never reused. */
export const requestReferenceSeq = pgSequence('request_reference_seq');

/**
 * A lecturer's request. REQUEST_STATUS is its one status of record (lists and counters read it);
 * REQUEST_UNITY_ID the unit holding it. Detail fields the sub-category does not show stay null.
 */
export const requests = pgTable(
  'requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    REQUEST_ID: text('reference').notNull().unique(),
    REQUEST_AUTHOR: integer('author_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
    REQUEST_CATEGORY_ID: integer('subcategory_id').notNull().references(() => requestSubcategories.id),
    CLASS_ID: integer('class_id').references(() => classes.id),
    SUBJECT_ID: integer('subject_id').references(() => subjects.id),
    REQUEST_PBLM_DATE: date('problem_date', { mode: 'string' }),
    /** ISO week of the problem date (`2026-W48`), computed by the server */
    REQUEST_PBLM_WEEK: text('problem_week'),
    REQUEST_PBLM_HOUR_START: text('slot_start'),
    REQUEST_PBLM_HOUR_END: text('slot_end'),
    CONTRACT_NUMBER: text('contract_number'),
    VH_DISPLAYED: numeric('hours_noted', { precision: 8, scale: 2, mode: 'number' }),
    VH_EXPECTED: numeric('hours_expected', { precision: 8, scale: 2, mode: 'number' }),
    TH_DISPLAYED: numeric('rate_noted', { precision: 12, scale: 2, mode: 'number' }),
    TH_EXPECTED: numeric('rate_expected', { precision: 12, scale: 2, mode: 'number' }),
    TI_DISPLAYED: numeric('tax_noted', { precision: 5, scale: 2, mode: 'number' }),
    TI_EXPECTED: numeric('tax_expected', { precision: 5, scale: 2, mode: 'number' }),
    AMOUNT_RECEIVED: numeric('amount_received', { precision: 14, scale: 2, mode: 'number' }),
    AMOUNT_EXPECTED: numeric('amount_expected', { precision: 14, scale: 2, mode: 'number' }),
    REPRO_COPY_NUMBER: integer('copies'),
    REPRO_STUDENT_COUNT: integer('students'),
    REQUEST_OBJECT: text('title').notNull(),
    DESCRIPTION: text('description'),
    REQUEST_FILE: text('file_id').references(() => files.id, { onDelete: 'set null' }),
    REQUEST_STATUS: text('status', { enum: REQUEST_STATUSES }).notNull().default('REGISTERED'),
    REQUEST_UNITY_ID: integer('unit_id').references(() => requestUnits.id),
    /** when the lecturer signed the printed request at the lecturers' service; null until then */
    signedAt: ts('signed_at'),
    filedAt: ts('filed_at').notNull(),
    /** the random value the printed form's QR code names (the public verification page); never the id */
    verificationToken: text('verification_token').notNull().unique().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** when the author of an unsigned request was reminded of the signature (once) */
    remindedAt: ts('reminded_at'),
    /** the hop through which the holding unit received the request (its decisions apply); null at the first unit */
    arrivalHopId: integer('arrival_hop_id').references(() => requestHops.id),
    /** set by the holding unit's decision: the unit the request goes to next, in a batch */
    forwardUnitId: integer('forward_unit_id').references(() => requestUnits.id),
    /** the transmittal batch carrying the request, until it is received or cancelled */
    batchId: integer('batch_id').references((): AnyPgColumn => requestBatches.id),
    updatedAt: updated(),
  },
  (t) => [
    // read backwards, newest first as the author's list is ordered: a page stops at its last line (decision 50)
    index('requests_author_idx').on(t.REQUEST_AUTHOR, t.filedAt, t.id),
    index('requests_unit_idx').on(t.REQUEST_UNITY_ID, t.REQUEST_STATUS),
    index('requests_filed_idx').on(t.filedAt),
    // The 7-day rule's job reads the unsigned requests still registered, oldest first.
    index('requests_unsigned_idx').on(t.filedAt).where(sql`${t.REQUEST_STATUS} = 'REGISTERED' and ${t.signedAt} is null`),
    // An attachment belongs to one request at most (decision 32): two filings naming it cannot both take it.
    uniqueIndex('requests_file_uq').on(t.REQUEST_FILE).where(sql`${t.REQUEST_FILE} is not null`),
    check('requests_status', requestStatusCheck(t.REQUEST_STATUS)),
    check('requests_slot', sql`(${t.REQUEST_PBLM_HOUR_START} is null) = (${t.REQUEST_PBLM_HOUR_END} is null) and (${t.REQUEST_PBLM_HOUR_END} is null or ${t.REQUEST_PBLM_HOUR_END} > ${t.REQUEST_PBLM_HOUR_START})`),
    check('requests_counts', sql`coalesce(${t.REPRO_COPY_NUMBER}, 0) >= 0 and coalesce(${t.REPRO_STUDENT_COUNT}, 0) >= 0`),
  ],
);

/**
 * A request's history, append-only (migrations 0009, 0010): filing, signature, rejection, expiry,
 * sending, return and reception in batches, each unit's decision with its comment (the deliberation).
 */
export const requestSteps = pgTable(
  'request_steps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id').notNull().references(() => requests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REQUEST_STEP_KINDS }).notNull(),
    unitId: integer('unit_id').references(() => requestUnits.id),
    decisionId: integer('decision_id').references(() => requestDecisions.id),
    batchId: integer('batch_id').references((): AnyPgColumn => requestBatches.id),
    comment: text('comment'),
    status: text('status', { enum: REQUEST_STATUSES }).notNull(),
    at: ts('at').notNull(),
    by: integer('by_id').references(() => persons.id),
  },
  (t) => [
    index('request_steps_request_idx').on(t.requestId, t.at),
    // What a unit held: the requests whose steps name it.
    index('request_steps_unit_idx').on(t.unitId, t.requestId),
    check('request_steps_status', requestStatusCheck(t.status)),
    check('request_steps_kind', inList(t.kind, REQUEST_STEP_KINDS)),
  ],
);

/** The number in a batch's reference (`<from unit>-<year>-<number>`), never reused. */
export const requestBatchSeq = pgSequence('request_batch_seq');

/** A transmittal batch: requests a unit bundles for one destination unit, which confirms their reception. */
export const requestBatches = pgTable(
  'request_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull().unique(),
    fromUnitId: integer('from_unit_id').notNull().references(() => requestUnits.id),
    toUnitId: integer('to_unit_id').notNull().references(() => requestUnits.id),
    status: text('status', { enum: REQUEST_BATCH_STATUSES }).notNull(),
    createdAt: ts('created_at').notNull(),
    createdBy: integer('created_by').references(() => persons.id),
    sentAt: ts('sent_at'),
    sentBy: integer('sent_by').references(() => persons.id),
    receivedAt: ts('received_at'),
    receivedBy: integer('received_by').references(() => persons.id),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => persons.id),
  },
  (t) => [
    index('request_batches_from_idx').on(t.fromUnitId, t.status),
    index('request_batches_to_idx').on(t.toUnitId, t.status),
    check('request_batches_status', inList(t.status, REQUEST_BATCH_STATUSES)),
    check('request_batches_units', sql`${t.fromUnitId} <> ${t.toUnitId}`),
  ],
);

/** The requests of a batch, each with the hop it travels along (kept after reception or cancellation: the batch's history). */
export const requestBatchItems = pgTable(
  'request_batch_items',
  {
    batchId: integer('batch_id').notNull().references(() => requestBatches.id, { onDelete: 'cascade' }),
    requestId: integer('request_id').notNull().references(() => requests.id, { onDelete: 'cascade' }),
    hopId: integer('hop_id').notNull().references(() => requestHops.id),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.requestId] }), index('request_batch_items_request_idx').on(t.requestId)],
);

// ---------------------------------------------------------------- timetable (issue 12, decision 35)

/**
 * A billing period: validated lessons dated within it are billed together. Two periods never share
 * a day (an exclusion constraint over their date ranges, migration 0012).
 */
export const billingPeriods = pgTable(
  'billing_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    beginDate: date('begin_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull(),
    createdBy: integer('created_by').references(() => persons.id),
  },
  (t) => [check('billing_periods_dates', sql`${t.endDate} >= ${t.beginDate}`)],
);

/**
 * A lesson the academic office planned: a part (CM, TD, TP) of a subject, for the subject's class,
 * taught by a lecturer on a day between two times (university time). Its status is the one of
 * record (LESSON_STATUSES). Migration 0012 adds the exclusion constraints that refuse, even under
 * concurrent inserts, the same lecturer, the same class or the same room at overlapping times
 * (a refused lesson frees its slot): lessons_lecturer_excl, lessons_class_excl, lessons_room_excl.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    date: date('lesson_date', { mode: 'string' }).notNull(),
    /** `HH:MM:SS` as PostgreSQL gives a time; the contract carries `HH:MM` */
    begin: time('begin_time').notNull(),
    end: time('end_time').notNull(),
    classId: integer('class_id').notNull().references(() => classes.id),
    subjectId: integer('subject_id').notNull(),
    part: text('part', { enum: CHOICE_CATEGORIES }).notNull(),
    lecturerId: integer('lecturer_id').notNull().references(() => persons.id),
    room: text('room'),
    building: text('building'),
    campus: text('campus'),
    status: text('status', { enum: LESSON_STATUSES }).notNull().default('PendingValidation'),
    billingPeriodId: integer('billing_period_id').references(() => billingPeriods.id),
    /** the lessons planned together, weekly, share it */
    seriesId: uuid('series_id'),
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by').references(() => persons.id),
    billedAt: ts('billed_at'),
    billedBy: integer('billed_by').references(() => persons.id),
    createdAt: ts('created_at').notNull(),
    createdBy: integer('created_by').references(() => persons.id),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    foreignKey({ name: 'lessons_subject_class_fk', columns: [t.subjectId, t.classId], foreignColumns: [subjects.id, subjects.classId] }),
    index('lessons_lecturer_date_idx').on(t.lecturerId, t.date),
    index('lessons_class_date_idx').on(t.classId, t.date),
    index('lessons_date_idx').on(t.date, t.status),
    index('lessons_series_idx').on(t.seriesId).where(sql`${t.seriesId} is not null`),
    check('lessons_status', inList(t.status, LESSON_STATUSES)),
    check('lessons_part', inList(t.part, CHOICE_CATEGORIES)),
    check('lessons_times', sql`${t.begin} >= time ${sql.raw(`'${TIMETABLE_DAY_START}'`)} and ${t.end} <= time ${sql.raw(`'${TIMETABLE_DAY_END}'`)} and ${t.end} > ${t.begin}`),
    check('lessons_billed', sql`(${t.status} = 'ValidatedAndBilled') = (${t.billingPeriodId} is not null)`),
  ],
);

/**
 * A person's calendar feed (`GET /calendar/{token}.ics`): the SHA-256 of its secret token, never the
 * token. Renewing replaces the row, so the old address answers 404.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  personId: integer('person_id').primaryKey().references(() => persons.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: ts('created_at').notNull(),
});

/** The weekly planning mails sent: one per person and week (its Monday), however many server instances run the job. */
export const planningMails = pgTable(
  'planning_mails',
  {
    personId: integer('person_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
    weekOf: date('week_of', { mode: 'string' }).notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.weekOf] })],
);

// ---------------------------------------------------------------- students (issue 13, decision 37)

/**
 * What a student fills in about themselves, one row per student, section by section
 * (STUDENT_PROFILE_SECTIONS); column names are the contract's. Identity (names, birthdate,
 * matricule) stays the registry's, in `persons`.
 */
export const studentProfiles = pgTable('student_profiles', {
  personId: integer('person_id').primaryKey().references(() => persons.id, { onDelete: 'cascade' }),
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
  OTHER_LANGUAGES: text('other_languages').array().notNull().default(sql`'{}'::text[]`),
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
    personId: integer('person_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STUDENT_DOCUMENT_KINDS }).notNull(),
    /** what the file is, as the student names it (a diploma's title, an other file's description) */
    label: text('label'),
    /** a diploma's year */
    year: integer('year'),
    fileId: text('file_id').notNull().references(() => files.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('student_documents_person_idx').on(t.personId),
    uniqueIndex('student_documents_single_uq').on(t.personId, t.kind).where(sql`${t.kind} in ('CV', 'BIRTH_CERTIFICATE')`),
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
    personId: integer('person_id').primaryKey().references(() => persons.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    provider: text('provider', { enum: MAIL_LINK_PROVIDERS }).notNull(),
    linkedAt: ts('linked_at').notNull(),
  },
  (t) => [uniqueIndex('mail_links_address_uq').on(sql`lower(${t.address})`), check('mail_links_provider', inList(t.provider, MAIL_LINK_PROVIDERS))],
);

/** A pending proof of a mail address: the SHA-256 of the mailed code, one per person (a new request replaces it). */
export const mailLinkCodes = pgTable('mail_link_codes', {
  personId: integer('person_id').primaryKey().references(() => persons.id, { onDelete: 'cascade' }),
  address: text('address').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  failures: integer('failures').notNull().default(0),
  sentAt: ts('sent_at').notNull(),
});

// ---------------------------------------------------------------- enrolment (issue 13, decision 38)

/** An enrolment session the academic office opens: students apply to its offers between its dates. */
export const enrolmentSessions = pgTable('enrolment_sessions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  nameFr: text('name_fr').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  /** how many offers one student may apply to */
  maxApplications: integer('max_applications').notNull().default(3),
  closedAt: ts('closed_at'),
  createdAt: ts('created_at').notNull(),
  createdBy: integer('created_by').references(() => persons.id),
}, (t) => [check('enrolment_sessions_dates', sql`${t.endsAt} > ${t.startsAt}`)]);

/** A class or an optional subject offered in a session, with its seats. */
export const enrolmentOffers = pgTable(
  'enrolment_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id').notNull().references(() => enrolmentSessions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ENROLMENT_OFFER_KINDS }).notNull(),
    classId: integer('class_id').references(() => classes.id),
    subjectId: integer('subject_id').references(() => subjects.id),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    index('enrolment_offers_session_idx').on(t.sessionId),
    uniqueIndex('enrolment_offers_class_uq').on(t.sessionId, t.classId).where(sql`${t.kind} = 'CLASS'`),
    uniqueIndex('enrolment_offers_subject_uq').on(t.sessionId, t.subjectId).where(sql`${t.kind} = 'SUBJECT'`),
    check('enrolment_offers_kind', sql`(${t.kind} = 'CLASS' and ${t.classId} is not null and ${t.subjectId} is null) or (${t.kind} = 'SUBJECT' and ${t.subjectId} is not null and ${t.classId} is null)`),
    check('enrolment_offers_capacity', sql`${t.capacity} > 0`),
  ],
);

/** A student's application to an offer: one per student and offer; its status of record (ENROLMENT_STATUSES). */
export const enrolmentApplications = pgTable(
  'enrolment_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id').notNull().references(() => enrolmentSessions.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').notNull().references(() => enrolmentOffers.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ENROLMENT_STATUSES }).notNull().default('PENDING'),
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by').references(() => persons.id),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('enrolment_applications_offer_student_uq').on(t.offerId, t.studentId),
    index('enrolment_applications_student_idx').on(t.studentId, t.sessionId),
    index('enrolment_applications_offer_status_idx').on(t.offerId, t.status),
    check('enrolment_applications_status', inList(t.status, ENROLMENT_STATUSES)),
  ],
);

/** The optional subjects a student follows besides their class's (an accepted SUBJECT offer). */
export const studentSubjects = pgTable(
  'student_subjects',
  {
    studentId: integer('student_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id').notNull().references(() => subjects.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.subjectId] })],
);

// ---------------------------------------------------------------- evaluation of teaching (issue 13, decision 39)

/**
 * A question form: its sections, questions and options as one document (the contract's
 * QuestionFormContent), each question and option with a key that answers name. A form used by a
 * session that has started is frozen (FORM_IN_USE): duplicate it to change it.
 */
export const questionForms = pgTable('question_forms', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  nameFr: text('name_fr').notNull(),
  content: jsonb('content').$type<unknown>().notNull(),
  createdAt: ts('created_at').notNull(),
  createdBy: integer('created_by').references(() => persons.id),
  updatedAt: ts('updated_at').notNull(),
});

/** An evaluation session: a form answered about the lecturers of some classes between two days (university time). */
export const evaluationSessions = pgTable(
  'evaluation_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    nameFr: text('name_fr').notNull(),
    formId: integer('form_id').notNull().references(() => questionForms.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull(),
    createdBy: integer('created_by').references(() => persons.id),
  },
  (t) => [check('evaluation_sessions_dates', sql`${t.endDate} >= ${t.startDate}`)],
);

/** The classes a session covers. */
export const evaluationSessionClasses = pgTable(
  'evaluation_session_classes',
  {
    sessionId: integer('session_id').notNull().references(() => evaluationSessions.id, { onDelete: 'cascade' }),
    classId: integer('class_id').notNull().references(() => classes.id),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.classId] })],
);

/** What a session evaluates: one (subject, lecturer, class) from the confirmed assignments. */
export const evaluationTargets = pgTable(
  'evaluation_targets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id').notNull().references(() => evaluationSessions.id, { onDelete: 'cascade' }),
    classId: integer('class_id').notNull().references(() => classes.id),
    subjectId: integer('subject_id').notNull().references(() => subjects.id),
    lecturerId: integer('lecturer_id').notNull().references(() => persons.id),
  },
  (t) => [
    uniqueIndex('evaluation_targets_uq').on(t.sessionId, t.subjectId, t.lecturerId, t.classId),
    index('evaluation_targets_lecturer_idx').on(t.lecturerId),
    // a student's targets: their class's, and their optional subjects' (decision 50)
    index('evaluation_targets_class_idx').on(t.classId),
    index('evaluation_targets_subject_idx').on(t.subjectId),
  ],
);

/**
 * That a student took part for a target: the one-submission-per-pair rule (its primary key). It
 * holds no time and nothing of the answers.
 */
export const evaluationParticipations = pgTable(
  'evaluation_participations',
  {
    targetId: integer('target_id').notNull().references(() => evaluationTargets.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.targetId, t.studentId] })],
);

/**
 * The ballot box: a submission sealed (encrypted with the server's ballot key) until it is mixed
 * into `evaluation_responses` with others of its session (BALLOT_MIX_SIZE), in a random order and
 * another transaction. Written in the participation's transaction, it is readable by no one.
 */
export const evaluationBallots = pgTable(
  'evaluation_ballots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: integer('session_id').notNull().references(() => evaluationSessions.id, { onDelete: 'cascade' }),
    sealed: text('sealed').notNull(),
  },
  (t) => [index('evaluation_ballots_session_idx').on(t.sessionId)],
);

/**
 * One anonymous submission once mixed: the target and the answers (the contract's EvaluationAnswers),
 * with a random id, no time and nothing of the student.
 */
export const evaluationResponses = pgTable(
  'evaluation_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetId: integer('target_id').notNull().references(() => evaluationTargets.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<unknown>().notNull(),
  },
  (t) => [index('evaluation_responses_target_idx').on(t.targetId)],
);

// ---------------------------------------------------------------- entrance candidates (issue 14, decisions 42 to 44)

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
    entranceId: integer('entrance_id').notNull().references(() => entrances.id, { onDelete: 'cascade' }),
    cycleId: integer('cycle_id').notNull().references(() => cycles.id),
    branchId: integer('branch_id').notNull().references(() => branches.id),
  },
  (t) => [uniqueIndex('entrance_specialities_uq').on(t.entranceId, t.cycleId, t.branchId), uniqueIndex('entrance_specialities_id_entrance_uq').on(t.id, t.entranceId)],
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
    entranceId: integer('entrance_id').notNull().references(() => entrances.id),
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
    foreignKey({ name: 'candidates_first_choice_fk', columns: [t.firstChoiceId, t.entranceId], foreignColumns: [entranceSpecialities.id, entranceSpecialities.entranceId] }).onDelete('restrict'),
    foreignKey({ name: 'candidates_second_choice_fk', columns: [t.secondChoiceId, t.entranceId], foreignColumns: [entranceSpecialities.id, entranceSpecialities.entranceId] }).onDelete('restrict'),
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
    candidateId: integer('candidate_id').notNull().references(() => candidates.id, { onDelete: 'cascade' }),
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
    candidateId: integer('candidate_id').notNull().references(() => candidates.id, { onDelete: 'cascade' }),
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
    candidateId: integer('candidate_id').notNull().references(() => candidates.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('candidate_sessions_candidate_idx').on(t.candidateId)],
);

/** A mobile-money network candidates pay with (decision 43): limits, phone prefixes and fee schedule, kept by administrators. */
export const paymentNetworks = pgTable('payment_networks', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  minAmount: integer('min_amount').notNull(),
  maxAmount: integer('max_amount').notNull(),
  prefixes: text('prefixes').array().notNull().default(sql`'{}'::text[]`),
  feeSchedule: jsonb('fee_schedule').$type<FeeStep[]>().notNull(),
  color: text('color'),
  ussdCode: text('ussd_code'),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  updatedAt: updated(),
});

/**
 * A payment of a candidate's registration fee (the reference system's order transaction): asked of
 * the provider, PENDING until its signed callback (or the reconciliation job) says PAID or FAILED.
 * At most one pending and one paid per candidate (payments_one_pending_uq, payments_one_paid_uq).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    candidateId: integer('candidate_id').notNull().references(() => candidates.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    network: text('network').notNull().references(() => paymentNetworks.code),
    /** the paying phone, +237 and its digits */
    accountNumber: text('account_number').notNull(),
    /** our reference, sent to the provider (the receipt's "Transaction ID") */
    orderNumber: text('order_number').notNull().unique(),
    amount: integer('amount').notNull(),
    fees: integer('fees').notNull(),
    total: integer('total').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    /** the provider's id, and the operator's, once known */
    providerTransactionId: text('provider_transaction_id'),
    networkTransactionId: text('network_transaction_id'),
    statusCode: text('status_code'),
    statusMessage: text('status_message'),
    statusAt: ts('status_at'),
    /** the last time the reconciliation job asked the provider */
    checkedAt: ts('checked_at'),
    receiptNumber: text('receipt_number').unique(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payments_one_pending_uq').on(t.candidateId).where(sql`${t.status} = 'PENDING'`),
    uniqueIndex('payments_one_paid_uq').on(t.candidateId).where(sql`${t.status} = 'PAID'`),
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'PENDING'`),
    check('payments_status', inList(t.status, PAYMENT_STATUSES)),
    check('payments_total', sql`${t.total} = ${t.amount} + ${t.fees}`),
  ],
);

/** Every callback a provider sent, by its event id: the same event twice is recorded once and changes nothing. */
export const paymentCallbacks = pgTable('payment_callbacks', {
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull(),
  paymentId: uuid('payment_id').references(() => payments.id),
  status: text('status').notNull(),
  receivedAt: ts('received_at').notNull(),
}, (t) => [primaryKey({ columns: [t.provider, t.eventId] })]);

/**
 * The local sandbox provider's own book (decision 43): the collections asked of it, as a real
 * aggregator would keep them. Only the sandbox reads and writes it.
 */
export const sandboxCollections = pgTable('sandbox_collections', {
  reference: text('reference').primaryKey(),
  orderNumber: text('order_number').notNull().unique(),
  network: text('network').notNull(),
  phone: text('phone').notNull(),
  amount: integer('amount').notNull(),
  description: text('description').notNull(),
  status: text('status', { enum: ['PENDING', 'SUCCESSFUL', 'FAILED'] }).notNull(),
  operatorReference: text('operator_reference'),
  reason: text('reason'),
  createdAt: ts('created_at').notNull(),
  decidedAt: ts('decided_at'),
  /** when its callback was delivered (null: not yet, or never for a payer who does not answer) */
  notifiedAt: ts('notified_at'),
});
