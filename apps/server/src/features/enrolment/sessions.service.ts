// The academic office's enrolment sessions and their offers (issue 13, decision 38): a session's
// names, days and limit per student, closing it by hand; the classes and optional subjects it
// offers with their capacities, never below the seats held, an offer applied to never removed.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  DECIDABLE_ENROLMENT_STATUSES,
  sessionEndOf,
  sessionStartOf,
  V,
  type EnrolmentOfferChange as EnrolmentOfferChangeSchema,
  type EnrolmentOfferInput as EnrolmentOfferInputSchema,
  type EnrolmentSession,
  type EnrolmentSessionInput as EnrolmentSessionInputSchema,
  type EnrolmentSessionSummary,
  type OfficeEnrolmentOffer,
} from '@portal/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { classes, enrolmentApplications, enrolmentOffers, enrolmentSessions, subjects } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql';
import { lockOffers, seatsHeld } from './enrolment-lock';
import { officeOffersOf, toSession, type SessionRow } from './enrolment-rows';

export type EnrolmentSessionInput = z.output<typeof EnrolmentSessionInputSchema>;
export type EnrolmentOfferInput = z.output<typeof EnrolmentOfferInputSchema>;
export type EnrolmentOfferChange = z.output<typeof EnrolmentOfferChangeSchema>;

async function auditSession(tx: Tx, ctx: ServiceContext, acting: Acting, action: string, id: number, details: Record<string, unknown>): Promise<void> {
  await audit(tx, { at: ctx.clock.now(), actorId: acting.actor.id, action, targetType: 'enrolment_session', targetId: id, ip: acting.meta.ip, details });
}

// ---------------------------------------------------------------- sessions

/** `GET /enrolment-sessions`: every session, the newest first, with its offers, applications and undecided applications counted. */
export async function listEnrolmentSessions(ctx: ServiceContext): Promise<EnrolmentSessionSummary[]> {
  const rows = await ctx.db.select().from(enrolmentSessions).orderBy(desc(enrolmentSessions.startsAt), desc(enrolmentSessions.id));
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const offers = await ctx.db
    .select({ sessionId: enrolmentOffers.sessionId, n: count() })
    .from(enrolmentOffers)
    .where(inArray(enrolmentOffers.sessionId, ids))
    .groupBy(enrolmentOffers.sessionId);
  const applications = await ctx.db
    .select({
      sessionId: enrolmentApplications.sessionId,
      n: count(),
      undecided: sql<number>`count(*) filter (where ${inArray(enrolmentApplications.status, [...DECIDABLE_ENROLMENT_STATUSES])})`.mapWith(Number),
    })
    .from(enrolmentApplications)
    .where(inArray(enrolmentApplications.sessionId, ids))
    .groupBy(enrolmentApplications.sessionId);
  const now = ctx.clock.now();
  return rows.map((row) => {
    const counted = applications.find((a) => a.sessionId === row.id);
    return {
      ...toSession(row, now),
      offers: offers.find((o) => o.sessionId === row.id)?.n ?? 0,
      applications: counted?.n ?? 0,
      undecided: counted?.undecided ?? 0,
    };
  });
}

/** The session's instants from its days: from the start of the first day to the end of the last (university time). */
const instantsOf = (values: EnrolmentSessionInput) => ({ startsAt: sessionStartOf(values.START_DATE), endsAt: sessionEndOf(values.END_DATE) });

/** `POST /enrolment-sessions`. */
export async function createEnrolmentSession(ctx: ServiceContext, input: Acting & { values: EnrolmentSessionInput }): Promise<EnrolmentSession> {
  const { values } = input;
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(enrolmentSessions)
      .values({
        name: values.NAME,
        nameFr: values.NAME_FR,
        ...instantsOf(values),
        maxApplications: values.MAX_APPLICATIONS,
        createdAt: now,
        createdBy: input.actor.id,
      })
      .returning();
    await auditSession(tx, ctx, input, 'enrolment.session.created', created!.id, {
      startDate: values.START_DATE,
      endDate: values.END_DATE,
      maxApplications: values.MAX_APPLICATIONS,
    });
    return created!;
  });
  return toSession(row, now);
}

