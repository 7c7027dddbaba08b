import { parse } from 'csv-parse/sync';
import { inArray, sql } from 'drizzle-orm';
import { MAX_IMPORT_LINES, SUBJECT_CSV_COLUMNS, SUBJECT_CSV_OPTIONAL_COLUMNS, SubjectInput, V, type ImportReport } from '@portal/contract';
import { subjects } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { isSafeText } from '../../lib/safe-text';
import { issueFields } from '../../lib/uploads';
import { classCodeIndex, subjectValues } from './catalogue.service';

/** The largest CSV accepted (the content-type parser and the multipart limits enforce it too). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Rows per INSERT statement. */
const BATCH = 5000;

type Column = (typeof SUBJECT_CSV_COLUMNS)[number];
/** Empty hour cells mean no hours for that part. */
const ZERO_WHEN_EMPTY = new Set<Column>(['HOURS_CM', 'HOURS_TD', 'HOURS_TP']);

const invalidCsv = (message?: string, columns?: string[]) => new AppError('CSV_INVALID', { ...(message ? { message } : {}), ...(columns ? { columns } : {}) });

/** `;` or `,`, whichever the header line uses more (quoted parts ignored). */
function detectDelimiter(text: string): ';' | ',' {
  const end = text.search(/\r?\n/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  const semicolons = header.split(';').length - 1;
  const commas = header.split(',').length - 1;
  return semicolons > commas ? ';' : ',';
}

/** The records of the file with their line numbers (the header is line 1); CSV_INVALID when unreadable. */
function readCsv(data: Buffer): { header: string[]; lines: { line: number; cells: string[] }[] } {
  if (data.length > MAX_IMPORT_BYTES) throw new AppError('FILE_TOO_LARGE');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw invalidCsv('The file is not UTF-8 text');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // A NUL byte is no CSV text (and no cell could be stored with it).
  if (!isSafeText(text)) throw validationError({ FILE: V.invalidCharacters });
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw invalidCsv(`The file is not a readable CSV: ${(error as Error).message.slice(0, 200)}`);
  }
  const [first, ...rest] = records;
  if (!first) throw invalidCsv('The file is empty', [...SUBJECT_CSV_COLUMNS]);
  const lines = rest.filter((r) => r.record.some((cell) => cell !== '')).map((r) => ({ line: r.info.lines, cells: r.record }));
  if (lines.length > MAX_IMPORT_LINES) throw invalidCsv(`The file has more than ${MAX_IMPORT_LINES} lines`);
  return { header: first.record.map((h) => h.trim().toUpperCase()), lines };
}

/**
 * Imports subjects from a CSV file: each line is checked like a subject typed in the form, its
 * class found by code; valid lines are inserted or update the subject of the same class and code,
 * all in one transaction. A dry run checks and counts without writing.
 */
export async function importSubjects(ctx: ServiceContext, input: Acting & { data: Buffer; dryRun: boolean }): Promise<ImportReport> {
  const { header, lines } = readCsv(input.data);

  const missing = SUBJECT_CSV_COLUMNS.filter((c) => !header.includes(c) && !SUBJECT_CSV_OPTIONAL_COLUMNS.includes(c));
  // a file without French names changes none of the French names already there
  const keepFrench = !header.includes('NAME_FR');
  if (missing.length) throw invalidCsv(undefined, missing);
  const index = Object.fromEntries(SUBJECT_CSV_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<Column, number>;

  const classIdOf = await classCodeIndex(ctx);
  const rejected: ImportReport['rejected'] = [];
  const valid = new Map<string, { line: number; values: ReturnType<typeof subjectValues> }>();

  for (const { line, cells } of lines) {
    const raw: Partial<Record<Column, string>> = {};
    for (const column of SUBJECT_CSV_COLUMNS) {
      const cell = cells[index[column]] ?? '';
      if (cell !== '') raw[column] = cell;
      else if (ZERO_WHEN_EMPTY.has(column)) raw[column] = '0';
    }
    const errors: Record<string, string> = {};
    const classId = raw.CLASS_CODE === undefined ? undefined : classIdOf(raw.CLASS_CODE);
    if (raw.CLASS_CODE === undefined) errors.CLASS_CODE = V.required;
    else if (classId === undefined) errors.CLASS_CODE = V.unknownClass;
    const { CLASS_CODE: _code, ...fields } = raw;
    // An unknown class is reported on CLASS_CODE; the other fields are still checked.
    const parsed = SubjectInput.safeParse({ ...fields, CLASS_ID: classId ?? 1 });
    if (!parsed.success) Object.assign(errors, issueFields(parsed.error.issues));
    if (!Object.keys(errors).length && parsed.success) {
      const key = `${parsed.data.CLASS_ID}\u0000${parsed.data.CODE}`;
      if (valid.has(key)) errors.CODE = V.duplicateLine;
      else valid.set(key, { line, values: subjectValues(parsed.data) });
    }
    if (Object.keys(errors).length) rejected.push({ LINE: line, ERRORS: errors });
  }

  const rows = [...valid.values()].map((v) => v.values);
  const run = async (exec: Pick<ServiceContext['db'], 'select' | 'insert'>) => {
    const classIds = [...new Set(rows.map((r) => r.classId))];
    const existing = new Set<string>();
    for (let i = 0; i < classIds.length; i += BATCH) {
      const found = await exec
        .select({ classId: subjects.classId, code: subjects.code })
        .from(subjects)
        .where(inArray(subjects.classId, classIds.slice(i, i + BATCH)));
      for (const s of found) existing.add(`${s.classId}\u0000${s.code}`);
    }
    const updated = rows.filter((r) => existing.has(`${r.classId}\u0000${r.code}`)).length;
    return { inserted: rows.length - updated, updated };
  };

  if (input.dryRun) {
    const counts = await run(ctx.db);
    return { ...counts, rejected, dryRun: true };
  }
  const counts = await ctx.db.transaction(async (tx) => {
    const result = await run(tx);
    // One statement per batch of rows sent as a single JSON parameter: few round trips, one plan.
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = JSON.stringify(rows.slice(i, i + BATCH));
      await tx.execute(sql`
        insert into ${subjects} (code, name, name_fr, class_id, hours_cm, hours_td, hours_tp, hourly_rate, credits)
        select x."code", x."name", x."nameFr", x."classId", x."hoursCm", x."hoursTd", x."hoursTp", x."hourlyRate", x."credits"
        from json_to_recordset(${batch}::json) as x("code" text, "name" text, "nameFr" text, "classId" int, "hoursCm" int, "hoursTd" int, "hoursTp" int, "hourlyRate" int, "credits" int)
        on conflict (class_id, code) do update set
          name = excluded.name, name_fr = case when ${keepFrench}::boolean then ${subjects}.name_fr else excluded.name_fr end, hours_cm = excluded.hours_cm, hours_td = excluded.hours_td, hours_tp = excluded.hours_tp,
          hourly_rate = excluded.hourly_rate, credits = excluded.credits`);
    }
    await audit(tx, {
      at: ctx.clock.now(),
      actorId: input.actor.id,
      action: 'academic.subjects-imported',
      targetType: 'subject',
      ip: input.meta.ip,
      details: { ...result, rejected: rejected.length, lines: lines.length },
    });
    return result;
  });
  return { ...counts, rejected, dryRun: false };
}
