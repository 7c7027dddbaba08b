// The academic office plans lessons (issue 12, decision 35): one at a time or weekly, changed or
// deleted while pending, validated or refused, and every rule a lesson must keep: the subject's
// class, a lecturer assigned to that part of the subject, times within the day, and no lecturer,
// class or room in two lessons at once. The database's exclusion constraints are the rule (they
// hold under concurrency); the checks here come first only to name the other lesson.
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  isDecidable,
  isLessonEditable,
  LESSON_CONFLICT_KINDS,
  LESSON_DECISIONS,
  LESSON_REPEAT_MAX_WEEKS,
  mondayOf,
  V,
  type LessonChange as LessonChangeSchema,
  type LessonConflict,
  type LessonConflictKind,
  type LessonDecisionInput as LessonDecisionInputSchema,
  type LessonInput as LessonInputSchema,
  type LessonPage,
  type LessonQuery as LessonQuerySchema,
  type LessonsChanged,
  type LessonsCreated,
  type LessonStatus,
  type PlannedLesson,
} from '@portal/contract';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import { applicationChoices, applications, classes, lessons, persons, subjects } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { DEADLOCK_DETECTED, listPage, pgErrorCode } from '../../lib/sql';
import { clockOf, selectPlannedLessons, toPlannedLesson } from './lesson-rows';

export type LessonInput = z.output<typeof LessonInputSchema>;
export type LessonChange = z.output<typeof LessonChangeSchema>;
export type LessonQuery = z.output<typeof LessonQuerySchema>;
export type LessonDecisionInput = z.output<typeof LessonDecisionInputSchema>;

// ---------------------------------------------------------------- the rules of a lesson

/** A lesson's place in time and who and what it holds: what the exclusion constraints compare. */
export interface Slot {
  date: string;
  /** `HH:MM` */
  begin: string;
  /** `HH:MM` */
  end: string;
  lecturerId: number;
  classId: number;
  room: string | null;
  building: string | null;
  campus: string | null;
}

/**
 * The key two lessons share a room by, as `lessons_room_excl` compares them (migration 0012): the
 * campus, the building and the room, case-insensitive; none without a room.
 */
export const roomKeyOf = (place: { room: string | null; building: string | null; campus: string | null }): string | null =>
  place.room === null ? null : `${place.campus ?? ''}|${place.building ?? ''}|${place.room}`.toLowerCase();
const roomKeySql = sql<
  string | null
>`case when ${lessons.room} is null then null else lower(coalesce(${lessons.campus}, '') || '|' || coalesce(${lessons.building}, '') || '|' || ${lessons.room}) end`;

/** The subject a lesson is of, with its class (a lesson's class is always its subject's). */
export async function subjectOf(exec: Executor, id: number): Promise<{ id: number; classId: number; code: string } | undefined> {
  const [subject] = await exec.select({ id: subjects.id, classId: subjects.classId, code: subjects.code }).from(subjects).where(eq(subjects.id, id));
  return subject;
}

/** `lecturer|subject|part` of a confirmed assignment (AFFECTATION 1). */
export const assignmentKey = (lecturerId: number, subjectId: number, part: string): string => `${lecturerId}|${subjectId}|${part}`;

/**
 * The confirmed assignments of these lecturers, in any session (decision 35: a lesson is planned
 * only for a lecturer assigned to that part of the subject): a set of `assignmentKey`s.
 */
export async function assignmentsOf(exec: Executor, lecturerIds: readonly number[]): Promise<Set<string>> {
  if (!lecturerIds.length) return new Set();
  const rows = await exec
    .selectDistinct({ lecturerId: applications.EMPLOYEE_ID, subjectId: applicationChoices.SUBJECT_ID, part: applicationChoices.CATEGORY })
    .from(applicationChoices)
    .innerJoin(applications, eq(applications.id, applicationChoices.applicationId))
    .where(and(eq(applicationChoices.AFFECTATION, 1), inArray(applications.EMPLOYEE_ID, [...new Set(lecturerIds)])));
  return new Set(rows.map((row) => assignmentKey(row.lecturerId, row.subjectId, row.part)));
}

