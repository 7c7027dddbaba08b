// The weekly planning mail (issue 12, decision 35): every Saturday from 08:00 university time, the
// next week's lessons to each lecturer and student who has some, once per person and week.
import { and, asc, eq, gte, inArray, lte, ne, notExists, or, sql } from 'drizzle-orm';
import { addDays, isoToDmy, universityDayOf, universityTimeOf, WEEKLY_PLANNING_MAIL_SETTING, type Lesson } from '@portal/contract';
import { lessons, persons, planningMails, settings } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { tr, type Lang } from '../../lib/i18n';
import type { Job } from '../../lib/jobs';
import { mailPerson } from '../../lib/mail';
import { selectLessons, toLesson } from './lesson-rows';
import { lessonTitleOf } from './timetable.service';

/** The day (0 Sunday … 6 Saturday, university time) and the time from which the mail of the next week goes. */
export const WEEKLY_PLANNING_DAY = 6;
export const WEEKLY_PLANNING_FROM = '08:00';
/** People taken per transaction: short transactions, and one commit for many mails. */
const BATCH = 50;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The day of the week of a `YYYY-MM-DD` day, 0 Sunday … 6 Saturday. */
const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** A person's week as the mail lists it: a heading per day with lessons, then a line per lesson (time, subject, class, place). */
export function weekText(week: readonly Lesson[], lang: Lang): string {
  const days = new Map<string, Lesson[]>();
  for (const lesson of week) days.set(lesson.date, [...(days.get(lesson.date) ?? []), lesson]);
  return [...days]
    .map(([day, ofDay]) => {
      const heading = tr(lang, 'weeklyPlanning.day', { weekday: tr(lang, `timetable.weekdays.${WEEKDAYS[(weekdayOf(day) + 6) % 7]!}`), date: isoToDmy(day) });
      const lines = ofDay.map((lesson) => {
        const place = [lesson.room ? tr(lang, 'timetable.room', { room: lesson.room }) : null, lesson.building, lesson.campus].filter(Boolean).join(', ');
        return tr(lang, 'weeklyPlanning.line', {
          begin: lesson.begin,
          end: lesson.end,
          subject: lessonTitleOf(lesson, lang),
          class: lesson.class.code,
          place: place ? `, ${place}` : '',
        });
      });
      return [heading, ...lines].join('\n');
    })
    .join('\n\n');
}

/**
 * The weekly planning mail, read from `ctx.clock`: on Saturday from 08:00 (university time), each
 * lecturer and student with lessons (not refused) from the next Monday to Sunday gets them by mail,
 * in their language, unless their setting WEEKLY_PLANNING_MAIL is false. Other times it does nothing.
 * Once per person and week however often and wherever it runs: the `planning_mails` row (primary key
 * person and week) is inserted in the transaction that writes the mail, and the mail is written only
 * when this run inserted it; a run that meets another's uncommitted row waits for it, then skips.
 */
export async function runWeeklyPlanning(ctx: ServiceContext): Promise<{ mailed: number; weekOf: string | null }> {
  const now = ctx.clock.now();
  const today = universityDayOf(now);
  if (weekdayOf(today) !== WEEKLY_PLANNING_DAY || universityTimeOf(now) < WEEKLY_PLANNING_FROM) return { mailed: 0, weekOf: null };
  const weekOf = addDays(today, (8 - weekdayOf(today)) % 7);
  const weekEnd = addDays(weekOf, 6);

  // The week's lessons, read once; each person's are taken from them.
  const week = (
    await selectLessons(ctx.db)
      .where(and(gte(lessons.date, weekOf), lte(lessons.date, weekEnd), ne(lessons.status, 'NotValidated')))
      .orderBy(asc(lessons.date), asc(lessons.begin), asc(lessons.id))
  ).map(toLesson);
  if (week.length === 0) return { mailed: 0, weekOf };
  const lecturerIds = [...new Set(week.map((lesson) => lesson.lecturer.id))];
  const classIds = [...new Set(week.map((lesson) => lesson.class.id))];

  const recipients = await ctx.db
    .select({ id: persons.id, classId: persons.classId })
    .from(persons)
    .leftJoin(settings, eq(settings.personId, persons.id))
    .where(
      and(
        or(inArray(persons.id, lecturerIds), inArray(persons.classId, classIds)),
        sql`coalesce(${settings.values} ->> ${WEEKLY_PLANNING_MAIL_SETTING}, '') <> 'false'`,
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(planningMails)
            .where(and(eq(planningMails.personId, persons.id), eq(planningMails.weekOf, weekOf))),
        ),
      ),
    )
    .orderBy(asc(persons.id));

  const link = `${ctx.config.publicUrl}/schedule?week=${weekOf}`;
  let mailed = 0;
  for (let start = 0; start < recipients.length; start += BATCH) {
    const batch = recipients.slice(start, start + BATCH);
    mailed += await ctx.db.transaction(async (tx) => {
      // Ours only when this run inserts the row; in id order, as every run takes them.
      const taken = await tx
        .insert(planningMails)
        .values(batch.map((person) => ({ personId: person.id, weekOf, sentAt: now })))
        .onConflictDoNothing()
        .returning({ personId: planningMails.personId });
      const ours = new Set(taken.map((row) => row.personId));
      let written = 0;
      for (const person of batch) {
        if (!ours.has(person.id)) continue;
        const own = week.filter((lesson) => lesson.lecturer.id === person.id || (person.classId !== null && lesson.class.id === person.classId));
        const sent = await mailPerson(ctx.mailer, tx, {
          personId: person.id,
          kind: 'weekly-planning',
          key: 'weeklyPlanning',
          vars: (lang) => ({ from: isoToDmy(weekOf), to: isoToDmy(weekEnd), days: weekText(own, lang), link }),
        });
        if (sent) written++;
      }
      return written;
    });
  }
  if (mailed) ctx.mailer.kick();
  return { mailed, weekOf };
}

/** The weekly planning mail's job: every hour (it acts on Saturdays from 08:00 only). */
export const weeklyPlanningJob: Job = { name: 'timetable.weekly-planning', cron: '0 * * * *', everyMs: 3_600_000, handler: runWeeklyPlanning };
