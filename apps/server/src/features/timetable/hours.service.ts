// The hours report (issue 12, decision 35): per lecturer, subject and part, the subject's volume
// for that part against the hours planned (every lesson not refused), validated (billed or not)
// and billed; a confirmed assignment without any lesson yet is a line too (planned 0), which is
// what the office looks for. Its exports, CSV and XLSX, speak the caller's language.
import ExcelJS from 'exceljs';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  V,
  type LessonHours,
  type LessonHoursExportQuery as LessonHoursExportQuerySchema,
  type LessonHoursQuery as LessonHoursQuerySchema,
  type LessonHoursRow,
} from '@portal/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { applicationChoices, applications, classes, lessons, persons, subjects } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { validationError } from '../../lib/errors';
import { tr, type Lang } from '../../lib/i18n';
import { addTableSheet, csvDocument, EXPORT_CONTENT_TYPES } from '../../lib/spreadsheet';
import { rowsOf } from '../../lib/sql';

export type LessonHoursQuery = z.output<typeof LessonHoursQuerySchema>;
export type LessonHoursExportQuery = z.output<typeof LessonHoursExportQuerySchema>;

/** The lessons of the period asked (both days included), or of every day. */
function inPeriod(query: LessonHoursQuery): SQL | undefined {
  return and(query.from === undefined ? undefined : gte(lessons.date, query.from), query.to === undefined ? undefined : lte(lessons.date, query.to));
}

/** Hours of the lessons a filter keeps, in SQL, two decimals. */
const hoursWhere = (condition: SQL) =>
  sql`coalesce(round(sum(extract(epoch from (${lessons.end} - ${lessons.begin}))) filter (where ${condition}) / 3600.0, 2), 0)`;

type HoursLine = {
  lecturer_id: number;
  matricule: string;
  firstname: string;
  lastname: string;
  subject_id: number;
  subject_code: string;
  subject_name: string;
  subject_name_fr: string;
  class_id: number;
  class_code: string;
  part: LessonHoursRow['part'];
  volume: number;
  planned: string;
  validated: string;
  billed: string;
};

/**
 * The report's lines: the (lecturer, subject, part) of the lessons of the period and of the
 * confirmed assignments (any session), narrowed to a lecturer, a class or a subject; each with its
 * hours in the period. By lecturer's name, class, subject and part.
 */
async function hoursLines(exec: Executor, query: LessonHoursQuery): Promise<LessonHoursRow[]> {
  if (query.from !== undefined && query.to !== undefined && query.to < query.from) throw validationError({ to: V.endBeforeStart });
  const period = inPeriod(query);
  const lessonKeys = and(
    period,
    query.lecturerId === undefined ? undefined : eq(lessons.lecturerId, query.lecturerId),
    query.classId === undefined ? undefined : eq(lessons.classId, query.classId),
    query.subjectId === undefined ? undefined : eq(lessons.subjectId, query.subjectId),
  );
  const assignmentKeys = and(
    eq(applicationChoices.AFFECTATION, 1),
    query.lecturerId === undefined ? undefined : eq(applications.EMPLOYEE_ID, query.lecturerId),
    query.classId === undefined ? undefined : eq(subjects.classId, query.classId),
    query.subjectId === undefined ? undefined : eq(applicationChoices.SUBJECT_ID, query.subjectId),
  );
  const result = await exec.execute(sql`
    with keys as (
      select ${lessons.lecturerId} as lecturer_id, ${lessons.subjectId} as subject_id, ${lessons.part} as part
        from ${lessons} where ${lessonKeys ?? sql`true`}
      union
      select ${applications.EMPLOYEE_ID}, ${applicationChoices.SUBJECT_ID}, ${applicationChoices.CATEGORY}
        from ${applicationChoices}
        join ${applications} on ${applications.id} = ${applicationChoices.applicationId}
        join ${subjects} on ${subjects.id} = ${applicationChoices.SUBJECT_ID}
        where ${assignmentKeys}
    )
    select keys.lecturer_id, ${persons.MATRICULE} as matricule, ${persons.FIRSTNAME} as firstname, ${persons.LASTNAME} as lastname,
      ${subjects.id} as subject_id, ${subjects.code} as subject_code, ${subjects.name} as subject_name, ${subjects.nameFr} as subject_name_fr,
      ${classes.id} as class_id, ${classes.code} as class_code, keys.part,
      (case keys.part when 'CM' then ${subjects.hoursCm} when 'TD' then ${subjects.hoursTd} else ${subjects.hoursTp} end) as volume,
      ${hoursWhere(sql`${lessons.status} <> 'NotValidated'`)} as planned,
      ${hoursWhere(sql`${lessons.status} in ('ValidatedButNotBilled', 'ValidatedAndBilled')`)} as validated,
      ${hoursWhere(sql`${lessons.status} = 'ValidatedAndBilled'`)} as billed
    from keys
    join ${persons} on ${persons.id} = keys.lecturer_id
    join ${subjects} on ${subjects.id} = keys.subject_id
    join ${classes} on ${classes.id} = ${subjects.classId}
    left join ${lessons} on ${lessons.lecturerId} = keys.lecturer_id and ${lessons.subjectId} = keys.subject_id and ${lessons.part} = keys.part and ${period ?? sql`true`}
    group by keys.lecturer_id, keys.part, ${persons.id}, ${subjects.id}, ${classes.id}
    order by ${persons.LASTNAME}, ${persons.FIRSTNAME}, keys.lecturer_id, ${classes.code}, ${subjects.code}, keys.part`);
  return rowsOf<HoursLine>(result).map((line) => ({
    lecturer: { id: line.lecturer_id, MATRICULE: line.matricule, FIRSTNAME: line.firstname, LASTNAME: line.lastname },
    subject: { id: line.subject_id, code: line.subject_code, name: line.subject_name, nameFr: line.subject_name_fr },
    class: { id: line.class_id, code: line.class_code },
    part: line.part,
    volume: Number(line.volume),
    planned: Number(line.planned),
    validated: Number(line.validated),
    billed: Number(line.billed),
  }));
}

