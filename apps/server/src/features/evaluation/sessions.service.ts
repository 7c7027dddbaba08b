// Evaluation sessions (decision 39): a form answered between two days (university time) about the
// (subject, lecturer, class) of the classes covered, taken from the confirmed assignments.
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  universityDayOf,
  V,
  type EvaluationSession,
  type EvaluationSessionChange as EvaluationSessionChangeSchema,
  type EvaluationSessionInput as EvaluationSessionInputSchema,
  type EvaluationSessionState,
} from '@portal/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import {
  applicationChoices,
  applications,
  applicationSessions,
  classes,
  evaluationParticipations,
  evaluationSessionClasses,
  evaluationSessions,
  evaluationTargets,
  questionForms,
  subjects,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';

export type EvaluationSessionInput = z.output<typeof EvaluationSessionInputSchema>;
export type EvaluationSessionChange = z.output<typeof EvaluationSessionChangeSchema>;

/** A session's state on `today` (university time): before its first day, up to its last, after. */
export const sessionState = (session: { startDate: string; endDate: string }, today: string): EvaluationSessionState =>
  today < session.startDate ? 'UPCOMING' : today > session.endDate ? 'ENDED' : 'OPEN';

/** The sessions (one, or all) as the office lists them, the latest start first. */
export async function sessionsWithCounts(exec: Executor, today: string, id?: number): Promise<EvaluationSession[]> {
  const rows = await exec
    .select({
      id: evaluationSessions.id,
      name: evaluationSessions.name,
      nameFr: evaluationSessions.nameFr,
      formId: questionForms.id,
      formName: questionForms.name,
      formNameFr: questionForms.nameFr,
      startDate: evaluationSessions.startDate,
      endDate: evaluationSessions.endDate,
      createdAt: evaluationSessions.createdAt,
      targets: sql<number>`(select count(*)::int from ${evaluationTargets} where ${evaluationTargets.sessionId} = ${evaluationSessions.id})`,
      participations: sql<number>`(select count(*)::int from ${evaluationParticipations} join ${evaluationTargets} on ${evaluationTargets.id} = ${evaluationParticipations.targetId} where ${evaluationTargets.sessionId} = ${evaluationSessions.id})`,
    })
    .from(evaluationSessions)
    .innerJoin(questionForms, eq(questionForms.id, evaluationSessions.formId))
    .where(id === undefined ? undefined : eq(evaluationSessions.id, id))
    .orderBy(desc(evaluationSessions.startDate), desc(evaluationSessions.id));
  if (rows.length === 0) return [];
  const covered = await exec
    .select({ sessionId: evaluationSessionClasses.sessionId, id: classes.id, code: classes.code })
    .from(evaluationSessionClasses)
    .innerJoin(classes, eq(classes.id, evaluationSessionClasses.classId))
    .where(
      inArray(
        evaluationSessionClasses.sessionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(classes.code));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    nameFr: row.nameFr,
    form: { id: row.formId, name: row.formName, nameFr: row.formNameFr },
    startDate: row.startDate,
    endDate: row.endDate,
    state: sessionState(row, today),
    classes: covered.filter((c) => c.sessionId === row.id).map((c) => ({ id: c.id, code: c.code })),
    targets: row.targets,
    participations: row.participations,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function oneSession(ctx: ServiceContext, id: number): Promise<EvaluationSession> {
  const [session] = await sessionsWithCounts(ctx.db, universityDayOf(ctx.clock.now()), id);
  if (!session) throw new AppError('NOT_FOUND');
  return session;
}

/** `GET /evaluation-sessions`: every session, the latest start first, with its counts. */
export async function listEvaluationSessions(ctx: ServiceContext): Promise<EvaluationSession[]> {
  return sessionsWithCounts(ctx.db, universityDayOf(ctx.clock.now()));
}

/**
 * The (subject, lecturer, class) of the classes, from the confirmed assignments: for each subject
 * those of the latest choice session (by its start) that confirmed any of its parts, so that last
 * year's lecturer is not evaluated for this year's teaching.
 */
export async function assignedTargets(exec: Executor, classIds: readonly number[]): Promise<{ subjectId: number; lecturerId: number; classId: number }[]> {
  if (classIds.length === 0) return [];
  const result = await exec.execute(sql`
    with confirmed as (
      select ${subjects.id} as subject_id, ${subjects.classId} as class_id, ${applications.EMPLOYEE_ID} as lecturer_id, ${applicationSessions.START_DATE} as started
        from ${applicationChoices}
        join ${applications} on ${applications.id} = ${applicationChoices.applicationId}
        join ${subjects} on ${subjects.id} = ${applicationChoices.SUBJECT_ID}
        join ${applicationSessions} on ${applicationSessions.id} = ${applicationChoices.sessionId}
       where ${applicationChoices.AFFECTATION} = 1 and ${inArray(subjects.classId, [...classIds])}
    )
    select distinct c.subject_id, c.lecturer_id, c.class_id
      from confirmed c
     where c.started = (select max(l.started) from confirmed l where l.subject_id = c.subject_id)
     order by c.class_id, c.subject_id, c.lecturer_id`);
  return rowsOf<{ subject_id: number; lecturer_id: number; class_id: number }>(result).map((row) => ({
    subjectId: Number(row.subject_id),
    lecturerId: Number(row.lecturer_id),
    classId: Number(row.class_id),
  }));
}

/**
 * The session's targets made again from its classes' assignments: the new ones added; before the
 * session starts, those no longer assigned removed (nobody can have answered them yet). Returns the
 * number of targets added.
 */
async function refreshTargets(tx: Executor, input: { sessionId: number; classIds: readonly number[]; started: boolean }): Promise<number> {
  const targets = await assignedTargets(tx, input.classIds);
  let added = 0;
  if (targets.length) {
    const inserted = await tx
      .insert(evaluationTargets)
      .values(targets.map((target) => ({ sessionId: input.sessionId, ...target })))
      .onConflictDoNothing()
      .returning({ id: evaluationTargets.id });
    added = inserted.length;
  }
  if (!input.started) {
    const kept = await tx
      .select({
        id: evaluationTargets.id,
        subjectId: evaluationTargets.subjectId,
        lecturerId: evaluationTargets.lecturerId,
        classId: evaluationTargets.classId,
      })
      .from(evaluationTargets)
      .where(eq(evaluationTargets.sessionId, input.sessionId));
    const stale = kept
      .filter((row) => !targets.some((target) => target.subjectId === row.subjectId && target.lecturerId === row.lecturerId && target.classId === row.classId))
      .map((row) => row.id);
    if (stale.length) await tx.delete(evaluationTargets).where(inArray(evaluationTargets.id, stale));
  }
  return added;
}

/** Whether anyone has answered in the session (a submission holds the session's row in key-share mode, so this read under the row's update lock is final). */
async function hasAnswers(exec: Executor, sessionId: number): Promise<boolean> {
  const [row] = await exec
    .select({ one: sql<number>`1` })
    .from(evaluationParticipations)
    .innerJoin(evaluationTargets, eq(evaluationTargets.id, evaluationParticipations.targetId))
    .where(eq(evaluationTargets.sessionId, sessionId))
    .limit(1);
  return row !== undefined;
}

/** Refuses class ids that name no class (400, `classIds`) and a form that does not exist (400, `formId`). */
async function checkReferences(exec: Executor, input: { classIds?: readonly number[] | undefined; formId?: number | undefined }): Promise<void> {
  if (input.classIds) {
    const unique = [...new Set(input.classIds)];
    const found = await exec.select({ id: classes.id }).from(classes).where(inArray(classes.id, unique));
    if (found.length !== unique.length) throw validationError({ classIds: V.unknownClass });
  }
  if (input.formId !== undefined) {
    const [form] = await exec.select({ id: questionForms.id }).from(questionForms).where(eq(questionForms.id, input.formId)).for('share');
    if (!form) throw validationError({ formId: V.invalid });
  }
}

/** `POST /evaluation-sessions`: a session, its classes and its targets from their assignments. */
export async function createEvaluationSession(ctx: ServiceContext, input: Acting & { values: EvaluationSessionInput }): Promise<EvaluationSession> {
  const { values } = input;
  const now = ctx.clock.now();
  const classIds = [...new Set(values.classIds)];
  const id = await ctx.db.transaction(async (tx) => {
    await checkReferences(tx, { classIds, formId: values.formId });
    const [row] = await tx
      .insert(evaluationSessions)
      .values({
        name: values.name,
        nameFr: values.nameFr,
        formId: values.formId,
        startDate: values.startDate,
        endDate: values.endDate,
        createdAt: now,
        createdBy: input.actor.id,
      })
      .returning({ id: evaluationSessions.id });
    await tx.insert(evaluationSessionClasses).values(classIds.map((classId) => ({ sessionId: row!.id, classId })));
    const targets = await refreshTargets(tx, { sessionId: row!.id, classIds, started: false });
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'evaluation-session.created',
      targetType: 'evaluation-session',
      targetId: row!.id,
      ip: input.meta.ip,
      details: { name: values.name, formId: values.formId, startDate: values.startDate, endDate: values.endDate, classIds, targets },
    });
    return row!.id;
  });
  return oneSession(ctx, id);
}

