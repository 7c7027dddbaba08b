import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AFFECTATION, estimatePay, type Application, type ArchivedApplication, type Choice, type ApplicationSessionChoice } from '@portal/contract';
import type { Executor } from '../../db/client';
import { applicationChoices, applications, applicationSessions, identifications, persons, subjectConstraints } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { composeMail } from '../../lib/mail';
import { languageOfPerson } from '../../lib/person-record';
import { currentApplicationSession } from './application-sessions.service';
import { currentApplicationSessionIdSql } from './subjects.service';
import { assertOwnerOrReader } from './access';
import { allowedHours, assertGate, changeApplication, type ApplicationRow } from './application-lock';
import { asChoice, choiceRows, listChoices } from './choices.service';
import { closureSummary } from './closure-mail';

type ConstraintRow = typeof subjectConstraints.$inferSelect;

function toApplication(application: ApplicationRow, constraint: ConstraintRow): Application {
  return {
    id: application.id,
    EMPLOYEE_ID: application.EMPLOYEE_ID,
    TOTAL_HOURS: application.TOTAL_HOURS,
    SESSION_APPLICATION_ID: application.SESSION_APPLICATION_ID,
    SUBJECT_CONSTRAINT_ID: application.SUBJECT_CONSTRAINT_ID,
    CLOSED: application.CLOSED,
    CLOSED_AT: application.closedAt?.toISOString() ?? null,
    SubjectConstraint: constraint,
    createdAt: application.createdAt.toISOString(),
  };
}

async function findApplication(exec: Executor, where: SQL): Promise<Application | null> {
  const [row] = await exec
    .select({ application: applications, constraint: subjectConstraints })
    .from(applications)
    .innerJoin(subjectConstraints, eq(subjectConstraints.id, applications.SUBJECT_CONSTRAINT_ID))
    .where(where)
    .limit(1);
  return row ? toApplication(row.application, row.constraint) : null;
}

const ofPersonInSession = (employeeId: number, sessionId: number) =>
  and(eq(applications.EMPLOYEE_ID, employeeId), eq(applications.SESSION_APPLICATION_ID, sessionId))!;

// ---------------------------------------------------------------- initialisation

/**
 * Creates the person's application in the current session if there is none (one per person
 * and session, by a unique index), with the hours of the person's category and the session's
 * limits; answers it and whether it was created now.
 */
export async function initApplication(
  ctx: ServiceContext,
  input: { actor: Actor; meta: RequestMeta },
): Promise<{ application: Application; created: boolean }> {
  const personId = input.actor.id;
  const [person] = await ctx.db
    .select({ KIND: persons.KIND, STATUS: persons.STATUS, registrationClosedAt: persons.registrationClosedAt, identifiedAt: identifications.completedAt })
    .from(persons)
    .leftJoin(identifications, eq(identifications.personId, persons.id))
    .where(eq(persons.id, personId));
  if (!person) throw new AppError('NOT_FOUND');
  assertGate(person, person.identifiedAt);
  const session = await currentApplicationSession(ctx);
  if (!session) throw new AppError('NO_ACTIVE_SESSION');

  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    // Concurrent first calls: one insert wins, the others wait on the unique index and do nothing.
    const [row] = await tx
      .insert(applications)
      .values({
        EMPLOYEE_ID: personId,
        SESSION_APPLICATION_ID: session.id,
        SUBJECT_CONSTRAINT_ID: session.SUBJECT_CONSTRAINT_ID,
        TOTAL_HOURS: session.HOURS[person.STATUS!],
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [applications.EMPLOYEE_ID, applications.SESSION_APPLICATION_ID] })
      .returning({ id: applications.id });
    if (row)
      await audit(tx, {
        at: now,
        actorId: personId,
        action: 'application.created',
        targetType: 'application',
        targetId: row.id,
        ip: input.meta.ip,
        details: { session: session.id },
      });
    return Boolean(row);
  });
  const application = await findApplication(ctx.db, ofPersonInSession(personId, session.id));
  return { application: application!, created };
}

// ---------------------------------------------------------------- reading

/** The person's application in the current session, or null (no session, or none made yet). */
export async function currentApplication(ctx: ServiceContext, input: { employeeId: number }): Promise<Application | null> {
  return findApplication(
    ctx.db,
    and(eq(applications.EMPLOYEE_ID, input.employeeId), eq(applications.SESSION_APPLICATION_ID, currentApplicationSessionIdSql(ctx.clock.now())))!,
  );
}

/** The person's application in a given session, or null. */
export async function applicationInSession(ctx: ServiceContext, input: { employeeId: number; sessionId: number }): Promise<Application | null> {
  return findApplication(ctx.db, ofPersonInSession(input.employeeId, input.sessionId));
}

/** One application: its owner's, or anyone's for the academic office and administrators. */
export async function getApplication(ctx: ServiceContext, input: { id: number; actor: Actor; meta: RequestMeta }): Promise<Application> {
  const application = await findApplication(ctx.db, eq(applications.id, input.id));
  if (!application) throw new AppError('NOT_FOUND');
  await assertOwnerOrReader(ctx, input, application.EMPLOYEE_ID, { type: 'application', id: input.id });
  return application;
}

