import { and, eq } from 'drizzle-orm';
import type { RequestBatchDetail, RequestDetail } from '@portal/contract';
import { accounts, classes, persons, requestDecisions, requestHops, requestSubcategories, requestUnits, subjects } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { ok, personIdOf, sessionFor, type Client, type TestApp } from '../../../test/helpers';

/** Test data and the people who process requests, for the tests of the units' side (decision 32). */

export async function emailOfPerson(t: TestApp, id: number): Promise<string> {
  const [row] = await t.db
    .select({ email: accounts.email, personEmail: persons.EMAIL })
    .from(persons)
    .leftJoin(accounts, eq(accounts.personId, persons.id))
    .where(eq(persons.id, id));
  return (row!.email ?? row!.personEmail)!;
}

/** Everyone the processing tests act as, signed in, and the reference data they name. */
export async function processingCast(t: TestApp) {
  const as = async (matricule: string) => {
    const id = await personIdOf(t, matricule);
    return { id, client: await sessionFor(t, id) };
  };
  const units = Object.fromEntries(
    (await t.db.select({ id: requestUnits.id, code: requestUnits.code }).from(requestUnits)).map((u) => [u.code, u.id]),
  ) as Record<string, number>;
  const subs = Object.fromEntries(
    (await t.db.select({ id: requestSubcategories.id, code: requestSubcategories.code }).from(requestSubcategories)).map((s) => [s.code, s.id]),
  ) as Record<string, number>;
  const classSubject = async (classCode: string, subjectCode: string) => {
    const [row] = await t.db
      .select({ classId: classes.id, subjectId: subjects.id })
      .from(subjects)
      .innerJoin(classes, eq(classes.id, subjects.classId))
      .where(and(eq(classes.code, classCode), eq(subjects.code, subjectCode)));
    return row!;
  };
  return {
    permanent: await as(DEMO_ACCOUNTS.permanent.matricule),
    partTime: await as(DEMO_ACCOUNTS.partTime.matricule),
    seng: await as(DEMO_ACCOUNTS.seng.matricule),
    finance: await as(DEMO_ACCOUNTS.finance.matricule),
    school: await as(DEMO_ACCOUNTS.school.matricule),
    hr: await as(DEMO_ACCOUNTS.hr.matricule),
    admin: await as(DEMO_ACCOUNTS.admin.matricule),
    units,
    subs,
    /** VAC0001's assigned class and subject (BTS1 GSI/J B, department INF: the School of Computer Science) */
    vacLesson: await classSubject('BTS1 GSI/J B', 'GSI103'),
  };
}
export type ProcessingCast = Awaited<ReturnType<typeof processingCast>>;

/** A decision of a hop, by its English label. */
export async function decisionId(t: TestApp, input: { sub: number; from: number; to: number; label: string }): Promise<number> {
  const [row] = await t.db
    .select({ id: requestDecisions.id })
    .from(requestDecisions)
    .innerJoin(requestHops, eq(requestHops.id, requestDecisions.hopId))
    .where(
      and(
        eq(requestHops.subcategoryId, input.sub),
        eq(requestHops.fromUnitId, input.from),
        eq(requestHops.toUnitId, input.to),
        eq(requestDecisions.label, input.label),
      ),
    );
  return row!.id;
}

/** A payment claim (0201: amounts; first unit SENG, then finance). */
export const paymentClaim = (cast: ProcessingCast, title = 'Fees short') => ({
  REQUEST_CATEGORY_ID: cast.subs['0201']!,
  AMOUNT_RECEIVED: 100000,
  AMOUNT_EXPECTED: 125000,
  REQUEST_OBJECT: title,
  DESCRIPTION: 'Five hours missing',
});

/** A teaching claim (0101) of VAC0001 about their assigned class, a day before `today`. */
export const teachingClaim = (cast: ProcessingCast, day: string) => ({
  REQUEST_CATEGORY_ID: cast.subs['0101']!,
  CLASS_ID: cast.vacLesson.classId,
  SUBJECT_ID: cast.vacLesson.subjectId,
  REQUEST_PBLM_DATE: day,
  REQUEST_PBLM_HOUR_START: '08:00',
  REQUEST_PBLM_HOUR_END: '09:50',
  REQUEST_OBJECT: 'Teaching session not recorded',
  DESCRIPTION: 'First slot, attendance sheet signed.',
});

export async function file(author: { client: Client }, body: unknown): Promise<RequestDetail> {
  return ok<RequestDetail>(await author.client.post('/api/requests', body), 201);
}

/** Filed by `author`, signed at SENG: ready to send. */
export async function signedRequest(cast: ProcessingCast, author: { client: Client }, body: unknown): Promise<RequestDetail> {
  const filed = await file(author, body);
  return ok<RequestDetail>(await cast.seng.client.post(`/api/requests/${filed.id}/signature`, {}));
}

/** Requests sent from `from` to `to` in one batch and received there: awaiting the destination's decision. */
export async function deliver(
  from: { client: Client },
  to: { client: Client },
  input: { toUnit: number; ids: number[]; fromUnit?: number },
): Promise<RequestBatchDetail> {
  const batch = ok<RequestBatchDetail>(
    await from.client.post('/api/request-batches', {
      TO_UNIT_ID: input.toUnit,
      REQUEST_IDS: input.ids,
      SEND: true,
      ...(input.fromUnit ? { FROM_UNIT_ID: input.fromUnit } : {}),
    }),
    201,
  );
  return ok<RequestBatchDetail>(await to.client.post(`/api/request-batches/${batch.id}/receive`));
}

/** A back-office account with the REQUESTS role in `unitId` (or in none). */
export async function unitMember(t: TestApp, unitId: number | null, matricule: string): Promise<{ id: number; client: Client }> {
  const [person] = await t.db
    .insert(persons)
    .values({ MATRICULE: matricule, KIND: 'OFFICE', ROLES: ['REQUESTS'], FIRSTNAME: 'Unit', LASTNAME: `Member ${matricule}`, REQUEST_UNIT_ID: unitId })
    .returning({ id: persons.id });
  return { id: person!.id, client: await sessionFor(t, person!.id) };
}
