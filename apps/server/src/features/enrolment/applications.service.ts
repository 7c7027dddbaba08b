// A student's enrolment applications (issue 13, decision 38): the sessions they may apply in with
// the seats left, applying to an offer while its session is open, within the session's limit and
// the offer's seats, and withdrawing an application not decided yet. The seats and the limit hold
// under concurrency by the locks of enrolment-lock.ts.
import { and, asc, desc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import {
  DAY_MS,
  ENROLMENT_RECENT_DAYS,
  enrolmentSessionState,
  WITHDRAWABLE_ENROLMENT_STATUSES,
  type MyEnrolmentApplication,
  type StudentEnrolment,
} from '@portal/contract';
import type { Executor } from '../../db/client';
import { classes, enrolmentApplications, enrolmentSessions, persons } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql';
import { lockApplications, lockOffers, lockStudents, runningApplications, seatsHeld } from './enrolment-lock';
import { offersOf, selectApplications, toMyApplication, toSession } from './enrolment-rows';

/** The student's applications, by session then the time they applied. */
async function myApplications(exec: Executor, studentId: number, where?: SQL): Promise<MyEnrolmentApplication[]> {
  const rows = await selectApplications(exec)
    .where(and(eq(enrolmentApplications.studentId, studentId), where))
    .orderBy(asc(enrolmentApplications.createdAt), asc(enrolmentApplications.id));
  return rows.map(toMyApplication);
}

/**
 * `GET /enrolment-sessions/current`: the sessions open or to come, those ended or closed within
 * ENROLMENT_RECENT_DAYS, and any the student applied in, newest first; each with its offers (their
 * seats left) and the student's applications in it. And the student's class.
 */
export async function studentEnrolment(ctx: ServiceContext, input: { actor: Acting['actor'] }): Promise<StudentEnrolment> {
  const now = ctx.clock.now();
  const recent = new Date(now.getTime() - ENROLMENT_RECENT_DAYS * DAY_MS);
  const studentId = input.actor.id;
  const applied = ctx.db.select({ id: enrolmentApplications.sessionId }).from(enrolmentApplications).where(eq(enrolmentApplications.studentId, studentId));
  const sessions = await ctx.db
    .select()
    .from(enrolmentSessions)
    .where(
      or(
        and(isNull(enrolmentSessions.closedAt), gt(enrolmentSessions.endsAt, recent)),
        gt(enrolmentSessions.closedAt, recent),
        inArray(enrolmentSessions.id, applied),
      ),
    )
    .orderBy(desc(enrolmentSessions.startsAt), desc(enrolmentSessions.id));
  const ids = sessions.map((session) => session.id);
  const offers = await offersOf(ctx.db, ids);
  const applications = ids.length ? await myApplications(ctx.db, studentId, inArray(enrolmentApplications.sessionId, ids)) : [];
  const [klass] = await ctx.db
    .select({ id: classes.id, code: classes.code })
    .from(persons)
    .innerJoin(classes, eq(classes.id, persons.classId))
    .where(eq(persons.id, studentId));
  return {
    sessions: sessions.map((session) => ({
      ...toSession(session, now),
      offers: offers.filter((offer) => offer.sessionId === session.id),
      applications: applications.filter((application) => application.sessionId === session.id),
    })),
    class: klass ?? null,
  };
}

async function myApplication(ctx: ServiceContext, studentId: number, id: number): Promise<MyEnrolmentApplication> {
  const [application] = await myApplications(ctx.db, studentId, eq(enrolmentApplications.id, id));
  return application!;
}

/**
 * `POST /enrolment-applications`: the signed-in student applies to an offer, in one transaction
 * under the locks, in this order: their own row (their limit), the offer's (its seats), then their
 * earlier application to it, if any. Refused when the session is not open (ENROLMENT_NOT_OPEN),
 * when they applied to it already (ENROLMENT_ALREADY_APPLIED; a withdrawn application may be made
 * again), when they have maxApplications running in the session (ENROLMENT_LIMIT_REACHED) or when
 * no seat is left (ENROLMENT_FULL). An unknown offer is 404.
 */
export async function applyToOffer(ctx: ServiceContext, input: Acting & { offerId: number }): Promise<MyEnrolmentApplication> {
  const studentId = input.actor.id;
  const now = ctx.clock.now();
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      await lockStudents(tx, [studentId]);
      const offer = (await lockOffers(tx, [input.offerId])).get(input.offerId);
      if (!offer) throw new AppError('NOT_FOUND');
      // The session is read under a share lock: the office closing or changing it waits for the application, or the application for it.
      const [session] = await tx.select().from(enrolmentSessions).where(eq(enrolmentSessions.id, offer.sessionId)).for('share');
      if (!session || enrolmentSessionState(session, now) !== 'OPEN') throw new AppError('ENROLMENT_NOT_OPEN');
      const [earlier] = await tx
        .select({ id: enrolmentApplications.id })
        .from(enrolmentApplications)
        .where(and(eq(enrolmentApplications.offerId, offer.id), eq(enrolmentApplications.studentId, studentId)));
      const [before] = earlier ? await lockApplications(tx, [earlier.id]) : [];
      if (before && before.status !== 'WITHDRAWN') throw new AppError('ENROLMENT_ALREADY_APPLIED');
      if ((await runningApplications(tx, { studentId, sessionId: session.id })) >= session.maxApplications)
        throw new AppError('ENROLMENT_LIMIT_REACHED', { limit: { limit: session.maxApplications } });
      if ((await seatsHeld(tx, offer.id)) >= offer.capacity) throw new AppError('ENROLMENT_FULL');
      const fresh = { status: 'PENDING' as const, decidedAt: null, decidedBy: null, createdAt: now, updatedAt: now };
      const [row] = before
        ? await tx.update(enrolmentApplications).set(fresh).where(eq(enrolmentApplications.id, before.id)).returning({ id: enrolmentApplications.id })
        : await tx
            .insert(enrolmentApplications)
            .values({ sessionId: session.id, offerId: offer.id, studentId, ...fresh })
            .returning({ id: enrolmentApplications.id });
      await audit(tx, {
        at: now,
        actorId: studentId,
        action: 'enrolment.applied',
        targetType: 'enrolment_application',
        targetId: row!.id,
        ip: input.meta.ip,
        details: { sessionId: session.id, offerId: offer.id, kind: offer.kind, ...(before ? { again: true } : {}) },
      });
      return row!.id;
    });
  } catch (error) {
    // Two applications of the same student to the same offer at once: the unique index keeps one.
    if (isUniqueViolation(error)) throw new AppError('ENROLMENT_ALREADY_APPLIED');
    throw error;
  }
  return myApplication(ctx, studentId, id);
}