/** The subject (400 on SUBJECT_ID when it names none) and the lecturer's assignment to its part (409 LESSON_NOT_ASSIGNED). */
async function checkTeaching(exec: Executor, values: { SUBJECT_ID: number; PART: string; LECTURER_ID: number }): Promise<{ classId: number }> {
  const subject = await subjectOf(exec, values.SUBJECT_ID);
  if (!subject) throw validationError({ SUBJECT_ID: V.invalid });
  const assigned = await assignmentsOf(exec, [values.LECTURER_ID]);
  if (!assigned.has(assignmentKey(values.LECTURER_ID, subject.id, values.PART)))
    throw new AppError('LESSON_NOT_ASSIGNED', { fields: { LECTURER_ID: V.notAssigned } });
  return { classId: subject.classId };
}

// ---------------------------------------------------------------- conflicts

/** A lesson holding a slot (every status but NotValidated), as a conflict names it. */
export interface BusyLesson extends Slot {
  id: number;
  part: string;
  roomKey: string | null;
  subjectCode: string;
  classCode: string;
  lecturerName: string;
}

/**
 * The lessons holding a slot on these days that share a lecturer, a class or a room with any of
 * the slots (those of `except` left out: the lesson being changed).
 */
export async function busyLessons(exec: Executor, slots: readonly Slot[], except: readonly number[] = []): Promise<BusyLesson[]> {
  if (!slots.length) return [];
  const dates = [...new Set(slots.map((slot) => slot.date))];
  const lecturerIds = [...new Set(slots.map((slot) => slot.lecturerId))];
  const classIds = [...new Set(slots.map((slot) => slot.classId))];
  const roomKeys = [...new Set(slots.map(roomKeyOf).filter((key): key is string => key !== null))];
  const shared: SQL[] = [inArray(lessons.lecturerId, lecturerIds), inArray(lessons.classId, classIds)];
  if (roomKeys.length) shared.push(inArray(roomKeySql, roomKeys));
  const rows = await exec
    .select({
      id: lessons.id,
      date: lessons.date,
      begin: lessons.begin,
      end: lessons.end,
      part: lessons.part,
      lecturerId: lessons.lecturerId,
      classId: lessons.classId,
      room: lessons.room,
      building: lessons.building,
      campus: lessons.campus,
      roomKey: roomKeySql,
      subjectCode: subjects.code,
      classCode: classes.code,
      firstname: persons.FIRSTNAME,
      lastname: persons.LASTNAME,
    })
    .from(lessons)
    .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
    .innerJoin(classes, eq(classes.id, lessons.classId))
    .innerJoin(persons, eq(persons.id, lessons.lecturerId))
    .where(
      and(ne(lessons.status, 'NotValidated'), inArray(lessons.date, dates), or(...shared), ...(except.length ? [sql`${lessons.id} not in ${except}`] : [])),
    )
    .orderBy(asc(lessons.date), asc(lessons.begin), asc(lessons.id));
  return rows.map(({ firstname, lastname, ...row }) => ({
    ...row,
    begin: clockOf(row.begin),
    end: clockOf(row.end),
    lecturerName: `${firstname} ${lastname}`,
  }));
}

/** Whether two lessons of a day overlap (time ranges `[begin, end)`: one ending at 10:00 and another starting then do not). */
export const overlaps = (a: Slot, b: Slot): boolean => a.date === b.date && a.begin < b.end && b.begin < a.end;

const shares: Record<LessonConflictKind, (a: Slot, b: Slot) => boolean> = {
  LECTURER: (a, b) => a.lecturerId === b.lecturerId,
  CLASS: (a, b) => a.classId === b.classId,
  ROOM: (a, b) => {
    const key = roomKeyOf(a);
    return key !== null && key === roomKeyOf(b);
  },
};

/** The first lesson of `others` the slot collides with, and how (the lecturer first, then the class, then the room; `first` asks one kind first). */
export function collisionOf<T extends Slot>(slot: Slot, others: readonly T[], first?: LessonConflictKind): { kind: LessonConflictKind; other: T } | null {
  const overlapping = others.filter((other) => overlaps(slot, other));
  if (!overlapping.length) return null;
  const kinds = first ? [first, ...LESSON_CONFLICT_KINDS.filter((kind) => kind !== first)] : LESSON_CONFLICT_KINDS;
  for (const kind of kinds) {
    const other = overlapping.find((candidate) => shares[kind](slot, candidate));
    if (other) return { kind, other };
  }
  return null;
}

