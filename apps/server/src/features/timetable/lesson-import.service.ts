// Importing lessons from a spreadsheet (issue 12, decision 35): CSV or XLSX, recognised by their
// content, one lesson a line (LESSON_IMPORT_COLUMNS). Each line is held to the rules of a lesson
// typed in the form; the good ones are planned (PendingValidation), the others reported with the
// reason, the column and, for a conflict, the other lesson in words, including another line of
// the same file. A dry run reports the same and saves nothing.
import { and, inArray, sql } from 'drizzle-orm';
import {
  CHOICE_CATEGORIES,
  dmyToIso,
  isLessonTimeRange,
  isRealIsoDay,
  LESSON_IMPORT_COLUMNS,
  LESSON_IMPORT_MAX_ROWS,
  LESSON_IMPORT_OPTIONAL_COLUMNS,
  type LessonConflictKind,
  type LessonImportColumn,
  type LessonImportReason,
  type LessonImportRejection,
  type LessonImportReport,
  type LessonPart,
} from '@portal/contract';
import type { Executor, Tx } from '../../db/client';
import { classes, lessons, persons, subjects } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { tr, type Lang } from '../../lib/i18n';
import { invalidSheet, readImportSheet } from '../../lib/sheet-import';
import { assignmentKey, assignmentsOf, busyLessons, collisionOf, exclusionKindOf, lockSlots, type BusyLesson, type Slot } from './planning.service';

/** The largest file read (the multipart limits and the raw body limit enforce it too). */
export const LESSON_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The longest room, building or campus (as the form takes them). */
const PLACE_MAX = 60;
/** Rows per INSERT statement. */
const BATCH = 1000;

// ---------------------------------------------------------------- the cells

/** `YYYY-MM-DD` or `dd/mm/yyyy` (a real day) as `YYYY-MM-DD`, or null. */
function dayOf(text: string): string | null {
  if (isRealIsoDay(text)) return text;
  return dmyToIso(text);
}

