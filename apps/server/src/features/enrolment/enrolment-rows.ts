// What the enrolment services read (decision 38): a session as the contract answers it, offers
// with what they offer and their seats, and applications with their student and offer.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  enrolmentSessionState,
  lastSessionDayOf,
  SEAT_HOLDING_STATUSES,
  universityDayOf,
  type EnrolmentApplication,
  type EnrolmentOffer,
  type MyEnrolmentApplication,
  type EnrolmentOfferRef,
  type EnrolmentSession,
  type EnrolmentStatus,
  type OfficeEnrolmentOffer,
} from '@portal/contract';
import type { Executor } from '../../db/client';
import { classes, enrolmentApplications, enrolmentOffers, enrolmentSessions, persons, subjects } from '../../db/schema';

export type SessionRow = typeof enrolmentSessions.$inferSelect;

/** A session row as the contract's EnrolmentSession, its state at `now`. */
export function toSession(row: SessionRow, now: Date): EnrolmentSession {
  return {
    id: row.id,
    name: row.name,
    nameFr: row.nameFr,
    startDate: universityDayOf(row.startsAt),
    endDate: lastSessionDayOf(row.endsAt),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    maxApplications: row.maxApplications,
    closedAt: row.closedAt?.toISOString() ?? null,
    state: enrolmentSessionState(row, now),
  };
}

/** The SQL list of the statuses holding a seat (constants of the contract, never input). */
export const SEAT_HOLDING_SQL = sql.raw(SEAT_HOLDING_STATUSES.map((status) => `'${status}'`).join(', '));

const offerClass = alias(classes, 'offer_class');
const subjectClass = alias(classes, 'subject_class');

/** What an offer is, joined: the class offered, or the subject and its class. */
export const offerRefColumns = {
  id: enrolmentOffers.id,
  sessionId: enrolmentOffers.sessionId,
  kind: enrolmentOffers.kind,
  capacity: enrolmentOffers.capacity,
  classId: offerClass.id,
  classCode: offerClass.code,
  subjectId: subjects.id,
  subjectCode: subjects.code,
  subjectName: subjects.name,
  subjectNameFr: subjects.nameFr,
  subjectClassId: subjectClass.id,
  subjectClassCode: subjectClass.code,
};
export interface OfferRefRow {
  id: number;
  sessionId: number;
  kind: 'CLASS' | 'SUBJECT';
  capacity: number;
  classId: number | null;
  classCode: string | null;
  subjectId: number | null;
  subjectCode: string | null;
  subjectName: string | null;
  subjectNameFr: string | null;
  subjectClassId: number | null;
  subjectClassCode: string | null;
}

/** The offers joined with their class or subject (and the subject's class); add the where and order. */
export const selectOffers = (exec: Executor) =>
  exec
    .select(offerRefColumns)
    .from(enrolmentOffers)
    .leftJoin(offerClass, eq(offerClass.id, enrolmentOffers.classId))
    .leftJoin(subjects, eq(subjects.id, enrolmentOffers.subjectId))
    .leftJoin(subjectClass, eq(subjectClass.id, subjects.classId));

export const toOfferRef = (row: OfferRefRow): EnrolmentOfferRef => ({
  id: row.id,
  kind: row.kind,
  class: row.kind === 'CLASS' && row.classId !== null ? { id: row.classId, code: row.classCode! } : null,
  subject:
    row.kind === 'SUBJECT' && row.subjectId !== null
      ? {
          id: row.subjectId,
          code: row.subjectCode!,
          name: row.subjectName!,
          nameFr: row.subjectNameFr!,
          class: { id: row.subjectClassId!, code: row.subjectClassCode! },
        }
      : null,
});

/** The applications of these offers counted by status: offer id → status → count. */
export async function statusCounts(exec: Executor, offerIds: readonly number[]): Promise<Map<number, Partial<Record<EnrolmentStatus, number>>>> {
  const counts = new Map<number, Partial<Record<EnrolmentStatus, number>>>();
  if (!offerIds.length) return counts;
  const rows = await exec
    .select({ offerId: enrolmentApplications.offerId, status: enrolmentApplications.status, n: count() })
    .from(enrolmentApplications)
    .where(inArray(enrolmentApplications.offerId, [...offerIds]))
    .groupBy(enrolmentApplications.offerId, enrolmentApplications.status);
  for (const row of rows) counts.set(row.offerId, { ...counts.get(row.offerId), [row.status]: row.n });
  return counts;
}

const seatsOf = (capacity: number, byStatus: Partial<Record<EnrolmentStatus, number>> = {}) => {
  const taken = SEAT_HOLDING_STATUSES.reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
  return { seatsTaken: taken, seatsLeft: Math.max(0, capacity - taken) };
};