/** The choices of one application (owner, or the academic office and administrators). */
export async function choicesOfApplication(ctx: ServiceContext, input: { applicationId: number; actor: Actor; meta: RequestMeta }): Promise<Choice[]> {
  const [owner] = await ctx.db.select({ EMPLOYEE_ID: applications.EMPLOYEE_ID }).from(applications).where(eq(applications.id, input.applicationId));
  if (!owner) throw new AppError('NOT_FOUND');
  await assertOwnerOrReader(ctx, input, owner.EMPLOYEE_ID, { type: 'application', id: input.applicationId });
  return listChoices(ctx.db, input.applicationId);
}

/** Every application of a person, with its session and choices; newest session first. */
export async function archivedApplications(ctx: ServiceContext, input: { employeeId: number }): Promise<ArchivedApplication[]> {
  const rows = await ctx.db
    .select({ application: applications, constraint: subjectConstraints, session: applicationSessions })
    .from(applications)
    .innerJoin(subjectConstraints, eq(subjectConstraints.id, applications.SUBJECT_CONSTRAINT_ID))
    .innerJoin(applicationSessions, eq(applicationSessions.id, applications.SESSION_APPLICATION_ID))
    .where(eq(applications.EMPLOYEE_ID, input.employeeId))
    .orderBy(desc(applicationSessions.START_DATE), desc(applications.id));
  if (rows.length === 0) return [];
  const choices = await choiceRows(
    ctx.db,
    inArray(
      applicationChoices.applicationId,
      rows.map((r) => r.application.id),
    ),
  );
  return rows.map((r) => ({
    ...toApplication(r.application, r.constraint),
    DESIGNATION: r.session.DESIGNATION,
    DESIGNATION_FR: r.session.DESIGNATION_FR,
    START_DATE: r.session.START_DATE.toISOString(),
    END_DATE: r.session.END_DATE?.toISOString() ?? null,
    choices: choices.filter((c) => c.APPLICATION_ID === r.application.id).map(asChoice),
  }));
}

/** The person's confirmed choices (AFFECTATION = 1), across sessions. */
export async function confirmedChoices(ctx: ServiceContext, input: { employeeId: number }): Promise<ApplicationSessionChoice[]> {
  return choiceRows(ctx.db, and(eq(applications.EMPLOYEE_ID, input.employeeId), eq(applicationChoices.AFFECTATION, AFFECTATION.CONFIRMED)));
}

/** The person's choices made in sessions other than the current one. */
export async function olderChoices(ctx: ServiceContext, input: { employeeId: number }): Promise<ApplicationSessionChoice[]> {
  const current = currentApplicationSessionIdSql(ctx.clock.now());
  return choiceRows(ctx.db, and(eq(applications.EMPLOYEE_ID, input.employeeId), sql`${applications.SESSION_APPLICATION_ID} is distinct from ${current}`));
}

// ---------------------------------------------------------------- closure

/**
 * Closes the application for good, once the hours chosen still fit the allowed volume (the
 * office may have lowered it), and mails the person a summary with the pay estimate.
 */
export async function closeApplication(ctx: ServiceContext, input: { applicationId: number; actor: Actor; meta: RequestMeta }): Promise<Application> {
  const now = ctx.clock.now();
  const closed = await changeApplication(ctx, input, async (tx, locked) => {
    const choices = await listChoices(tx, input.applicationId);
    const live = choices.filter((c) => c.AFFECTATION !== AFFECTATION.DECLINED);
    const hours = live.reduce((sum, c) => sum + c.HOURS, 0);
    const allowed = allowedHours(locked);
    if (hours > allowed) throw new AppError('CLOSURE_HOURS_EXCEEDED', { limit: { hours, allowed } });

    const [row] = await tx
      .update(applications)
      .set({ CLOSED: true, closedAt: now, updatedAt: now })
      .where(eq(applications.id, input.applicationId))
      .returning();
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'application.closed',
      targetType: 'application',
      targetId: input.applicationId,
      ip: input.meta.ip,
      details: { hours, allowed, choices: live.length },
    });
    const { person } = locked;
    if (person.EMAIL) {
      const lang = await languageOfPerson(tx, row!.EMPLOYEE_ID);
      const pay = estimatePay(
        live.map((c) => ({ HOURS: c.HOURS, HOURLY_RATE: c.Subject.HOURLY_RATE })),
        locked.hasNiu,
      );
      await ctx.mailer.enqueue(
        tx,
        composeMail(lang, {
          to: person.EMAIL,
          name: `${person.FIRSTNAME} ${person.LASTNAME}`,
          kind: 'application-closed',
          key: 'applicationClosed',
          vars: { session: lang === 'fr' ? locked.session.DESIGNATION_FR : locked.session.DESIGNATION, ...closureSummary(lang, live, { hours, allowed, pay }) },
        }),
      );
    }
    return toApplication(row!, locked.constraint);
  });
  ctx.mailer.kick();
  return closed;
}