/**
 * `POST /enrolment-applications/{id}/withdraw`: the student withdraws one of their applications
 * while it is pending or waitlisted (else 409 ENROLMENT_DECIDED); its seat is free at once.
 * Someone else's application is 404, as an unknown one.
 */
export async function withdrawApplication(ctx: ServiceContext, input: Acting & { id: number }): Promise<MyEnrolmentApplication> {
  const studentId = input.actor.id;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockStudents(tx, [studentId]);
    const [application] = await lockApplications(tx, [input.id]);
    if (!application || application.studentId !== studentId) throw new AppError('NOT_FOUND');
    if (!WITHDRAWABLE_ENROLMENT_STATUSES.includes(application.status)) throw new AppError('ENROLMENT_DECIDED');
    await tx
      .update(enrolmentApplications)
      .set({ status: 'WITHDRAWN', decidedAt: now, decidedBy: studentId, updatedAt: now })
      .where(eq(enrolmentApplications.id, application.id));
    await audit(tx, {
      at: now,
      actorId: studentId,
      action: 'enrolment.withdrawn',
      targetType: 'enrolment_application',
      targetId: application.id,
      ip: input.meta.ip,
      details: { sessionId: application.sessionId, offerId: application.offerId, from: application.status },
    });
  });
  return myApplication(ctx, studentId, input.id);
}