/** The other lesson as a conflict answer names it. */
export const toConflict = (kind: LessonConflictKind, other: BusyLesson): LessonConflict => ({
  kind,
  lesson: {
    id: other.id,
    date: other.date,
    begin: other.begin,
    end: other.end,
    subject: other.subjectCode,
    class: other.classCode,
    lecturer: other.lecturerName,
    room: other.room,
  },
});

/** The first conflict of any of the slots with the lessons in the database. */
async function conflictIn(exec: Executor, slots: readonly Slot[], except: readonly number[] = [], first?: LessonConflictKind): Promise<LessonConflict | null> {
  const busy = await busyLessons(exec, slots, except);
  for (const slot of slots) {
    const found = collisionOf(slot, busy, first);
    if (found) return toConflict(found.kind, found.other);
  }
  return null;
}

/** 409 LESSON_CONFLICT naming the first lesson any of the slots collides with, if any. */
export async function assertNoConflict(exec: Executor, slots: readonly Slot[], except: readonly number[] = []): Promise<void> {
  const conflict = await conflictIn(exec, slots, except);
  if (conflict) throw new AppError('LESSON_CONFLICT', { conflict });
}

const EXCLUSION_VIOLATION = '23P01';
const KIND_OF_CONSTRAINT: Record<string, LessonConflictKind> = { lessons_lecturer_excl: 'LECTURER', lessons_class_excl: 'CLASS', lessons_room_excl: 'ROOM' };

/** The conflict kind of an exclusion violation of the lessons' constraints (Drizzle wraps the driver's error in `cause`), or null for any other error. */
export function exclusionKindOf(error: unknown): LessonConflictKind | null {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === EXCLUSION_VIOLATION && typeof e.constraint === 'string') return KIND_OF_CONSTRAINT[e.constraint] ?? null;
  }
  return null;
}

/**
 * The lecturer, class and room of each slot, locked until the transaction ends (advisory locks, all
 * in one statement and in one order for everyone). Two writes that could collide then run one after
 * the other. Without it, two lessons inserted at the same moment each waited for the other's
 * exclusion check, and PostgreSQL broke the deadlock with an error (500) after a second. Per
 * lecturer, class and room, not per day: a year imported takes a few dozen locks, not thousands. A
 * transaction that writes several times locks every slot it will write first (locks it already
 * holds are taken again at once).
 */
export async function lockSlots(tx: Tx, slots: readonly Slot[]): Promise<void> {
  const keys = slots.flatMap((slot) => [
    `lecturer|${slot.lecturerId}`,
    `class|${slot.classId}`,
    ...(slot.room === null ? [] : [`room|${`${slot.campus ?? ''}|${slot.building ?? ''}|${slot.room}`.toLowerCase()}`]),
  ]);
  await tx.execute(
    sql`select pg_advisory_xact_lock(${LESSON_SLOT_LOCKS}, h) from (select distinct hashtext(k) as h from json_array_elements_text(${JSON.stringify([...new Set(keys)])}::json) as k order by h) as keys`,
  );
}
/** The advisory locks' first key: the lessons' slots. */
const LESSON_SLOT_LOCKS = 74210002;

/**
 * Writes lessons holding these slots in a savepoint of `tx`, under their slots' locks (lockSlots),
 * so that an exclusion violation (a lesson saved meanwhile by someone else: the constraints waited
 * for it to commit) leaves the transaction usable: the other lesson is then looked up and named
 * (409 LESSON_CONFLICT). Should it be gone already, or should a deadlock still be broken (a
 * transaction that writes several times takes its locks several times), the write is tried again.
 */
export async function writeGuarded<T>(tx: Tx, slots: readonly Slot[], except: readonly number[], write: (savepoint: Tx) => Promise<T>): Promise<T> {
  await lockSlots(tx, slots);
  for (let attempt = 1; ; attempt++) {
    try {
      return await tx.transaction(write);
    } catch (error) {
      const kind = exclusionKindOf(error);
      if (!kind) {
        if (pgErrorCode(error) === DEADLOCK_DETECTED && attempt < 3) continue;
        throw error;
      }
      const conflict = await conflictIn(tx, slots, except, kind);
      if (conflict) throw new AppError('LESSON_CONFLICT', { conflict });
      if (attempt === 3) throw new AppError('LESSON_CONFLICT');
    }
  }
}

// ---------------------------------------------------------------- reading

/**
 * A row of selectPlannedLessons as the contract's PlannedLesson. (lesson-rows.ts types its rows
 * with each column's data type, without the null of the nullable ones: the room, the place, the
 * billing period; the rows are passed as they are read.)
 */
