/*
 * Finding 16 (issue 33): "XLSX imports block the server." A 354 kB workbook (a zip bomb of cells)
 * held the event loop 6.5 s in the lessons' import and 9.1 s in the admissions' decisions import;
 * every other request waited.
 *
 * Real workbooks, built here byte by byte, go through the real import routes: past a limit of size
 * (lines, cells, what the workbook expands to, whether its headers say so or lie) the answer is 413
 * with the code and the limit; and while a large file within every limit is being parsed,
 * `/api/health` answers first (decision 67).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSION_DECISIONS_MAX } from '@portal/contract';
import { SHEET_IMPORT_LIMITS, sheetImportWorkers } from '../lib/sheet-import';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { type Client, createTestApp, signIn, type TestApp } from '../../test/helpers';
import { workbook } from '../../test/xlsx';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows 2 to `count + 1`, each of `width` cells holding 1: the first named, the others following it, as a spreadsheet may write them. */
function rowsOfOnes(count: number, width: number): string {
  const rest = '<c><v>1</v></c>'.repeat(width - 1);
  return Array.from({ length: count }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>1</v></c>${rest}</row>`).join('');
}

const LESSON_COLUMNS = ['DATE', 'BEGIN', 'END', 'CLASS_CODE', 'SUBJECT_CODE', 'PART', 'LECTURER'];
const DECISION_COLUMNS = ['CANDIDATE_NUMBER', 'DECISION'];

let t: TestApp;
let academic: Client;
let admissions: Client;

beforeAll(async () => {
  t = await createTestApp();
  academic = (await signIn(t, DEMO_ACCOUNTS.academic.username)).client;
  admissions = (await signIn(t, DEMO_ACCOUNTS.admissions.username)).client;
});
afterAll(async () => {
  await t?.close();
});

const importLessons = (data: Buffer) => academic.request('POST', '/api/lessons/import?dryRun=true', data, { 'content-type': XLSX });
const importDecisions = (data: Buffer) => admissions.request('POST', '/api/admissions/decisions/import', data, { 'content-type': XLSX });
const answer = (res: { statusCode: number; json: () => unknown }) => ({ status: res.statusCode, ...(res.json() as { code: string; limit?: unknown }) });

describe('an imported workbook past a limit of size', () => {
  it('a bomb of cells (2,000 rows of 1,000 cells, 80 kB): 413 IMPORT_TOO_MANY_CELLS naming the limit, in the lessons import', async () => {
    const bomb = workbook(LESSON_COLUMNS, rowsOfOnes(2_000, 1_000));
    expect(bomb.length).toBeLessThan(200_000);
    expect(answer(await importLessons(bomb))).toMatchObject({ status: 413, code: 'IMPORT_TOO_MANY_CELLS', limit: { limit: SHEET_IMPORT_LIMITS.cells } });
  });

  it('a bomb that expands past the limit, as its headers say (a few hundred kB to some 90 MB): 413 IMPORT_EXPANDED_TOO_LARGE, in the decisions import', async () => {
    const bomb = workbook(DECISION_COLUMNS, rowsOfOnes(6_000, 1_000));
    expect(bomb.length).toBeGreaterThan(200_000);
    expect(bomb.length).toBeLessThan(400_000);
    expect(answer(await importDecisions(bomb))).toMatchObject({
      status: 413,
      code: 'IMPORT_EXPANDED_TOO_LARGE',
      limit: { limit: SHEET_IMPORT_LIMITS.expandedBytes },
    });
  });

  it('a bomb whose headers lie about its size (1 kB declared): stopped while it is inflated, 413 IMPORT_EXPANDED_TOO_LARGE', async () => {
    const bomb = workbook(LESSON_COLUMNS, rowsOfOnes(6_000, 1_000), { declared: 1_000 });
    expect(answer(await importLessons(bomb))).toMatchObject({
      status: 413,
      code: 'IMPORT_EXPANDED_TOO_LARGE',
      limit: { limit: SHEET_IMPORT_LIMITS.expandedBytes },
    });
    expect(answer(await importDecisions(bomb))).toMatchObject({ status: 413, code: 'IMPORT_EXPANDED_TOO_LARGE' });
  });

  it('one line more than an import takes: 413 IMPORT_TOO_MANY_ROWS naming the limit', async () => {
    const rows = Array.from(
      { length: ADMISSION_DECISIONS_MAX + 1 },
      (_, i) =>
        `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>C27${String(i).padStart(6, '0')}</t></is></c><c t="inlineStr"><is><t>REFUSED</t></is></c></row>`,
    ).join('');
    expect(answer(await importDecisions(workbook(DECISION_COLUMNS, rows)))).toMatchObject({
      status: 413,
      code: 'IMPORT_TOO_MANY_ROWS',
      limit: { limit: ADMISSION_DECISIONS_MAX },
    });
  });

  it('a merged range of a few bytes naming 1.6 million cells (which a spreadsheet model fills one by one): 413 IMPORT_TOO_MANY_CELLS', async () => {
    const merged = workbook(LESSON_COLUMNS, '<row r="2"><c r="A2"><v>1</v></c></row>', {
      after: '<mergeCells count="1"><mergeCell ref="A2:XFD100"/></mergeCells>',
    });
    expect(merged.length).toBeLessThan(2_000);
    expect(answer(await importLessons(merged))).toMatchObject({ status: 413, code: 'IMPORT_TOO_MANY_CELLS' });
  });
});

describe('while a file is being parsed', () => {
  it('`/api/health` answers before the import, which is being parsed when it does', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Within every limit: 5,000 lines of 90 cells (450,000), 2.7 MB, read to its end, then refused for
    // its missing column, so that its answer waits for the parse and nothing else. A CSV, because its
    // parse used to hold the thread from its first byte: exceljs let the loop turn while it inflated a
    // workbook and then held it while it built the cells, a moment no order can aim at (the bombs
    // above are the workbooks' proof).
    const header = ['DATE', 'BEGIN', 'END', 'CLASS_CODE', 'SUBJECT_CODE', 'PART', ...Array.from({ length: 84 }, (_, i) => `EXTRA${i}`)];
    const lines = Array.from({ length: 5_000 }, (_, line) => Array.from({ length: header.length }, (_, cell) => `v${(line * 7 + cell) % 1000}`).join(';'));
    const file = Buffer.from([header.join(';'), ...lines].join('\n'));

    const order: string[] = [];
    let parsingWhenHealthAnswered: number | undefined;
    const imported = academic.request('POST', '/api/lessons/import?dryRun=true', file, { 'content-type': 'text/csv' }).then((res) => {
      order.push('import');
      return res;
    });
    const health = fetch(`http://127.0.0.1:${port}/api/health`).then(async (res) => {
      parsingWhenHealthAnswered = sheetImportWorkers().running;
      order.push('health');
      return res.json();
    });
    const [imports, healthy] = await Promise.all([imported, health]);

    expect(order).toEqual(['health', 'import']);
    expect(parsingWhenHealthAnswered).toBe(1);
    expect(healthy).toMatchObject({ status: 'ok' });
    expect(answer(imports)).toMatchObject({ status: 400, code: 'CSV_INVALID', columns: ['LECTURER'] });
  });
});
