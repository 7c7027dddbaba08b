import { parse } from 'csv-parse/sync';
import { and, desc, eq, gt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestReport, RequestStatus } from '@portal/contract';
import { auditLog, classes, persons, requestDecisions, requestHops, requests, requestSteps, requestSubcategories, requestUnits } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, sessionFor, type TestApp } from '../../../test/helpers';
import { exportRequestReport } from './reports.service';

let t: TestApp;
let unit: Record<string, number>;
let sub: Record<string, number>;
const clients = {} as Record<'admin' | 'school' | 'finance' | 'hr' | 'lecturer', Client>;
let authorId: number;
/** The fixture requests by letter (see beforeAll). */
const r = {} as Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', { id: number; reference: string }>;

const idOf = async (matricule: string) => (await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule)))[0]!.id;
const PERIOD = 'from=2030-01-01&to=2030-01-31';
const report = async (client: Client, query: string) => {
  const res = await client.get(`/api/requests/reports?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RequestReport;
};
const references = (rep: RequestReport) => rep.rows.map((row) => row.REQUEST_ID);
const ref = (...letters: (keyof typeof r)[]) => letters.map((letter) => r[letter].reference);

/** A decision of the seed: the hop (sub-category, from, to) and its label. */
async function decisionOf(subCode: string, from: string, to: string, label: string): Promise<number> {
  const [row] = await t.db
    .select({ id: requestDecisions.id })
    .from(requestDecisions)
    .innerJoin(requestHops, eq(requestHops.id, requestDecisions.hopId))
    .where(
      and(
        eq(requestHops.subcategoryId, sub[subCode]!),
        eq(requestHops.fromUnitId, unit[from]!),
        eq(requestHops.toUnitId, unit[to]!),
        eq(requestDecisions.label, label),
      ),
    );
  return row!.id;
}

let serial = 0;
/** A request as the units' processing leaves it: filed at `filedAt`, held by `holder` (null: back with the lecturer), with its steps. */
async function request(
  letter: keyof typeof r,
  values: {
    sub: string;
    filedAt: string;
    status: RequestStatus;
    holder: string | null;
    classCode?: string;
    title?: string;
    amountExpected?: number;
    hoursNoted?: number;
  },
  steps: { kind: 'FILED' | 'RECEIVED' | 'DECIDED'; unit: string; at: string; decisionId?: number; status?: RequestStatus }[],
) {
  const classId = values.classCode ? (await t.db.select({ id: classes.id }).from(classes).where(eq(classes.code, values.classCode)))[0]!.id : null;
  const reference = `${values.sub}@2030-${String(++serial).padStart(6, '0')}`;
  const [row] = await t.db
    .insert(requests)
    .values({
      REQUEST_ID: reference,
      REQUEST_AUTHOR: authorId,
      REQUEST_CATEGORY_ID: sub[values.sub]!,
      CLASS_ID: classId,
      REQUEST_OBJECT: values.title ?? `Request ${letter}`,
      REQUEST_STATUS: values.status,
      REQUEST_UNITY_ID: values.holder === null ? null : unit[values.holder]!,
      AMOUNT_EXPECTED: values.amountExpected ?? null,
      VH_DISPLAYED: values.hoursNoted ?? null,
      filedAt: new Date(values.filedAt),
    })
    .returning({ id: requests.id });
  for (const step of steps) {
    await t.db.insert(requestSteps).values({
      requestId: row!.id,
      kind: step.kind,
      unitId: unit[step.unit]!,
      decisionId: step.decisionId ?? null,
      status: step.status ?? values.status,
      at: new Date(step.at),
    });
  }
  r[letter] = { id: row!.id, reference };
}

beforeAll(async () => {
  t = await createTestApp();
  unit = Object.fromEntries((await t.db.select({ id: requestUnits.id, code: requestUnits.code }).from(requestUnits)).map((u) => [u.code, u.id]));
  sub = Object.fromEntries(
    (await t.db.select({ id: requestSubcategories.id, code: requestSubcategories.code }).from(requestSubcategories)).map((s) => [s.code, s.id]),
  );
  clients.admin = await sessionFor(t, await idOf(DEMO_ACCOUNTS.admin.matricule));
  clients.school = await sessionFor(t, await idOf(DEMO_ACCOUNTS.school.matricule));
  clients.finance = await sessionFor(t, await idOf(DEMO_ACCOUNTS.finance.matricule));
  clients.hr = await sessionFor(t, await idOf(DEMO_ACCOUNTS.hr.matricule));
  authorId = await idOf(DEMO_ACCOUNTS.permanent.matricule);
  clients.lecturer = await sessionFor(t, authorId);

  const billed = await decisionOf('0201', 'SENG', 'FIN', 'Validated and billed');
  const notValidated = await decisionOf('0201', 'SENG', 'FIN', 'Not validated');
  const toFinance = await decisionOf('0101', 'SENG', 'SCH-INF', 'Validate and send to finance');
  // A: a day-class teaching claim the school holds
  await request('A', { sub: '0101', filedAt: '2030-01-10T09:00:00Z', status: 'PROCESSING', holder: 'SCH-INF', classCode: 'BTS1 GSI/J A' }, [
    { kind: 'FILED', unit: 'SENG', at: '2030-01-10T09:00:00Z', status: 'REGISTERED' },
    { kind: 'RECEIVED', unit: 'SCH-INF', at: '2030-01-11T09:00:00Z' },
  ]);
  // B: a payment claim finance decided twice (the last decision counts), back with the lecturer
  await request('B', { sub: '0201', filedAt: '2030-01-12T09:00:00Z', status: 'VALIDATED_BILLED', holder: null, amountExpected: 187500.5, hoursNoted: 12.5 }, [
    { kind: 'FILED', unit: 'SENG', at: '2030-01-12T09:00:00Z', status: 'REGISTERED' },
    { kind: 'RECEIVED', unit: 'FIN', at: '2030-01-12T10:00:00Z', status: 'PROCESSING' },
    { kind: 'DECIDED', unit: 'FIN', at: '2030-01-13T10:00:00Z', decisionId: notValidated, status: 'NOT_VALIDATED' },
    { kind: 'DECIDED', unit: 'FIN', at: '2030-01-14T10:00:00Z', decisionId: billed },
  ]);
  // C: a contract claim at the lecturers' service, whose title a spreadsheet would run as a formula
  await request(
    'C',
    { sub: '0301', filedAt: '2030-01-20T09:00:00Z', status: 'REGISTERED', holder: 'SENG', title: '=HYPERLINK("http://evil.example","click")' },
    [{ kind: 'FILED', unit: 'SENG', at: '2030-01-20T09:00:00Z' }],
  );
  // D: filed on 1 February at 00:30 university time (31 January 23:30 UTC): outside January
  await request('D', { sub: '0101', filedAt: '2030-01-31T23:30:00Z', status: 'PROCESSING', holder: 'FIN', classCode: 'BTS2 GSI/S A' }, [
    { kind: 'FILED', unit: 'SENG', at: '2030-01-31T23:30:00Z' },
  ]);
  // E: filed on 1 January at 00:30 university time; the school validated it and sent it to finance, which holds it
  await request('E', { sub: '0101', filedAt: '2029-12-31T23:30:00Z', status: 'VALIDATED', holder: 'FIN', classCode: 'BTS2 GSI/S A' }, [
    { kind: 'FILED', unit: 'SENG', at: '2029-12-31T23:30:00Z', status: 'REGISTERED' },
    { kind: 'RECEIVED', unit: 'SCH-INF', at: '2030-01-02T09:00:00Z', status: 'PROCESSING' },
    { kind: 'DECIDED', unit: 'SCH-INF', at: '2030-01-03T09:00:00Z', decisionId: toFinance },
    { kind: 'RECEIVED', unit: 'FIN', at: '2030-01-04T09:00:00Z' },
  ]);
  // F: filed on 31 December at 23:59 university time: outside January
  await request('F', { sub: '0201', filedAt: '2029-12-31T22:59:00Z', status: 'REGISTERED', holder: 'SENG' }, [
    { kind: 'FILED', unit: 'SENG', at: '2029-12-31T22:59:00Z' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/requests/reports', () => {
  it('counts the requests filed in the period (university days) by status, category, unit and regime, and pages the rows newest first', async () => {
    const res = await clients.admin.get(`/api/requests/reports?${PERIOD}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const rep = res.json() as RequestReport;
    expect(rep.total).toBe(4);
    expect(references(rep)).toEqual(ref('C', 'B', 'A', 'E'));
    expect(rep.byStatus).toEqual([
      { key: 'REGISTERED', count: 1 },
      { key: 'PROCESSING', count: 1 },
      { key: 'VALIDATED', count: 1 },
      { key: 'VALIDATED_BILLED', count: 1 },
    ]);
    expect(rep.byCategory.map((c) => [c.key.name, c.key.nameFr, c.count])).toEqual([
      ['Teaching', 'Enseignement', 2],
      ['Payment', 'Paiement', 1],
      ['Contract', 'Contrat', 1],
    ]);
    expect(rep.byUnit.map((u) => [u.key?.code ?? null, u.count])).toEqual([
      ['FIN', 1],
      ['SCH-INF', 1],
      ['SENG', 1],
      [null, 1],
    ]);
    expect(rep.byRegime).toEqual([
      { key: 'DAY', count: 1 },
      { key: 'EVENING', count: 1 },
      { key: null, count: 2 },
    ]);
    const b = rep.rows.find((row) => row.id === r.B.id)!;
    expect(b).toMatchObject({
      REQUEST_STATUS: 'VALIDATED_BILLED',
      filedAt: '2030-01-12T09:00:00.000Z',
      category: { name: 'Payment' },
      subcategory: { code: '0201' },
      unit: null,
      author: { id: authorId, MATRICULE: DEMO_ACCOUNTS.permanent.matricule },
      className: null,
      regime: null,
      lastDecision: { label: 'Validated and billed', labelFr: 'Validé et facturé', at: '2030-01-14T10:00:00.000Z' },
    });
    expect(rep.rows.find((row) => row.id === r.A.id)).toMatchObject({
      className: 'BTS1 GSI/J A',
      regime: 'DAY',
      unit: { code: 'SCH-INF' },
      lastDecision: null,
    });

    const page2 = await report(clients.admin, `${PERIOD}&pageSize=2&page=2`);
    expect([page2.total, page2.page, page2.pageSize, references(page2)]).toEqual([4, 2, 2, ref('A', 'E')]);
  });

  it('takes whole days of university time at both ends, and refuses an end before the start (400 naming to)', async () => {
    expect(references(await report(clients.admin, 'from=2030-01-01&to=2030-01-01'))).toEqual(ref('E'));
    expect(references(await report(clients.admin, 'from=2029-12-31&to=2029-12-31'))).toEqual(ref('F'));
    expect(references(await report(clients.admin, 'from=2030-02-01&to=2030-02-01'))).toEqual(ref('D'));
    expect(references(await report(clients.admin, 'from=2030-01-31&to=2030-02-01'))).toEqual(ref('D'));
    const backwards = await clients.admin.get('/api/requests/reports?from=2030-01-31&to=2030-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { to: 'validation.endBeforeStart' } });
    expect((await clients.admin.get('/api/requests/reports?from=2030-01-01')).statusCode).toBe(400);
    expect((await clients.admin.get('/api/requests/reports?from=2030-02-30&to=2030-03-01')).statusCode).toBe(400);
  });

  it('narrows by unit (the requests it holds or held), category, status and regime; the counts follow', async () => {
    expect(references(await report(clients.admin, `${PERIOD}&unit=${unit['SCH-INF']}`))).toEqual(ref('A', 'E'));
    expect(references(await report(clients.admin, `${PERIOD}&unit=${unit.FIN}`))).toEqual(ref('B', 'E'));
    expect(references(await report(clients.admin, `${PERIOD}&unit=${unit.SENG}`))).toEqual(ref('C', 'B', 'A', 'E'));
    expect(references(await report(clients.admin, `${PERIOD}&unit=${unit.HR}`))).toEqual([]);
    const teaching = await report(
      clients.admin,
      `${PERIOD}&category=${(await t.db.select({ id: requestSubcategories.categoryId }).from(requestSubcategories).where(eq(requestSubcategories.id, sub['0101']!)))[0]!.id}`,
    );
    expect([references(teaching), teaching.byCategory.map((c) => c.count)]).toEqual([ref('A', 'E'), [2]]);
    const billed = await report(clients.admin, `${PERIOD}&status=VALIDATED_BILLED`);
    expect([references(billed), billed.byStatus]).toEqual([ref('B'), [{ key: 'VALIDATED_BILLED', count: 1 }]]);
    // a regime leaves out the requests without a class
    const day = await report(clients.admin, `${PERIOD}&regime=DAY`);
    expect([references(day), day.byRegime]).toEqual([ref('A'), [{ key: 'DAY', count: 1 }]]);
    expect(references(await report(clients.admin, `${PERIOD}&regime=EVENING`))).toEqual(ref('E'));
    const both = await report(clients.admin, `${PERIOD}&regime=EVENING&unit=${unit['SCH-INF']}`);
    expect([both.total, both.byUnit.map((u) => u.key?.code)]).toEqual([1, ['FIN']]);
    expect((await clients.admin.get(`/api/requests/reports?${PERIOD}&regime=NIGHT`)).statusCode).toBe(400);
  });

  it("shows a unit member their unit's requests only (held or held), whatever they ask; another unit is 403 and audited", async () => {
    const school = await report(clients.school, PERIOD);
    expect(references(school)).toEqual(ref('A', 'E'));
    expect(school.byUnit.map((u) => u.key?.code)).toEqual(['FIN', 'SCH-INF']);
    expect(references(await report(clients.school, `${PERIOD}&unit=${unit['SCH-INF']}`))).toEqual(ref('A', 'E'));
    expect(references(await report(clients.finance, PERIOD))).toEqual(ref('B', 'E'));
    expect((await report(clients.hr, PERIOD)).total).toBe(0);

    const [last] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const refused = await clients.school.get(`/api/requests/reports?${PERIOD}&unit=${unit.FIN}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const exported = await clients.finance.get(`/api/requests/reports/export?${PERIOD}&unit=${unit.SENG}&format=csv`);
    expect(exported.statusCode).toBe(403);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, last?.id ?? 0), eq(auditLog.action, 'access.refused')));
    expect(entries.map((e) => [e.targetType, e.targetId])).toEqual([
      ['request-unit', String(unit.FIN)],
      ['request-unit', String(unit.SENG)],
    ]);
  });

  it('is for the units and administrators (requests.report): a lecturer is 403, nobody signed in 401', async () => {
    expect((await clients.lecturer.get(`/api/requests/reports?${PERIOD}`)).statusCode).toBe(403);
    expect((await clients.lecturer.get(`/api/requests/reports/export?${PERIOD}&format=csv`)).statusCode).toBe(403);
    expect((await new Client(t.app).get(`/api/requests/reports?${PERIOD}`)).statusCode).toBe(401);
  });
});

describe('GET /api/requests/reports/export', () => {
  it('exports the whole selection as CSV: a download, headers in English, formula cells neutralised, times in university time', async () => {
    const res = await clients.admin.get(`/api/requests/reports/export?${PERIOD}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="requests-2030-01-01-2030-01-31.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parse(res.body.slice(1)) as string[][];
    expect(header!.slice(0, 7)).toEqual(['Reference', 'Title', 'Filed on', 'Status', 'Category', 'Sub-category', 'Held by']);
    expect(lines.map((line) => line[0])).toEqual(ref('C', 'B', 'A', 'E'));
    const cell = (line: string[], column: string) => line[header!.indexOf(column)];
    const [c, b, a, e] = lines as [string[], string[], string[], string[]];
    expect(cell(c, 'Title')).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(cell(e, 'Filed on')).toBe('2030-01-01 00:30');
    expect([
      cell(b, 'Status'),
      cell(b, 'Held by'),
      cell(b, 'Last decision'),
      cell(b, 'Decided on'),
      cell(b, 'Amount expected'),
      cell(b, 'Hours noted'),
    ]).toEqual(['Validated and billed', 'Back with the lecturer', 'Validated and billed', '2030-01-14 11:00', '187500.5', '12.5']);
    expect([cell(a, 'Class'), cell(a, 'Regime'), cell(a, 'Held by'), cell(a, 'Matricule')]).toEqual([
      'BTS1 GSI/J A',
      'Day',
      'School of Computer Science',
      DEMO_ACCOUNTS.permanent.matricule,
    ]);
  });

  it("writes the headers and labels in the requester's language (French), and a member's export is their unit's", async () => {
    const french = await sessionFor(t, await idOf(DEMO_ACCOUNTS.school.matricule));
    expect((await french.post('/api/settings', { LANGUAGE: 'fr' })).statusCode).toBe(200);
    const res = await french.get(`/api/requests/reports/export?${PERIOD}&format=csv`);
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = parse(res.body.slice(1)) as string[][];
    expect(header).toEqual(expect.arrayContaining(['Référence', 'Objet', 'Déposée le', 'Statut', 'Catégorie', 'Détenue par', 'Régime', 'Dernière décision']));
    expect(lines.map((line) => line[0])).toEqual(ref('A', 'E'));
    const e = lines[1]!;
    expect([
      e[header!.indexOf('Statut')],
      e[header!.indexOf('Catégorie')],
      e[header!.indexOf('Régime')],
      e[header!.indexOf('Détenue par')],
      e[header!.indexOf('Dernière décision')],
    ]).toEqual(['Validée', 'Enseignement', 'Soir', 'Finances', 'Valider et transmettre aux finances']);
  });

  it('exports XLSX: a sheet of requests with typed dates and numbers, and a sheet of the counts', async () => {
    const res = await clients.admin.get(`/api/requests/reports/export?${PERIOD}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="requests-2030-01-01-2030-01-31.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Requests', 'Counts']);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(header.slice(0, 3)).toEqual(['Reference', 'Title', 'Filed on']);
    expect(sheet.rowCount).toBe(5);
    const column = (name: string) => header.indexOf(name) + 1;
    const rowOf = (reference: string) => [2, 3, 4, 5].map((n) => sheet.getRow(n)).find((row) => row.getCell(1).value === reference)!;
    const b = rowOf(r.B.reference);
    expect(b.getCell(column('Filed on')).value).toEqual(new Date('2030-01-12T10:00:00Z'));
    expect(b.getCell(column('Amount expected')).value).toBe(187500.5);
    expect(b.getCell(column('Decided on')).value).toEqual(new Date('2030-01-14T11:00:00Z'));
    expect(b.getCell(column('Date of the problem')).value).toBeNull();
    // text stays text: the formula-looking title is a string, not a formula
    expect(rowOf(r.C.reference).getCell(column('Title')).value).toBe('=HYPERLINK("http://evil.example","click")');
    expect(rowOf(r.C.reference).getCell(column('Title')).type).toBe(ExcelJS.ValueType.String);

    const counts = workbook.worksheets[1]!;
    const countRows = Array.from({ length: counts.rowCount }, (_, i) => (counts.getRow(i + 1).values as unknown[]).slice(1));
    expect(countRows).toEqual([
      ['By', 'Value', 'Requests'],
      ['Total', '2030-01-01 – 2030-01-31', 4],
      ['Status', 'Registered', 1],
      ['Status', 'In progress', 1],
      ['Status', 'Validated', 1],
      ['Status', 'Validated and billed', 1],
      ['Category', 'Teaching', 2],
      ['Category', 'Payment', 1],
      ['Category', 'Contract', 1],
      ['Unit', 'Finance', 1],
      ['Unit', 'School of Computer Science', 1],
      ['Unit', "Lecturers' service", 1],
      ['Unit', 'Back with its author', 1],
      ['Regime', 'Day', 1],
      ['Regime', 'Evening', 1],
      ['Regime', 'No class', 2],
    ]);
  });

  it('refuses a selection larger than the cap (400 REPORT_TOO_LARGE) and an unknown format (400)', async () => {
    const [admin] = await t.db.select().from(persons).where(eq(persons.MATRICULE, DEMO_ACCOUNTS.admin.matricule));
    const actor = { id: admin!.id, roles: admin!.ROLES, kind: admin!.KIND, requestUnitId: null };
    const call = (max: number) =>
      exportRequestReport(t.app.ctx, {
        actor,
        meta: { ip: '10.0.0.1', userAgent: 'vitest' },
        query: { from: '2030-01-01', to: '2030-01-31', format: 'csv' },
        lang: 'en',
        max,
      });
    await expect(call(3)).rejects.toSatisfy(
      (error: unknown) => error instanceof AppError && error.code === 'REPORT_TOO_LARGE' && error.status === 400 && error.limit?.limit === 3,
    );
    await expect(call(4)).resolves.toMatchObject({ filename: 'requests-2030-01-01-2030-01-31.csv' });
    expect((await clients.admin.get(`/api/requests/reports/export?${PERIOD}&format=pdf`)).statusCode).toBe(400);
    expect((await clients.admin.get(`/api/requests/reports/export?${PERIOD}`)).statusCode).toBe(400);
  });
});
