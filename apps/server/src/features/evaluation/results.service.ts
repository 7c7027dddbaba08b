// Results of the evaluation of teaching (decision 39): read from the anonymous answers only
// (evaluation_responses), aggregated per (lecturer, subject, class), shown past RESULTS_THRESHOLD
// answers; participation per class from the participations (who took part, never what they said).
// The office reads every target's and exports them; a lecturer reads only their own (reviews).
import ExcelJS from 'exceljs';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  RESULTS_THRESHOLD,
  SCALE_MAX,
  SCALE_MIN,
  universityDayOf,
  type EvaluationAnswers,
  type EvaluationClassParticipation,
  type EvaluationQuestionResult,
  type EvaluationResults,
  type EvaluationResultsExportQuery as EvaluationResultsExportQuerySchema,
  type EvaluationResultsQuery as EvaluationResultsQuerySchema,
  type EvaluationTargetResult,
  type QuestionFormContent,
  type Review,
} from '@portal/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import {
  classes,
  evaluationParticipations,
  evaluationResponses,
  evaluationSessionClasses,
  evaluationSessions,
  evaluationTargets,
  persons,
  questionForms,
  studentSubjects,
  subjects,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { tr, type Lang } from '../../lib/i18n';
import { addTableSheet, csvDocument, EXPORT_CONTENT_TYPES, type Cell } from '../../lib/spreadsheet';
import { rowsOf } from '../../lib/sql';
import { shuffled } from './ballots.service';
import { contentOf, formContent } from './forms.service';
import { oneSession, sessionState } from './sessions.service';

export type EvaluationResultsQuery = z.output<typeof EvaluationResultsQuerySchema>;
export type EvaluationResultsExportQuery = z.output<typeof EvaluationResultsExportQuerySchema>;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** One question's results over the answers of a target. */
function questionResult(
  question: QuestionFormContent['sections'][number]['questions'][number],
  sectionKey: string,
  answers: readonly EvaluationAnswers[],
): EvaluationQuestionResult {
  const given = answers.map((a) => a[question.key]).filter((v): v is string | number => v !== undefined && v !== '');
  const base = { key: question.key, type: question.type, label: question.label, labelFr: question.labelFr, sectionKey, answered: given.length };
  if (question.type === 'TEXT') return { ...base, average: null, maxMark: null, distribution: [], comments: shuffled(given.map(String)) };
  if (question.type === 'SCALE') {
    const values = given.map(Number).filter((n) => Number.isInteger(n) && n >= SCALE_MIN && n <= SCALE_MAX);
    const distribution = Array.from({ length: SCALE_MAX - SCALE_MIN + 1 }, (_, i) => SCALE_MIN + i).map((n) => ({
      key: String(n),
      label: '',
      labelFr: '',
      mark: n,
      count: values.filter((v) => v === n).length,
    }));
    return {
      ...base,
      answered: values.length,
      average: values.length ? round2(values.reduce((s, v) => s + v, 0) / values.length) : null,
      maxMark: SCALE_MAX,
      distribution,
      comments: [],
    };
  }
  const distribution = question.options.map((option) => ({
    key: option.key,
    label: option.label,
    labelFr: option.labelFr,
    mark: option.mark,
    count: given.filter((v) => v === option.key).length,
  }));
  const counted = distribution.reduce((n, d) => n + d.count, 0);
  const total = distribution.reduce((s, d) => s + d.mark * d.count, 0);
  return {
    ...base,
    answered: counted,
    average: counted ? round2(total / counted) : null,
    maxMark: Math.max(...question.options.map((o) => o.mark)),
    distribution,
    comments: [],
  };
}

/** A target's results: hidden (no question) below RESULTS_THRESHOLD answers; the answers of its participants not shown (decision 64). */
function targetResult(
  content: QuestionFormContent,
  participants: number,
  answers: readonly EvaluationAnswers[],
): Pick<EvaluationTargetResult, 'answers' | 'notShown' | 'hidden' | 'questions'> {
  const hidden = answers.length < RESULTS_THRESHOLD;
  return {
    answers: answers.length,
    notShown: Math.max(0, participants - answers.length),
    hidden,
    questions: hidden ? [] : content.sections.flatMap((section) => section.questions.map((question) => questionResult(question, section.key, answers))),
  };
}

interface TargetRow {
  targetId: number;
  sessionId: number;
  lecturer: { id: number; FIRSTNAME: string; LASTNAME: string };
  subject: { id: number; code: string; name: string; nameFr: string };
  class: { id: number; code: string };
  participants: number;
}

