import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { classes, subjects } from './catalogue';
import { persons } from './persons';

/* The evaluation of teaching (issue 13, decision 39): forms, sessions, targets, participations, ballots and responses. */

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
    formId: integer('form_id')
      .notNull()
      .references(() => questionForms.id),
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
    sessionId: integer('session_id')
      .notNull()
      .references(() => evaluationSessions.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.classId] })],
);

/** What a session evaluates: one (subject, lecturer, class) from the confirmed assignments. */
export const evaluationTargets = pgTable(
  'evaluation_targets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => evaluationSessions.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    lecturerId: integer('lecturer_id')
      .notNull()
      .references(() => persons.id),
  },
  (t) => [
    uniqueIndex('evaluation_targets_uq').on(t.sessionId, t.subjectId, t.lecturerId, t.classId),
    index('evaluation_targets_lecturer_idx').on(t.lecturerId),
    // a student's targets: their class's, and their optional subjects' (docs/performance.md, PGlite upkeep)
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
    targetId: integer('target_id')
      .notNull()
      .references(() => evaluationTargets.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
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
    sessionId: integer('session_id')
      .notNull()
      .references(() => evaluationSessions.id, { onDelete: 'cascade' }),
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
    targetId: integer('target_id')
      .notNull()
      .references(() => evaluationTargets.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<unknown>().notNull(),
  },
  (t) => [index('evaluation_responses_target_idx').on(t.targetId)],
);
