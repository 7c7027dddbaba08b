// What a student evaluates and their anonymous submissions (decision 39). A submission writes two
// rows in one transaction: the participation (target, student: the one-per-pair rule, its primary
// key) and a sealed ballot (session, the answers encrypted); the ballot is mixed into the answers
// later, apart from the student. Drafts stay in the student's browser; nothing of the answers is
// logged or audited.
import { and, asc, eq, exists, or, sql, type Placeholder } from 'drizzle-orm';
import {
  checkEvaluationAnswers,
  universityDayOf,
  type EvaluationSubmission as EvaluationSubmissionSchema,
  type EvaluationSubmitted,
  type StudentEvaluation,
  type StudentEvaluationList,
} from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import {
  classes,
  evaluationBallots,
  evaluationParticipations,
  evaluationSessions,
  evaluationTargets,
  persons,
  studentSubjects,
  subjects,
} from '../../db/schema';
import { refuseAccess } from '../../lib/auth';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { keptAnswer } from '../../lib/kept-answers';
import { ballotKey, mixAfterSubmission, sealBallot } from './ballots.service';
import { formContent } from './forms.service';
import { sessionState } from './sessions.service';

export type EvaluationSubmission = z.output<typeof EvaluationSubmissionSchema>;

const STATE_ORDER = { OPEN: 0, UPCOMING: 1, ENDED: 2 } as const;

/** The targets a student has: those of their class, and of their optional subjects in the classes a session covers. */
const studentHasTarget = (studentId: number | Placeholder) =>
  or(
    eq(evaluationTargets.classId, sql`(select ${persons.classId} from ${persons} where ${persons.id} = ${studentId})`),
    exists(
      sql`(select 1 from ${studentSubjects} where ${studentSubjects.studentId} = ${studentId} and ${studentSubjects.subjectId} = ${evaluationTargets.subjectId})`,
    ),
  );

/**
 * What a student evaluates, as one statement prepared once per database: its SQL is built once,
 * not on every request (drizzle's building was most of this read's time once its answer was kept,
 * docs/performance.md, read cache).
 */
function buildStudentEvaluations(db: Db) {
  const student = sql.placeholder('student');
  return db
    .select({
      targetId: evaluationTargets.id,
      sessionId: evaluationSessions.id,
      sessionName: evaluationSessions.name,
      sessionNameFr: evaluationSessions.nameFr,
      startDate: evaluationSessions.startDate,
      endDate: evaluationSessions.endDate,
      formId: evaluationSessions.formId,
      subjectId: subjects.id,
      subjectCode: subjects.code,
      subjectName: subjects.name,
      subjectNameFr: subjects.nameFr,
      FIRSTNAME: persons.FIRSTNAME,
      LASTNAME: persons.LASTNAME,
      classId: classes.id,
      classCode: classes.code,
      done: sql<boolean>`exists (select 1 from ${evaluationParticipations} where ${evaluationParticipations.targetId} = ${evaluationTargets.id} and ${evaluationParticipations.studentId} = ${student})`,
    })
    .from(evaluationTargets)
    .innerJoin(evaluationSessions, eq(evaluationSessions.id, evaluationTargets.sessionId))
    .innerJoin(subjects, eq(subjects.id, evaluationTargets.subjectId))
    .innerJoin(classes, eq(classes.id, evaluationTargets.classId))
    .innerJoin(persons, eq(persons.id, evaluationTargets.lecturerId))
    .where(studentHasTarget(student))
    .orderBy(asc(evaluationSessions.startDate), asc(evaluationSessions.id), asc(subjects.code), asc(persons.LASTNAME), asc(evaluationTargets.id))
    .prepare('student_evaluations');
}
const studentEvaluationsStatement = perDatabase(buildStudentEvaluations);

/** What a student's list reads: its statement's joins, and its subqueries (the student's class, optional subjects and participations). */
const STUDENT_EVALUATIONS_TABLES = [evaluationTargets, evaluationSessions, subjects, classes, persons, studentSubjects, evaluationParticipations];

/**
 * `GET /students/subjects/{id}`: what the student evaluates, one item per target of their class
 * and optional subjects, in every session: open sessions first, then upcoming, then ended. Only
 * the student reads it: its done flags say who answered what (decision 64).
 * The list is kept per student and university day (the states are of the day) until one of its
 * tables changes (docs/performance.md, kept answers).
 */
