// The academic office's side of students' applications (issue 13, decision 38): the list and its
// export, and the decisions. A decision runs under the locks of enrolment-lock.ts: accepting a
// waitlisted application takes a free seat of its offer or is refused (ENROLMENT_FULL); accepting a
// class makes it the student's class (what the timetable reads), a subject one of the subjects
// they follow. The student is mailed each decision in their language.
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import {
  DECIDABLE_ENROLMENT_STATUSES,
  ENROLMENT_DECISIONS,
  type EnrolmentApplicationExportQuery as ExportQuerySchema,
  type EnrolmentApplicationPage,
  type EnrolmentApplicationQuery as QuerySchema,
  type EnrolmentDecided,
  type EnrolmentDecisionInput as DecisionInputSchema,
} from '@portal/contract';
import type { z } from 'zod';
import { enrolmentApplications, enrolmentOffers, enrolmentSessions, persons, studentSubjects } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { tr, type Lang } from '../../lib/i18n';
import { mailPerson } from '../../lib/mail';
import { csvDocument } from '../../lib/spreadsheet';
import { likePattern, listPage, searchWords } from '../../lib/sql';
import { lockApplications, lockOffers, lockStudents, seatsHeld } from './enrolment-lock';
import { offerName, selectApplications, toApplication, toOfferRef, selectOffers, type OfferRefRow } from './enrolment-rows';

export type EnrolmentApplicationQuery = z.output<typeof QuerySchema>;
export type EnrolmentApplicationExportQuery = z.output<typeof ExportQuerySchema>;
export type EnrolmentDecisionInput = z.output<typeof DecisionInputSchema>;

// ---------------------------------------------------------------- the list

/** The where of a selection: session, offer, status, and every word of the search in the student's matricule or names. */
function selection(query: EnrolmentApplicationExportQuery): SQL | undefined {
  return and(
    query.session === undefined ? undefined : eq(enrolmentApplications.sessionId, query.session),
    query.offer === undefined ? undefined : eq(enrolmentApplications.offerId, query.offer),
    query.status === undefined ? undefined : eq(enrolmentApplications.status, query.status),
    ...searchWords(query.search).map((word) =>
      or(ilike(persons.MATRICULE, likePattern(word)), ilike(persons.LASTNAME, likePattern(word)), ilike(persons.FIRSTNAME, likePattern(word))),
    ),
  );
}

/** First come first listed: by the time of application. */
const ORDER = [asc(enrolmentApplications.createdAt), asc(enrolmentApplications.id)];

/** `GET /enrolment-applications`: the applications of a selection, oldest first, paged. */
export async function listEnrolmentApplications(ctx: ServiceContext, input: { query: EnrolmentApplicationQuery }): Promise<EnrolmentApplicationPage> {
  const { query } = input;
  const where = selection(query);
  return listPage(query, toApplication, {
    total: ctx.db.select({ n: count() }).from(enrolmentApplications).innerJoin(persons, eq(persons.id, enrolmentApplications.studentId)).where(where),
    rows: selectApplications(ctx.db)
      .where(where)
      .orderBy(...ORDER)
      .$dynamic(),
  });
}

const EXPORT_COLUMNS = ['session', 'kind', 'offer', 'matricule', 'lastName', 'firstName', 'class', 'status', 'appliedAt', 'decidedAt'] as const;

/** `GET /enrolment-applications/export`: the whole selection as CSV (spreadsheet-safe), headers and words in the caller's language. */
export async function exportEnrolmentApplications(
  ctx: ServiceContext,
  input: { query: EnrolmentApplicationExportQuery; lang: Lang },
): Promise<{ csv: string; filename: string }> {
  const { lang } = input;
  const rows = (
    await selectApplications(ctx.db)
      .where(selection(input.query))
      .orderBy(...ORDER)
  ).map(toApplication);
  const header = EXPORT_COLUMNS.map((column) => tr(lang, `enrolment.export.columns.${column}`));
  const lines = rows.map((row) => [
    lang === 'fr' ? row.session.nameFr : row.session.name,
    tr(lang, `enrolment.kinds.${row.offer.kind}`),
    offerName(row.offer, lang),
    row.student.MATRICULE,
    row.student.LASTNAME,
    row.student.FIRSTNAME,
    row.student.class?.code ?? '',
    tr(lang, `enrolment.statuses.${row.status}`),
    row.appliedAt,
    row.decidedAt ?? '',
  ]);
  return { csv: csvDocument(header, lines), filename: `enrolment-applications-${ctx.clock.now().toISOString().slice(0, 10)}.csv` };
}

// ---------------------------------------------------------------- decisions

/**
 * `POST /enrolment-applications/decisions`: the decision on each application named, all or
 * nothing, in one transaction under the locks (students, offers, applications, each by id):
 * - an application not in the status the office saw (STATUS), or not pending or waitlisted any
 *   more, is 409 ENROLMENT_DECIDED; an unknown one 404;
 * - ACCEPT: a waitlisted application needs a free seat of its offer (counted under the offer's
 *   lock, the other acceptances of the same decision included), else 409 ENROLMENT_FULL; a class
 *   becomes the student's class, unless they were accepted into another class of the session
 *   (409 ENROLMENT_CLASS_ACCEPTED); a subject is added to the subjects they follow;
 * - WAITLIST and REFUSE free the seat a pending application held.
 * Each change is audited and mailed to the student in their language. `changed` counts the
 * applications whose status changed (one already in the status decided is left as it is).
 */
