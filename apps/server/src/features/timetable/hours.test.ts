import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingPeriod, LessonHours } from '@portal/contract';
import { createTestApp, ok, outcome, type Client, type TestApp } from '../../../test/helpers';
import { assign, lessonOf, plan, planningCast, subjectIn, type TestSubject } from './planning.fixtures';

let t: TestApp;
let office: Client;
/** read in French */
let admin: Client;
let lecturer: number;
let swe103: TestSubject;
let swe201: TestSubject;

beforeAll(async () => {
  t = await createTestApp();
  const cast = await planningCast(t);
  office = cast.office.client;
  admin = cast.admin.client;
  ok(await admin.post('/api/settings', { LANGUAGE: 'fr' }));
  swe103 = await subjectIn(t, 'HND1 SWE/J A', 'SWE103');
  swe201 = await subjectIn(t, 'HND2 SWE/J A', 'SWE201');
  // VAC0012: the lecture and the tutorial of SWE103, the lecture of SWE201
  lecturer = await assign(t, 'VAC0012', [
    { subjectId: swe103.id, part: 'CM' },
    { subjectId: swe103.id, part: 'TD' },
    { subjectId: swe201.id, part: 'CM' },
  ]);
  // SWE103 CM: four lessons of 110 minutes in January (billed, validated, refused, pending) and one of 90 in February
  const days = ['2035-01-08', '2035-01-15', '2035-01-22', '2035-01-29'];
  const ids: number[] = [];
  for (const day of days) ids.push((await plan(office, lessonOf(swe103, lecturer, day)))[0]!.id);
  await plan(office, lessonOf(swe103, lecturer, '2035-02-05', { BEGIN_TIME: '20:00', END_TIME: '21:30' }));
  ok(await office.post('/api/lessons/decisions', { DECISION: 'VALIDATE', LESSON_IDS: [ids[0], ids[1]] }));
  ok(await office.post('/api/lessons/decisions', { DECISION: 'REFUSE', LESSON_IDS: [ids[2]] }));
  const period = ok<BillingPeriod>(await office.post('/api/billing-periods', { NAME: 'January 2035', BEGIN_DATE: '2035-01-01', END_DATE: '2035-01-31' }), 201);
  ok(await office.post('/api/lessons/billing', { BILLING_PERIOD_ID: period.id, LESSON_IDS: [ids[0]] }));
  // SWE201 CM: one lesson of 2 hours, pending
  await plan(office, lessonOf(swe201, lecturer, '2035-01-09', { BEGIN_TIME: '17:30', END_TIME: '19:30' }));
});
afterAll(async () => {
  await t?.close();
});

const hours = async (query: string) => ok<LessonHours>(await office.get(`/api/lessons/hours?${query}`)).rows;
const figures = (rows: LessonHours['rows']) => rows.map((r) => [r.class.code, r.subject.code, r.part, r.volume, r.planned, r.validated, r.billed]);

