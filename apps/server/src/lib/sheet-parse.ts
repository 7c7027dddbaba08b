// Parsing an imported table, CSV or XLSX, within limits (decision 67). It runs in a worker thread
// (sheet-import.worker.ts), never on the server's own: the work is bounded by the limits below, and
// the worker by a deadline and a heap of its own. Of an XLSX workbook only the cell values of the
// first sheet are read, with its merged ranges (their cells counted), the shared strings, the number
// formats that make a number a date and the 1904 date system: data validations, defined names and
// the like, which a full workbook model expands cell by cell (a few bytes naming a billion cells),
// are never read.
import { parse } from 'csv-parse/sync';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { isSafeText } from './safe-text';

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

const unreadable = (message: string) => new Refused({ kind: 'unreadable', message });
const NOT_XLSX = 'The file is not a readable XLSX workbook';

/** Gathers the lines as they are read, holding them to the row and cell limits as it goes. */
function gatherer(limits: ParseLimits) {
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

// ---------------------------------------------------------------- the ZIP archive

interface ZipEntry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const MAX32 = 0xffffffff;

/**
 * The entries of a ZIP archive by name, from its central directory, before anything is inflated:
 * past `maxExpandedBytes` declared in all, refused. ZIP64 archives (a workbook past 4 GiB or
 * 65,535 entries) and archives with bytes before their central directory's end are not read.
 */
function zipEntries(data: Buffer, maxExpandedBytes: number): Map<string, ZipEntry> {
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (data.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable(NOT_XLSX);
  const count = data.readUInt16LE(end + 10);
  const directorySize = data.readUInt32LE(end + 12);
  const directoryOffset = data.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === MAX32 || directoryOffset + directorySize !== end) throw unreadable(NOT_XLSX);
  const entries = new Map<string, ZipEntry>();
  let declared = 0;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || data.readUInt32LE(at) !== 0x02014b50) throw unreadable(NOT_XLSX);
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    let compressedSize = data.readUInt32LE(at + 20);
    let size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    let localOffset = data.readUInt32LE(at + 42);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > end) throw unreadable(NOT_XLSX);
    if (size === MAX32 || compressedSize === MAX32 || localOffset === MAX32) {
      // the ZIP64 extra field holds the sizes and offset too large for 32 bits, in this order
      const wide = zip64Field(data.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
      if (size === MAX32) size = wide.shift() ?? Infinity;
      if (compressedSize === MAX32) compressedSize = wide.shift() ?? Infinity;
      if (localOffset === MAX32) localOffset = wide.shift() ?? Infinity;
    }
    declared += size;
    if (declared > maxExpandedBytes) throw new Refused({ kind: 'expanded', limit: maxExpandedBytes });
    // encrypted, or compressed otherwise than stored or deflated: not a workbook Excel writes
    if (flags & 1 || (method !== 0 && method !== 8)) throw unreadable(NOT_XLSX);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength).replace(/\\/g, '/').replace(/^\/+/, '');
    entries.set(name, { method, compressedSize, size, localOffset });
    at = next;
  }
  return entries;
}

/** The 64-bit values of a ZIP64 extra field (id 1), as numbers. */
function zip64Field(extra: Buffer): number[] {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 1) {
      const values: number[] = [];
      for (let v = at + 4; v + 8 <= Math.min(extra.length, at + 4 + length); v += 8) values.push(Number(extra.readBigUInt64LE(v)));
      return values;
    }
    at += 4 + length;
  }
  return [];
}

/**
 * Inflates entries, never more than `budget` bytes in all, whatever their headers declare (a header
 * can lie: the inflater itself stops at the budget).
 */
function inflater(data: Buffer, entries: Map<string, ZipEntry>, maxExpandedBytes: number) {
  let left = maxExpandedBytes;
  return (name: string): Buffer | null => {
    const entry = entries.get(name);
    if (!entry) return null;
    const at = entry.localOffset;
    if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) throw unreadable(NOT_XLSX);
    const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    if (end > data.length) throw unreadable(NOT_XLSX);
    const raw = data.subarray(start, end);
    let out: Buffer;
    if (entry.method === 0) out = raw;
    else {
      try {
        out = inflateRawSync(raw, { maxOutputLength: Math.max(1, left) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new Refused({ kind: 'expanded', limit: maxExpandedBytes });
        throw unreadable(NOT_XLSX);
      }
    }
    if (out.length > left) throw new Refused({ kind: 'expanded', limit: maxExpandedBytes });
    left -= out.length;
    return out;
  };
}

// ---------------------------------------------------------------- XML

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** An attribute by its local name (`r:id` is `id`; with `prefixed`, only a prefixed one). */
function attribute(tag: SaxesTagPlain, name: string, prefixed = false): string | undefined {
  for (const [key, value] of Object.entries(tag.attributes)) {
    if (localName(key) === name && (!prefixed || key.includes(':'))) return value;
  }
  return undefined;
}

interface XmlHandlers {
  open?: (name: string, tag: SaxesTagPlain) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/** Reads an XML part, a slice of text at a time (never the whole part as one string); a handler stops it by throwing. */
function readXml(xml: Buffer, handlers: XmlHandlers): void {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) => open(localName(tag.name), tag));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const decoder = new TextDecoder('utf-8');
  const SLICE = 1 << 20;
  try {
    for (let at = 0; at < xml.length; at += SLICE) parser.write(decoder.decode(xml.subarray(at, at + SLICE), { stream: true }));
    parser.write(decoder.decode()).close();
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw unreadable(NOT_XLSX);
  }
}

