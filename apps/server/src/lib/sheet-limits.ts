import { isSafeText } from './safe-text';

/* What an imported table is parsed into (lib/sheet-parse.ts), within which limits, and why it is refused. */

export interface ParseLimits {
  /** non-empty lines after the header */
  maxRows: number;
  /** cells read (empty ones within a row included), and strings of an XLSX's shared table */
  maxCells: number;
  /** what an XLSX's entries declare they expand to, all together; and what is inflated of them */
  maxExpandedBytes: number;
}

/** The first line (the header) and the non-empty lines after it, each with its line number in the file. */
export interface ParsedSheet {
  header: string[];
  lines: { line: number; cells: string[] }[];
}

/** Why a file is refused; the caller answers it (lib/sheet-import.ts). */
export type Refusal = { kind: 'unreadable'; message: string } | { kind: 'rows' | 'cells' | 'expanded'; limit: number } | { kind: 'characters' };

export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.kind);
  }
}

export const unreadable = (message: string) => new Refused({ kind: 'unreadable', message });
export const NOT_XLSX = 'The file is not a readable XLSX workbook';

/** Gathers the lines as they are read, holding them to the row and cell limits as it goes. */
export function gatherer(limits: ParseLimits) {
  let header: string[] | null = null;
  const lines: ParsedSheet['lines'] = [];
  let cells = 0;
  return {
    /** counts cells read, refusing past the limit at once */
    count(n: number) {
      cells += n;
      if (cells > limits.maxCells) throw new Refused({ kind: 'cells', limit: limits.maxCells });
    },
    /** the first line given is the header; an empty line after it is left out */
    add(line: number, row: string[]) {
      if (!row.every(isSafeText)) throw new Refused({ kind: 'characters' });
      if (header === null) header = row;
      else if (row.some((cell) => cell !== '')) {
        if (lines.length >= limits.maxRows) throw new Refused({ kind: 'rows', limit: limits.maxRows });
        lines.push({ line, cells: row });
      }
    },
    get started() {
      return header !== null;
    },
    sheet: (): ParsedSheet => ({ header: header ?? [], lines }),
  };
}