/** A session's row under its lock (404 when there is none). */
async function lockSession(tx: Tx, id: number): Promise<SessionRow> {
  const [row] = await tx.select().from(enrolmentSessions).where(eq(enrolmentSessions.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** `PATCH /enrolment-sessions/{id}`: its names, days and limit (applications already made stay). */
export async function changeEnrolmentSession(ctx: ServiceContext, input: Acting & { id: number; values: EnrolmentSessionInput }): Promise<EnrolmentSession> {
  const { values } = input;
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockSession(tx, input.id);
    const [after] = await tx
      .update(enrolmentSessions)
      .set({ name: values.NAME, nameFr: values.NAME_FR, ...instantsOf(values), maxApplications: values.MAX_APPLICATIONS })
      .where(eq(enrolmentSessions.id, input.id))
      .returning();
    const changed = Object.entries({
      name: [before.name, after!.name],
      nameFr: [before.nameFr, after!.nameFr],
      startsAt: [before.startsAt.getTime(), after!.startsAt.getTime()],
      endsAt: [before.endsAt.getTime(), after!.endsAt.getTime()],
      maxApplications: [before.maxApplications, after!.maxApplications],
    })
      .filter(([, [from, to]]) => from !== to)
      .map(([field]) => field);
    await auditSession(tx, ctx, input, 'enrolment.session.changed', input.id, { changed });
    return after!;
  });
  return toSession(row, ctx.clock.now());
}

/** `POST /enrolment-sessions/{id}/close` (closed: students no longer apply) and `/reopen` (its days decide again). */
export async function setEnrolmentSessionClosed(ctx: ServiceContext, input: Acting & { id: number; closed: boolean }): Promise<EnrolmentSession> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockSession(tx, input.id);
    if ((before.closedAt !== null) === input.closed) return before;
    const [after] = await tx
      .update(enrolmentSessions)
      .set({ closedAt: input.closed ? now : null })
      .where(eq(enrolmentSessions.id, input.id))
      .returning();
    await auditSession(tx, ctx, input, input.closed ? 'enrolment.session.closed' : 'enrolment.session.reopened', input.id, {});
    return after!;
  });
  return toSession(row, now);
}

// ---------------------------------------------------------------- offers

async function assertSession(ctx: ServiceContext, id: number): Promise<void> {
  const [row] = await ctx.db.select({ id: enrolmentSessions.id }).from(enrolmentSessions).where(eq(enrolmentSessions.id, id));
  if (!row) throw new AppError('NOT_FOUND');
}

/** `GET /enrolment-sessions/{id}/offers`: classes first, then subjects, by code; seats and applications counted. */
export async function listEnrolmentOffers(ctx: ServiceContext, input: { sessionId: number }): Promise<OfficeEnrolmentOffer[]> {
  await assertSession(ctx, input.sessionId);
  return officeOffersOf(ctx.db, [input.sessionId]);
}

async function officeOffer(ctx: ServiceContext, sessionId: number, offerId: number): Promise<OfficeEnrolmentOffer> {
  const [offer] = await officeOffersOf(ctx.db, [sessionId], [offerId]);
  if (!offer) throw new AppError('NOT_FOUND');
  return offer;
}

async function auditOffer(
  tx: Tx,
  ctx: ServiceContext,
  acting: Acting,
  action: string,
  offer: { id: number; sessionId: number; kind: string; classId: number | null; subjectId: number | null },
  details: Record<string, unknown> = {},
): Promise<void> {
  await audit(tx, {
    at: ctx.clock.now(),
    actorId: acting.actor.id,
    action,
    targetType: 'enrolment_offer',
    targetId: offer.id,
    ip: acting.meta.ip,
    details: {
      sessionId: offer.sessionId,
      kind: offer.kind,
      ...(offer.classId !== null ? { classId: offer.classId } : {}),
      ...(offer.subjectId !== null ? { subjectId: offer.subjectId } : {}),
      ...details,
    },
  });
}

