import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,

  pgTable,

  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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

export const SHIFTS = ['DAY', 'EVENING', 'NIGHT', 'MORNING'] as const;

/** A class: a branch at a level in one shift, e.g. `GL1/J` (day) or `GL1/S` (evening). */
export const classes = pgTable(
  'classes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    branchId: integer('branch_id').notNull().references(() => branches.id),
    cycleId: integer('cycle_id').notNull().references(() => cycles.id),
    levelId: integer('level_id').notNull().references(() => levels.id),
    shift: text('shift', { enum: SHIFTS }).notNull(),
  },
  (t) => [index('classes_branch_idx').on(t.branchId), index('classes_level_idx').on(t.levelId)],
);

export const subjects = pgTable(
  'subjects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    classId: integer('class_id').notNull().references(() => classes.id),
    hoursCm: integer('hours_cm').notNull().default(0),
    hoursTd: integer('hours_td').notNull().default(0),
    hoursTp: integer('hours_tp').notNull().default(0),
    hourlyRate: integer('hourly_rate').notNull(),
    credits: integer('credits').notNull().default(3),
  },
  (t) => [uniqueIndex('subjects_class_code_uq').on(t.classId, t.code)],
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
    KIND: text('kind', { enum: ['STAFF', 'STUDENT'] }).notNull(),
    ROLES: text('roles').array().notNull().default(sql`'{}'::text[]`),
    STATUS: text('status', { enum: ['PERMANENT', 'VACATAIRE', 'STAGIAIRE', 'STAFF'] }),
    ACTIVED: boolean('actived').notNull().default(false),
    FIRSTNAME: text('firstname').notNull(),
    LASTNAME: text('lastname').notNull(),
    GENDER: text('gender', { enum: ['Male', 'Female'] }),
    BIRTHDATE: date('birthdate', { mode: 'string' }),
    BIRTHPLACE: text('birthplace'),
    COUNTRY: text('country').default('Cameroon'),
    EMAIL: text('email'),
    PHONE_NUMBER: text('phone_number'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [check('persons_matricule_upper', sql`${t.MATRICULE} = upper(${t.MATRICULE})`)],
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
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
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
    createdAt: created(),
  },
  (t) => [index('sign_in_attempts_person_idx').on(t.personId)],
);

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

/** Failed sign-ins per client address, in fixed windows; shared by every instance. */
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