describe('the hours report', () => {
  it('gives per lecturer, subject and part the volume against the hours planned (not refused), validated and billed; an assignment without lessons is a line of zeros', async () => {
    const rows = await hours(`lecturerId=${lecturer}`);
    expect(figures(rows)).toEqual([
      // 3 × 110 min + 90 min planned, 2 × 110 validated, 110 billed
      ['HND1 SWE/J A', 'SWE103', 'CM', swe103.hoursCm, 7, 3.67, 1.83],
      ['HND1 SWE/J A', 'SWE103', 'TD', swe103.hoursTd, 0, 0, 0],
      ['HND2 SWE/J A', 'SWE201', 'CM', swe201.hoursCm, 2, 0, 0],
    ]);
    expect(rows[0]).toMatchObject({
      lecturer: { id: lecturer, MATRICULE: 'VAC0012' },
      subject: { id: swe103.id, name: expect.any(String), nameFr: expect.any(String) },
      class: { id: swe103.classId },
    });
  });

  it('counts the lessons of a period only, and narrows to a class or a subject', async () => {
    expect(figures(await hours(`lecturerId=${lecturer}&from=2035-01-01&to=2035-01-31`))).toEqual([
      ['HND1 SWE/J A', 'SWE103', 'CM', swe103.hoursCm, 5.5, 3.67, 1.83],
      ['HND1 SWE/J A', 'SWE103', 'TD', swe103.hoursTd, 0, 0, 0],
      ['HND2 SWE/J A', 'SWE201', 'CM', swe201.hoursCm, 2, 0, 0],
    ]);
    expect(figures(await hours(`lecturerId=${lecturer}&from=2035-02-01`)).map((r) => r.slice(1, 5))).toEqual([
      ['SWE103', 'CM', swe103.hoursCm, 1.5],
      ['SWE103', 'TD', swe103.hoursTd, 0],
      ['SWE201', 'CM', swe201.hoursCm, 0],
    ]);
    expect(figures(await hours(`classId=${swe201.classId}`)).filter((r) => r[1] === 'SWE201')).toEqual([
      ['HND2 SWE/J A', 'SWE201', 'CM', swe201.hoursCm, 2, 0, 0],
    ]);
    const bySubject = await hours(`subjectId=${swe103.id}`);
    expect(bySubject.map((r) => [r.lecturer.MATRICULE, r.part])).toEqual([
      ['VAC0012', 'CM'],
      ['VAC0012', 'TD'],
    ]);
    expect(outcome(await office.get('/api/lessons/hours?from=2035-02-01&to=2035-01-01'))).toMatchObject({
      status: 400,
      fields: { to: 'validation.endBeforeStart' },
    });
  });

  it("lists the demo lecturers' assignments with their seeded lessons", async () => {
    const rows = await hours('');
    const per = rows.filter((r) => r.lecturer.MATRICULE === 'PER0001').map((r) => [r.class.code, r.subject.code, r.part]);
    expect(per).toEqual([
      ['BTS1 GSI/J A', 'GSI101', 'CM'],
      ['BTS1 GSI/J A', 'GSI102', 'CM'],
      ['BTS2 GSI/S A', 'GSI201', 'CM'],
    ]);
    for (const row of rows.filter((r) => ['PER0001', 'VAC0001', 'PER0004'].includes(r.lecturer.MATRICULE))) {
      expect(row.planned, `${row.lecturer.MATRICULE} ${row.subject.code}`).toBeGreaterThan(0);
      expect(row.planned).toBeLessThanOrEqual(row.volume);
      expect(row.validated).toBeLessThanOrEqual(row.planned);
      expect(row.billed).toBeLessThanOrEqual(row.validated);
    }
  });
});

describe('the hours report exports', () => {
  it("exports CSV, headers in the caller's language, as an attachment", async () => {
    const res = await office.get(`/api/lessons/hours/export?format=csv&lecturerId=${lecturer}&from=2035-01-01&to=2035-01-31`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="lesson-hours-2035-01-01-2035-01-31.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, ...lines] = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
    expect(header).toEqual([
      'Matricule',
      'Last name',
      'First name',
      'Class',
      'Subject code',
      'Subject',
      'Part',
      'Volume (hours)',
      'Planned',
      'Validated',
      'Billed',
      'Volume left to plan',
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[0]!.slice(0, 1)).toEqual(['VAC0012']);
    expect(lines[0]!.slice(3)).toEqual([
      'HND1 SWE/J A',
      'SWE103',
      expect.any(String),
      'Lecture (CM)',
      String(swe103.hoursCm),
      '5.5',
      '3.67',
      '1.83',
      String(swe103.hoursCm - 5.5),
    ]);

    const french = await admin.get(`/api/lessons/hours/export?format=csv&lecturerId=${lecturer}`);
    const [frHeader, frFirst] = parse(french.body.replace(/^\uFEFF/, '')) as string[][];
    expect(frHeader).toEqual([
      'Matricule',
      'Nom',
      'Prénom',
      'Classe',
      'Code de la matière',
      'Matière',
      'Type',
      'Volume (heures)',
      'Planifiées',
      'Validées',
      'Facturées',
      'Volume restant à planifier',
    ]);
    expect(frFirst![6]).toBe('Cours magistral (CM)');
    expect(french.headers['content-disposition']).toBe('attachment; filename="lesson-hours.csv"');
  });

  it('exports XLSX with numbers as numbers, read back with exceljs', async () => {
    const res = await admin.get(`/api/lessons/hours/export?format=xlsx&lecturerId=${lecturer}&from=2035-01-01&to=2035-01-31`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="lesson-hours-2035-01-01-2035-01-31.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Heures')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Matricule', 'Nom', 'Prénom']);
    expect(sheet.actualRowCount).toBe(4);
    const cm = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(cm).toEqual([
      'VAC0012',
      expect.any(String),
      expect.any(String),
      'HND1 SWE/J A',
      'SWE103',
      expect.any(String),
      'Cours magistral (CM)',
      swe103.hoursCm,
      5.5,
      3.67,
      1.83,
      swe103.hoursCm - 5.5,
    ]);
    expect((sheet.getRow(3).values as unknown[]).slice(7)).toEqual(['Travaux dirigés (TD)', swe103.hoursTd, 0, 0, 0, swe103.hoursTd]);
    expect(outcome(await office.get('/api/lessons/hours/export?format=pdf'))).toMatchObject({ status: 400, fields: { format: 'validation.invalid' } });
  });
});
