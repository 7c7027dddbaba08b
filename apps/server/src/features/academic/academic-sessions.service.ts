import { and, desc, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  frenchOr,
  isCurrentApplicationSession,
  levelLimitsOf,
  sessionEndOf,
  sessionStartOf,
  type ApplicationSessionInput,
  type ApplicationSessionSummary,
} from '@portal/contract';
import type { Tx } from '../../db/client';
import { applicationChoices, applications, applicationSessions, persons, subjectConstraints } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';
import { toApplicationSession } from '../applications/application-sessions.service';

/** Serialises the writes that could make two open sessions overlap (any instance). */
const SESSION_LOCK = 74_210_101;

const datesOf = (input: ApplicationSessionInput) => ({
  START_DATE: sessionStartOf(input.START_DATE),
  END_DATE: input.END_DATE === null ? null : sessionEndOf(input.END_DATE),
});

const capsOf = (input: ApplicationSessionInput) => ({
  hoursPermanent: input.HOURS.PERMANENT,
  hoursVacataire: input.HOURS.VACATAIRE,
  hoursStagiaire: input.HOURS.STAGIAIRE,
  hoursStaff: input.HOURS.STAFF,
});

/**
 * Refuses SESSION_OVERLAP when another open session (active, not closed by hand) shares some
 * time with [start, end). Runs under the advisory lock, so two writers cannot both pass.
 */