const toPlanned = (row: object): PlannedLesson => toPlannedLesson(row as Parameters<typeof toPlannedLesson>[0]);

/** Lessons by id as the office sees them, by date, begin and class. */
export async function plannedLessons(exec: Executor, ids: readonly number[]): Promise<PlannedLesson[]> {
  if (!ids.length) return [];
  const rows = await selectPlannedLessons(exec)
    .where(inArray(lessons.id, [...ids]))
    .orderBy(asc(lessons.date), asc(lessons.begin), asc(classes.code), asc(lessons.id));
  return rows.map(toPlanned);
}

/** `GET /lessons`: the lessons of a period (both days included), by class, lecturer, subject and status; by date, begin and class code. */
export async function listLessons(ctx: ServiceContext, input: { query: LessonQuery }): Promise<LessonPage> {
  const { query } = input;
  if (query.to < query.from) throw validationError({ to: V.endBeforeStart });
  const where = and(
    gte(lessons.date, query.from),
    lte(lessons.date, query.to),
    query.classId === undefined ? undefined : eq(lessons.classId, query.classId),
    query.lecturerId === undefined ? undefined : eq(lessons.lecturerId, query.lecturerId),
    query.subjectId === undefined ? undefined : eq(lessons.subjectId, query.subjectId),
    query.status === undefined ? undefined : eq(lessons.status, query.status),
  );
  return listPage(query, toPlanned, {
    total: ctx.db.select({ n: count() }).from(lessons).where(where),
    rows: selectPlannedLessons(ctx.db).where(where).orderBy(asc(lessons.date), asc(lessons.begin), asc(classes.code), asc(lessons.id)).$dynamic(),
  });
}

// ---------------------------------------------------------------- changes

/** An audit entry about one lesson: its lecturer, day and times always in the details (a lecturer's activity history reads them). */
async function auditLesson(
  tx: Tx,
  ctx: ServiceContext,
  acting: Acting,
  action: string,
  lesson: { id: number } & Pick<Slot, 'lecturerId' | 'date' | 'begin' | 'end'>,
  details: Record<string, unknown> = {},
): Promise<void> {
  await audit(tx, {
    at: ctx.clock.now(),
    actorId: acting.actor.id,
    action,
    targetType: 'lesson',
    targetId: lesson.id,
    ip: acting.meta.ip,
    details: { lecturerId: lesson.lecturerId, date: lesson.date, begin: clockOf(lesson.begin), end: clockOf(lesson.end), ...details },
  });
}

/** The days a lesson is given on: LESSON_DATE, then every week up to REPEAT_UNTIL (included). */
export function repeatDays(first: string, until: string | null | undefined): string[] {
  const days = [first];
  if (!until) return days;
  for (let day = addDays(first, 7); day <= until; day = addDays(day, 7)) {
    days.push(day);
    // one more than the limit is enough to refuse it
    if (days.length > LESSON_REPEAT_MAX_WEEKS) break;
  }
  return days;
}

const placeOf = (values: { ROOM: string | null; BUILDING: string | null; CAMPUS: string | null }) => ({
  room: values.ROOM,
  building: values.BUILDING,
  campus: values.CAMPUS,
});

/**
 * `POST /lessons`: a lesson, or the same lesson every week on the same weekday up to REPEAT_UNTIL
 * (at most LESSON_REPEAT_MAX_WEEKS lessons, one series). All or nothing, in one transaction: a
 * conflict on any week saves none and names the other lesson.
 */
