import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_NUMBER_PATTERN, sessionStartOf, universityDayOf, type EntranceCounts, type OfficeEntrance } from '@portal/contract';
import { auditLog, candidates, entrances, payments } from '../../db/schema';
import { DEMO_CANDIDATES, DEMO_ENTRANCES } from '../../seed/admissions';
import { ok, outcome, type Client, type TestApp } from '../../../test/helpers';
import { admissionsApp, admissionsCast, dayOf, entranceBody, insertCandidate, openEntrance, specialityOf } from './admissions.fixtures';
import { closePastDeadlineEntrances, entrancesClosePastDeadlineJob } from './entrances.service';

let t: TestApp;
let office: Client;

beforeAll(async () => {
  ({ t, office } = await admissionsApp());
});
afterAll(async () => {
  await t?.close();
});

/** Moves the clock on, and signs the office in again (a session does not outlive days of inactivity). */
const later = async (ms: number) => {
  t.clock.advance(ms);
  office = (await admissionsCast(t)).office;
};
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
const entranceOf = async (id: number) => ok<OfficeEntrance[]>(await office.get('/api/admissions/entrances')).find((e) => e.Entrance_ID === id)!;
const auditsOf = async (id: number) =>
  (
    await t.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'entrance'), eq(auditLog.targetId, String(id))))
      .orderBy(asc(auditLog.id))
  ).map((a) => a.action);

