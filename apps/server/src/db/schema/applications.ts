import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { AFFECTATION, CHOICE_CATEGORIES } from '@portal/contract/rules';
import { ts, created, updated } from './columns';
import { subjects } from './catalogue';
import { persons } from './persons';

/* Subject-choice sessions: constraints, application sessions, applications and their choices. */

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
    SUBJECT_CONSTRAINT_ID: integer('subject_constraint_id')
      .notNull()
      .references(() => subjectConstraints.id),
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
    EMPLOYEE_ID: integer('employee_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    SESSION_APPLICATION_ID: integer('session_application_id')
      .notNull()
      .references(() => applicationSessions.id),
    SUBJECT_CONSTRAINT_ID: integer('subject_constraint_id')
      .notNull()
      .references(() => subjectConstraints.id),
    TOTAL_HOURS: integer('total_hours').notNull(),
    CLOSED: boolean('closed').notNull().default(false),
    closedAt: ts('closed_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('applications_person_session_uq').on(t.EMPLOYEE_ID, t.SESSION_APPLICATION_ID),
    index('applications_session_idx').on(t.SESSION_APPLICATION_ID),
  ],
);

/**
 * One part (CM, TD or TP) of a subject chosen in an application. AFFECTATION: 0 selected,
 * 1 confirmed by the academic office, 2 declined. A part is confirmed to one person per session.
 */
export const applicationChoices = pgTable(
  'application_choices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => applicationSessions.id),
    SUBJECT_ID: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    CATEGORY: text('category', { enum: CHOICE_CATEGORIES }).notNull(),
    AFFECTATION: integer('affectation').notNull().default(AFFECTATION.SELECTED),
    decidedBy: integer('decided_by').references(() => persons.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('application_choices_uq').on(t.applicationId, t.SUBJECT_ID, t.CATEGORY),
    uniqueIndex('application_choices_one_assignment_uq')
      .on(t.sessionId, t.SUBJECT_ID, t.CATEGORY)
      .where(sql`${t.AFFECTATION} = ${sql.raw(String(AFFECTATION.CONFIRMED))}`),
    index('application_choices_subject_idx').on(t.SUBJECT_ID, t.sessionId),
    check('application_choices_affectation', sql`${t.AFFECTATION} in (${sql.raw(Object.values(AFFECTATION).join(', '))})`),
  ],
);