export async function planLessons(ctx: ServiceContext, input: Acting & { values: LessonInput }): Promise<LessonsCreated> {
  const { values } = input;
  const days = repeatDays(values.LESSON_DATE, values.REPEAT_UNTIL);
  if (days.length > LESSON_REPEAT_MAX_WEEKS) throw validationError({ REPEAT_UNTIL: V.tooLong });
  const { classId } = await checkTeaching(ctx.db, values);
  const now = ctx.clock.now();
  const seriesId = days.length > 1 ? randomUUID() : null;
  const slots: Slot[] = days.map((date) => ({
    date,
    begin: values.BEGIN_TIME,
    end: values.END_TIME,
    lecturerId: values.LECTURER_ID,
    classId,
    ...placeOf(values),
  }));
  const ids = await ctx.db.transaction(async (tx) => {
    await assertNoConflict(tx, slots);
    const rows = await writeGuarded(tx, slots, [], (savepoint) =>
      savepoint
        .insert(lessons)
        .values(
          slots.map((slot) => ({
            ...slot,
            subjectId: values.SUBJECT_ID,
            part: values.PART,
            status: 'PendingValidation' as const,
            seriesId,
            createdAt: now,
            createdBy: input.actor.id,
            updatedAt: now,
          })),
        )
        .returning({ id: lessons.id, date: lessons.date }),
    );
    for (const [index, row] of rows.entries()) {
      await auditLesson(
        tx,
        ctx,
        input,
        'lesson.planned',
        { ...slots[index]!, id: row.id },
        { subjectId: values.SUBJECT_ID, classId, part: values.PART, room: slots[index]!.room, ...(seriesId ? { seriesId } : {}) },
      );
    }
    return rows.map((row) => row.id);
  });
  return { lessons: await plannedLessons(ctx.db, ids) };
}

/** What a change reads of a lesson under its row lock. */
const lockedColumns = {
  id: lessons.id,
  date: lessons.date,
  begin: lessons.begin,
  end: lessons.end,
  status: lessons.status,
  lecturerId: lessons.lecturerId,
  classId: lessons.classId,
  subjectId: lessons.subjectId,
  part: lessons.part,
  room: lessons.room,
  building: lessons.building,
  campus: lessons.campus,
  seriesId: lessons.seriesId,
};
type LockedLesson = {
  id: number;
  date: string;
  begin: string;
  end: string;
  status: LessonStatus;
  lecturerId: number;
  classId: number;
  subjectId: number;
  part: string;
  room: string | null;
  building: string | null;
  campus: string | null;
  seriesId: string | null;
};

/** THE LOCK of lessons: their rows read with SELECT ... FOR UPDATE in id order (two changes of the same lessons run one after the other, never in a deadlock). */
async function lockLessons(tx: Tx, where: SQL): Promise<LockedLesson[]> {
  return tx.select(lockedColumns).from(lessons).where(where).orderBy(asc(lessons.id)).for('update');
}

async function lockLesson(tx: Tx, id: number): Promise<LockedLesson> {
  const [lesson] = await lockLessons(tx, eq(lessons.id, id));
  if (!lesson) throw new AppError('NOT_FOUND');
  return lesson;
}

/**
 * `PATCH /lessons/{id}`: a pending lesson changed (409 LESSON_DECIDED once decided), under the same
 * rules as a new one; its series stays.
 */
export async function changeLesson(ctx: ServiceContext, input: Acting & { id: number; values: LessonChange }): Promise<PlannedLesson> {
  const { id, values } = input;
  const { classId } = await checkTeaching(ctx.db, values);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const before = await lockLesson(tx, id);
    if (!isLessonEditable(before.status)) throw new AppError('LESSON_DECIDED');
    const slot: Slot = {
      date: values.LESSON_DATE,
      begin: values.BEGIN_TIME,
      end: values.END_TIME,
      lecturerId: values.LECTURER_ID,
      classId,
      ...placeOf(values),
    };
    await assertNoConflict(tx, [slot], [id]);
    await writeGuarded(tx, [slot], [id], (savepoint) =>
      savepoint
        .update(lessons)
        .set({ ...slot, subjectId: values.SUBJECT_ID, part: values.PART, updatedAt: now })
        .where(eq(lessons.id, id)),
    );
    const changed = Object.entries({
      date: [before.date, slot.date],
      begin: [clockOf(before.begin), slot.begin],
      end: [clockOf(before.end), slot.end],
      lecturerId: [before.lecturerId, slot.lecturerId],
      subjectId: [before.subjectId, values.SUBJECT_ID],
      part: [before.part, values.PART],
      room: [before.room, slot.room],
      building: [before.building, slot.building],
      campus: [before.campus, slot.campus],
    })
      .filter(([, [from, to]]) => from !== to)
      .map(([field]) => field);
    await auditLesson(
      tx,
      ctx,
      input,
      'lesson.changed',
      { ...slot, id },
      { changed, ...(before.lecturerId !== slot.lecturerId ? { previousLecturerId: before.lecturerId } : {}) },
    );
  });
  return (await plannedLessons(ctx.db, [id]))[0]!;
}

/**
 * `DELETE /lessons/{id}`: a pending lesson deleted (409 LESSON_DECIDED once decided); with
 * `series`, the pending lessons of its series from its day on too (decided ones stay).
 */