async function assertNoOverlap(tx: Tx, range: { start: Date; end: Date | null }, exceptId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SESSION_LOCK})`);
  const conditions: (SQL | undefined)[] = [
    eq(applicationSessions.ACTIVED, true),
    eq(applicationSessions.MANUAL_CLOSURE, false),
    or(isNull(applicationSessions.END_DATE), gt(applicationSessions.END_DATE, range.start)),
    range.end ? lt(applicationSessions.START_DATE, range.end) : undefined,
    exceptId ? ne(applicationSessions.id, exceptId) : undefined,
  ];
  const [other] = await tx
    .select({ id: applicationSessions.id })
    .from(applicationSessions)
    .where(and(...conditions))
    .limit(1);
  if (other) throw new AppError('SESSION_OVERLAP');
}

/** Every session, newest first, with its counts of applications and choices. */
export async function listApplicationSessions(ctx: ServiceContext): Promise<ApplicationSessionSummary[]> {
  return summaries(ctx);
}

async function summaries(ctx: ServiceContext, onlyId?: number): Promise<ApplicationSessionSummary[]> {
  const appCounts = ctx.db
    .select({
      sessionId: applications.SESSION_APPLICATION_ID,
      total: sql<number>`count(*)::int`.as('total'),
      closed: sql<number>`(count(*) filter (where ${applications.CLOSED}))::int`.as('closed'),
    })
    .from(applications)
    .groupBy(applications.SESSION_APPLICATION_ID)
    .as('app_counts');
  const choiceCounts = ctx.db
    .select({
      sessionId: applicationChoices.sessionId,
      live: sql<number>`(count(*) filter (where ${applicationChoices.AFFECTATION} <> 2))::int`.as('live'),
      confirmed: sql<number>`(count(*) filter (where ${applicationChoices.AFFECTATION} = 1))::int`.as('confirmed'),
    })
    .from(applicationChoices)
    .groupBy(applicationChoices.sessionId)
    .as('choice_counts');
  const rows = await ctx.db
    .select({
      session: applicationSessions,
      constraint: subjectConstraints,
      apps: appCounts.total,
      closed: appCounts.closed,
      choices: choiceCounts.live,
      confirmed: choiceCounts.confirmed,
    })
    .from(applicationSessions)
    .innerJoin(subjectConstraints, eq(subjectConstraints.id, applicationSessions.SUBJECT_CONSTRAINT_ID))
    .leftJoin(appCounts, eq(appCounts.sessionId, applicationSessions.id))
    .leftJoin(choiceCounts, eq(choiceCounts.sessionId, applicationSessions.id))
    .where(onlyId === undefined ? undefined : eq(applicationSessions.id, onlyId))
    .orderBy(desc(applicationSessions.START_DATE), desc(applicationSessions.id));
  const now = ctx.clock.now();
  return rows.map((r) => {
    const session = toApplicationSession(r.session, r.constraint);
    return {
      ...session,
      CURRENT: isCurrentApplicationSession(session, now),
      APPLICATIONS: r.apps ?? 0,
      CLOSED_APPLICATIONS: r.closed ?? 0,
      CHOICES: r.choices ?? 0,
      CONFIRMED: r.confirmed ?? 0,
    };
  });
}

async function summaryOf(ctx: ServiceContext, id: number): Promise<ApplicationSessionSummary> {
  const [summary] = await summaries(ctx, id);
  if (!summary) throw new AppError('NOT_FOUND');
  return summary;
}

/** Opens a new session with its limits and hourly caps; refused when another open session overlaps it. */
export async function createApplicationSession(ctx: ServiceContext, input: Acting & { values: ApplicationSessionInput }): Promise<ApplicationSessionSummary> {
  const { values } = input;
  const dates = datesOf(values);
  const id = await ctx.db.transaction(async (tx) => {
    await assertNoOverlap(tx, { start: dates.START_DATE, end: dates.END_DATE });
    const [constraint] = await tx.insert(subjectConstraints).values(levelLimitsOf(values.LIMITS)).returning({ id: subjectConstraints.id });
    const [session] = await tx
      .insert(applicationSessions)
      .values({
        DESIGNATION: values.DESIGNATION,
        DESIGNATION_FR: frenchOr(values.DESIGNATION_FR, values.DESIGNATION),
        ...dates,
        ...capsOf(values),
        SUBJECT_CONSTRAINT_ID: constraint!.id,
        MANUAL_CLOSURE: false,
        ACTIVED: true,
        createdAt: ctx.clock.now(),
      })
      .returning({ id: applicationSessions.id });
    await audit(tx, {
      at: ctx.clock.now(),
      actorId: input.actor.id,
      action: 'academic.session-created',
      targetType: 'session',
      targetId: session!.id,
      ip: input.meta.ip,
      details: { values },
    });
    return session!.id;
  });
  return summaryOf(ctx, id);
}

/**
 * Edits a session's name, dates, limits and caps. When the caps change, the allowed volume
 * (TOTAL_HOURS) of every application of the session not yet closed follows its person's category.
 */
export async function updateApplicationSession(
  ctx: ServiceContext,
  input: Acting & { id: number; values: ApplicationSessionInput },
): Promise<ApplicationSessionSummary> {
  const { values } = input;
  const dates = datesOf(values);
  const caps = capsOf(values);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(applicationSessions).where(eq(applicationSessions.id, input.id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.ACTIVED && !before.MANUAL_CLOSURE) await assertNoOverlap(tx, { start: dates.START_DATE, end: dates.END_DATE }, input.id);
    await tx.update(subjectConstraints).set(levelLimitsOf(values.LIMITS)).where(eq(subjectConstraints.id, before.SUBJECT_CONSTRAINT_ID));
    await tx
      .update(applicationSessions)
      .set({ DESIGNATION: values.DESIGNATION, DESIGNATION_FR: frenchOr(values.DESIGNATION_FR, values.DESIGNATION), ...dates, ...caps })
      .where(eq(applicationSessions.id, input.id));
    const capsChanged = (Object.keys(caps) as (keyof typeof caps)[]).some((k) => caps[k] !== before[k]);
    let reset = 0;
    if (capsChanged) {
      const updated = await tx.execute<{ id: number }>(sql`
        update ${applications} a
        set total_hours = case p.status
              when 'PERMANENT' then ${caps.hoursPermanent}::int
              when 'VACATAIRE' then ${caps.hoursVacataire}::int
              when 'STAGIAIRE' then ${caps.hoursStagiaire}::int
              when 'STAFF' then ${caps.hoursStaff}::int
            end,
            updated_at = ${ctx.clock.now().toISOString()}::timestamptz
        from ${persons} p
        where p.id = a.employee_id and a.session_application_id = ${input.id} and not a.closed and p.status is not null
        returning a.id`);
      reset = rowsOf(updated).length;
    }
    await audit(tx, {
      at: ctx.clock.now(),
      actorId: input.actor.id,
      action: 'academic.session-updated',
      targetType: 'session',
      targetId: input.id,
      ip: input.meta.ip,
      details: { values, ...(capsChanged ? { applicationsCapped: reset } : {}) },
    });
  });
  return summaryOf(ctx, input.id);
}

/** Closes a session by hand (MANUAL_CLOSURE), or reopens it (refused when another open session overlaps it). */
export async function setManualClosure(ctx: ServiceContext, input: Acting & { id: number; closed: boolean }): Promise<ApplicationSessionSummary> {
  await ctx.db.transaction(async (tx) => {
    const [session] = await tx.select().from(applicationSessions).where(eq(applicationSessions.id, input.id)).for('update');
    if (!session) throw new AppError('NOT_FOUND');
    if (!input.closed && session.ACTIVED) await assertNoOverlap(tx, { start: session.START_DATE, end: session.END_DATE }, input.id);
    await tx.update(applicationSessions).set({ MANUAL_CLOSURE: input.closed }).where(eq(applicationSessions.id, input.id));
    await audit(tx, {
      at: ctx.clock.now(),
      actorId: input.actor.id,
      action: input.closed ? 'academic.session-closed' : 'academic.session-reopened',
      targetType: 'session',
      targetId: input.id,
      ip: input.meta.ip,
    });
  });
  return summaryOf(ctx, input.id);
}