// ---------------------------------------------------------------- the workbook

const MAX_COLUMN = 16_384;
const MAX_ROW = 1_048_576;

/** The number formats that make a number a date: those with a day, month, year, hour, minute or second (as exceljs reads them). */
const isDateFormat = (format: string) => /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
/** Excel's built-in date and time formats (14 to 22, 45 to 47). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** The cell styles (their index) whose number format is a date. */
function dateStyles(xml: Buffer | null): Set<number> {
  const dates = new Set<number>();
  if (!xml) return dates;
  const custom = new Map<number, string>();
  let inCellXfs = false;
  let index = 0;
  readXml(xml, {
    open: (name, tag) => {
      if (name === 'numFmt') custom.set(Number(attribute(tag, 'numFmtId')), attribute(tag, 'formatCode') ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attribute(tag, 'numFmtId') ?? 0);
        const format = custom.get(id);
        if (id && (format === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(format))) dates.add(index);
        index++;
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return dates;
}

/** The shared strings, rich ones joined, phonetic runs left out; no more than there may be cells. */
function sharedStrings(xml: Buffer | null, maxCells: number): string[] {
  const strings: string[] = [];
  if (!xml) return strings;
  let current: string[] | null = null;
  let phonetic = 0;
  let inText = false;
  readXml(xml, {
    open: (name) => {
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && current && !phonetic) inText = true;
    },
    close: (name) => {
      if (name === 'si' && current) {
        strings.push(current.join(''));
        current = null;
        if (strings.length > maxCells) throw new Refused({ kind: 'cells', limit: maxCells });
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (inText) current?.push(text);
    },
  });
  return strings;
}

/** The row and column of a cell reference (`AB12` is row 12, column 28); no row: 0. Null when it is none. */
function cellAt(reference: string): { row: number; column: number } | null {
  const match = /^\$?([A-Z]{1,3})\$?(\d*)$/i.exec(reference.trim());
  if (!match) return null;
  let column = 0;
  for (const letter of match[1]!.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  const row = Number(match[2] || 0);
  return column > MAX_COLUMN || row > MAX_ROW ? null : { row, column };
}

/** A date (a time alone on Excel's day zero, 1899-12-30) as `YYYY-MM-DD`, `HH:MM` or both, to the nearest minute: a spreadsheet keeps times as fractions of a day. */
function dateText(serial: number, date1904: boolean): string {
  const time = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  if (!Number.isFinite(time) || Math.abs(time) > 8.64e15) return '';
  const iso = new Date(Math.round(time / 60_000) * 60_000).toISOString();
  return iso.startsWith('1899-12-30') ? iso.slice(11, 16) : iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/**
 * The first sheet of an XLSX workbook, in the order of the workbook's sheets. A cell reads as its
 * text: a string trimmed; a number as written, or as a date when its format is one; a formula as its
 * result; a boolean as `true` or `false`; an error as empty.
 */
function parseXlsx(data: Buffer, limits: ParseLimits): ParsedSheet {
  const entries = zipEntries(data, limits.maxExpandedBytes);
  const inflate = inflater(data, entries, limits.maxExpandedBytes);

  // the workbook: its first sheet's relation, and its date system
  const workbook = inflate('xl/workbook.xml');
  if (!workbook) throw unreadable(NOT_XLSX);
  const sheetIds: string[] = [];
  let date1904 = false;
  readXml(workbook, {
    open: (name, tag) => {
      if (name === 'sheet') {
        const id = attribute(tag, 'id', true);
        if (id) sheetIds.push(id);
      } else if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attribute(tag, 'date1904') ?? '');
    },
  });
  const targets = new Map<string, string>();
  let stylesPart = 'xl/styles.xml';
  let stringsPart = 'xl/sharedStrings.xml';
  const relations = inflate('xl/_rels/workbook.xml.rels');
  if (relations) {
    readXml(relations, {
      open: (name, tag) => {
        if (name !== 'Relationship') return;
        const target = attribute(tag, 'Target') ?? '';
        const part = target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`);
        const type = attribute(tag, 'Type') ?? '';
        targets.set(attribute(tag, 'Id') ?? '', part);
        if (type.endsWith('/styles')) stylesPart = part;
        else if (type.endsWith('/sharedStrings')) stringsPart = part;
      },
    });
  }
  const sheetPart = sheetIds.map((id) => targets.get(id)).find((part) => part !== undefined && entries.has(part));
  const sheet = gatherer(limits);
  if (!sheetPart) return sheet.sheet();
  const dates = dateStyles(inflate(stylesPart));
  const strings = sharedStrings(inflate(stringsPart), limits.maxCells);

  // the sheet's rows, a cell at a time, and its merged ranges (after the rows in the sheet)
  const xml = inflate(sheetPart)!;
  const rows = new Map<number, string[]>();
  const merges: { top: number; left: number; bottom: number; right: number }[] = [];
  let inData = false;
  let rowNumber = 0;
  let row: string[] | null = null;
  let cellsInRow = 0;
  let column = 0;
  let cell: { type: string; style: number; formula: boolean; value: string[] | null; inline: string[] | null } | null = null;
  let capture: string[] | null = null;
  let phonetic = 0;

  const cellText = (c: NonNullable<typeof cell>): string => {
    const value = c.value?.join('') ?? null;
    if (c.inline) return c.inline.join('').trim();
    if (value === null) return '';
    switch (c.type) {
      case 's':
        return c.formula ? value.trim() : (strings[Number.parseInt(value, 10)] ?? '').trim();
      case 'str':
      case 'inlineStr':
        return value.trim();
      case 'b':
        return String(Number.parseInt(value, 10) !== 0);
      case 'e':
        return '';
      case 'd':
        return dateText(Date.parse(value.trim()) / 86_400_000 + 25569, false);
      default: {
        const number = Number.parseFloat(value);
        if (Number.isNaN(number)) return '';
        return dates.has(c.style) ? dateText(number, date1904) : String(number);
      }
    }
  };

  readXml(xml, {
    open: (name, tag) => {
      if (name === 'sheetData') inData = true;
      else if (name === 'mergeCell') {
        const [from, to] = (attribute(tag, 'ref') ?? '').split(':');
        const a = from ? cellAt(from) : null;
        const b = to ? cellAt(to) : null;
        if (a && b) merges.push({ top: Math.min(a.row, b.row), left: Math.min(a.column, b.column), bottom: Math.max(a.row, b.row), right: Math.max(a.column, b.column) });
      } else if (!inData) return;
      else if (name === 'row') {
        const r = attribute(tag, 'r');
        rowNumber = r === undefined ? rowNumber + 1 : Number(r);
        if (!Number.isInteger(rowNumber) || rowNumber < 1 || rowNumber > MAX_ROW) throw unreadable(NOT_XLSX);
        row = [];
        cellsInRow = 0;
        column = 0;
      } else if (name === 'c' && row) {
        const r = attribute(tag, 'r');
        const at = r === undefined ? column + 1 : (cellAt(r)?.column ?? null);
        if (at === null) throw unreadable(NOT_XLSX);
        column = at;
        sheet.count(1);
        cellsInRow++;
        cell = { type: attribute(tag, 't') ?? 'n', style: Number(attribute(tag, 's') ?? 0), formula: false, value: null, inline: null };
      } else if (cell) {
        if (name === 'f') cell.formula = true;
        else if (name === 'v') capture = cell.value = [];
        else if (name === 'is') cell.inline = [];
        else if (name === 'rPh') phonetic++;
        else if (name === 't' && cell.inline && !phonetic) capture = cell.inline;
      }
    },
    close: (name) => {
      if (!inData) return;
      if (name === 'v' || name === 't') capture = null;
      else if (name === 'rPh') phonetic--;
      else if (name === 'c' && cell && row) {
        const text = cellText(cell);
        if (text !== '') row[column - 1] = text;
        cell = null;
      } else if (name === 'row' && row) {
        // the gaps between cells become empty cells: they count too
        if (row.length > cellsInRow) sheet.count(row.length - cellsInRow);
        if (row.length) {
          rows.set(rowNumber, row);
          // the header and the limit's lines: one more is refused at once, without reading on
          if (rows.size > limits.maxRows + 1) throw new Refused({ kind: 'rows', limit: limits.maxRows });
        }
        row = null;
      } else if (name === 'sheetData') inData = false;
    },
    text: (text) => capture?.push(text),
  });

  // A merged range reads as its first cell throughout (as a spreadsheet shows it, and as exceljs read
  // it): a day merged over the lines of its lessons. Every cell of the range counts.
  for (const merge of merges) {
    sheet.count((merge.bottom - merge.top + 1) * (merge.right - merge.left + 1) - 1);
    const text = rows.get(merge.top)?.[merge.left - 1] ?? '';
    for (let r = merge.top; r <= merge.bottom; r++) {
      let target = rows.get(r);
      if (!target && text === '') continue;
      if (!target) rows.set(r, (target = []));
      for (let c = merge.left; c <= merge.right; c++) if (r > merge.top || c > merge.left) target[c - 1] = text;
    }
  }
  // the header is the first row with a value
  for (const [line, cells] of [...rows].sort(([a], [b]) => a - b)) {
    const texts = Array.from(cells, (text) => text ?? '');
    if (sheet.started || texts.some((text) => text !== '')) sheet.add(line, texts);
  }
  return sheet.sheet();
}
