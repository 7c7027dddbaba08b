import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingPeriod, LessonPage, LessonsChanged } from '@portal/contract';
import { lessons } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { createTestApp, ok, outcome, personIdOf, type Client, type TestApp } from '../../../test/helpers';
import { auditedFor, lessonOf, plan, planningCast, subjectIn, type TestSubject } from './planning.fixtures';

let t: TestApp;
let office: Client;
let officeId: number;
let vac: number;
let per: number;
let gsi103: TestSubject;
let gsi101: TestSubject;

beforeAll(async () => {
  t = await createTestApp();
  const cast = await planningCast(t);
  office = cast.office.client;
  officeId = cast.office.id;
  vac = await personIdOf(t, DEMO_ACCOUNTS.partTime.matricule);
  per = await personIdOf(t, DEMO_ACCOUNTS.permanent.matricule);
  gsi103 = await subjectIn(t, 'BTS1 GSI/J B', 'GSI103');
  gsi101 = await subjectIn(t, 'BTS1 GSI/J A', 'GSI101');
});
afterAll(async () => {
  await t?.close();
});

const createPeriod = (body: object) => office.post('/api/billing-periods', body);
const bill = (body: object) => office.post('/api/lessons/billing', body);
const statuses = async (ids: number[]) => {
  const rows = await t.db.select({ id: lessons.id, status: lessons.status, period: lessons.billingPeriodId }).from(lessons).where(inArray(lessons.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!.status);
};
/** Lessons of VAC0001 planned on these days (08:00-09:50) and validated, but the ones kept pending. */
async function validatedOn(days: string[], keepPending: string[] = []): Promise<number[]> {
  const ids: number[] = [];
  for (const day of days) ids.push((await plan(office, lessonOf(gsi103, vac, day)))[0]!.id);
  const toValidate = ids.filter((_, i) => !keepPending.includes(days[i]!));
  if (toValidate.length) ok(await office.post('/api/lessons/decisions', { DECISION: 'VALIDATE', LESSON_IDS: toValidate }));
  return ids;
}

describe('billing periods', () => {
  it('adds periods that never share a day (409 BILLING_PERIOD_OVERLAP), with unique names (409 ALREADY_EXISTS), audited; lists them newest first with their counts', async () => {
    const march = ok<BillingPeriod>(await createPeriod({ NAME: 'March 2034', BEGIN_DATE: '2034-03-01', END_DATE: '2034-03-31' }), 201);
    expect(march).toEqual({ id: expect.any(Number), name: 'March 2034', beginDate: '2034-03-01', endDate: '2034-03-31', billedLessons: 0, billedHours: 0 });
    expect((await auditedFor(t, 'billing-period.created', march.id))[0]).toMatchObject({
      actorId: officeId,
      targetType: 'billing-period',
      details: { name: 'March 2034', beginDate: '2034-03-01', endDate: '2034-03-31' },
    });
    // sharing one day, inside, around
    for (const [begin, end] of [
      ['2034-02-15', '2034-03-01'],
      ['2034-03-31', '2034-04-30'],
      ['2034-03-10', '2034-03-12'],
      ['2034-01-01', '2034-12-31'],
    ]) {
      expect(outcome(await createPeriod({ NAME: `Overlap ${begin}`, BEGIN_DATE: begin, END_DATE: end })), `${begin} ${end}`).toMatchObject({
        status: 409,
        code: 'BILLING_PERIOD_OVERLAP',
      });
    }
    expect(outcome(await createPeriod({ NAME: 'March 2034', BEGIN_DATE: '2035-03-01', END_DATE: '2035-03-31' }))).toMatchObject({
      status: 409,
      code: 'ALREADY_EXISTS',
    });
    expect(outcome(await createPeriod({ NAME: 'Backwards', BEGIN_DATE: '2034-06-30', END_DATE: '2034-06-01' }))).toMatchObject({
      status: 400,
      fields: { END_DATE: 'validation.endBeforeStart' },
    });
    const april = ok<BillingPeriod>(await createPeriod({ NAME: 'April 2034', BEGIN_DATE: '2034-04-01', END_DATE: '2034-04-30' }), 201);
    const listed = ok<BillingPeriod[]>(await office.get('/api/billing-periods'));
    expect(listed.map((p) => p.name).slice(0, 2)).toEqual(['April 2034', 'March 2034']);
    expect(listed.find((p) => p.id === april.id)).toEqual(april);
  });
});

describe('billing lessons', () => {
  it('bills named lessons only when every one is validated and dated within the period (409 LESSON_NOT_BILLABLE: nothing billed), then final and counted', async () => {
    const period = ok<BillingPeriod>(await createPeriod({ NAME: 'May 2034', BEGIN_DATE: '2034-05-01', END_DATE: '2034-05-31' }), 201);
    const [inMay, pending, alsoInMay] = await validatedOn(['2034-05-02', '2034-05-09', '2034-05-16'], ['2034-05-09']);
    const [inJune] = await validatedOn(['2034-06-06']);
    // a pending lesson among them, a lesson outside the period: refused, nothing billed
    expect(outcome(await bill({ BILLING_PERIOD_ID: period.id, LESSON_IDS: [inMay, pending] }))).toMatchObject({ status: 409, code: 'LESSON_NOT_BILLABLE' });
    expect(outcome(await bill({ BILLING_PERIOD_ID: period.id, LESSON_IDS: [inMay, inJune] }))).toMatchObject({ status: 409, code: 'LESSON_NOT_BILLABLE' });
    expect(await statuses([inMay!, alsoInMay!, inJune!])).toEqual(['ValidatedButNotBilled', 'ValidatedButNotBilled', 'ValidatedButNotBilled']);
    // a refused lesson is no more billable
    ok(await office.post('/api/lessons/decisions', { DECISION: 'REFUSE', LESSON_IDS: [alsoInMay] }));
    expect(outcome(await bill({ BILLING_PERIOD_ID: period.id, LESSON_IDS: [alsoInMay] }))).toMatchObject({ status: 409, code: 'LESSON_NOT_BILLABLE' });
    // unknown lesson, unknown period
    expect(outcome(await bill({ BILLING_PERIOD_ID: period.id, LESSON_IDS: [inMay, 999_999] }))).toMatchObject({ status: 404 });
    expect(outcome(await bill({ BILLING_PERIOD_ID: 999_999, LESSON_IDS: [inMay] }))).toMatchObject({ status: 404 });

    expect(ok<LessonsChanged>(await bill({ BILLING_PERIOD_ID: period.id, LESSON_IDS: [inMay] }))).toEqual({ changed: 1 });
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, inMay!));
    expect(row).toMatchObject({ status: 'ValidatedAndBilled', billingPeriodId: period.id, billedBy: officeId });
    expect(ok<LessonPage>(await office.get(`/api/lessons?from=2034-05-02&to=2034-05-02&lecturerId=${vac}`)).rows[0]).toMatchObject({
      status: 'ValidatedAndBilled',
      billingPeriod: { id: period.id, name: 'May 2034' },
    });
    // billed again: no more billable
    expect(outcome(await bill({ BILLING_PERIOD_ID: period.id, LESSON_IDS: [inMay] }))).toMatchObject({ status: 409, code: 'LESSON_NOT_BILLABLE' });
    const [entry] = await auditedFor(t, 'lessons.billed', period.id);
    expect(entry).toMatchObject({
      actorId: officeId,
      targetType: 'billing-period',
      details: { count: 1, hours: 1.83, lessonIds: [inMay], lecturerIds: [vac] },
    });
    expect(ok<BillingPeriod[]>(await office.get('/api/billing-periods')).find((p) => p.id === period.id)).toMatchObject({
      billedLessons: 1,
      billedHours: 1.83,
    });
  });

  it("bills every validated lesson of the period when none is named; pending, refused and other periods' lessons stay", async () => {
    const period = ok<BillingPeriod>(await createPeriod({ NAME: 'July 2034', BEGIN_DATE: '2034-07-01', END_DATE: '2034-07-31' }), 201);
    const ids = await validatedOn(['2034-07-03', '2034-07-10', '2034-07-17', '2034-07-24', '2034-07-31'], ['2034-07-17']);
    ok(await office.post('/api/lessons/decisions', { DECISION: 'REFUSE', LESSON_IDS: [ids[3]] }));
    const [other] = await plan(office, lessonOf(gsi101, per, '2034-07-04'));
    ok(await office.post('/api/lessons/decisions', { DECISION: 'VALIDATE', LESSON_IDS: [other!.id] }));
    const [august] = await validatedOn(['2034-08-01']);

    expect(ok<LessonsChanged>(await bill({ BILLING_PERIOD_ID: period.id }))).toEqual({ changed: 4 });
    expect(await statuses([...ids, other!.id, august!])).toEqual([
      'ValidatedAndBilled',
      'ValidatedAndBilled',
      'PendingValidation',
      'NotValidated',
      'ValidatedAndBilled',
      'ValidatedAndBilled',
      'ValidatedButNotBilled',
    ]);
    const listed = ok<BillingPeriod[]>(await office.get('/api/billing-periods')).find((p) => p.id === period.id)!;
    // four lessons of 110 minutes
    expect(listed).toMatchObject({ billedLessons: 4, billedHours: 7.33 });
    expect(ok<LessonsChanged>(await bill({ BILLING_PERIOD_ID: period.id }))).toEqual({ changed: 0 });
  });

  it('is for the academic office and administrators only', async () => {
    const cast = await planningCast(t);
    for (const who of [cast.hr, cast.lecturer, cast.student]) {
      expect(outcome(await who.client.get('/api/billing-periods'))).toMatchObject({ status: 403 });
      expect(outcome(await who.client.post('/api/billing-periods', { NAME: 'Nope', BEGIN_DATE: '2040-01-01', END_DATE: '2040-01-31' }))).toMatchObject({
        status: 403,
      });
    }
    expect(
      ok<BillingPeriod>(
        await cast.admin.client.post('/api/billing-periods', { NAME: 'By the administrator', BEGIN_DATE: '2040-01-01', END_DATE: '2040-01-31' }),
        201,
      ),
    ).toMatchObject({ name: 'By the administrator' });
  });
});
