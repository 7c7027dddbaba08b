import { stringify } from 'csv-stringify/sync';

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
