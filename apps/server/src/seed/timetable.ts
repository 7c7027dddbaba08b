/**
 * The demo timetable (issue 12, decision 35): the demo lecturers' lessons for their confirmed
 * assignments (DEMO_PAST_ASSIGNMENTS), six weeks back to four weeks ahead of the seed day, every
 * week on the same weekdays and slots (one series each), in the rooms of Bloc B at Logbessou. Past
 * lessons are decided (a few refused), those of last month billed for a billing period of that
 * month, the current week's from today on and the future ones pending. The demo students belong to
 * the classes taught. Everything follows from the seed day alone.
 */
import { createHash } from 'node:crypto';
import { addDays, LESSON_SLOTS, mondayOf, sessionStartOf, universityDayOf, type LessonStatus } from '@portal/contract/rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { billingPeriods, classes, lessons, persons, subjects } from '../db/schema';
import { DEMO_ACCOUNTS } from './demo';

/** The weeks the demo lessons span, counted from the seed day's week (0). */
export const DEMO_WEEKS = { from: -6, to: 4 } as const;
export const DEMO_BUILDING = 'Bloc B';
export const DEMO_CAMPUS = 'Logbessou';

/** A weekly lesson of a demo lecturer: weekday (0 Monday), slot (LESSON_SLOTS), room, and the weeks it is given in (all, unless told). */
interface Weekly {
  matricule: string;
  classCode: string;
  subjectCode: string;
  weekday: number;
  slot: number;
  room: string;
  weeks?: readonly number[];
  /** weeks it is not given in (a holiday, an exam week) */
  skip?: readonly number[];
  /** weeks it was refused in (the lecturer did not come) */
  refused?: readonly number[];
}

const PER = DEMO_ACCOUNTS.permanent.matricule;
const VAC = DEMO_ACCOUNTS.partTime.matricule;
const READY = DEMO_ACCOUNTS.readyLecturer.matricule;

/**
 * The weekly plan, within each subject's lecture volume (CM hours): PER0001 three lessons a week
 * (two day classes, an evening one), VAC0001 one or two, PER0004 one or two. No lecturer, class or
 * room twice at once.
 */
const WEEKLY: readonly Weekly[] = [
  { matricule: PER, classCode: 'BTS1 GSI/J A', subjectCode: 'GSI101', weekday: 0, slot: 0, room: 'B12', refused: [-4] },
  { matricule: PER, classCode: 'BTS1 GSI/J A', subjectCode: 'GSI102', weekday: 2, slot: 1, room: 'B12', skip: [-3] },
  { matricule: PER, classCode: 'BTS2 GSI/S A', subjectCode: 'GSI201', weekday: 1, slot: 4, room: 'B21', refused: [-2] },
  { matricule: VAC, classCode: 'BTS1 GSI/J B', subjectCode: 'GSI103', weekday: 1, slot: 0, room: 'B14', refused: [-5] },
  { matricule: VAC, classCode: 'BTS1 GSI/J B', subjectCode: 'GSI103', weekday: 3, slot: 3, room: 'B14', weeks: [-5, -3, -1, 1, 3] },
  { matricule: READY, classCode: 'BTS1 GSI/J A', subjectCode: 'GSI104', weekday: 0, slot: 1, room: 'B03' },
  { matricule: READY, classCode: 'BTS1 GSI/J A', subjectCode: 'GSI104', weekday: 3, slot: 0, room: 'B03', weeks: [-4, 0] },
];

/** The classes the demo students are spread over (ST24A001, the student demo account, in the first). */
export const DEMO_STUDENT_CLASSES = ['BTS1 GSI/J A', 'BTS1 GSI/J B', 'BTS2 GSI/S A'] as const;

