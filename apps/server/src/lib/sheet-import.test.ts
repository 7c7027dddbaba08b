import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { workbook, zip } from '../../test/xlsx';
import { readImportSheet, SHEET_IMPORT_LIMITS, sheetImportWorkers } from './sheet-import';
import { parseSheet, Refused, type ParseLimits } from './sheet-parse';

// Decision 67: imports are parsed in worker threads, within limits. The routes' answers are in
// security/finding-16-xlsx-bomb.test.ts; here, the workers and the parse itself.

const LIMITS: ParseLimits = { maxRows: 5_000, maxCells: SHEET_IMPORT_LIMITS.cells, maxExpandedBytes: SHEET_IMPORT_LIMITS.expandedBytes };
const read = (data: Buffer, more: { deadlineMs?: number } = {}) =>
  readImportSheet(data, { maxBytes: 5 * 1024 * 1024, maxRows: 5_000, columns: ['A'], ...more });
const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
  return null;
};
/** A CSV of 5,000 lines of 80 cells: some 100 ms of parsing. */
const largeCsv = () =>
  Buffer.from(
    [
      Array.from({ length: 80 }, (_, i) => `C${i}`).join(';'),
      ...Array.from({ length: 5_000 }, (_, l) => Array.from({ length: 80 }, (_, c) => `${l}.${c}`).join(';')),
    ].join('\n'),
  );

describe('the parsing workers', () => {
  it('parse no more files at once than there are workers, queue a few and refuse the others at once (503 SERVER_BUSY)', async () => {
    const { workers, queue } = SHEET_IMPORT_LIMITS;
    const file = largeCsv();
    const outcomes = await Promise.allSettled(Array.from({ length: workers + queue + 3 }, () => read(file)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(workers + queue);
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason)).toEqual(
      Array.from({ length: 3 }, () => expect.objectContaining({ code: 'SERVER_BUSY', status: 503 })),
    );
    expect(sheetImportWorkers().workers).toBeLessThanOrEqual(workers);
    expect(sheetImportWorkers()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('end a worker still parsing at its deadline (400 IMPORT_TOO_COMPLEX), and parse the next file in a new one', async () => {
    await expect(read(largeCsv(), { deadlineMs: 1 })).rejects.toMatchObject({ code: 'IMPORT_TOO_COMPLEX', status: 400 });
    expect(sheetImportWorkers().running).toBe(0);
    expect((await read(Buffer.from('A;B\n1;2\n'))).lines).toEqual([{ line: 2, cells: ['1', '2'] }]);
  });
});

describe('the parse', () => {
  const header = ['A', 'B'];
  const twoRows = '<row r="2"><c r="A2" t="inlineStr"><is><t>x</t></is></c><c r="B2"><v>2</v></c></row>';

  it('reads what a spreadsheet writes: the first sheet, dates, times, rich text, formulas, gaps and merged ranges', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('First');
    sheet.addRow(['DATE', 'TIME', 'TEXT', 'FORMULA', 'FLAG']);
    sheet.addRow([
      new Date(Date.UTC(2036, 1, 4)),
      new Date(Date.UTC(1899, 11, 30, 10, 10)),
      { richText: [{ text: ' Rich ' }, { font: { bold: true }, text: 'text ' }] },
      { formula: '1+1', result: 2 },
      true,
    ]);
    sheet.addRow(['gap']).getCell(5).value = 'far';
    sheet.mergeCells('A4:A5');
    sheet.getCell('A4').value = '2036-02-05';
    sheet.getCell('B5').value = 'merged below';
    book.addWorksheet('Second').addRow(['not read']);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    expect(parseSheet(data, LIMITS)).toEqual({
      header: ['DATE', 'TIME', 'TEXT', 'FORMULA', 'FLAG'],
      lines: [
        { line: 2, cells: ['2036-02-04', '10:10', 'Rich text', '2', 'true'] },
        { line: 3, cells: ['gap', '', '', '', 'far'] },
        { line: 4, cells: ['2036-02-05'] },
        { line: 5, cells: ['2036-02-05', 'merged below'] },
      ],
    });
  });

  it('does not expand a data validation over a whole sheet, which a spreadsheet model fills cell by cell', () => {
    const validated = workbook(header, twoRows, {
      after: '<dataValidations count="1"><dataValidation type="list" sqref="A1:XFD1048576"><formula1>"x,y"</formula1></dataValidation></dataValidations>',
    });
    expect(parseSheet(validated, LIMITS)).toEqual(parseSheet(workbook(header, twoRows), LIMITS));
  });

  it('refuses past the limits as it reads: lines, cells (empty ones between cells too), expanded size declared or inflated', () => {
    const rows = (count: number) => Array.from({ length: count }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>1</v></c></row>`).join('');
    expect(refusalOf(() => parseSheet(workbook(header, rows(10)), { ...LIMITS, maxRows: 9 }))).toEqual({ kind: 'rows', limit: 9 });
    expect(parseSheet(workbook(header, rows(9)), { ...LIMITS, maxRows: 9 }).lines).toHaveLength(9);
    expect(refusalOf(() => parseSheet(workbook(header, '<row r="2"><c r="A2"><v>1</v></c><c r="Z2"><v>1</v></c></row>'), { ...LIMITS, maxCells: 20 }))).toEqual(
      { kind: 'cells', limit: 20 },
    );
    expect(refusalOf(() => parseSheet(Buffer.from('A;B\n1;2\n3;4\n'), { ...LIMITS, maxCells: 5 }))).toEqual({ kind: 'cells', limit: 5 });
    const big = `<row r="2"><c r="A2" t="inlineStr"><is><t>${'x'.repeat(100_000)}</t></is></c></row>`;
    expect(refusalOf(() => parseSheet(workbook(header, big), { ...LIMITS, maxExpandedBytes: 50_000 }))).toEqual({ kind: 'expanded', limit: 50_000 });
    expect(refusalOf(() => parseSheet(workbook(header, big, { declared: 100 }), { ...LIMITS, maxExpandedBytes: 50_000 }))).toEqual({
      kind: 'expanded',
      limit: 50_000,
    });
  });

  it('refuses what it cannot read: an encrypted entry, bytes before the archive, text that is no UTF-8', () => {
    const encrypted = workbook(header, twoRows);
    const directory = encrypted.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(1, directory + 8);
    expect(refusalOf(() => parseSheet(encrypted, LIMITS))).toMatchObject({ kind: 'unreadable' });
    expect(refusalOf(() => parseSheet(Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), workbook(header, twoRows)]), LIMITS))).toMatchObject({
      kind: 'unreadable',
    });
    expect(refusalOf(() => parseSheet(zip([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook><sheets><sheet') }]), LIMITS))).toMatchObject({
      kind: 'unreadable',
    });
    expect(refusalOf(() => parseSheet(Buffer.from([0xff, 0xfe, 0x41]), LIMITS))).toMatchObject({ kind: 'unreadable' });
  });
});
