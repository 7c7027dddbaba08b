// Parsing an imported table, CSV or XLSX, within limits (decision 67). It runs in a worker thread
// (sheet-import.worker.ts), never on the server's own: the work is bounded by the limits (sheet-limits.ts), and
// the worker by a deadline and a heap of its own. Of an XLSX workbook only the cell values of the
// first sheet are read, with its merged ranges (their cells counted), the shared strings, the number
// formats that make a number a date and the 1904 date system: data validations, defined names and
// the like, which a full workbook model expands cell by cell (a few bytes naming a billion cells),
// are never read.
import { parse } from 'csv-parse/sync';
import { gatherer, Refused, unreadable, type ParsedSheet, type ParseLimits } from './sheet-limits';
import { parseXlsx } from './sheet-xlsx';

export { Refused, type ParsedSheet, type ParseLimits, type Refusal } from './sheet-limits';

const ZIP = Buffer.from('PK\u0003\u0004', 'latin1');

/** A CSV or XLSX file, told apart by content (an XLSX workbook is a ZIP archive), never by name or declared type. */
export function parseSheet(data: Buffer, limits: ParseLimits): ParsedSheet {
  return data.subarray(0, 4).equals(ZIP) ? parseXlsx(data, limits) : parseCsv(data, limits);
}

// ---------------------------------------------------------------- CSV

/** `;` or `,`, whichever the header line uses more (quoted parts ignored). */
function detectDelimiter(text: string): ';' | ',' {
  const end = text.search(/\r?\n/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  return header.split(';').length > header.split(',').length ? ';' : ',';
}

/** UTF-8 text, `;` or `,` separated; each record counted as it is read, so that a limit stops the parse there. */
function parseCsv(data: Buffer, limits: ParseLimits): ParsedSheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw unreadable('The file is neither an XLSX workbook nor UTF-8 CSV text');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const sheet = gatherer(limits);
  try {
    parse(text, {
      delimiter: detectDelimiter(text),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      on_record: (record: string[], context: { lines: number }) => {
        sheet.count(record.length);
        sheet.add(context.lines, record);
        return null; // kept by the gatherer, not by the parser
      },
    });
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw unreadable(`The file is not a readable CSV: ${(error as Error).message.slice(0, 200)}`);
  }
  return sheet.sheet();
}