export interface DemoLesson {
  matricule: string;
  classCode: string;
  subjectCode: string;
  date: string;
  begin: string;
  end: string;
  room: string;
  status: LessonStatus;
  /** the weekly lesson it belongs to (its index in the plan) */
  series: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Last month of a day: its first and last days and its name (`October 2026`). */
function monthBefore(day: string): { name: string; beginDate: string; endDate: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const y = month === 1 ? year - 1 : year;
  const m = month === 1 ? 12 : month - 1;
  const beginDate = `${y}-${String(m).padStart(2, '0')}-01`;
  return { name: `${MONTHS[m - 1]} ${y}`, beginDate, endDate: addDays(`${year}-${String(month).padStart(2, '0')}-01`, -1) };
}

/**
 * The demo timetable of a seed day (university time): every lesson with its status, and last
 * month's billing period. A pure function of the day: the seed and its test agree on it.
 */
export function demoTimetable(today: string): { lessons: DemoLesson[]; period: { name: string; beginDate: string; endDate: string }; monday: string } {
  const monday = mondayOf(today);
  const period = monthBefore(today);
  const planned: DemoLesson[] = [];
  WEEKLY.forEach((weekly, series) => {
    for (let week = DEMO_WEEKS.from; week <= DEMO_WEEKS.to; week++) {
      if (weekly.weeks && !weekly.weeks.includes(week)) continue;
      if (weekly.skip?.includes(week)) continue;
      const date = addDays(monday, week * 7 + weekly.weekday);
      const slot = LESSON_SLOTS[weekly.slot]!;
      let status: LessonStatus = 'PendingValidation';
      if (date < today) {
        if (weekly.refused?.includes(week)) status = 'NotValidated';
        else if (date >= period.beginDate && date <= period.endDate) status = 'ValidatedAndBilled';
        else status = 'ValidatedButNotBilled';
      }
      planned.push({
        matricule: weekly.matricule,
        classCode: weekly.classCode,
        subjectCode: weekly.subjectCode,
        date,
        begin: slot.start,
        end: slot.end,
        room: weekly.room,
        status,
        series,
      });
    }
  });
  planned.sort((a, b) => a.date.localeCompare(b.date) || a.begin.localeCompare(b.begin) || a.classCode.localeCompare(b.classCode));
  return { lessons: planned, period, monday };
}

/** A series id that follows from the seed week and the weekly lesson (a UUID's shape). */
function seriesUuid(monday: string, series: number): string {
  const hex = createHash('sha256').update(`demo-timetable|${monday}|${series}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const HOUR_MS = 3_600_000;

/** Seeds the demo timetable for the seed instant `now`: one billing period, the lessons in one statement, the students' classes. */
export async function seedDemoTimetable(tx: Tx, now: Date): Promise<void> {
  const today = universityDayOf(now);
  const plan = demoTimetable(today);
  const matricules = [...new Set([...WEEKLY.map((w) => w.matricule), DEMO_ACCOUNTS.academic.matricule])];
  const people = new Map(
    (await tx.select({ id: persons.id, MATRICULE: persons.MATRICULE }).from(persons).where(inArray(persons.MATRICULE, matricules))).map((p) => [
      p.MATRICULE,
      p.id,
    ]),
  );
  const office = people.get(DEMO_ACCOUNTS.academic.matricule)!;
  const taught = await tx
    .select({ id: subjects.id, code: subjects.code, classId: classes.id, classCode: classes.code })
    .from(subjects)
    .innerJoin(classes, eq(classes.id, subjects.classId))
    .where(and(inArray(classes.code, [...new Set(WEEKLY.map((w) => w.classCode))]), inArray(subjects.code, [...new Set(WEEKLY.map((w) => w.subjectCode))])));
  const subjectOf = (classCode: string, code: string) => taught.find((s) => s.classCode === classCode && s.code === code)!;

  // Billed on the first day of this month, in the morning (never after the seed instant).
  const billedAt = new Date(Math.min(sessionStartOf(addDays(plan.period.endDate, 1)).getTime() + 9 * HOUR_MS, now.getTime()));
  const [period] = await tx
    .insert(billingPeriods)
    .values({ name: plan.period.name, beginDate: plan.period.beginDate, endDate: plan.period.endDate, createdAt: billedAt, createdBy: office })
    .returning({ id: billingPeriods.id });
  // Planned a week before the first lesson; decided on the evening of the lesson's day.
  const createdAt = new Date(sessionStartOf(addDays(plan.monday, DEMO_WEEKS.from * 7 - 7)).getTime() + 10 * HOUR_MS);
  await tx.insert(lessons).values(
    plan.lessons.map((lesson) => {
      const subject = subjectOf(lesson.classCode, lesson.subjectCode);
      const decided = lesson.status !== 'PendingValidation';
      const billed = lesson.status === 'ValidatedAndBilled';
      const decidedAt = decided ? new Date(Math.min(sessionStartOf(lesson.date).getTime() + 18 * HOUR_MS, now.getTime())) : null;
      return {
        date: lesson.date,
        begin: lesson.begin,
        end: lesson.end,
        classId: subject.classId,
        subjectId: subject.id,
        part: 'CM' as const,
        lecturerId: people.get(lesson.matricule)!,
        room: lesson.room,
        building: DEMO_BUILDING,
        campus: DEMO_CAMPUS,
        status: lesson.status,
        billingPeriodId: billed ? period!.id : null,
        seriesId: seriesUuid(plan.monday, lesson.series),
        decidedAt,
        decidedBy: decided ? office : null,
        billedAt: billed ? billedAt : null,
        billedBy: billed ? office : null,
        createdAt,
        createdBy: office,
        updatedAt: billed ? billedAt : (decidedAt ?? createdAt),
      };
    }),
  );

  // The students, each in one of the classes taught (round robin, ST24A001 in the first).
  const students = await tx.select({ id: persons.id }).from(persons).where(eq(persons.KIND, 'STUDENT')).orderBy(persons.MATRICULE);
  const classIds = await tx
    .select({ id: classes.id, code: classes.code })
    .from(classes)
    .where(inArray(classes.code, [...DEMO_STUDENT_CLASSES]));
  for (const [index, code] of DEMO_STUDENT_CLASSES.entries()) {
    const ids = students.filter((_, i) => i % DEMO_STUDENT_CLASSES.length === index).map((s) => s.id);
    if (ids.length)
      await tx
        .update(persons)
        .set({ classId: classIds.find((c) => c.code === code)!.id })
        .where(inArray(persons.id, ids));
  }
}
