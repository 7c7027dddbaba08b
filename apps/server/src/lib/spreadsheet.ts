import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';

/**
 * Spreadsheet-safe exports (OWASP, "CSV Injection"): a text cell that a spreadsheet would read as a
 * formula (=, +, -, @, a tab or a carriage return first, also after leading spaces, and their
 * full-width forms) gets a leading apostrophe, so `=HYPERLINK(...)` typed into a profile is shown
 * as text instead of being run. Numbers stay numbers (a negative amount is not text): only a
 * column given as a number is written unchanged. Every export goes through `csvDocument`.
 */
export type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[\s\u00a0\u3000]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

/** One cell as written: numbers as they are, text neutralised, nothing as an empty cell. */
export function spreadsheetCell(value: Cell): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A CSV file: UTF-8 with a byte-order mark (so spreadsheets read accents right), the header, then
 * the rows, each cell through `spreadsheetCell`; quoting by csv-stringify.
 */
export function csvDocument(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return `\uFEFF${stringify([header.map(spreadsheetCell), ...rows.map((row) => row.map(spreadsheetCell))])}`;
}

/** The content types of the exports a report offers. */
export const EXPORT_CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** A column of an XLSX table: its key in the rows, its header (translated), its width and how its numbers or dates show. */
export interface SheetColumn {
  key: string;
  header: string;
  width: number;
  numFmt?: string;
}

/**
 * Adds a table to a workbook: a bold header row that stays in view, typed columns, and a filter on
 * the header (`filter: false` for a short summary). The reports' XLSX exports are made of these.
 */
export function addTableSheet(
  workbook: ExcelJS.Workbook,
  input: { name: string; columns: readonly SheetColumn[]; rows: Iterable<Record<string, unknown>>; filter?: boolean },
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(input.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = input.columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width,
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of input.rows) sheet.addRow(row);
  if (input.filter ?? true) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: input.columns.length } };
  return sheet;
}