export async function studentEvaluations(ctx: ServiceContext, input: Acting & { studentId: number }): Promise<StudentEvaluationList> {
  const { actor, studentId } = input;
  if (studentId !== actor.id) {
    return refuseAccess(ctx, { actor, meta: input.meta, details: { requestedId: studentId } });
  }
  const today = universityDayOf(ctx.clock.now());
  return keptAnswer(ctx, { name: 'evaluation.student', of: { student: studentId, today }, tables: STUDENT_EVALUATIONS_TABLES }, async () => {
    const rows = await studentEvaluationsStatement(ctx.db).execute({ student: studentId });
    const items = rows
      .map((row): StudentEvaluation => {
        const state = sessionState(row, today);
        return {
          STUDENT_EVALUATION_SESSION: row.targetId,
          session: {
            id: row.sessionId,
            name: row.sessionName,
            nameFr: row.sessionNameFr,
            startDate: row.startDate,
            endDate: row.endDate,
            state,
            open: state === 'OPEN',
          },
          subject: { id: row.subjectId, code: row.subjectCode, name: row.subjectName, nameFr: row.subjectNameFr },
          lecturer: { FIRSTNAME: row.FIRSTNAME, LASTNAME: row.LASTNAME },
          class: { id: row.classId, code: row.classCode },
          formId: row.formId,
          done: row.done,
        };
      })
      .sort((a, b) => STATE_ORDER[a.session.state] - STATE_ORDER[b.session.state]);
    return { items };
  });
}

/**
 * `POST /question-forms/submit`: the signed-in student's answers about one of their targets, once,
 * while its session is open (university time). The target must be the student's and of the session
 * named (else 404); a session not open is 409 EVALUATION_NOT_OPEN; answers that do not fit the form
 * are 400 EVALUATION_ANSWERS_INVALID naming the questions. The participation and the sealed ballot
 * are written together; a second submission for the pair, even at the same moment from another
 * instance, meets the participation's primary key: 409 EVALUATION_ALREADY_ANSWERED and no ballot.
 * The transaction holds the session's row in key-share mode and reads its days again, so that a
 * change of its last day waits for it and then sees its answer (decision 64). Then the ballot box
 * is mixed if enough ballots of the target wait.
 */
export async function submitEvaluation(ctx: ServiceContext, input: Acting & { values: EvaluationSubmission }): Promise<EvaluationSubmitted> {
  const { actor, values } = input;
  const studentId = actor.id;
  const [target] = await ctx.db
    .select({
      id: evaluationTargets.id,
      sessionId: evaluationSessions.id,
      formId: evaluationSessions.formId,
      startDate: evaluationSessions.startDate,
      endDate: evaluationSessions.endDate,
    })
    .from(evaluationTargets)
    .innerJoin(evaluationSessions, eq(evaluationSessions.id, evaluationTargets.sessionId))
    .where(
      and(
        eq(evaluationTargets.id, values.STUDENT_EVALUATION_SESSION),
        eq(evaluationTargets.sessionId, values.EVALUATION_SESSION_ID),
        studentHasTarget(studentId),
      ),
    );
  if (!target) throw new AppError('NOT_FOUND');
  if (sessionState(target, universityDayOf(ctx.clock.now())) !== 'OPEN') throw new AppError('EVALUATION_NOT_OPEN');
  const { answers, fields } = checkEvaluationAnswers(await formContent(ctx.db, target.formId), values.input);
  if (Object.keys(fields).length) throw new AppError('EVALUATION_ANSWERS_INVALID', { fields });
  const sealed = sealBallot(ballotKey(ctx.config), target.sessionId, { targetId: target.id, answers });
  await ctx.db.transaction(async (tx) => {
    const [days] = await tx
      .select({ startDate: evaluationSessions.startDate, endDate: evaluationSessions.endDate })
      .from(evaluationSessions)
      .where(eq(evaluationSessions.id, target.sessionId))
      .for('key share');
    if (!days || sessionState(days, universityDayOf(ctx.clock.now())) !== 'OPEN') throw new AppError('EVALUATION_NOT_OPEN');
    const taken = await tx
      .insert(evaluationParticipations)
      .values({ targetId: target.id, studentId })
      .onConflictDoNothing()
      .returning({ targetId: evaluationParticipations.targetId });
    if (taken.length === 0) throw new AppError('EVALUATION_ALREADY_ANSWERED');
    await tx.insert(evaluationBallots).values({ sessionId: target.sessionId, sealed });
  });
  await mixAfterSubmission(ctx, target.sessionId);
  return { STUDENT_EVALUATION_SESSION: target.id, done: true };
}
