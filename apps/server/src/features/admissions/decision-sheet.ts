// Reading a file of decisions (issue 14, decision 44): CSV (UTF-8, `;` or `,`) or XLSX, told apart
// by content, the first row naming the columns. The same reading as the lessons' import
// (features/timetable/lesson-import.service.ts), which keeps its own private: see decision 44.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { ADMISSION_DECISIONS_MAX, V } from '@portal/contract';
import { AppError, validationError } from '../../lib/errors';
import { isSafeText } from '../../lib/safe-text';

/** The largest file read (the multipart limits and the raw body limit enforce it too). */
export const DECISION_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The columns of a file of decisions; SPECIALITY may be left out. */
export const DECISION_IMPORT_COLUMNS = ['CANDIDATE_NUMBER', 'DECISION', 'SPECIALITY'] as const;
const REQUIRED_COLUMNS = ['CANDIDATE_NUMBER', 'DECISION'] as const;
export type DecisionImportColumn = (typeof DECISION_IMPORT_COLUMNS)[number];

/** A line of the file: its number in the file (the header is line 1) and its cells by column. */
export interface SheetLine {
  line: number;
  cells: Record<DecisionImportColumn, string>;
}

const invalidFile = (message?: string, columns?: string[]) => new AppError('CSV_INVALID', { ...(message ? { message } : {}), ...(columns ? { columns } : {}) });

type Sheet = { header: string[]; lines: { line: number; cells: string[] }[] };

/** `;` or `,`, whichever the header line uses more (quoted parts ignored). */
function detectDelimiter(text: string): ';' | ',' {
  const end = text.search(/\r?\n/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  return header.split(';').length > header.split(',').length ? ';' : ',';
}

function readCsv(data: Buffer): Sheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw invalidFile('The file is neither an XLSX workbook nor UTF-8 CSV text');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (!isSafeText(text)) throw validationError({ FILE: V.invalidCharacters });
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { delimiter: detectDelimiter(text), info: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw invalidFile(`The file is not a readable CSV: ${(error as Error).message.slice(0, 200)}`);
  }
  const [first, ...rest] = records;
  if (!first) throw invalidFile('The file is empty', [...REQUIRED_COLUMNS]);
  return { header: first.record, lines: rest.map((r) => ({ line: r.info.lines, cells: r.record })) };
}

/** An XLSX cell as text (a number typed in a cell is its digits; a formula its result). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
  return '';
}

async function readXlsx(data: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw invalidFile('The file is not a readable XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) throw invalidFile('The file is empty', [...REQUIRED_COLUMNS]);
  if (sheet.actualRowCount > ADMISSION_DECISIONS_MAX + 1) throw invalidFile(`The file has more than ${ADMISSION_DECISIONS_MAX} lines`);
  const rows: { line: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    // row.values is 1-based: its first item is empty
    rows.push({ line, cells: (row.values as ExcelJS.CellValue[]).slice(1).map((value) => cellText(value ?? null)) });
  });
  for (const { cells } of rows) if (!cells.every(isSafeText)) throw validationError({ FILE: V.invalidCharacters });
  const [first, ...rest] = rows;
  if (!first) throw invalidFile('The file is empty', [...REQUIRED_COLUMNS]);
  return { header: first.cells, lines: rest };
}

const ZIP = Buffer.from('PK\u0003\u0004', 'latin1');

/**
 * The lines of a file of decisions, each with its cells by column (CANDIDATE_NUMBER and DECISION
 * required, in any order; without them 400 CSV_INVALID with the missing `columns`). Empty lines
 * are skipped; more than ADMISSION_DECISIONS_MAX lines, or an unreadable file, is CSV_INVALID.
 */
export async function readDecisionSheet(data: Buffer): Promise<SheetLine[]> {
  if (data.length > DECISION_IMPORT_MAX_BYTES) throw new AppError('FILE_TOO_LARGE');
  if (data.length === 0) throw validationError({ FILE: V.required });
  const sheet = data.subarray(0, 4).equals(ZIP) ? await readXlsx(data) : readCsv(data);
  const header = sheet.header.map((h) => h.trim().toUpperCase());
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length) throw invalidFile(undefined, missing);
  const lines = sheet.lines.filter((l) => l.cells.some((cell) => cell !== ''));
  if (!lines.length) throw invalidFile('The file has no decision', [...REQUIRED_COLUMNS]);
  if (lines.length > ADMISSION_DECISIONS_MAX) throw invalidFile(`The file has more than ${ADMISSION_DECISIONS_MAX} lines`);
  return lines.map(({ line, cells }) => ({
    line,
    cells: Object.fromEntries(DECISION_IMPORT_COLUMNS.map((column) => [column, header.indexOf(column) === -1 ? '' : (cells[header.indexOf(column)] ?? '').trim()])) as Record<DecisionImportColumn, string>,
  }));
}
