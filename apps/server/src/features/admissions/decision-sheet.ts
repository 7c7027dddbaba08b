// Reading a file of decisions (issue 14, decision 44): CSV (UTF-8, `;` or `,`) or XLSX, read as the
// lessons' import reads its file (lib/sheet-import.ts), the first row naming the columns.
import { ADMISSION_DECISIONS_MAX, V } from '@portal/contract';
import { validationError } from '../../lib/errors';
import { invalidSheet, readImportSheet } from '../../lib/sheet-import';

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

/**
 * The lines of a file of decisions, each with its cells by column (CANDIDATE_NUMBER and DECISION
 * required, in any order; without them 400 CSV_INVALID with the missing `columns`). Empty lines
 * are skipped; more than ADMISSION_DECISIONS_MAX lines is 413 IMPORT_TOO_MANY_ROWS, an unreadable file
 * CSV_INVALID (and the other limits of lib/sheet-import.ts).
 */
export async function readDecisionSheet(data: Buffer): Promise<SheetLine[]> {
  if (data.length === 0) throw validationError({ FILE: V.required });
  const { header, lines } = await readImportSheet(data, { maxBytes: DECISION_IMPORT_MAX_BYTES, maxRows: ADMISSION_DECISIONS_MAX, columns: REQUIRED_COLUMNS });
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length) throw invalidSheet(undefined, missing);
  if (!lines.length) throw invalidSheet('The file has no decision', REQUIRED_COLUMNS);
  return lines.map(({ line, cells }) => ({
    line,
    cells: Object.fromEntries(
      DECISION_IMPORT_COLUMNS.map((column) => [column, header.indexOf(column) === -1 ? '' : (cells[header.indexOf(column)] ?? '').trim()]),
    ) as Record<DecisionImportColumn, string>,
  }));
}