export async function decideEnrolmentApplications(ctx: ServiceContext, input: Acting & { values: EnrolmentDecisionInput }): Promise<EnrolmentDecided> {
  const { values } = input;
  const status = ENROLMENT_DECISIONS[values.DECISION];
  const seen = new Map(values.APPLICATIONS.map((application) => [application.ID, application.STATUS]));
  const now = ctx.clock.now();
  const changed = await ctx.db.transaction(async (tx) => {
    // Who and what the applications name (these never change): the lock sets.
    const named = await tx
      .select({ id: enrolmentApplications.id, studentId: enrolmentApplications.studentId, offerId: enrolmentApplications.offerId })
      .from(enrolmentApplications)
      .where(inArray(enrolmentApplications.id, [...seen.keys()]));
    if (named.length !== seen.size) throw new AppError('NOT_FOUND');
    await lockStudents(
      tx,
      named.map((row) => row.studentId),
    );
    const offers = await lockOffers(
      tx,
      named.map((row) => row.offerId),
    );
    const locked = await lockApplications(tx, [...seen.keys()]);
    if (locked.some((application) => application.status !== seen.get(application.id) || !DECIDABLE_ENROLMENT_STATUSES.includes(application.status)))
      throw new AppError('ENROLMENT_DECIDED');
    const changing = locked.filter((application) => application.status !== status);
    if (!changing.length) return [];

    if (status === 'ACCEPTED') {
      // Seats: a waitlisted application takes a free one, counted under its offer's lock.
      const free = new Map<number, number>();
      for (const application of changing.filter((a) => a.status === 'WAITLISTED')) {
        const offer = offers.get(application.offerId)!;
        if (!free.has(offer.id)) free.set(offer.id, offer.capacity - (await seatsHeld(tx, offer.id)));
        const left = free.get(offer.id)!;
        if (left <= 0) throw new AppError('ENROLMENT_FULL');
        free.set(offer.id, left - 1);
      }
      // One class per student and session.
      const classes = changing.filter((application) => offers.get(application.offerId)!.kind === 'CLASS');
      const students = classes.map((application) => application.studentId);
      if (new Set(students).size !== students.length) throw new AppError('ENROLMENT_CLASS_ACCEPTED');
      for (const application of classes) {
        const [other] = await tx
          .select({ id: enrolmentApplications.id })
          .from(enrolmentApplications)
          .innerJoin(enrolmentOffers, eq(enrolmentOffers.id, enrolmentApplications.offerId))
          .where(
            and(
              eq(enrolmentApplications.studentId, application.studentId),
              eq(enrolmentApplications.sessionId, application.sessionId),
              eq(enrolmentApplications.status, 'ACCEPTED'),
              eq(enrolmentOffers.kind, 'CLASS'),
              ne(enrolmentApplications.id, application.id),
            ),
          )
          .limit(1);
        if (other) throw new AppError('ENROLMENT_CLASS_ACCEPTED');
      }
    }

    await tx
      .update(enrolmentApplications)
      .set({ status, decidedAt: now, decidedBy: input.actor.id, updatedAt: now })
      .where(
        inArray(
          enrolmentApplications.id,
          changing.map((application) => application.id),
        ),
      );
    for (const application of changing) {
      const offer = offers.get(application.offerId)!;
      if (status === 'ACCEPTED' && offer.kind === 'CLASS')
        await tx.update(persons).set({ classId: offer.classId, updatedAt: now }).where(eq(persons.id, application.studentId));
      if (status === 'ACCEPTED' && offer.kind === 'SUBJECT')
        await tx.insert(studentSubjects).values({ studentId: application.studentId, subjectId: offer.subjectId!, createdAt: now }).onConflictDoNothing();
      await audit(tx, {
        at: now,
        actorId: input.actor.id,
        action: 'enrolment.decided',
        targetType: 'enrolment_application',
        targetId: application.id,
        ip: input.meta.ip,
        details: {
          studentId: application.studentId,
          sessionId: application.sessionId,
          offerId: offer.id,
          decision: values.DECISION,
          from: application.status,
          status,
        },
      });
    }

    // The mails, in each student's language, inside the transaction (the outbox).
    const refs = new Map(
      (await selectOffers(tx).where(inArray(enrolmentOffers.id, [...new Set(changing.map((application) => application.offerId))]))).map((row) => [
        row.id,
        toOfferRef(row as OfferRefRow),
      ]),
    );
    const sessions = new Map(
      (
        await tx
          .select()
          .from(enrolmentSessions)
          .where(inArray(enrolmentSessions.id, [...new Set(changing.map((application) => application.sessionId))]))
      ).map((row) => [row.id, row]),
    );
    for (const application of changing) {
      const session = sessions.get(application.sessionId)!;
      const offer = refs.get(application.offerId)!;
      await mailPerson(ctx.mailer, tx, {
        personId: application.studentId,
        kind: `enrolment-${status.toLowerCase()}`,
        key: `enrolment.mail.${status}`,
        vars: (lang) => ({
          offer: offerName(offer, lang),
          kind: tr(lang, `enrolment.kinds.${offer.kind}`),
          session: lang === 'fr' ? session.nameFr : session.name,
          link: `${ctx.config.publicUrl}/enrolment`,
        }),
      });
    }
    return changing;
  });
  if (changed.length) ctx.mailer.kick();
  return { changed: changed.length };
}
