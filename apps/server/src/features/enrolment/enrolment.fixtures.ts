import { and, asc, eq, inArray, like } from 'drizzle-orm';
import {
  addDays,
  universityDayOf,
  type EnrolmentSession,
  type EnrolmentSessionInput,
  type MyEnrolmentApplication,
  type OfficeEnrolmentOffer,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { classes, persons, subjects } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { createTestApp, ok, personIdOf, sessionFor, type Answer, type Client, type TestApp } from '../../../test/helpers';

/** Test data and the people of the enrolment tests (decision 38). */

/** The ids of `count` demo students from the end of the list (ST24A120 backwards): none of them is in the demo enrolment. */
export async function studentIds(t: TestApp, count: number, skip = 0): Promise<number[]> {
  const rows = await t.db
    .select({ id: persons.id, MATRICULE: persons.MATRICULE })
    .from(persons)
    .where(like(persons.MATRICULE, 'ST24A%'))
    .orderBy(asc(persons.MATRICULE));
  return rows
    .reverse()
    .slice(skip, skip + count)
    .map((row) => row.id);
}

export async function classIdOf(t: TestApp, code: string): Promise<number> {
  const [row] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.code, code));
  if (!row) throw new Error(`no class ${code}`);
  return row.id;
}

export async function subjectIdOf(t: TestApp, classCode: string, code: string): Promise<number> {
  const [row] = await t.db
    .select({ id: subjects.id })
    .from(subjects)
    .innerJoin(classes, eq(classes.id, subjects.classId))
    .where(and(eq(classes.code, classCode), eq(subjects.code, code)));
  if (!row) throw new Error(`no subject ${classCode} ${code}`);
  return row.id;
}

export async function classOf(t: TestApp, personId: number): Promise<number | null> {
  const [row] = await t.db.select({ classId: persons.classId }).from(persons).where(eq(persons.id, personId));
  return row!.classId;
}

export async function classesOf(t: TestApp, ids: readonly number[]): Promise<Map<number, number | null>> {
  const rows = await t.db
    .select({ id: persons.id, classId: persons.classId })
    .from(persons)
    .where(inArray(persons.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.classId]));
}

/** The academic office and the demo student, signed in (on `app` when given: another instance). */
export async function enrolmentCast(t: TestApp, app?: FastifyInstance) {
  const as = async (matricule: string) => {
    const id = await personIdOf(t, matricule);
    return { id, client: await sessionFor(t, id, app) };
  };
  return {
    office: await as(DEMO_ACCOUNTS.academic.matricule),
    admin: await as(DEMO_ACCOUNTS.admin.matricule),
    lecturer: await as(DEMO_ACCOUNTS.permanent.matricule),
    student: await as(DEMO_ACCOUNTS.student.matricule),
  };
}

export type EnrolmentCast = Awaited<ReturnType<typeof enrolmentCast>>;

/** What the enrolment tests start from: a test app, its cast, and the academic office's client (close `t` after). */
export async function enrolmentApp(): Promise<{ t: TestApp; cast: EnrolmentCast; office: Client }> {
  const t = await createTestApp();
  const cast = await enrolmentCast(t);
  return { t, cast, office: cast.office.client };
}

/** The university day of the test clock, moved by `days`. */
export const dayOf = (t: TestApp, days = 0): string => addDays(universityDayOf(t.clock.now()), days);

/** A session's body: open from `from` to `to` days around today (today to 10 days on unless told). */
export const sessionBody = (t: TestApp, more: Partial<EnrolmentSessionInput> & { from?: number; to?: number } = {}): EnrolmentSessionInput => {
  const { from = 0, to = 10, ...rest } = more;
  return { NAME: 'Enrolment test', NAME_FR: 'Inscriptions test', START_DATE: dayOf(t, from), END_DATE: dayOf(t, to), MAX_APPLICATIONS: 3, ...rest };
};

/** Opens a session through the API. */
export async function openSession(t: TestApp, office: Client, more: Parameters<typeof sessionBody>[1] = {}): Promise<EnrolmentSession> {
  return ok<EnrolmentSession>(await office.post('/api/enrolment-sessions', sessionBody(t, more)), 201);
}

/** Offers a class (by code) or a subject (by class and subject code) in a session, through the API. */
export async function offer(
  t: TestApp,
  office: Client,
  sessionId: number,
  what: { classCode: string; subjectCode?: string; capacity: number },
): Promise<OfficeEnrolmentOffer> {
  const body = what.subjectCode
    ? { KIND: 'SUBJECT', SUBJECT_ID: await subjectIdOf(t, what.classCode, what.subjectCode), CAPACITY: what.capacity }
    : { KIND: 'CLASS', CLASS_ID: await classIdOf(t, what.classCode), CAPACITY: what.capacity };
  return ok<OfficeEnrolmentOffer>(await office.post(`/api/enrolment-sessions/${sessionId}/offers`, body), 201);
}

/** A student applies; answers the response. */
export const apply = (student: Client, offerId: number) => student.post('/api/enrolment-applications', { OFFER_ID: offerId });

/** A student applies, which must succeed. */
export async function applied(student: Client, offerId: number): Promise<MyEnrolmentApplication> {
  return ok<MyEnrolmentApplication>(await apply(student, offerId), 201);
}

/** `count` students signed in (from the end of the demo list), with their ids. */
export async function students(
  t: TestApp,
  count: number,
  options: { skip?: number; apps?: readonly FastifyInstance[] } = {},
): Promise<{ id: number; client: Client }[]> {
  const ids = await studentIds(t, count, options.skip ?? 0);
  return Promise.all(ids.map(async (id, i) => ({ id, client: await sessionFor(t, id, options.apps ? options.apps[i % options.apps.length] : undefined) })));
}

/** Counts of answers by `status code` (and error code): `{ '201': 10, '409 ENROLMENT_FULL': 50 }`. */
export const tally = (responses: readonly Answer[]) =>
  responses.reduce<Record<string, number>>((acc, res) => {
    const key = res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${(res.json() as { code: string }).code}`;
    return { ...acc, [key]: (acc[key] ?? 0) + 1 };
  }, {});