/** `GET /lessons/hours`: the report's lines. */
export async function lessonHours(ctx: ServiceContext, input: { query: LessonHoursQuery }): Promise<LessonHours> {
  return { rows: await hoursLines(ctx.db, input.query) };
}

/** The export's columns: the locale key of each header, its width, and how a spreadsheet shows its numbers. */
const COLUMNS = [
  { key: 'matricule', width: 12 },
  { key: 'lastName', width: 20 },
  { key: 'firstName', width: 20 },
  { key: 'class', width: 16 },
  { key: 'subjectCode', width: 12 },
  { key: 'subject', width: 40 },
  { key: 'part', width: 22 },
  { key: 'volume', width: 10, numFmt: '0.00' },
  { key: 'planned', width: 10, numFmt: '0.00' },
  { key: 'validated', width: 10, numFmt: '0.00' },
  { key: 'billed', width: 10, numFmt: '0.00' },
  { key: 'remaining', width: 12, numFmt: '0.00' },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];

/** One line as the export's cells, texts in the language asked; `remaining` is the volume less the hours planned. */
function exportCells(row: LessonHoursRow, lang: Lang): Record<ColumnKey, string | number> {
  return {
    matricule: row.lecturer.MATRICULE,
    lastName: row.lecturer.LASTNAME,
    firstName: row.lecturer.FIRSTNAME,
    class: row.class.code,
    subjectCode: row.subject.code,
    subject: lang === 'fr' ? row.subject.nameFr : row.subject.name,
    part: tr(lang, `lessonHours.parts.${row.part}`),
    volume: row.volume,
    planned: row.planned,
    validated: row.validated,
    billed: row.billed,
    remaining: Math.round((row.volume - row.planned) * 100) / 100,
  };
}

/**
 * `GET /lessons/hours/export`: the report as a file, headers in the caller's language: CSV
 * (spreadsheet-safe, lib/spreadsheet.ts) or XLSX (numbers as numbers, a frozen header, a filter).
 */
export async function exportLessonHours(
  ctx: ServiceContext,
  input: { query: LessonHoursExportQuery; lang: Lang },
): Promise<{ body: string | Buffer; filename: string; contentType: string }> {
  const { query, lang } = input;
  const rows = await hoursLines(ctx.db, query);
  const filename = `lesson-hours${query.from ? `-${query.from}` : ''}${query.to ? `-${query.to}` : ''}.${query.format}`;
  const contentType = EXPORT_CONTENT_TYPES[query.format];
  const header = COLUMNS.map((column) => tr(lang, `lessonHours.columns.${column.key}`));
  if (query.format === 'csv') {
    return {
      body: csvDocument(
        header,
        rows.map((row) => {
          const cells = exportCells(row, lang);
          return COLUMNS.map((column) => cells[column.key]);
        }),
      ),
      filename,
      contentType,
    };
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'University portal';
  workbook.created = ctx.clock.now();
  addTableSheet(workbook, {
    name: tr(lang, 'lessonHours.sheet'),
    columns: COLUMNS.map((column, index) => ({ ...column, header: header[index]! })),
    rows: rows.map((row) => exportCells(row, lang)),
  });
  return { body: Buffer.from(await workbook.xlsx.writeBuffer()), filename, contentType };
}
