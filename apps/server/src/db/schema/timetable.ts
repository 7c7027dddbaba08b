import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, foreignKey, text, time, uuid } from 'drizzle-orm/pg-core';
import { CHOICE_CATEGORIES, LESSON_STATUSES, TIMETABLE_DAY_END, TIMETABLE_DAY_START } from '@portal/contract/rules';
import { ts, inList } from './columns';
import { classes, subjects } from './catalogue';
import { persons } from './persons';

/* The timetable (issue 12, decision 35): billing periods, lessons, calendar feeds and weekly planning mails. */

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
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    subjectId: integer('subject_id').notNull(),
    part: text('part', { enum: CHOICE_CATEGORIES }).notNull(),
    lecturerId: integer('lecturer_id')
      .notNull()
      .references(() => persons.id),
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
    index('lessons_series_idx')
      .on(t.seriesId)
      .where(sql`${t.seriesId} is not null`),
    check('lessons_status', inList(t.status, LESSON_STATUSES)),
    check('lessons_part', inList(t.part, CHOICE_CATEGORIES)),
    check(
      'lessons_times',
      sql`${t.begin} >= time ${sql.raw(`'${TIMETABLE_DAY_START}'`)} and ${t.end} <= time ${sql.raw(`'${TIMETABLE_DAY_END}'`)} and ${t.end} > ${t.begin}`,
    ),
    check('lessons_billed', sql`(${t.status} = 'ValidatedAndBilled') = (${t.billingPeriodId} is not null)`),
  ],
);

/**
 * A person's calendar feed (`GET /calendar/{token}.ics`): the SHA-256 of its secret token, never the
 * token. Renewing replaces the row, so the old address answers 404.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  personId: integer('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: ts('created_at').notNull(),
});

/** The weekly planning mails sent: one per person and week (its Monday), however many server instances run the job. */
export const planningMails = pgTable(
  'planning_mails',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    weekOf: date('week_of', { mode: 'string' }).notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.weekOf] })],
);
