import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, classes, subjects } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { createTestApp, onPostgres, signIn, type Client, type TestApp } from '../../../test/helpers';
import { multipartBody } from '../../../test/files';
import { subjectByCode } from './academic.fixtures';

let t: TestApp;
let office: Client;
beforeAll(async () => {
  t = await createTestApp();
  office = (await signIn(t, DEMO_ACCOUNTS.academic.matricule)).client;
});
afterAll(async () => {
  await t?.close();
});

const BOM = '\uFEFF';
const postCsv = (text: string | Buffer, dryRun = false, contentType = 'text/csv; charset=utf-8') =>
  office.request('POST', `/api/academic/subjects/import?dryRun=${dryRun}`, typeof text === 'string' ? Buffer.from(text, 'utf8') : text, {
    'content-type': contentType,
  });
const postFile = (text: string, dryRun = false) => {
  const { payload, headers } = multipartBody({}, { data: Buffer.from(text, 'utf8'), filename: 'subjects.csv', type: 'text/csv' });
  return office.request('POST', `/api/academic/subjects/import?dryRun=${dryRun}`, payload, headers);
};

async function countLike(pattern: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(subjects).where(like(subjects.code, pattern));
  return row!.n;
}

async function importAudits(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'academic.subjects-imported'));
  return row!.n;
}