/**
 * `POST /enrolment-sessions/{id}/offers`: a class or an optional subject with its capacity. An
 * unknown class or subject is 400 on its field; the same class or subject twice in a session 409
 * ALREADY_EXISTS (the partial unique indexes decide).
 */
export async function addEnrolmentOffer(
  ctx: ServiceContext,
  input: Acting & { sessionId: number; values: EnrolmentOfferInput },
): Promise<OfficeEnrolmentOffer> {
  const { values } = input;
  await assertSession(ctx, input.sessionId);
  const classId = values.KIND === 'CLASS' ? values.CLASS_ID! : null;
  const subjectId = values.KIND === 'SUBJECT' ? values.SUBJECT_ID! : null;
  if (classId !== null && !(await ctx.db.select({ id: classes.id }).from(classes).where(eq(classes.id, classId))).length)
    throw validationError({ CLASS_ID: V.invalid });
  if (subjectId !== null && !(await ctx.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, subjectId))).length)
    throw validationError({ SUBJECT_ID: V.invalid });
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const [offer] = await tx
        .insert(enrolmentOffers)
        .values({ sessionId: input.sessionId, kind: values.KIND, classId, subjectId, capacity: values.CAPACITY })
        .returning();
      await auditOffer(tx, ctx, input, 'enrolment.offer.added', offer!, { capacity: values.CAPACITY });
      return offer!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ALREADY_EXISTS', { fields: { [classId !== null ? 'CLASS_ID' : 'SUBJECT_ID']: V.invalid } });
    throw error;
  }
  return officeOffer(ctx, input.sessionId, id);
}

/** The offer of a session under its lock (404 when the session has no such offer). */
async function lockOffer(tx: Tx, sessionId: number, offerId: number) {
  const offer = (await lockOffers(tx, [offerId])).get(offerId);
  if (!offer || offer.sessionId !== sessionId) throw new AppError('NOT_FOUND');
  return offer;
}

/** `PATCH /enrolment-sessions/{id}/offers/{offerId}`: a new capacity, never below the seats held (409 ENROLMENT_SEATS_HELD), under the offer's lock. */
export async function changeEnrolmentOffer(
  ctx: ServiceContext,
  input: Acting & { sessionId: number; offerId: number; values: EnrolmentOfferChange },
): Promise<OfficeEnrolmentOffer> {
  const capacity = input.values.CAPACITY;
  await ctx.db.transaction(async (tx) => {
    const offer = await lockOffer(tx, input.sessionId, input.offerId);
    if (offer.capacity === capacity) return;
    const held = await seatsHeld(tx, offer.id);
    if (capacity < held) throw new AppError('ENROLMENT_SEATS_HELD', { fields: { CAPACITY: V.invalid }, limit: { limit: held } });
    await tx.update(enrolmentOffers).set({ capacity }).where(eq(enrolmentOffers.id, offer.id));
    await auditOffer(tx, ctx, input, 'enrolment.offer.changed', offer, { from: offer.capacity, capacity });
  });
  return officeOffer(ctx, input.sessionId, input.offerId);
}

/** `DELETE /enrolment-sessions/{id}/offers/{offerId}`: an offer nobody applied to (else 409 IN_USE), under its lock (an application waits, then finds no offer). */
export async function removeEnrolmentOffer(ctx: ServiceContext, input: Acting & { sessionId: number; offerId: number }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const offer = await lockOffer(tx, input.sessionId, input.offerId);
    const [used] = await tx
      .select({ n: count() })
      .from(enrolmentApplications)
      .where(and(eq(enrolmentApplications.offerId, offer.id)));
    if ((used?.n ?? 0) > 0) throw new AppError('IN_USE');
    await tx.delete(enrolmentOffers).where(eq(enrolmentOffers.id, offer.id));
    await auditOffer(tx, ctx, input, 'enrolment.offer.removed', offer, { capacity: offer.capacity });
  });
}