/**
 * `PATCH /evaluation-sessions/{id}`: the fields given, under the session's row lock. Once the
 * session has started (university time) its form and start stay (409 EVALUATION_STARTED) and its
 * classes can only grow; once it has answers its last day only moves later (409
 * EVALUATION_END_LOCKED), so that nobody ends it on a chosen answer (decision 64). The targets are
 * refreshed from the assignments every time.
 */
export async function changeEvaluationSession(
  ctx: ServiceContext,
  input: Acting & { id: number; values: EvaluationSessionChange },
): Promise<EvaluationSession> {
  const { values } = input;
  const now = ctx.clock.now();
  const today = universityDayOf(now);
  await ctx.db.transaction(async (tx) => {
    const [session] = await tx.select().from(evaluationSessions).where(eq(evaluationSessions.id, input.id)).for('update');
    if (!session) throw new AppError('NOT_FOUND');
    const started = session.startDate <= today;
    const current = (
      await tx.select({ classId: evaluationSessionClasses.classId }).from(evaluationSessionClasses).where(eq(evaluationSessionClasses.sessionId, input.id))
    ).map((row) => row.classId);
    const classIds = values.classIds ? [...new Set(values.classIds)] : current;
    if (started) {
      const changesForm = values.formId !== undefined && values.formId !== session.formId;
      const changesStart = values.startDate !== undefined && values.startDate !== session.startDate;
      const dropsClass = current.some((classId) => !classIds.includes(classId));
      if (changesForm || changesStart || dropsClass) throw new AppError('EVALUATION_STARTED');
    }
    const startDate = values.startDate ?? session.startDate;
    const endDate = values.endDate ?? session.endDate;
    if (endDate < startDate) throw validationError({ endDate: V.endBeforeStart });
    if (endDate < session.endDate && (await hasAnswers(tx, input.id))) throw new AppError('EVALUATION_END_LOCKED');
    await checkReferences(tx, { classIds: values.classIds ? classIds : undefined, formId: values.formId });
    await tx
      .update(evaluationSessions)
      .set({ name: values.name ?? session.name, nameFr: values.nameFr ?? session.nameFr, formId: values.formId ?? session.formId, startDate, endDate })
      .where(eq(evaluationSessions.id, input.id));
    const added = classIds.filter((classId) => !current.includes(classId));
    const removed = current.filter((classId) => !classIds.includes(classId));
    if (added.length) await tx.insert(evaluationSessionClasses).values(added.map((classId) => ({ sessionId: input.id, classId })));
    if (removed.length) {
      await tx
        .delete(evaluationSessionClasses)
        .where(and(eq(evaluationSessionClasses.sessionId, input.id), inArray(evaluationSessionClasses.classId, removed)));
      await tx.delete(evaluationTargets).where(and(eq(evaluationTargets.sessionId, input.id), notInArray(evaluationTargets.classId, classIds)));
    }
    const targets = await refreshTargets(tx, { sessionId: input.id, classIds, started });
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'evaluation-session.changed',
      targetType: 'evaluation-session',
      targetId: input.id,
      ip: input.meta.ip,
      details: { changed: Object.keys(values), classesAdded: added, classesRemoved: removed, targetsAdded: targets },
    });
  });
  return oneSession(ctx, input.id);
}