/** The targets a filter keeps, with their lecturer, subject, class and how many students took part; by class, subject and lecturer. */
async function targetRows(exec: Executor, where: ReturnType<typeof and>): Promise<TargetRow[]> {
  const rows = await exec
    .select({
      targetId: evaluationTargets.id,
      sessionId: evaluationTargets.sessionId,
      lecturerId: persons.id,
      FIRSTNAME: persons.FIRSTNAME,
      LASTNAME: persons.LASTNAME,
      subjectId: subjects.id,
      subjectCode: subjects.code,
      subjectName: subjects.name,
      subjectNameFr: subjects.nameFr,
      classId: classes.id,
      classCode: classes.code,
      participants: sql<number>`(select count(*)::int from ${evaluationParticipations} where ${evaluationParticipations.targetId} = ${evaluationTargets.id})`,
    })
    .from(evaluationTargets)
    .innerJoin(persons, eq(persons.id, evaluationTargets.lecturerId))
    .innerJoin(subjects, eq(subjects.id, evaluationTargets.subjectId))
    .innerJoin(classes, eq(classes.id, evaluationTargets.classId))
    .where(where)
    .orderBy(classes.code, subjects.code, persons.LASTNAME, persons.FIRSTNAME, evaluationTargets.id);
  return rows.map((row) => ({
    targetId: row.targetId,
    sessionId: row.sessionId,
    lecturer: { id: row.lecturerId, FIRSTNAME: row.FIRSTNAME, LASTNAME: row.LASTNAME },
    subject: { id: row.subjectId, code: row.subjectCode, name: row.subjectName, nameFr: row.subjectNameFr },
    class: { id: row.classId, code: row.classCode },
    participants: row.participants,
  }));
}

/** The anonymous answers of the targets, by target (nothing else is read: no student, no time). */
async function answersOf(exec: Executor, targetIds: readonly number[]): Promise<Map<number, EvaluationAnswers[]>> {
  const byTarget = new Map<number, EvaluationAnswers[]>();
  if (targetIds.length === 0) return byTarget;
  const rows = await exec
    .select({ targetId: evaluationResponses.targetId, answers: evaluationResponses.answers })
    .from(evaluationResponses)
    .where(inArray(evaluationResponses.targetId, [...targetIds]));
  for (const row of rows) byTarget.set(row.targetId, [...(byTarget.get(row.targetId) ?? []), row.answers as EvaluationAnswers]);
  return byTarget;
}

/**
 * Participation per class of the session: its students who took part for at least one of its
 * targets out of its students, and the (target, student) submissions out of those expected (each
 * target times its students: the class's and those following the subject as an option).
 */
async function participationOf(exec: Executor, sessionId: number, classId: number | undefined): Promise<EvaluationClassParticipation[]> {
  const result = await exec.execute(sql`
    select c.id, c.code,
      (select count(*)::int from ${persons} p where p.class_id = c.id and p.kind = 'STUDENT') as students,
      (select count(distinct ep.student_id)::int from ${evaluationParticipations} ep
         join ${evaluationTargets} t on t.id = ep.target_id
         join ${persons} p on p.id = ep.student_id
        where t.session_id = ${sessionId} and t.class_id = c.id and p.class_id = c.id) as participants,
      (select count(*)::int from ${evaluationParticipations} ep join ${evaluationTargets} t on t.id = ep.target_id where t.session_id = ${sessionId} and t.class_id = c.id) as submissions,
      (select coalesce(sum(
         (select count(*) from ${persons} p where p.kind = 'STUDENT' and (p.class_id = t.class_id or exists (select 1 from ${studentSubjects} ss where ss.student_id = p.id and ss.subject_id = t.subject_id)))
       ), 0)::int from ${evaluationTargets} t where t.session_id = ${sessionId} and t.class_id = c.id) as expected
    from ${evaluationSessionClasses} sc
    join ${classes} c on c.id = sc.class_id
    where sc.session_id = ${sessionId} ${classId === undefined ? sql`` : sql`and c.id = ${classId}`}
    order by c.code`);
  return rowsOf<{ id: number; code: string; students: number; participants: number; submissions: number; expected: number }>(result).map((row) => {
    const students = Number(row.students);
    const participants = Number(row.participants);
    const submissions = Number(row.submissions);
    const expected = Number(row.expected);
    return {
      class: { id: Number(row.id), code: row.code },
      students,
      participants,
      participationRate: students ? round2(participants / students) : 0,
      submissions,
      expected,
      submissionRate: expected ? round2(submissions / expected) : 0,
    };
  });
}

