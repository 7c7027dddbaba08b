// What lecturers and students read (issue 12, decision 35): a person's lessons between two days.
// A lecturer's are the lessons they teach; a student's are their class's.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Lesson, Timetable, TimetableQuery, TimetableStudent } from '@portal/contract';
import type { PersonKind } from '@portal/contract/rules';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { classes, lessons, persons, subjects } from '../../db/schema';
import { actorCan, refuseAccess } from '../../lib/auth';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { keptAnswer } from '../../lib/kept-answers';
import type { Lang } from '../../lib/i18n';
import { selectLessons, toLesson } from './lesson-rows';

/** Whose timetable: a lecturer's lessons are theirs, a student's are their class's (none without a class). */
export interface TimetableOwner {
  id: number;
  kind: PersonKind;
  classId: number | null;
}

/**
 * The statements of every timetable read, prepared once per database: a week's read is the most
 * frequent call after the session lookup, and planning its joins would cost more than running them.
 * Each reads one index (`lessons_lecturer_date_idx`, `lessons_class_date_idx`); `refused` false
 * leaves out the lessons the office refused (the calendar feed, the weekly mail).
 */
function timetableStatements(db: Db) {
  const p = sql.placeholder;
  const between = and(gte(lessons.date, p('from')), lte(lessons.date, p('to')), sql`(${p('refused')}::boolean or ${lessons.status} <> 'NotValidated')`);
  const order = [asc(lessons.date), asc(lessons.begin), asc(lessons.id)] as const;
  return {
    ofLecturer: selectLessons(db)
      .where(and(eq(lessons.lecturerId, p('owner')), between))
      .orderBy(...order)
      .prepare('timetable_of_lecturer'),
    ofClass: selectLessons(db)
      .where(and(eq(lessons.classId, p('owner')), between))
      .orderBy(...order)
      .prepare('timetable_of_class'),
    person: db
      .select({
        id: persons.id,
        kind: persons.KIND,
        classId: persons.classId,
        classCode: classes.code,
        MATRICULE: persons.MATRICULE,
        FIRSTNAME: persons.FIRSTNAME,
        LASTNAME: persons.LASTNAME,
      })
      .from(persons)
      .leftJoin(classes, eq(classes.id, persons.classId))
      .where(eq(persons.id, p('id')))
      .prepare('timetable_person'),
  };
}
const statementsOf = perDatabase(timetableStatements);

/** A lesson as a calendar or a mail names it: `SUBJECT_CODE PART – subject name`, the name in the reader's language. */
export const lessonTitleOf = (lesson: Pick<Lesson, 'subject' | 'part'>, lang: Lang): string =>
  `${lesson.subject.code} ${lesson.part} – ${lang === 'fr' ? lesson.subject.nameFr : lesson.subject.name}`;

/** A person's lessons between two days (both included), by date then time; `refused`: with the lessons the office refused. */
export async function lessonsOf(ctx: ServiceContext, input: { owner: TimetableOwner; from: string; to: string; refused: boolean }): Promise<Lesson[]> {
  const { owner, from, to, refused } = input;
  const statements = statementsOf(ctx.db);
  if (owner.kind === 'STUDENT') {
    if (owner.classId === null) return [];
    return (await statements.ofClass.execute({ owner: owner.classId, from, to, refused })).map(toLesson);
  }
  return (await statements.ofLecturer.execute({ owner: owner.id, from, to, refused })).map(toLesson);
}

/**
 * `POST /lessons/timetable`: the caller's lessons (PERSON_ID absent or their own), or, for the
 * back office (`lessons.readAny`), those of the person PERSON_ID names; anyone else naming another
 * person is refused (403, audited). A student's timetable carries the student and their class.
 * The caller's own lecturer timetable is one query: the session already read who they are. The
 * answer is kept (docs/performance.md, kept answers) by whose it is and the two days; the refusal is never kept.
 */
export async function timetable(
  ctx: ServiceContext,
  input: { actor: Actor; self: TimetableOwner; meta: RequestMeta; query: TimetableQuery },
): Promise<Timetable> {
  const { actor, query } = input;
  const named = query.PERSON_ID;
  const other = named !== undefined && named !== actor.id;
  if (other && !actorCan(actor, 'lessons.readAny')) return refuseAccess(ctx, { actor, meta: input.meta, details: { requestedId: named } });

  // whose: a person read from the database (someone else, or the student themself), or the caller the session read (not a student: their id is all that counts)
  const fromDatabase = other || input.self.kind === 'STUDENT';
  const whose = fromDatabase ? { person: other ? named : actor.id } : { lecturer: input.self.id };
  return keptAnswer(ctx, { name: 'timetable.week', of: [whose, query.START_DATE, query.END_DATE], tables: TIMETABLE_TABLES }, async () => {
    let owner: TimetableOwner = input.self;
    let student: TimetableStudent | null = null;
    if (fromDatabase) {
      const [person] = await statementsOf(ctx.db).person.execute({ id: other ? named : actor.id });
      if (!person) throw new AppError('NOT_FOUND');
      owner = { id: person.id, kind: person.kind, classId: person.classId };
      if (person.kind === 'STUDENT') {
        student = {
          id: person.id,
          MATRICULE: person.MATRICULE,
          FIRSTNAME: person.FIRSTNAME,
          LASTNAME: person.LASTNAME,
          class: person.classId !== null && person.classCode !== null ? { id: person.classId, code: person.classCode } : null,
        };
      }
    }
    return { timetable: await lessonsOf(ctx, { owner, from: query.START_DATE, to: query.END_DATE, refused: true }), student };
  });
}

/** What a timetable reads: the person and their class, the lessons with their joins (lesson-rows.ts). */
const TIMETABLE_TABLES = [lessons, classes, subjects, persons];