describe('entrances', () => {
  it("lists the demo entrances: two open ones with their specialities and candidates, and last year's, closed", async () => {
    const list = ok<OfficeEntrance[]>(await office.get('/api/admissions/entrances'));
    const demo = list.filter((e) => DEMO_ENTRANCES.some((d) => e.Entrance_Name === d.name(Number(e.Year_Name.slice(0, 4)))));
    expect(demo.map((e) => [e.Entrance_Registration_Amount, e.OPEN, e.closedAt === null, e.specialities.map((s) => s.SPECIALITY_CODE), e.candidates])).toEqual([
      [30_000, true, true, ['ACC', 'EEE', 'MKT', 'NWS', 'SWE'], DEMO_CANDIDATES.filter((c) => c.entrance === 'hnd').length],
      [25_000, true, true, ['BF', 'BAT', 'CGE', 'GSI'].sort(), DEMO_CANDIDATES.filter((c) => c.entrance === 'bts').length],
      [25_000, false, false, ['CGE', 'GSI'], 2],
    ]);
    expect(demo[0]!.paid).toBe(DEMO_CANDIDATES.filter((c) => c.entrance === 'hnd' && c.paid).length);
    expect(demo[0]!.Entrance_Registration_Limit_Date > dayOf(t)).toBe(true);
    expect(demo[2]!.Entrance_Registration_Limit_Date < dayOf(t)).toBe(true);
  });

  it('holds demo candidates with numbers of the sequence, spread over days and specialities; the paid ones with a PAID payment on MTN Mobile Money, one admitted', async () => {
    const rows = await t.db
      .select({ candidate: candidates, entrance: entrances.name })
      .from(candidates)
      .innerJoin(entrances, eq(entrances.id, candidates.entranceId))
      .where(
        inArray(
          candidates.EMAIL,
          DEMO_CANDIDATES.map((d) => `${plain(d.firstname)}.${plain(d.lastname)}.candidate@portal.example`),
        ),
      )
      .orderBy(asc(candidates.id));
    expect(rows).toHaveLength(DEMO_CANDIDATES.length);
    expect(rows.every((r) => CANDIDATE_NUMBER_PATTERN.test(r.candidate.CANDIDATE_NUMBER))).toBe(true);
    expect(new Set(rows.map((r) => universityDayOf(r.candidate.createdAt))).size).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.candidate.firstChoiceId)).size).toBeGreaterThanOrEqual(8);
    expect(rows.every((r) => r.candidate.createdAt <= new Date())).toBe(true);
    const paid = rows.filter((r) => r.candidate.HAS_PAID);
    expect(paid).toHaveLength(DEMO_CANDIDATES.filter((d) => d.paid).length);
    const paidRows = await t.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.candidateId,
          paid.map((r) => r.candidate.id),
        ),
      );
    expect(paidRows).toHaveLength(paid.length);
    for (const payment of paidRows) {
      const candidate = paid.find((r) => r.candidate.id === payment.candidateId)!.candidate;
      expect(payment).toMatchObject({ status: 'PAID', network: 'MTN_MOMO', total: payment.amount + payment.fees, statusAt: candidate.paidAt });
      expect(payment.fees).toBeGreaterThan(0);
      expect(payment.receiptNumber).toMatch(/^RC-\d{8}-[0-9A-F]{8}$/);
    }
    expect(rows.filter((r) => r.candidate.decision).map((r) => [r.candidate.decision, r.candidate.decisionSpecialityId === r.candidate.firstChoiceId])).toEqual(
      [['ADMITTED', true]],
    );
  });

  it('creates an entrance with its specialities, open until its deadline, and audits it', async () => {
    const created = await openEntrance(t, office, { name: 'Concours test A', specialities: ['BTS GSI', 'BTS CGE', 'HND SWE'] });
    expect(created).toMatchObject({
      Entrance_Name: 'Concours test A',
      Year_Name: '2027-2028',
      Entrance_Registration_Amount: 25_000,
      OPEN: true,
      closedAt: null,
      candidates: 0,
      paid: 0,
    });
    expect(created.specialities.map((s) => [s.CYCLE_NAME, s.SPECIALITY_CODE])).toEqual([
      ['Higher Technician Certificate (BTS)', 'CGE'],
      ['Higher Technician Certificate (BTS)', 'GSI'],
      ['Higher National Diploma (HND)', 'SWE'],
    ]);
    expect(created.specialities.find((s) => s.SPECIALITY_CODE === 'GSI')).toMatchObject({
      SPECIALITY_DESCRIPTION: 'Information Systems Management',
      SPECIALITY_DESCRIPTION_FR: "Gestion des systèmes d'information",
    });
    expect(await auditsOf(created.Entrance_ID)).toEqual(['entrance.created']);
    expect(await entranceOf(created.Entrance_ID)).toEqual(created);
  });

  it('refuses unknown cycles and branches on their own line, a speciality twice, and exam days before the deadline; nothing is created', async () => {
    const before = (await t.db.select({ id: entrances.id }).from(entrances)).length;
    const body = await entranceBody(t, { specialities: ['BTS GSI', 'BTS CGE', 'BTS GSI'] });
    body.SPECIALITIES[1] = { CYCLE_ID: 99_999, BRANCH_ID: body.SPECIALITIES[1]!.BRANCH_ID };
    body.SPECIALITIES.push({ CYCLE_ID: body.SPECIALITIES[0]!.CYCLE_ID, BRANCH_ID: 88_888 });
    expect(outcome(await office.post('/api/admissions/entrances', body))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: {
        'SPECIALITIES.1.CYCLE_ID': 'validation.invalid',
        'SPECIALITIES.2': 'validation.duplicateLine',
        'SPECIALITIES.3.BRANCH_ID': 'validation.invalid',
      },
    });
    const early = await entranceBody(t);
    expect(outcome(await office.post('/api/admissions/entrances', { ...early, EVALUATION_BEGIN_DATE: dayOf(t, 1) }))).toMatchObject({
      status: 400,
      fields: { EVALUATION_BEGIN_DATE: 'validation.endBeforeStart' },
    });
    expect(outcome(await office.post('/api/admissions/entrances', { ...early, SPECIALITIES: [] }))).toMatchObject({
      status: 400,
      fields: { SPECIALITIES: 'validation.required' },
    });
    expect(outcome(await office.post('/api/admissions/entrances', { ...early, AMOUNT: -5 }))).toMatchObject({
      status: 400,
      fields: { AMOUNT: 'validation.invalid' },
    });
    expect((await t.db.select({ id: entrances.id }).from(entrances)).length).toBe(before);
  });

  it('changes an entrance and replaces its specialities: one kept keeps its id, one nobody chose goes, a new one comes', async () => {
    const created = await openEntrance(t, office, { specialities: ['BTS GSI', 'BTS CGE', 'BTS BF'] });
    const gsi = specialityOf(created, 'GSI');
    await insertCandidate(t, { entrance: created, first: 'GSI' });
    const body = await entranceBody(t, { name: 'Renamed entrance', amount: 27_500, specialities: ['BTS GSI', 'BTS BAT'], deadline: 30 });
    const changed = ok<OfficeEntrance>(await office.request('PUT', `/api/admissions/entrances/${created.Entrance_ID}`, body));
    expect(changed).toMatchObject({
      Entrance_Name: 'Renamed entrance',
      Entrance_Registration_Amount: 27_500,
      Entrance_Registration_Limit_Date: dayOf(t, 30),
      candidates: 1,
    });
    expect(changed.specialities.map((s) => s.SPECIALITY_CODE)).toEqual(['BAT', 'GSI']);
    expect(specialityOf(changed, 'GSI')).toBe(gsi);
    expect(await auditsOf(created.Entrance_ID)).toEqual(['entrance.created', 'entrance.changed']);
    expect(outcome(await office.request('PUT', '/api/admissions/entrances/999999', body))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('refuses to remove a speciality a candidate chose first or second (409 ENTRANCE_HAS_CANDIDATES), changing nothing', async () => {
    const created = await openEntrance(t, office, { specialities: ['BTS GSI', 'BTS CGE', 'BTS BF'] });
    await insertCandidate(t, { entrance: created, first: 'GSI', second: 'CGE' });
    for (const kept of [
      ['BTS GSI', 'BTS BF'],
      ['BTS CGE', 'BTS BF'],
    ]) {
      const body = await entranceBody(t, { name: 'Must not be saved', specialities: kept });
      expect(outcome(await office.request('PUT', `/api/admissions/entrances/${created.Entrance_ID}`, body))).toEqual({
        status: 409,
        code: 'ENTRANCE_HAS_CANDIDATES',
      });
    }
    const after = await entranceOf(created.Entrance_ID);
    expect({ name: after.Entrance_Name, codes: after.specialities.map((s) => s.SPECIALITY_CODE) }).toEqual({
      name: created.Entrance_Name,
      codes: ['BF', 'CGE', 'GSI'],
    });
    // the one nobody chose may go
    ok(await office.request('PUT', `/api/admissions/entrances/${created.Entrance_ID}`, await entranceBody(t, { specialities: ['BTS GSI', 'BTS CGE'] })));
  });

  it('closes registration at once and reopens it while the deadline has not passed; after it, reopening is 409 ENTRANCE_CLOSED', async () => {
    const created = await openEntrance(t, office, { deadline: 1 });
    const closed = ok<OfficeEntrance>(await office.post(`/api/admissions/entrances/${created.Entrance_ID}/close`));
    expect(closed).toMatchObject({ OPEN: false, closedAt: t.clock.now().toISOString() });
    t.clock.advance(60_000);
    // closing a closed entrance changes nothing
    expect(ok<OfficeEntrance>(await office.post(`/api/admissions/entrances/${created.Entrance_ID}/close`)).closedAt).toBe(closed.closedAt);
    expect(ok<OfficeEntrance>(await office.post(`/api/admissions/entrances/${created.Entrance_ID}/reopen`))).toMatchObject({ OPEN: true, closedAt: null });
    ok(await office.post(`/api/admissions/entrances/${created.Entrance_ID}/close`));
    await later(3 * 86_400_000);
    expect(outcome(await office.post(`/api/admissions/entrances/${created.Entrance_ID}/reopen`))).toEqual({ status: 409, code: 'ENTRANCE_CLOSED' });
    // moving the deadline first lets the office reopen
    ok(await office.request('PUT', `/api/admissions/entrances/${created.Entrance_ID}`, await entranceBody(t, { deadline: 5 })));
    expect(ok<OfficeEntrance>(await office.post(`/api/admissions/entrances/${created.Entrance_ID}/reopen`)).OPEN).toBe(true);
    expect(await auditsOf(created.Entrance_ID)).toEqual([
      'entrance.created',
      'entrance.closed',
      'entrance.reopened',
      'entrance.closed',
      'entrance.changed',
      'entrance.reopened',
    ]);
    expect(outcome(await office.post('/api/admissions/entrances/999999/close'))).toMatchObject({ status: 404 });
  });

  it('counts candidates per speciality of first choice (every speciality, none left out) and per day of registration in university time, with the paid ones', async () => {
    const created = await openEntrance(t, office, { specialities: ['BTS GSI', 'BTS CGE', 'BTS BF'] });
    const day = dayOf(t, -3);
    const at = (days: number, hours: number) => new Date(sessionStartOf(day).getTime() + days * 86_400_000 + hours * 3_600_000);
    await insertCandidate(t, { entrance: created, first: 'GSI', second: 'CGE', createdAt: at(0, 8), paid: true });
    await insertCandidate(t, { entrance: created, first: 'GSI', createdAt: at(0, 20) });
    // 00:30 in Douala, still 23:30 of the day before in UTC
    await insertCandidate(t, { entrance: created, first: 'CGE', createdAt: at(1, 0.5), paid: true });
    await insertCandidate(t, { entrance: created, first: 'GSI', createdAt: at(2, 10), paid: true });
    const counts = ok<EntranceCounts>(await office.get(`/api/admissions/entrances/${created.Entrance_ID}/counts`));
    expect(counts.perSpeciality.map((s) => [s.SPECIALITY_DESCRIPTION, s.total, s.paid])).toEqual([
      ['Banking and Finance', 0, 0],
      ['Accounting and Business Management', 1, 1],
      ['Information Systems Management', 3, 2],
    ]);
    expect(counts.perSpeciality[0]).toMatchObject({ SPECIALITY_DESCRIPTION_FR: 'Banque et finance', CYCLE_NAME: 'Higher Technician Certificate (BTS)' });
    expect(counts.perDay).toEqual([
      { day, total: 2, paid: 1 },
      { day: dayOf(t, -2), total: 1, paid: 1 },
      { day: dayOf(t, -1), total: 1, paid: 1 },
    ]);
    expect(await entranceOf(created.Entrance_ID)).toMatchObject({ candidates: 4, paid: 3 });
    expect(outcome(await office.get('/api/admissions/entrances/999999/counts'))).toMatchObject({ status: 404 });
  });
});

describe('closing registration after the deadline (the job)', () => {
  it('runs shortly after midnight, university time, and hourly on PGlite', () => {
    expect(entrancesClosePastDeadlineJob).toMatchObject({ name: 'entrances.close-past-deadline', cron: '5 0 * * *', everyMs: 3_600_000 });
  });

  it('closes nothing on the last day, closes the entrance the day after (as the system), and changes nothing when run again', async () => {
    const lastDay = await openEntrance(t, office, { deadline: 0 });
    const afterIt = await openEntrance(t, office, { deadline: 2 });
    const open = async () =>
      Object.fromEntries((await Promise.all([lastDay, afterIt].map((e) => entranceOf(e.Entrance_ID)))).map((e) => [e.Entrance_ID, e.OPEN]));
    // the last evening of registration
    await later(sessionStartOf(dayOf(t, 1)).getTime() - 60_000 - t.clock.now().getTime());
    await entrancesClosePastDeadlineJob.handler(t.app.ctx);
    expect(await open()).toEqual({ [lastDay.Entrance_ID]: true, [afterIt.Entrance_ID]: true });
    // ten minutes past midnight
    t.clock.advance(11 * 60_000);
    const closedAt = t.clock.now();
    const first = await closePastDeadlineEntrances(t.app.ctx);
    expect(first.closed).toBeGreaterThanOrEqual(1);
    expect(await open()).toEqual({ [lastDay.Entrance_ID]: false, [afterIt.Entrance_ID]: true });
    expect((await entranceOf(lastDay.Entrance_ID)).closedAt).toBe(closedAt.toISOString());
    const [audited] = await t.db
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'entrance.closed'), eq(auditLog.targetId, String(lastDay.Entrance_ID))));
    expect(audited).toEqual({ actorId: null, details: { registrationLimitDate: lastDay.Entrance_Registration_Limit_Date, by: 'deadline' } });
    // again, an hour later: nothing to do
    await later(3_600_000);
    expect(await closePastDeadlineEntrances(t.app.ctx)).toEqual({ closed: 0 });
    expect((await entranceOf(lastDay.Entrance_ID)).closedAt).toBe(closedAt.toISOString());
    // the demo entrances still open are left as they are
    const demo = ok<OfficeEntrance[]>(await office.get('/api/admissions/entrances')).filter(
      (e) => e.Entrance_Registration_Limit_Date >= dayOf(t) && DEMO_ENTRANCES.some((d) => e.Entrance_Name === d.name(Number(e.Year_Name.slice(0, 4)))),
    );
    expect(demo.map((e) => [e.OPEN, e.closedAt])).toEqual([
      [true, null],
      [true, null],
    ]);
  });
});