/** The offers of these sessions with their seats, by kind (classes first), then class or subject code. */
export async function offersOf(exec: Executor, sessionIds: readonly number[]): Promise<EnrolmentOffer[]> {
  return (await officeOffersOf(exec, sessionIds)).map(({ applications: _a, pending: _p, accepted: _c, waitlisted: _w, ...offer }) => offer);
}

/** The offers of these sessions as the office reads them: seats, and applications counted by status. */
export async function officeOffersOf(exec: Executor, sessionIds: readonly number[], offerIds?: readonly number[]): Promise<OfficeEnrolmentOffer[]> {
  if (!sessionIds.length) return [];
  const rows = await selectOffers(exec)
    .where(and(inArray(enrolmentOffers.sessionId, [...sessionIds]), offerIds ? inArray(enrolmentOffers.id, [...offerIds]) : undefined))
    .orderBy(asc(enrolmentOffers.kind), asc(sql`coalesce(${offerClass.code}, ${subjects.code})`), asc(subjectClass.code), asc(enrolmentOffers.id));
  const counts = await statusCounts(
    exec,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const byStatus = counts.get(row.id) ?? {};
    return {
      ...toOfferRef(row),
      sessionId: row.sessionId,
      capacity: row.capacity,
      ...seatsOf(row.capacity, byStatus),
      applications: Object.values(byStatus).reduce((sum, n) => sum + (n ?? 0), 0),
      pending: byStatus.PENDING ?? 0,
      accepted: byStatus.ACCEPTED ?? 0,
      waitlisted: byStatus.WAITLISTED ?? 0,
    };
  });
}

/** An offer's name in a language, for mails and exports: the class code, or the subject's code and name with its class. */
export function offerName(offer: EnrolmentOfferRef, lang: 'en' | 'fr'): string {
  if (offer.class) return offer.class.code;
  if (offer.subject) return `${offer.subject.code} – ${lang === 'fr' ? offer.subject.nameFr : offer.subject.name} (${offer.subject.class.code})`;
  return String(offer.id);
}

// ---------------------------------------------------------------- applications

const studentClass = alias(classes, 'student_class');
const decider = alias(persons, 'decider');

/** An application joined with its session, its offer (what it is), its student (and their class) and who decided it. */
export const selectApplications = (exec: Executor) =>
  exec
    .select({
      ...offerRefColumns,
      applicationId: enrolmentApplications.id,
      status: enrolmentApplications.status,
      appliedAt: enrolmentApplications.createdAt,
      decidedAt: enrolmentApplications.decidedAt,
      sessionName: enrolmentSessions.name,
      sessionNameFr: enrolmentSessions.nameFr,
      studentId: persons.id,
      MATRICULE: persons.MATRICULE,
      FIRSTNAME: persons.FIRSTNAME,
      LASTNAME: persons.LASTNAME,
      studentClassId: studentClass.id,
      studentClassCode: studentClass.code,
      deciderFirstname: decider.FIRSTNAME,
      deciderLastname: decider.LASTNAME,
    })
    .from(enrolmentApplications)
    .innerJoin(enrolmentOffers, eq(enrolmentOffers.id, enrolmentApplications.offerId))
    .innerJoin(enrolmentSessions, eq(enrolmentSessions.id, enrolmentApplications.sessionId))
    .innerJoin(persons, eq(persons.id, enrolmentApplications.studentId))
    .leftJoin(offerClass, eq(offerClass.id, enrolmentOffers.classId))
    .leftJoin(subjects, eq(subjects.id, enrolmentOffers.subjectId))
    .leftJoin(subjectClass, eq(subjectClass.id, subjects.classId))
    .leftJoin(studentClass, eq(studentClass.id, persons.classId))
    .leftJoin(decider, eq(decider.id, enrolmentApplications.decidedBy));
export type ApplicationRow = Awaited<ReturnType<ReturnType<typeof selectApplications>['execute']>>[number];

/** A joined application as the office's EnrolmentApplication. */
export const toApplication = (row: ApplicationRow): EnrolmentApplication => ({
  id: row.applicationId,
  session: { id: row.sessionId, name: row.sessionName, nameFr: row.sessionNameFr },
  offer: toOfferRef(row as OfferRefRow),
  student: {
    id: row.studentId,
    MATRICULE: row.MATRICULE,
    FIRSTNAME: row.FIRSTNAME,
    LASTNAME: row.LASTNAME,
    class: row.studentClassId === null ? null : { id: row.studentClassId, code: row.studentClassCode! },
  },
  status: row.status,
  appliedAt: row.appliedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  decidedBy: row.deciderFirstname === null ? null : { FIRSTNAME: row.deciderFirstname, LASTNAME: row.deciderLastname! },
});

/** A joined application as the student's own MyEnrolmentApplication. */
export const toMyApplication = (row: ApplicationRow): MyEnrolmentApplication => ({
  id: row.applicationId,
  sessionId: row.sessionId,
  offer: toOfferRef(row as OfferRefRow),
  status: row.status,
  appliedAt: row.appliedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});
