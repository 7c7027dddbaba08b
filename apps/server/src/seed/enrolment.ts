/**
 * The demo enrolment (issue 13, decision 38): one enrolment session open at the seed instant (from
 * a week before the seed day to three weeks after it), offering three classes and two optional
 * subjects with small capacities, and applications of demo students in every status. One class
 * and one subject are full (their seats held), so that a student meets ENROLMENT_FULL at once and
 * the office has a waiting list to accept from. The demo student (ST24A001) applied to one subject
 * and may apply to the classes. Everything follows from the seed day alone.
 */
import { addDays, sessionEndOf, sessionStartOf, universityDayOf, type EnrolmentStatus } from '@portal/contract/rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { classes, enrolmentApplications, enrolmentOffers, enrolmentSessions, persons, studentSubjects, subjects } from '../db/schema';
import { DEMO_ACCOUNTS } from './demo';

export const DEMO_ENROLMENT = {
  name: 'Enrolment for the next semester',
  nameFr: 'Inscriptions du semestre prochain',
  /** days from the seed day: the first and the last day of the session */
  from: -7,
  to: 21,
  maxApplications: 3,
  /** the offers: a class by its code, or a subject by its class's code and its own */
  offers: [
    { key: 'gsi2a', kind: 'CLASS', classCode: 'BTS2 GSI/J A', capacity: 4 },
    { key: 'gsi2b', kind: 'CLASS', classCode: 'BTS2 GSI/J B', capacity: 3 },
    { key: 'swe1', kind: 'CLASS', classCode: 'HND1 SWE/J A', capacity: 2 },
    { key: 'swe101', kind: 'SUBJECT', classCode: 'HND1 SWE/J A', subjectCode: 'SWE101', capacity: 3 },
    { key: 'cge101', kind: 'SUBJECT', classCode: 'BTS1 CGE/J A', subjectCode: 'CGE101', capacity: 2 },
  ],
  /** the applications, in the order they were made: the student, the offer and the status */
  applications: [
    { matricule: 'ST24A004', offer: 'gsi2a', status: 'PENDING' },
    { matricule: 'ST24A005', offer: 'swe1', status: 'PENDING' },
    { matricule: 'ST24A004', offer: 'swe101', status: 'ACCEPTED' },
    { matricule: 'ST24A006', offer: 'gsi2b', status: 'PENDING' },
    { matricule: 'ST24A007', offer: 'gsi2a', status: 'PENDING' },
    { matricule: 'ST24A008', offer: 'swe1', status: 'PENDING' },
    { matricule: 'ST24A009', offer: 'cge101', status: 'ACCEPTED' },
    { matricule: 'ST24A010', offer: 'gsi2a', status: 'REFUSED' },
    { matricule: 'ST24A011', offer: 'swe1', status: 'WAITLISTED' },
    { matricule: 'ST24A012', offer: 'cge101', status: 'PENDING' },
    { matricule: 'ST24A006', offer: 'cge101', status: 'WAITLISTED' },
    { matricule: 'ST24A013', offer: 'gsi2a', status: 'WITHDRAWN' },
    { matricule: DEMO_ACCOUNTS.student.matricule, offer: 'swe101', status: 'PENDING' },
  ],
} as const satisfies {
  offers: readonly (
    | { key: string; kind: 'CLASS'; classCode: string; capacity: number }
    | { key: string; kind: 'SUBJECT'; classCode: string; subjectCode: string; capacity: number }
  )[];
  applications: readonly { matricule: string; offer: string; status: EnrolmentStatus }[];
  [key: string]: unknown;
};

const HOUR_MS = 3_600_000;

/** Seeds the demo enrolment session open at `now`, its offers and applications. */
export async function seedDemoEnrolment(tx: Tx, now: Date): Promise<void> {
  const today = universityDayOf(now);
  const demo = DEMO_ENROLMENT;
  const startsAt = sessionStartOf(addDays(today, demo.from));
  const matricules = [...new Set([...demo.applications.map((a) => a.matricule), DEMO_ACCOUNTS.academic.matricule])];
  const people = new Map(
    (await tx.select({ id: persons.id, MATRICULE: persons.MATRICULE }).from(persons).where(inArray(persons.MATRICULE, matricules))).map((p) => [
      p.MATRICULE,
      p.id,
    ]),
  );
  const office = people.get(DEMO_ACCOUNTS.academic.matricule)!;
  const [session] = await tx
    .insert(enrolmentSessions)
    .values({
      name: demo.name,
      nameFr: demo.nameFr,
      startsAt,
      endsAt: sessionEndOf(addDays(today, demo.to)),
      maxApplications: demo.maxApplications,
      createdAt: new Date(startsAt.getTime() - 24 * HOUR_MS),
      createdBy: office,
    })
    .returning({ id: enrolmentSessions.id });

  const classRows = await tx
    .select({ id: classes.id, code: classes.code })
    .from(classes)
    .where(inArray(classes.code, [...new Set(demo.offers.map((o) => o.classCode))]));
  const classId = (code: string) => classRows.find((c) => c.code === code)!.id;
  const offerIds = new Map<string, { id: number; subjectId: number | null }>();
  for (const offer of demo.offers) {
    let subjectId: number | null = null;
    if (offer.kind === 'SUBJECT') {
      const [subject] = await tx
        .select({ id: subjects.id })
        .from(subjects)
        .where(and(eq(subjects.classId, classId(offer.classCode)), eq(subjects.code, offer.subjectCode)));
      subjectId = subject!.id;
    }
    const [row] = await tx
      .insert(enrolmentOffers)
      .values({
        sessionId: session!.id,
        kind: offer.kind,
        classId: offer.kind === 'CLASS' ? classId(offer.classCode) : null,
        subjectId,
        capacity: offer.capacity,
      })
      .returning({ id: enrolmentOffers.id });
    offerIds.set(offer.key, { id: row!.id, subjectId });
  }

  // Applied three hours apart from the first day on; decided (or withdrawn) a day later, never after the seed instant.
  await tx.insert(enrolmentApplications).values(
    demo.applications.map((application, index) => {
      const createdAt = new Date(Math.min(startsAt.getTime() + (index + 1) * 3 * HOUR_MS, now.getTime()));
      const decided = application.status !== 'PENDING';
      const decidedAt = decided ? new Date(Math.min(createdAt.getTime() + 24 * HOUR_MS, now.getTime())) : null;
      const studentId = people.get(application.matricule)!;
      return {
        sessionId: session!.id,
        offerId: offerIds.get(application.offer)!.id,
        studentId,
        status: application.status,
        decidedAt,
        decidedBy: decided ? (application.status === 'WITHDRAWN' ? studentId : office) : null,
        createdAt,
        updatedAt: decidedAt ?? createdAt,
      };
    }),
  );
  // An accepted subject is one the student follows.
  const accepted = demo.applications.filter((a) => a.status === 'ACCEPTED');
  if (accepted.length) {
    await tx
      .insert(studentSubjects)
      .values(accepted.map((a) => ({ studentId: people.get(a.matricule)!, subjectId: offerIds.get(a.offer)!.subjectId!, createdAt: now })))
      .onConflictDoNothing();
  }
}