/** `HH:MM`, `H:MM`, `08h00` or `HH:MM:00` as `HH:MM`, or null. */
function clockOfCell(text: string): string | null {
  const match = /^(\d{1,2})[:hH](\d{2})(?::00)?$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

/** A planned line: its slot and what it is of, and its words for the other lines it collides with. */
interface GoodLine {
  line: number;
  slot: Slot;
  subjectId: number;
  part: LessonPart;
  words: string;
}

/** A lesson in words, as the report names the other lesson of a conflict: `GSI101 CM, BTS1 GSI/J A, 2026-11-23 08:00-09:50, room B12`. */
function lessonWords(
  lang: Lang,
  lesson: { subjectCode: string; part: string; classCode: string; date: string; begin: string; end: string; room: string | null },
): string {
  const words = `${lesson.subjectCode} ${lesson.part}, ${lesson.classCode}, ${lesson.date} ${lesson.begin}-${lesson.end}`;
  return lesson.room === null ? words : tr(lang, 'lessonImport.withRoom', { lesson: words, room: lesson.room });
}

const CONFLICT_REASONS: Record<LessonConflictKind, LessonImportReason> = { LECTURER: 'CONFLICT_LECTURER', CLASS: 'CONFLICT_CLASS', ROOM: 'CONFLICT_ROOM' };
const CONFLICT_COLUMNS: Record<LessonConflictKind, LessonImportColumn> = { LECTURER: 'LECTURER', CLASS: 'CLASS_CODE', ROOM: 'ROOM' };

/** What the lines name, looked up at once: classes by code, their subjects by code, lecturers by matricule, and those lecturers' assignments. */
async function lookups(exec: Executor, cells: Record<LessonImportColumn, string>[]) {
  const classCodes = [...new Set(cells.map((c) => c.CLASS_CODE.toLowerCase()).filter(Boolean))];
  const classRows = classCodes.length
    ? await exec
        .select({ id: classes.id, code: classes.code })
        .from(classes)
        .where(inArray(sql`lower(${classes.code})`, classCodes))
    : [];
  const classByCode = new Map(classRows.map((c) => [c.code.toLowerCase(), c]));
  const subjectCodes = [...new Set(cells.map((c) => c.SUBJECT_CODE.toUpperCase()).filter(Boolean))];
  const subjectRows =
    classRows.length && subjectCodes.length
      ? await exec
          .select({ id: subjects.id, code: subjects.code, classId: subjects.classId })
          .from(subjects)
          .where(
            and(
              inArray(
                subjects.classId,
                classRows.map((c) => c.id),
              ),
              inArray(sql`upper(${subjects.code})`, subjectCodes),
            ),
          )
      : [];
  const subjectByKey = new Map(subjectRows.map((s) => [`${s.classId}|${s.code.toUpperCase()}`, s]));
  const matricules = [...new Set(cells.map((c) => c.LECTURER.toUpperCase()).filter(Boolean))];
  const lecturerRows = matricules.length
    ? await exec.select({ id: persons.id, MATRICULE: persons.MATRICULE }).from(persons).where(inArray(persons.MATRICULE, matricules))
    : [];
  const lecturerByMatricule = new Map(lecturerRows.map((p) => [p.MATRICULE, p]));
  const assigned = await assignmentsOf(
    exec,
    lecturerRows.map((p) => p.id),
  );
  return { classByCode, subjectByKey, lecturerByMatricule, assigned };
}

/** The cells of a line by column (absent optional columns empty); an over-long place refuses the file. */
function cellsOf(header: string[], line: { line: number; cells: string[] }): Record<LessonImportColumn, string> {
  const cells = Object.fromEntries(
    LESSON_IMPORT_COLUMNS.map((column) => [column, (header.indexOf(column) === -1 ? '' : (line.cells[header.indexOf(column)] ?? '')).trim()]),
  ) as Record<LessonImportColumn, string>;
  for (const column of LESSON_IMPORT_OPTIONAL_COLUMNS) {
    if (cells[column].length > PLACE_MAX) throw invalidSheet(`Line ${line.line}: ${column} is longer than ${PLACE_MAX} characters`, [column]);
  }
  return cells;
}

// ---------------------------------------------------------------- the import

/**
 * `POST /lessons/import?dryRun=`: reads the file (CSV_INVALID when unreadable or a column is
 * missing), checks every line and plans the good ones in one transaction (one `lessons.imported`
 * audit entry); a dry run checks and reports alike but saves nothing.
 */
export async function importLessons(ctx: ServiceContext, input: Acting & { data: Buffer; dryRun: boolean; lang: Lang }): Promise<LessonImportReport> {
  const { lang } = input;
  const { header, lines } = await readImportSheet(input.data, {
    maxBytes: LESSON_IMPORT_MAX_BYTES,
    maxRows: LESSON_IMPORT_MAX_ROWS,
    columns: LESSON_IMPORT_COLUMNS,
  });
  const missing = LESSON_IMPORT_COLUMNS.filter((column) => !header.includes(column) && !LESSON_IMPORT_OPTIONAL_COLUMNS.includes(column));
  if (missing.length) throw invalidSheet(undefined, missing);

  const rows = lines.map((line) => ({ line: line.line, cells: cellsOf(header, line) }));
  const found = await lookups(
    ctx.db,
    rows.map((row) => row.cells),
  );
  const rejected: LessonImportRejection[] = [];
  const reject = (line: number, reason: LessonImportReason, column: LessonImportColumn | null, other: string | null = null) =>
    rejected.push({ LINE: line, REASON: reason, COLUMN: column, OTHER: other });

  // Each cell on its own: every fault of a line is listed.
  const checked: GoodLine[] = [];
  for (const { line, cells } of rows) {
    const faults = rejected.length;
    const date = dayOf(cells.DATE);
    if (!date) reject(line, 'DATE_INVALID', 'DATE');
    const begin = clockOfCell(cells.BEGIN);
    const end = clockOfCell(cells.END);
    if (!begin) reject(line, 'TIME_INVALID', 'BEGIN');
    if (!end || (begin && !isLessonTimeRange(begin, end))) reject(line, 'TIME_INVALID', 'END');
    const klass = found.classByCode.get(cells.CLASS_CODE.toLowerCase());
    if (!klass) reject(line, 'CLASS_UNKNOWN', 'CLASS_CODE');
    const subject = klass ? found.subjectByKey.get(`${klass.id}|${cells.SUBJECT_CODE.toUpperCase()}`) : undefined;
    if (klass && !subject) reject(line, 'SUBJECT_UNKNOWN', 'SUBJECT_CODE');
    const part = cells.PART.toUpperCase() as LessonPart;
    if (!CHOICE_CATEGORIES.includes(part)) reject(line, 'PART_INVALID', 'PART');
    const lecturer = found.lecturerByMatricule.get(cells.LECTURER.toUpperCase());
    if (!lecturer) reject(line, 'LECTURER_UNKNOWN', 'LECTURER');
    if (rejected.length > faults) continue;
    if (!found.assigned.has(assignmentKey(lecturer!.id, subject!.id, part))) {
      reject(line, 'NOT_ASSIGNED', 'LECTURER');
      continue;
    }
    const place = { room: cells.ROOM || null, building: cells.BUILDING || null, campus: cells.CAMPUS || null };
    const slot: Slot = { date: date!, begin: begin!, end: end!, lecturerId: lecturer!.id, classId: klass!.id, ...place };
    checked.push({
      line,
      slot,
      subjectId: subject!.id,
      part,
      words: lessonWords(lang, { subjectCode: subject!.code, part, classCode: klass!.code, date: date!, begin: begin!, end: end!, room: place.room }),
    });
  }

  // Then against the lessons already planned, and the lines above it (both by day: a lesson collides only with those of its day).
  const busy = byDay(
    await busyLessons(
      ctx.db,
      checked.map((good) => good.slot),
    ),
  );
  const acceptedByDay = new Map<string, (Slot & { good: GoodLine })[]>();
  const accepted: GoodLine[] = [];
  const sameLesson = (a: GoodLine, b: GoodLine) =>
    a.slot.begin === b.slot.begin &&
    a.slot.end === b.slot.end &&
    a.slot.classId === b.slot.classId &&
    a.slot.lecturerId === b.slot.lecturerId &&
    a.subjectId === b.subjectId &&
    a.part === b.part;
  const onLine = (good: GoodLine) => tr(lang, 'lessonImport.onLine', { lesson: good.words, line: good.line });
  for (const good of checked) {
    const sameDay = acceptedByDay.get(good.slot.date) ?? [];
    const twin = sameDay.find((other) => sameLesson(good, other.good));
    if (twin) {
      reject(good.line, 'DUPLICATE_LINE', null, onLine(twin.good));
      continue;
    }
    const planned = collisionOf(good.slot, busy.get(good.slot.date) ?? []);
    if (planned) {
      reject(good.line, CONFLICT_REASONS[planned.kind], CONFLICT_COLUMNS[planned.kind], busyWords(lang, planned.other));
      continue;
    }
    const above = collisionOf(good.slot, sameDay);
    if (above) {
      reject(good.line, CONFLICT_REASONS[above.kind], CONFLICT_COLUMNS[above.kind], onLine(above.other.good));
      continue;
    }
    sameDay.push({ ...good.slot, good });
    acceptedByDay.set(good.slot.date, sameDay);
    accepted.push(good);
  }

  const report = (created: number, dryRun: boolean): LessonImportReport => ({ created, rejected: rejected.sort((a, b) => a.LINE - b.LINE), dryRun });
  if (input.dryRun) return report(accepted.length, true);

  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    const saved = await insertLines(tx, accepted, { now, actorId: input.actor.id }, (good, other) =>
      reject(good.line, CONFLICT_REASONS[other.kind], CONFLICT_COLUMNS[other.kind], busyWords(lang, other.lesson)),
    );
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'lessons.imported',
      targetType: 'lesson',
      ip: input.meta.ip,
      details: {
        created: saved.length,
        rejected: rejected.length,
        lines: lines.length,
        lecturerIds: [...new Set(saved.map((good) => good.slot.lecturerId))].sort((a, b) => a - b),
      },
    });
    return saved.length;
  });
  return report(created, false);
}

