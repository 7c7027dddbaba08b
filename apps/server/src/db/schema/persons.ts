import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { GENDERS, PERSON_KINDS, STAFF_STATUSES } from '@portal/contract/rules';
import { ts, created, updated } from './columns';
import { classes } from './catalogue';
import { requestUnits } from './requests';

/* People and accounts: the registry of persons, sign-in (accounts, attempts, devices, limits, sessions), settings and contact messages. */

/** The institution's registry: every staff member and student, with or without an account. */
export const persons = pgTable(
  'persons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    MATRICULE: text('matricule').notNull().unique(),
    KIND: text('kind', { enum: PERSON_KINDS }).notNull(),
    ROLES: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
    index('persons_class_idx')
      .on(t.classId)
      .where(sql`${t.classId} is not null`),
  ],
);

/** A person's sign-in account; it exists once they claimed it, and is usable once the e-mail is confirmed. */
export const accounts = pgTable(
  'accounts',
  {
    personId: integer('person_id')
      .primaryKey()
      .references(() => persons.id, { onDelete: 'cascade' }),
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
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
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
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
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
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
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
  personId: integer('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  updatedAt: updated(),
});

export const contactMessages = pgTable('contact_messages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  personId: integer('person_id')
    .notNull()
    .references(() => persons.id),
  object: text('object').notNull(),
  message: text('message').notNull(),
  fullname: text('fullname').notNull(),
  email: text('email'),
  matricule: text('matricule').notNull(),
  numphone: text('numphone'),
  createdAt: created(),
});

export type Person = typeof persons.$inferSelect;
export type Account = typeof accounts.$inferSelect;