/** `GET /evaluation-sessions/{id}/results`: every target's results (narrowed as asked) and each class's participation. */
export async function sessionResults(ctx: ServiceContext, input: { sessionId: number; query: EvaluationResultsQuery }): Promise<EvaluationResults> {
  const { query } = input;
  const session = await oneSession(ctx, input.sessionId);
  const content = await formContent(ctx.db, session.form.id);
  const targets = await targetRows(
    ctx.db,
    and(
      eq(evaluationTargets.sessionId, input.sessionId),
      query.classId === undefined ? undefined : eq(evaluationTargets.classId, query.classId),
      query.lecturerId === undefined ? undefined : eq(evaluationTargets.lecturerId, query.lecturerId),
      query.subjectId === undefined ? undefined : eq(evaluationTargets.subjectId, query.subjectId),
    ),
  );
  const answers = await answersOf(
    ctx.db,
    targets.map((target) => target.targetId),
  );
  return {
    session,
    form: content,
    threshold: RESULTS_THRESHOLD,
    targets: targets.map((target) => ({
      targetId: target.targetId,
      lecturer: target.lecturer,
      subject: target.subject,
      class: target.class,
      participants: target.participants,
      ...targetResult(content, target.participants, answers.get(target.targetId) ?? []),
    })),
    participation: await participationOf(ctx.db, input.sessionId, query.classId),
  };
}

/**
 * `GET /reviews`: the signed-in lecturer's own results, for every session that has started, the
 * latest first; the lecturer is the session's person, never one named in the request.
 */
export async function ownReviews(ctx: ServiceContext, input: { lecturerId: number }): Promise<Review[]> {
  const today = universityDayOf(ctx.clock.now());
  const sessions = await ctx.db
    .select({
      id: evaluationSessions.id,
      name: evaluationSessions.name,
      nameFr: evaluationSessions.nameFr,
      startDate: evaluationSessions.startDate,
      endDate: evaluationSessions.endDate,
      content: questionForms.content,
    })
    .from(evaluationSessions)
    .innerJoin(questionForms, eq(questionForms.id, evaluationSessions.formId))
    .where(
      and(
        lte(evaluationSessions.startDate, today),
        sql`exists (select 1 from ${evaluationTargets} where ${evaluationTargets.sessionId} = ${evaluationSessions.id} and ${evaluationTargets.lecturerId} = ${input.lecturerId})`,
      ),
    )
    .orderBy(desc(evaluationSessions.startDate), desc(evaluationSessions.id));
  if (sessions.length === 0) return [];
  const targets = await targetRows(
    ctx.db,
    and(
      eq(evaluationTargets.lecturerId, input.lecturerId),
      inArray(
        evaluationTargets.sessionId,
        sessions.map((s) => s.id),
      ),
    ),
  );
  const answers = await answersOf(
    ctx.db,
    targets.map((target) => target.targetId),
  );
  return sessions.flatMap((session) => {
    const content = contentOf(session.content);
    const state = sessionState(session, today);
    return targets
      .filter((target) => target.sessionId === session.id)
      .map((target) => ({
        targetId: target.targetId,
        lecturer: target.lecturer,
        subject: target.subject,
        class: target.class,
        participants: target.participants,
        ...targetResult(content, target.participants, answers.get(target.targetId) ?? []),
        session: {
          id: session.id,
          name: session.name,
          nameFr: session.nameFr,
          startDate: session.startDate,
          endDate: session.endDate,
          state,
          open: state === 'OPEN',
        },
        form: content,
      }));
  });
}

// ---------------------------------------------------------------- the export

const COLUMNS = [
  { key: 'class', width: 16 },
  { key: 'subjectCode', width: 12 },
  { key: 'subject', width: 36 },
  { key: 'lastName', width: 20 },
  { key: 'firstName', width: 20 },
  { key: 'participants', width: 12 },
  { key: 'answers', width: 10 },
  { key: 'notShown', width: 14 },
  { key: 'shown', width: 28 },
  { key: 'section', width: 24 },
  { key: 'question', width: 48 },
  { key: 'type', width: 12 },
  { key: 'answered', width: 10 },
  { key: 'average', width: 10, numFmt: '0.00' },
  { key: 'maxMark', width: 10 },
  { key: 'distribution', width: 48 },
  { key: 'comments', width: 80 },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];

