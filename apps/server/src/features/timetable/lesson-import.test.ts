import { and, eq, gte, lte } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LESSON_IMPORT_MAX_ROWS, type LessonImportReport } from '@portal/contract';
import { lessons } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { multipartBody } from '../../../test/files';
import { createTestApp, ok, outcome, personIdOf, type Client, type TestApp } from '../../../test/helpers';
import { auditedFor, lessonOf, plan, planningCast, subjectIn } from './planning.fixtures';

let t: TestApp;
let office: Client;
/** reads in French */
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  const cast = await planningCast(t);
  office = cast.office.client;
  admin = cast.admin.client;
  ok(await admin.post('/api/settings', { LANGUAGE: 'fr' }));
});
afterAll(async () => {
  await t?.close();
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = 'DATE;BEGIN;END;CLASS_CODE;SUBJECT_CODE;PART;LECTURER;ROOM;BUILDING;CAMPUS';
const upload = (client: Client, data: Buffer, dryRun: boolean, name = 'lessons.csv', type = 'text/csv') => {
  const { payload, headers } = multipartBody({}, { data, filename: name, type });
  return client.request('POST', `/api/lessons/import?dryRun=${dryRun}`, payload, headers);
};
const importCsv = (lines: string[], dryRun = false, client = office) => upload(client, Buffer.from(lines.join('\r\n'), 'utf8'), dryRun);
const between = (from: string, to: string) =>
  t.db
    .select({ date: lessons.date, begin: lessons.begin, status: lessons.status, seriesId: lessons.seriesId, room: lessons.room, createdBy: lessons.createdBy })
    .from(lessons)
    .where(and(gte(lessons.date, from), lte(lessons.date, to)))
    .orderBy(lessons.date, lessons.begin);

describe('importing lessons', () => {
  it('plans the good lines of a CSV file and reports every fault of the others, conflicts with planned lessons and with lines of the same file in words; a dry run saves nothing', async () => {
    // planned beforehand: VAC0001 in room B14 on Thursday the 10th
    const vac = await personIdOf(t, DEMO_ACCOUNTS.partTime.matricule);
    await plan(office, lessonOf(await subjectIn(t, 'BTS1 GSI/J B', 'GSI103'), vac, '2036-01-10', { ROOM: 'B14', BUILDING: 'Bloc B', CAMPUS: 'Logbessou' }));
    const file = [
      HEADER,
      /* 2 */ '2036-01-07;08:00;09:50;BTS1 GSI/J A;GSI101;CM;PER0001;B12;Bloc B;Logbessou',
      /* 3 */ '08/01/2036;10:10;12:00;bts1 gsi/j a;gsi102;cm;per0001;;;',
      /* 4 */ '2036-02-30;08:00;09:50;BTS1 GSI/J A;GSI101;CM;PER0001;;;',
      /* 5 */ '2036-01-09;8h00;09:53;BTS1 GSI/J A;GSI101;CM;PER0001;;;',
      /* 6 */ '2036-01-09;08:00;09:50;BTS9 XYZ/J A;GSI101;CM;PER0001;;;',
      /* 7 */ '2036-01-09;08:00;09:50;BTS1 GSI/J A;GSI999;CM;PER0001;;;',
      /* 8 */ '2036-01-09;08:00;09:50;BTS1 GSI/J A;GSI101;XX;PER0001;;;',
      /* 9 */ '2036-01-09;08:00;09:50;BTS1 GSI/J A;GSI101;CM;NOBODY99;;;',
      /* 10 */ '2036-01-09;08:00;09:50;BTS1 GSI/J A;GSI101;TD;PER0001;;;',
      /* 11 */ '2036-01-07;09:00;10:00;BTS2 GSI/S A;GSI201;CM;PER0001;;;',
      /* 12 */ '2036-01-07;08:00;09:50;BTS1 GSI/J A;GSI101;CM;PER0001;B12;Bloc B;Logbessou',
      /* 13 */ '2036-01-07;08:00;09:50;BTS1 GSI/J B;GSI103;CM;VAC0001;b12;BLOC B;logbessou',
      /* 14 */ '2036-01-10;08:30;09:30;BTS1 GSI/J A;GSI104;CM;PER0004;B14;Bloc B;Logbessou',
      /* 15 */ '',
      /* 16 */ '2036-13-01;25:00;09:50;BTS1 GSI/J A;GSI101;ZZ;PER0001;;;',
      /* 17 */ '2036-01-11;13:00;14:50;BTS1 GSI/J B;GSI103;CM;VAC0001;;;',
    ];
    const expected: LessonImportReport['rejected'] = [
      { LINE: 4, REASON: 'DATE_INVALID', COLUMN: 'DATE', OTHER: null },
      { LINE: 5, REASON: 'TIME_INVALID', COLUMN: 'END', OTHER: null },
      { LINE: 6, REASON: 'CLASS_UNKNOWN', COLUMN: 'CLASS_CODE', OTHER: null },
      { LINE: 7, REASON: 'SUBJECT_UNKNOWN', COLUMN: 'SUBJECT_CODE', OTHER: null },
      { LINE: 8, REASON: 'PART_INVALID', COLUMN: 'PART', OTHER: null },
      { LINE: 9, REASON: 'LECTURER_UNKNOWN', COLUMN: 'LECTURER', OTHER: null },
      { LINE: 10, REASON: 'NOT_ASSIGNED', COLUMN: 'LECTURER', OTHER: null },
      { LINE: 11, REASON: 'CONFLICT_LECTURER', COLUMN: 'LECTURER', OTHER: 'GSI101 CM, BTS1 GSI/J A, 2036-01-07 08:00-09:50, room B12 (line 2)' },
      { LINE: 12, REASON: 'DUPLICATE_LINE', COLUMN: null, OTHER: 'GSI101 CM, BTS1 GSI/J A, 2036-01-07 08:00-09:50, room B12 (line 2)' },
      { LINE: 13, REASON: 'CONFLICT_ROOM', COLUMN: 'ROOM', OTHER: 'GSI101 CM, BTS1 GSI/J A, 2036-01-07 08:00-09:50, room B12 (line 2)' },
      { LINE: 14, REASON: 'CONFLICT_ROOM', COLUMN: 'ROOM', OTHER: 'GSI103 CM, BTS1 GSI/J B, 2036-01-10 08:00-09:50, room B14' },
      { LINE: 16, REASON: 'DATE_INVALID', COLUMN: 'DATE', OTHER: null },
      { LINE: 16, REASON: 'TIME_INVALID', COLUMN: 'BEGIN', OTHER: null },
      { LINE: 16, REASON: 'PART_INVALID', COLUMN: 'PART', OTHER: null },
    ];
    const before = await between('2036-01-01', '2036-01-31');

    expect(ok<LessonImportReport>(await importCsv(file, true))).toEqual({ created: 3, rejected: expected, dryRun: true });
    expect(await between('2036-01-01', '2036-01-31')).toEqual(before);
    expect(await auditedFor(t, 'lessons.imported')).toHaveLength(0);

    expect(ok<LessonImportReport>(await importCsv(file))).toEqual({ created: 3, rejected: expected, dryRun: false });
    const after = await between('2036-01-07', '2036-01-11');
    expect(after.map((l) => [l.date, l.begin, l.status, l.seriesId, l.room])).toEqual([
      ['2036-01-07', '08:00:00', 'PendingValidation', null, 'B12'],
      ['2036-01-08', '10:10:00', 'PendingValidation', null, null],
      ['2036-01-10', '08:00:00', 'PendingValidation', null, 'B14'],
      ['2036-01-11', '13:00:00', 'PendingValidation', null, null],
    ]);
    const [entry] = await auditedFor(t, 'lessons.imported');
    expect(entry).toMatchObject({
      targetType: 'lesson',
      details: { created: 3, rejected: expected.length, lines: 15, lecturerIds: [await personIdOf(t, 'PER0001'), vac].sort((a, b) => a - b) },
    });

    // the same file again: every line is planned already
    const again = ok<LessonImportReport>(await importCsv(file));
    expect(again.created).toBe(0);
    expect(again.rejected.find((r) => r.LINE === 2)).toEqual({
      LINE: 2,
      REASON: 'CONFLICT_LECTURER',
      COLUMN: 'LECTURER',
      OTHER: 'GSI101 CM, BTS1 GSI/J A, 2036-01-07 08:00-09:50, room B12',
    });
  });

  it("reads an XLSX workbook (dates and times typed as such, or as text) by its content, as a form upload or the raw body, and words the conflicts in the reader's language", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Planning');
    sheet.addRow(['LECTURER', 'DATE', 'BEGIN', 'END', 'CLASS_CODE', 'SUBJECT_CODE', 'PART', 'ROOM']);
    sheet.addRow(['PER0004', new Date(Date.UTC(2036, 1, 4)), '08:00', '09:50', 'BTS1 GSI/J A', 'GSI104', 'CM', 'B03']);
    sheet.addRow([
      'PER0004',
      '05/02/2036',
      new Date(Date.UTC(1899, 11, 30, 10, 10)),
      new Date(Date.UTC(1899, 11, 30, 12, 0)),
      'BTS1 GSI/J A',
      'GSI104',
      'CM',
      null,
    ]);
    sheet.addRow(['VAC0001', '2036-02-04', '09:00', '10:00', 'BTS1 GSI/J B', 'GSI103', 'CM', 'B03']);
    sheet.addRow(['VAC0001', '2036-02-04', '07:00', '10:00', 'BTS1 GSI/J B', 'GSI103', 'CM', null]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());

    // named .csv and declared as text: the content decides
    const dry = ok<LessonImportReport>(await upload(admin, data, true, 'planning.csv', 'text/csv'));
    expect(dry).toEqual({
      created: 2,
      rejected: [
        { LINE: 4, REASON: 'CONFLICT_ROOM', COLUMN: 'ROOM', OTHER: 'GSI104 CM, BTS1 GSI/J A, 2036-02-04 08:00-09:50, salle B03 (ligne 2)' },
        { LINE: 5, REASON: 'TIME_INVALID', COLUMN: 'END', OTHER: null },
      ],
      dryRun: true,
    });
    const raw = await office.request('POST', '/api/lessons/import?dryRun=false', data, { 'content-type': XLSX });
    expect(ok<LessonImportReport>(raw)).toMatchObject({ created: 2, dryRun: false });
    expect((await between('2036-02-04', '2036-02-05')).map((l) => [l.date, l.begin, l.room])).toEqual([
      ['2036-02-04', '08:00:00', 'B03'],
      ['2036-02-05', '10:10:00', null],
    ]);
  });

  it('takes a CSV sent as the raw body, `,` separated, with a byte-order mark and without the place columns', async () => {
    const text = '\uFEFFLECTURER,DATE,BEGIN,END,CLASS_CODE,SUBJECT_CODE,PART\r\nPER0001,2036-03-03,13:00,14:50,BTS2 GSI/S A,GSI201,CM\r\n';
    const res = await office.request('POST', '/api/lessons/import', Buffer.from(text, 'utf8'), { 'content-type': 'text/csv; charset=utf-8' });
    expect(ok<LessonImportReport>(res)).toEqual({ created: 1, rejected: [], dryRun: false });
  });

  it('refuses a file it cannot read or that lacks a column: 400 CSV_INVALID, the missing columns named; too many lines: 413; nothing saved', async () => {
    expect(outcome(await importCsv(['DATE;BEGIN;END;CLASS_CODE;ROOM', '2036-04-07;08:00;09:50;BTS1 GSI/J A;B12']))).toMatchObject({
      status: 400,
      code: 'CSV_INVALID',
    });
    expect((await importCsv(['DATE;BEGIN;END;CLASS_CODE;ROOM', '2036-04-07;08:00;09:50;BTS1 GSI/J A;B12'])).json().columns).toEqual([
      'SUBJECT_CODE',
      'PART',
      'LECTURER',
    ]);
    expect((await upload(office, Buffer.alloc(0), false)).json()).toMatchObject({
      code: 'CSV_INVALID',
      columns: [...['DATE', 'BEGIN', 'END', 'CLASS_CODE', 'SUBJECT_CODE', 'PART', 'LECTURER', 'ROOM', 'BUILDING', 'CAMPUS']],
    });
    expect(outcome(await upload(office, Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x92, 0xc3]), false))).toMatchObject({ status: 400, code: 'CSV_INVALID' });
    expect(
      outcome(await upload(office, Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(64, 7)]), false, 'lessons.xlsx', XLSX)),
    ).toMatchObject({ status: 400, code: 'CSV_INVALID' });
    const long = `2036-04-07;08:00;09:50;BTS1 GSI/J A;GSI101;CM;PER0001;${'R'.repeat(61)};;`;
    expect((await importCsv([HEADER, long])).json()).toMatchObject({ code: 'CSV_INVALID', columns: ['ROOM'] });
    const many = [HEADER, ...Array.from({ length: LESSON_IMPORT_MAX_ROWS + 1 }, () => '2036-04-07;08:00;09:50;BTS1 GSI/J A;GSI101;CM;PER0001;;;')];
    // one line too many is a limit of size (decision 67), naming the limit
    const tooMany = await importCsv(many);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS', limit: { limit: LESSON_IMPORT_MAX_ROWS } });
    expect(await between('2036-04-01', '2036-04-30')).toEqual([]);
  });

  it('is for the academic office and administrators only', async () => {
    const cast = await planningCast(t);
    for (const who of [cast.hr, cast.lecturer, cast.student]) {
      expect(outcome(await importCsv([HEADER, '2036-05-05;08:00;09:50;BTS1 GSI/J A;GSI101;CM;PER0001;;;'], false, who.client))).toMatchObject({ status: 403 });
    }
    expect(await between('2036-05-01', '2036-05-31')).toEqual([]);
    const [planned] = await t.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.date, '2036-01-07'));
    expect(planned).toBeDefined();
  });
});
