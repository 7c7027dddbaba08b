import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ENROLMENT_OFFER_KINDS, ENROLMENT_STATUSES } from '@portal/contract/rules';
import { ts, inList } from './columns';
import { classes, subjects } from './catalogue';
import { persons } from './persons';

/* Enrolment (issue 13, decision 38): sessions, offers with seats, applications and optional subjects. */

/** An enrolment session the academic office opens: students apply to its offers between its dates. */
export const enrolmentSessions = pgTable(
  'enrolment_sessions',
  {
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
  },
  (t) => [check('enrolment_sessions_dates', sql`${t.endsAt} > ${t.startsAt}`)],
);

/** A class or an optional subject offered in a session, with its seats. */
export const enrolmentOffers = pgTable(
  'enrolment_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => enrolmentSessions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ENROLMENT_OFFER_KINDS }).notNull(),
    classId: integer('class_id').references(() => classes.id),
    subjectId: integer('subject_id').references(() => subjects.id),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    index('enrolment_offers_session_idx').on(t.sessionId),
    uniqueIndex('enrolment_offers_class_uq')
      .on(t.sessionId, t.classId)
      .where(sql`${t.kind} = 'CLASS'`),
    uniqueIndex('enrolment_offers_subject_uq')
      .on(t.sessionId, t.subjectId)
      .where(sql`${t.kind} = 'SUBJECT'`),
    check(
      'enrolment_offers_kind',
      sql`(${t.kind} = 'CLASS' and ${t.classId} is not null and ${t.subjectId} is null) or (${t.kind} = 'SUBJECT' and ${t.subjectId} is not null and ${t.classId} is null)`,
    ),
    check('enrolment_offers_capacity', sql`${t.capacity} > 0`),
  ],
);

/** A student's application to an offer: one per student and offer; its status of record (ENROLMENT_STATUSES). */
export const enrolmentApplications = pgTable(
  'enrolment_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => enrolmentSessions.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => enrolmentOffers.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
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
    studentId: integer('student_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.subjectId] })],
);