export async function deleteLesson(ctx: ServiceContext, input: Acting & { id: number; series: boolean }): Promise<LessonsChanged> {
  const { id } = input;
  return ctx.db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, id);
    if (!isLessonEditable(lesson.status)) throw new AppError('LESSON_DECIDED');
    const gone =
      input.series && lesson.seriesId !== null
        ? await lockLessons(tx, and(eq(lessons.seriesId, lesson.seriesId), gte(lessons.date, lesson.date), eq(lessons.status, 'PendingValidation'))!)
        : [lesson];
    await tx.delete(lessons).where(
      inArray(
        lessons.id,
        gone.map((row) => row.id),
      ),
    );
    for (const row of gone) {
      await auditLesson(tx, ctx, input, 'lesson.deleted', row, {
        subjectId: row.subjectId,
        classId: row.classId,
        part: row.part,
        ...(row.seriesId ? { seriesId: row.seriesId } : {}),
      });
    }
    return { changed: gone.length };
  });
}

/**
 * `POST /lessons/decisions`: validate or refuse lessons under their row locks.
 * - LESSON_IDS: those lessons, whatever their status but billed (409 LESSON_DECIDED: nothing
 *   changes); correcting a refusal takes the slot back, refused (409 LESSON_CONFLICT) when
 *   another lesson took it meanwhile. Unknown ids are 404.
 * - WEEK_OF (a Monday): every pending lesson of that week, of a class or a lecturer when named.
 * `changed` counts the lessons whose status changed; each gets a `lesson.decided` audit entry.
 */
export async function decideLessons(ctx: ServiceContext, input: Acting & { values: LessonDecisionInput }): Promise<LessonsChanged> {
  const { values } = input;
  const status = LESSON_DECISIONS[values.DECISION];
  if (values.WEEK_OF !== undefined && mondayOf(values.WEEK_OF) !== values.WEEK_OF) throw validationError({ WEEK_OF: V.invalid });
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    let locked: LockedLesson[];
    if (values.LESSON_IDS) {
      const ids = [...new Set(values.LESSON_IDS)];
      locked = await lockLessons(tx, inArray(lessons.id, ids));
      if (locked.length !== ids.length) throw new AppError('NOT_FOUND');
      if (locked.some((lesson) => !isDecidable(lesson.status))) throw new AppError('LESSON_DECIDED');
    } else {
      const monday = values.WEEK_OF!;
      locked = await lockLessons(
        tx,
        and(
          eq(lessons.status, 'PendingValidation'),
          gte(lessons.date, monday),
          lte(lessons.date, addDays(monday, 6)),
          values.CLASS_ID === undefined ? undefined : eq(lessons.classId, values.CLASS_ID),
          values.LECTURER_ID === undefined ? undefined : eq(lessons.lecturerId, values.LECTURER_ID),
        )!,
      );
    }
    const changing = locked.filter((lesson) => lesson.status !== status);
    if (!changing.length) return { changed: 0 };
    const decided = { status, decidedAt: now, decidedBy: input.actor.id, updatedAt: now };
    // A refused lesson validated again takes its slot back: one at a time, each named if it collides.
    const retaking = changing.filter((lesson) => lesson.status === 'NotValidated');
    const slotOf = (lesson: LockedLesson): Slot => ({ ...lesson, begin: clockOf(lesson.begin), end: clockOf(lesson.end) });
    if (retaking.length) await lockSlots(tx, retaking.map(slotOf));
    for (const lesson of retaking) {
      const slot = slotOf(lesson);
      await assertNoConflict(tx, [slot], [lesson.id]);
      await writeGuarded(tx, [slot], [lesson.id], (savepoint) => savepoint.update(lessons).set(decided).where(eq(lessons.id, lesson.id)));
    }
    const others = changing.filter((lesson) => lesson.status !== 'NotValidated').map((lesson) => lesson.id);
    if (others.length) await tx.update(lessons).set(decided).where(inArray(lessons.id, others));
    for (const lesson of changing) {
      await auditLesson(tx, ctx, input, 'lesson.decided', lesson, {
        decision: values.DECISION,
        from: lesson.status,
        status,
        subjectId: lesson.subjectId,
        classId: lesson.classId,
        ...(values.WEEK_OF ? { weekOf: values.WEEK_OF } : {}),
      });
    }
    return { changed: changing.length };
  });
}
