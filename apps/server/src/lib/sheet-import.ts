// Reading an imported table (the lessons' import, the admissions' decisions): CSV (UTF-8, `;` or `,`)
// or XLSX, told apart by content (an XLSX workbook is a ZIP archive), never by name or declared type;
// the first row names the columns.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { V } from '@portal/contract/rules';
import { AppError, validationError } from './errors';
import { isSafeText } from './safe-text';

/** The header (upper case) and the non-empty lines of a file, each with its line number in the file (the header is line 1). */
export interface ImportSheet {
  header: string[];
  lines: { line: number; cells: string[] }[];
}

/** 400 CSV_INVALID, with the reason and, when the columns are at fault, the columns expected. */
export const invalidSheet = (message?: string, columns?: readonly string[]) => new AppError('CSV_INVALID', { ...(message ? { message } : {}), ...(columns ? { columns: [...columns] } : {}) });

/** `;` or `,`, whichever the header line uses more (quoted parts ignored). */
function detectDelimiter(text: string): ';' | ',' {
  const end = text.search(/\r?\n/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  return header.split(';').length > header.split(',').length ? ';' : ',';
}

function readCsv(data: Buffer): ImportSheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw invalidSheet('The file is neither an XLSX workbook nor UTF-8 CSV text');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (!isSafeText(text)) throw validationError({ FILE: V.invalidCharacters });
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { delimiter: detectDelimiter(text), info: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw invalidSheet(`The file is not a readable CSV: ${(error as Error).message.slice(0, 200)}`);
  }
  const [first, ...rest] = records;
  return { header: first?.record ?? [], lines: rest.map((r) => ({ line: r.info.lines, cells: r.record })) };
}

/** An XLSX cell as text; dates and times typed as such in the workbook come as `YYYY-MM-DD` and `HH:MM` (they carry no time zone). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // to the nearest minute: a spreadsheet keeps times as fractions of a day
    const iso = new Date(Math.round(value.getTime() / 60_000) * 60_000).toISOString();
    // a time alone is a date on Excel's day zero (1899-12-30)
    return iso.startsWith('1899-12-30') ? iso.slice(11, 16) : iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
  return '';
}

async function readXlsx(data: Buffer, maxRows: number): Promise<ImportSheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw invalidSheet('The file is not a readable XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) return { header: [], lines: [] };
  if (sheet.actualRowCount > maxRows + 1) throw invalidSheet(`The file has more than ${maxRows} lines`);
  const rows: { line: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    // row.values is 1-based: its first item is empty
    rows.push({ line, cells: (row.values as ExcelJS.CellValue[]).slice(1).map((value) => cellText(value ?? null)) });
  });
  for (const { cells } of rows) if (!cells.every(isSafeText)) throw validationError({ FILE: V.invalidCharacters });
  const [first, ...rest] = rows;
  return { header: first?.cells ?? [], lines: rest };
}

const ZIP = Buffer.from('PK\u0003\u0004', 'latin1');

/**
 * The header (trimmed, upper case) and the non-empty lines of an imported CSV or XLSX file. Larger
 * than `maxBytes`: 413-like FILE_TOO_LARGE; no header row: CSV_INVALID naming `columns`; more than
 * `maxRows` lines, or an unreadable file: CSV_INVALID.
 */
export async function readImportSheet(data: Buffer, limits: { maxBytes: number; maxRows: number; columns: readonly string[] }): Promise<ImportSheet> {
  if (data.length > limits.maxBytes) throw new AppError('FILE_TOO_LARGE');
  const sheet = data.subarray(0, 4).equals(ZIP) ? await readXlsx(data, limits.maxRows) : readCsv(data);
  if (!sheet.header.length) throw invalidSheet('The file is empty', limits.columns);
  const lines = sheet.lines.filter((l) => l.cells.some((cell) => cell !== ''));
  if (lines.length > limits.maxRows) throw invalidSheet(`The file has more than ${limits.maxRows} lines`);
  return { header: sheet.header.map((h) => h.trim().toUpperCase()), lines };
}
