import path from 'node:path';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { gatherer, NOT_XLSX, Refused, unreadable, type ParsedSheet, type ParseLimits } from './sheet-limits';
import { inflater, zipEntries } from './sheet-zip';

/* An XLSX workbook's first sheet, read from its XML parts a slice at a time (lib/sheet-parse.ts). */

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
export function parseXlsx(data: Buffer, limits: ParseLimits): ParsedSheet {
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
        if (a && b)
          merges.push({ top: Math.min(a.row, b.row), left: Math.min(a.column, b.column), bottom: Math.max(a.row, b.row), right: Math.max(a.column, b.column) });
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