const busyWords = (lang: Lang, lesson: BusyLesson) => lessonWords(lang, lesson);

/** Lessons by their day. */
function byDay<T extends Slot>(items: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const day = days.get(item.date);
    if (day) day.push(item);
    else days.set(item.date, [item]);
  }
  return days;
}

/**
 * Inserts the accepted lines, a batch at a time, each batch in a savepoint. A batch refused by an
 * exclusion constraint (a lesson planned meanwhile by someone else) is inserted again line by line,
 * each in its own savepoint: a line that collides is reported with the other lesson (`collided`)
 * and the others are saved. Answers the lines saved.
 */
async function insertLines(
  tx: Tx,
  accepted: GoodLine[],
  by: { now: Date; actorId: number },
  collided: (good: GoodLine, other: { kind: LessonConflictKind; lesson: BusyLesson }) => void,
): Promise<GoodLine[]> {
  const values = (good: GoodLine) => ({
    ...good.slot,
    subjectId: good.subjectId,
    part: good.part,
    status: 'PendingValidation' as const,
    createdAt: by.now,
    createdBy: by.actorId,
    updatedAt: by.now,
  });
  const saved: GoodLine[] = [];
  // the same locks as a lesson planned alone (docs/performance.md, lesson slot locks), all taken before the first batch
  if (accepted.length)
    await lockSlots(
      tx,
      accepted.map((good) => good.slot),
    );
  for (let i = 0; i < accepted.length; i += BATCH) {
    const batch = accepted.slice(i, i + BATCH);
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.insert(lessons).values(batch.map(values));
      });
      saved.push(...batch);
      continue;
    } catch (error) {
      if (!exclusionKindOf(error)) throw error;
    }
    for (const good of batch) {
      try {
        await tx.transaction(async (savepoint) => {
          await savepoint.insert(lessons).values(values(good));
        });
        saved.push(good);
      } catch (error) {
        const kind = exclusionKindOf(error);
        if (!kind) throw error;
        const found = collisionOf(good.slot, await busyLessons(tx, [good.slot]), kind);
        if (!found) throw new AppError('LESSON_CONFLICT');
        collided(good, { kind: found.kind, lesson: found.other });
      }
    }
  }
  return saved;
}