describe('subject CSV import', () => {
  it('takes the French names of a NAME_FR column, the English one for an empty cell', async () => {
    const before = await subjectByCode(t.db, 'HND1 SWE/J A', 'SWE101');
    const csv = [
      'CLASS_CODE;CODE;NAME;NAME_FR;HOURS_CM;HOURS_TD;HOURS_TP;HOURLY_RATE;CREDITS',
      'HND1 SWE/J A;IMPG01;Compilers;Compilation;20;10;0;4000;3',
      'HND1 SWE/J A;IMPG02;Ethics;;20;10;0;4000;3',
      `HND1 SWE/J A;SWE101;${before.name};Nom français changé;20;10;0;4000;3`,
    ].join('\n');
    expect((await postCsv(csv)).json()).toEqual({ inserted: 2, updated: 1, rejected: [], dryRun: false });
    expect(await subjectByCode(t.db, 'HND1 SWE/J A', 'IMPG01')).toMatchObject({ name: 'Compilers', nameFr: 'Compilation' });
    expect(await subjectByCode(t.db, 'HND1 SWE/J A', 'IMPG02')).toMatchObject({ name: 'Ethics', nameFr: 'Ethics' });
    expect(await subjectByCode(t.db, 'HND1 SWE/J A', 'SWE101')).toMatchObject({ id: before.id, nameFr: 'Nom français changé' });
  });

  it('imports a `;` file with a BOM and columns in any order, inserting new subjects and updating existing ones', async () => {
    const before = await subjectByCode(t.db, 'BTS1 GSI/J A', 'GSI101');
    const csv = [
      'NAME;CODE;CLASS_CODE;HOURS_CM;HOURS_TD;HOURS_TP;HOURLY_RATE;CREDITS',
      '"Algebra; linear";IMPA01;BTS1 GSI/J A;30;15;;4000;4',
      'Analyse réelle;IMPA02;BTS2 GSI/J A;20;10;10;4500;3',
      `Renamed subject;GSI101;BTS1 GSI/J A;40;20;0;4200;5`,
      '',
    ].join('\r\n');
    const res = await postCsv(BOM + csv);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ inserted: 2, updated: 1, rejected: [], dryRun: false });

    const algebra = await subjectByCode(t.db, 'BTS1 GSI/J A', 'IMPA01');
    expect(algebra).toMatchObject({ name: 'Algebra; linear', hoursCm: 30, hoursTd: 15, hoursTp: 0, hourlyRate: 4000 });
    expect((await subjectByCode(t.db, 'BTS2 GSI/J A', 'IMPA02')).name).toBe('Analyse réelle');
    const after = await subjectByCode(t.db, 'BTS1 GSI/J A', 'GSI101');
    expect(after).toMatchObject({ id: before.id, name: 'Renamed subject', hoursCm: 40, hoursTd: 20, hoursTp: 0, hourlyRate: 4200 });
    // a file without NAME_FR changes no French name, and a new subject's French name is its English one (decision 30)
    expect(after.nameFr).toBe(before.nameFr);
    expect(algebra!.nameFr).toBe('Algebra; linear');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'academic.subjects-imported'));
    expect(entry).toMatchObject({ targetType: 'subject', details: { inserted: 2, updated: 1, rejected: 0 } });
  });

  it('imports a `,` file sent as multipart (field FILE), without a BOM', async () => {
    const csv = [
      'CLASS_CODE,CODE,NAME,HOURS_CM,HOURS_TD,HOURS_TP,HOURLY_RATE,CREDITS',
      'HND1 SWE/J A,IMPB01,"Signals, systems",20,10,5,4000,3',
      'hnd1 swe/s a,IMPB02,Evening networks,20,0,0,4500,2',
    ].join('\n');
    const res = await postFile(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ inserted: 2, updated: 0, rejected: [], dryRun: false });
    expect((await subjectByCode(t.db, 'HND1 SWE/J A', 'IMPB01')).name).toBe('Signals, systems');
    // Class codes are matched regardless of case when that is unambiguous.
    expect((await subjectByCode(t.db, 'HND1 SWE/S A', 'IMPB02')).hourlyRate).toBe(4500);
  });

  it('reports each rejected line with its number and field errors, and imports the others', async () => {
    const csv = [
      'CLASS_CODE;CODE;NAME;HOURS_CM;HOURS_TD;HOURS_TP;HOURLY_RATE;CREDITS',
      'BTS1 GSI/J A;IMPC01;Good one;20;10;0;4000;3', // line 2
      'XX9/J;IMPC02;Unknown class;20;10;0;4000;3', // line 3
      'BTS1 GSI/J A;IMPC03;;-5;10;0;abc;3', // line 4
      'BTS1 GSI/J A;IMPC04;No hours;0;0;0;4000;3', // line 5
      '', // line 6 (skipped)
      'BTS1 GSI/J A;IMPC01;Same again;20;10;0;4000;3', // line 7
      ';IMPC05;No class;20;10;0;4000;99', // line 8
    ].join('\n');
    const res = await postCsv(csv);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ inserted: 1, updated: 0, dryRun: false });
    expect(report.rejected).toEqual([
      { LINE: 3, ERRORS: { CLASS_CODE: 'validation.unknownClass' } },
      {
        LINE: 4,
        ERRORS: { NAME: 'validation.required', HOURS_CM: 'validation.invalid', HOURLY_RATE: expect.stringMatching(/^validation\.(required|invalid)$/) },
      },
      { LINE: 5, ERRORS: { HOURS_CM: 'validation.noHours' } },
      { LINE: 7, ERRORS: { CODE: 'validation.duplicateLine' } },
      { LINE: 8, ERRORS: { CLASS_CODE: 'validation.required', CREDITS: 'validation.invalid' } },
    ]);
    expect((await subjectByCode(t.db, 'BTS1 GSI/J A', 'IMPC01')).name).toBe('Good one');
    expect(await countLike('IMPC%')).toBe(1);
  });

  it('writes nothing on a dry run, but counts what it would do', async () => {
    const audits = await importAudits();
    const before = await subjectByCode(t.db, 'BTS1 GSI/J A', 'GSI102');
    const csv = [
      'CLASS_CODE;CODE;NAME;HOURS_CM;HOURS_TD;HOURS_TP;HOURLY_RATE;CREDITS',
      'BTS1 GSI/J A;IMPD01;Dry one;20;10;0;4000;3',
      'BTS1 GSI/J A;GSI102;Changed name;20;10;0;4000;3',
      'NOPE;IMPD02;x;1;0;0;1;1',
    ].join('\n');
    const res = await postCsv(csv, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ inserted: 1, updated: 1, rejected: [{ LINE: 4, ERRORS: { CLASS_CODE: 'validation.unknownClass' } }], dryRun: true });
    expect(await countLike('IMPD%')).toBe(0);
    expect(await subjectByCode(t.db, 'BTS1 GSI/J A', 'GSI102')).toEqual(before);
    expect(await importAudits()).toBe(audits);

    const real = await postCsv(csv, false);
    expect(real.json()).toMatchObject({ inserted: 1, updated: 1, dryRun: false });
    expect((await subjectByCode(t.db, 'BTS1 GSI/J A', 'GSI102')).name).toBe('Changed name');
  });

  it('refuses a file without the expected header with CSV_INVALID, naming the missing columns', async () => {
    const missing = await postCsv('CLASS_CODE;CODE;NAME;HOURS_CM\nBTS1 GSI/J A;X;Y;1\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'CSV_INVALID', columns: ['HOURS_TD', 'HOURS_TP', 'HOURLY_RATE', 'CREDITS'] });

    const noHeader = await postFile('BTS1 GSI/J A;IMPE01;Name;20;10;0;4000;3\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().code).toBe('CSV_INVALID');

    const empty = await postCsv('');
    expect(empty.statusCode).toBe(400);
    const broken = await postCsv('CLASS_CODE;CODE;NAME;HOURS_CM;HOURS_TD;HOURS_TP;HOURLY_RATE;CREDITS\nBTS1 GSI/J A;"unclosed;x;1;0;0;1;1\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('CSV_INVALID');
    const latin1 = await postCsv(
      Buffer.from('CLASS_CODE;CODE;NAME;HOURS_CM;HOURS_TD;HOURS_TP;HOURLY_RATE;CREDITS\nBTS1 GSI/J A;IMPE02;Anglais \xe9crit;1;0;0;1;1\n', 'latin1'),
    );
    expect(latin1.json().code).toBe('CSV_INVALID');
    expect(await countLike('IMPE%')).toBe(0);

    const header = 'CLASS_CODE;CODE;NAME;HOURS_CM;HOURS_TD;HOURS_TP;HOURLY_RATE;CREDITS\n';
    const tooMany = await postCsv(header + Array.from({ length: 50_001 }, (_, i) => `BTS1 GSI/J A;IMPF${i};x;1;0;0;1;1`).join('\n'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('CSV_INVALID');
    expect(await countLike('IMPF%')).toBe(0);
  });

  it('refuses a multipart request without a file, other content types and files over 5 MiB', async () => {
    const { payload, headers } = multipartBody({ note: 'no file' });
    const noFile = await office.request('POST', '/api/academic/subjects/import', payload, headers);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toEqual({ FILE: 'validation.required' });

    const xml = await office.request('POST', '/api/academic/subjects/import', Buffer.from('<x/>'), { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);

    const header = 'CLASS_CODE;CODE;NAME;HOURS_CM;HOURS_TD;HOURS_TP;HOURLY_RATE;CREDITS\n';
    const big = header + 'BTS1 GSI/J A;BIG;x;1;0;0;1;1\n'.repeat(260_000);
    expect(Buffer.byteLength(big)).toBeGreaterThan(5 * 1024 * 1024);
    expect((await postCsv(big)).statusCode).toBe(413);
    const bigFile = await postFile(big);
    expect(bigFile.statusCode).toBe(413);
  });

  it('imports 20,000 lines quickly, then updates them all', async () => {
    const classRows = await t.db.select({ code: classes.code }).from(classes).where(like(classes.code, 'BTS%'));
    const header = 'CLASS_CODE,CODE,NAME,HOURS_CM,HOURS_TD,HOURS_TP,HOURLY_RATE,CREDITS';
    const lines = Array.from(
      { length: 20_000 },
      (_, i) => `${classRows[i % classRows.length]!.code},BULK${String(i).padStart(5, '0')},Bulk subject ${i},20,10,${i % 2 ? 0 : 10},4000,3`,
    );
    const csv = [header, ...lines].join('\n');

    const started = Date.now();
    const first = await postCsv(csv);
    const elapsed = Date.now() - started;
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ inserted: 20_000, updated: 0, rejected: [] });
    expect(await countLike('BULK%')).toBe(20_000);
    // Row-by-row inserts take several times longer; batches stay well under these bounds even on a busy machine.
    expect(elapsed).toBeLessThan(onPostgres ? 10_000 : 20_000);

    const second = await postCsv(csv.replaceAll(',4000,3', ',4500,3'));
    expect(second.json()).toMatchObject({ inserted: 0, updated: 20_000, rejected: [] });
    const [sample] = await t.db
      .select()
      .from(subjects)
      .where(and(eq(subjects.code, 'BULK00042')));
    expect(sample!.hourlyRate).toBe(4500);
  }, 120_000);
});