const PARTICIPATION_COLUMNS = [
  { key: 'class', width: 16 },
  { key: 'students', width: 10 },
  { key: 'participants', width: 12 },
  { key: 'participationRate', width: 12, numFmt: '0%' },
  { key: 'submissions', width: 12 },
  { key: 'expected', width: 10 },
  { key: 'submissionRate', width: 12, numFmt: '0%' },
] as const;

/** The export's lines: one per question of a shown target, one for a hidden target ("not enough answers"). */
function exportLines(results: EvaluationResults, lang: Lang): Record<ColumnKey, Cell>[] {
  const fr = lang === 'fr';
  const sectionLabel = new Map(results.form.sections.map((s) => [s.key, fr ? s.labelFr : s.label]));
  return results.targets.flatMap((target): Record<ColumnKey, Cell>[] => {
    const head: Record<'class' | 'subjectCode' | 'subject' | 'lastName' | 'firstName' | 'participants' | 'answers' | 'notShown' | 'shown', Cell> = {
      class: target.class.code,
      subjectCode: target.subject.code,
      subject: fr ? target.subject.nameFr : target.subject.name,
      lastName: target.lecturer.LASTNAME,
      firstName: target.lecturer.FIRSTNAME,
      participants: target.participants,
      answers: target.answers,
      notShown: target.notShown,
      shown: target.hidden ? tr(lang, 'evaluation.hidden', { threshold: results.threshold }) : tr(lang, 'evaluation.shown'),
    };
    const empty = { section: null, question: null, type: null, answered: null, average: null, maxMark: null, distribution: null, comments: null };
    if (target.hidden) return [{ ...head, ...empty }];
    return target.questions.map((question) => ({
      ...head,
      section: sectionLabel.get(question.sectionKey) ?? '',
      question: fr ? question.labelFr : question.label,
      type: tr(lang, `evaluation.types.${question.type}`),
      answered: question.answered,
      average: question.average,
      maxMark: question.maxMark,
      distribution:
        question.distribution.map((d) => `${(fr ? d.labelFr : d.label) || d.key}${fr ? '\u00a0:' : ':'} ${d.count}`).join(fr ? '\u00a0; ' : '; ') || null,
      comments: question.comments.join(' | ') || null,
    }));
  });
}

/**
 * `GET /evaluation-sessions/{id}/results/export`: the results as CSV or XLSX (with a participation
 * sheet), headers in the caller's language; a hidden target is one line saying so. The export is
 * audited (who took the results, not what they say).
 */
export async function exportResults(
  ctx: ServiceContext,
  input: Acting & { sessionId: number; query: EvaluationResultsExportQuery; lang: Lang },
): Promise<{ body: string | Buffer; filename: string; contentType: string }> {
  const { query, lang } = input;
  const results = await sessionResults(ctx, { sessionId: input.sessionId, query });
  const filename = `evaluation-results-${input.sessionId}.${query.format}`;
  const contentType = EXPORT_CONTENT_TYPES[query.format];
  const header = COLUMNS.map((column) => tr(lang, `evaluation.columns.${column.key}`));
  const lines = exportLines(results, lang);
  await audit(ctx.db, {
    at: ctx.clock.now(),
    actorId: input.actor.id,
    action: 'evaluation-results.exported',
    targetType: 'evaluation-session',
    targetId: input.sessionId,
    ip: input.meta.ip,
    details: { format: query.format, targets: results.targets.length },
  });
  if (query.format === 'csv')
    return {
      body: csvDocument(
        header,
        lines.map((line) => COLUMNS.map((column) => line[column.key])),
      ),
      filename,
      contentType,
    };
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'University portal';
  workbook.created = ctx.clock.now();
  addTableSheet(workbook, { name: tr(lang, 'evaluation.sheet'), columns: COLUMNS.map((column, i) => ({ ...column, header: header[i]! })), rows: lines });
  addTableSheet(workbook, {
    name: tr(lang, 'evaluation.participationSheet'),
    columns: PARTICIPATION_COLUMNS.map((column) => ({ ...column, header: tr(lang, `evaluation.columns.${column.key}`) })),
    rows: results.participation.map((p) => ({
      class: p.class.code,
      students: p.students,
      participants: p.participants,
      participationRate: p.participationRate,
      submissions: p.submissions,
      expected: p.expected,
      submissionRate: p.submissionRate,
    })),
  });
  return { body: Buffer.from(await workbook.xlsx.writeBuffer()), filename, contentType };
}
