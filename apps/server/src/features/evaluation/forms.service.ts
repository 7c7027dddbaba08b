// Question forms of the evaluation of teaching (decision 39): built by the academic office as one
// document (sections, questions, options), frozen once a session using it has started,
// duplicated to be changed, read whole by the office and by a student who has it to answer.
import { and, desc, eq, exists, lte, sql, type Placeholder } from 'drizzle-orm';
import {
  universityDayOf,
  type QuestionForm,
  type QuestionFormContent,
  type QuestionFormInput as QuestionFormInputSchema,
  type QuestionFormSummary,
} from '@portal/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { evaluationSessions, evaluationTargets, persons, questionForms, studentSubjects } from '../../db/schema';
import { audit } from '../../lib/audit';
import { actorCan, refuseAccess } from '../../lib/auth';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { keptAnswer } from '../../lib/kept-answers';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../lib/sql';

export type QuestionFormInput = z.output<typeof QuestionFormInputSchema>;
/**
 * A form's content as stored and answered: every section, question and option with a key (the
 * ones sent kept, the missing ones `s1`, `q1`, `o1` ... not taken yet), options only on CHOICE.
 */
export function normalizeContent(content: QuestionFormInput['content']): QuestionFormContent {
  const taken = { s: new Set<string>(), q: new Set<string>() };
  for (const section of content.sections) {
    if (section.key) taken.s.add(section.key);
    for (const question of section.questions) if (question.key) taken.q.add(question.key);
  }
  const next = (prefix: string, used: Set<string>) => {
    for (let n = 1; ; n++) {
      const key = `${prefix}${n}`;
      if (!used.has(key)) {
        used.add(key);
        return key;
      }
    }
  };
  return {
    sections: content.sections.map((section) => ({
      key: section.key ?? next('s', taken.s),
      label: section.label,
      labelFr: section.labelFr,
      questions: section.questions.map((question) => {
        const optionKeys = new Set(question.options.flatMap((option) => (option.key ? [option.key] : [])));
        return {
          key: question.key ?? next('q', taken.q),
          type: question.type,
          label: question.label,
          labelFr: question.labelFr,
          required: question.required,
          options:
            question.type === 'CHOICE'
              ? question.options.map((option) => ({
                  key: option.key ?? next('o', optionKeys),
                  label: option.label,
                  labelFr: option.labelFr,
                  mark: option.mark,
                }))
              : [],
        };
      }),
    })),
  };
}

/** A stored content read back (written by normalizeContent: trusted, but never undefined). */
export const contentOf = (value: unknown): QuestionFormContent => (value ?? { sections: [] }) as QuestionFormContent;

const countsOf = (content: QuestionFormContent) => ({
  sections: content.sections.length,
  questions: content.sections.reduce((n, s) => n + s.questions.length, 0),
});

/** The forms (one, or all) with the sessions using them and whether one of those has started by `today`. */
function formsWithUse(exec: Executor, today: string | Placeholder, id?: number | Placeholder) {
  return (
    exec
      // The outer form is named by its table: a query of one table writes its columns without it.
      .select({
        id: questionForms.id,
        name: questionForms.name,
        nameFr: questionForms.nameFr,
        content: questionForms.content,
        createdAt: questionForms.createdAt,
        updatedAt: questionForms.updatedAt,
        sessions: sql<number>`(select count(*)::int from ${evaluationSessions} where ${evaluationSessions.formId} = ${questionForms}.id)`,
        inUse: sql<boolean>`exists (select 1 from ${evaluationSessions} where ${evaluationSessions.formId} = ${questionForms}.id and ${evaluationSessions.startDate} <= ${today})`,
      })
      .from(questionForms)
      .where(id === undefined ? undefined : eq(questionForms.id, id))
      .orderBy(desc(questionForms.updatedAt), desc(questionForms.id))
  );
}

type FormRow = Awaited<ReturnType<typeof formsWithUse>>[number];

/**
 * The reads of forms as statements prepared once per database: their SQL is built once, not on
 * every request (drizzle's building was most of a form's read once its answer was kept, docs/performance.md, read cache).
 */
function buildFormStatements(db: Db) {
  const p = sql.placeholder;
  return {
    one: formsWithUse(db, p('today'), p('id')).prepare('question_form_one'),
    all: formsWithUse(db, p('today')).prepare('question_forms_all'),
    studentHas: studentHasFormQuery(db, p('student'), p('form'), p('today')).prepare('question_form_student_has'),
  };
}
const formStatements = perDatabase(buildFormStatements);

function toSummary(row: FormRow): QuestionFormSummary {
  return {
    id: row.id,
    name: row.name,
    nameFr: row.nameFr,
    ...countsOf(contentOf(row.content)),
    sessions: row.sessions,
    inUse: row.inUse,
    updatedAt: row.updatedAt.toISOString(),
  };
}
const toForm = (row: FormRow): QuestionForm => ({ ...toSummary(row), content: contentOf(row.content), createdAt: row.createdAt.toISOString() });

/** One form, its use counted on `today` (university time). */
async function oneForm(ctx: ServiceContext, id: number, today = universityDayOf(ctx.clock.now())): Promise<QuestionForm> {
  const [row] = await formStatements(ctx.db).one.execute({ today, id });
  if (!row) throw new AppError('NOT_FOUND');
  return toForm(row);
}

/** `GET /question-forms`: every form, the latest changed first, with its counts and use. */
export async function listQuestionForms(ctx: ServiceContext): Promise<QuestionFormSummary[]> {
  return (await formStatements(ctx.db).all.execute({ today: universityDayOf(ctx.clock.now()) })).map(toSummary);
}

/**
 * Whether a student has this form to answer now: it is the form of a session open today
 * (university time) with a target of the student's class or of one of their optional subjects.
 */
function studentHasFormQuery(exec: Executor, studentId: number | Placeholder, formId: number | Placeholder, today: string | Placeholder) {
  return exec
    .select({ one: sql<number>`1` })
    .from(evaluationTargets)
    .innerJoin(evaluationSessions, eq(evaluationSessions.id, evaluationTargets.sessionId))
    .innerJoin(persons, eq(persons.id, studentId))
    .where(
      and(
        eq(evaluationSessions.formId, formId),
        lte(evaluationSessions.startDate, today),
        sql`${evaluationSessions.endDate} >= ${today}`,
        sql`(${evaluationTargets.classId} = ${persons.classId} or ${exists(
          exec
            .select({ one: sql`1` })
            .from(studentSubjects)
            .where(and(eq(studentSubjects.studentId, studentId), eq(studentSubjects.subjectId, evaluationTargets.subjectId))),
        )})`,
      ),
    )
    .limit(1);
}
/** What the check reads: a target's session and class, the student's class and optional subjects. */
const STUDENT_HAS_FORM_TABLES = [evaluationTargets, evaluationSessions, persons, studentSubjects];

/** Kept per student, form and university day until a table it reads changes (docs/performance.md, kept answers), as the form itself is. */
async function studentHasForm(ctx: ServiceContext, input: { studentId: number; formId: number; today: string }): Promise<boolean> {
  const { has } = await keptAnswer(ctx, { name: 'evaluation.formAccess', of: input, tables: STUDENT_HAS_FORM_TABLES }, async () => {
    const [row] = await formStatements(ctx.db).studentHas.execute({ student: input.studentId, form: input.formId, today: input.today });
    return { has: Boolean(row) };
  });
  return has;
}

/** What a whole form reads: the form, and the sessions using it (its counts' subqueries). */
const QUESTION_FORM_TABLES = [questionForms, evaluationSessions];

/**
 * `GET /question-forms/{id}`: a whole form, for the office (evaluation.manage) or for a student
 * who has it to answer in an open session (evaluation.answer); anybody else is refused (403,
 * audited), and so is a student asking for another form. Who may read it is checked on every
 * request; the form, the same for every reader, is kept per university day (its `inUse`) until its
 * tables change (docs/performance.md, kept answers).
 */
export async function readQuestionForm(ctx: ServiceContext, input: Acting & { id: number }): Promise<QuestionForm> {
  const { actor, id } = input;
  const today = universityDayOf(ctx.clock.now());
  if (!actorCan(actor, 'evaluation.manage')) {
    const allowed = actorCan(actor, 'evaluation.answer') && (await studentHasForm(ctx, { studentId: actor.id, formId: id, today }));
    if (!allowed) return refuseAccess(ctx, { actor, meta: input.meta, target: { type: 'question-form', id } });
  }
  return keptAnswer(ctx, { name: 'evaluation.form', of: { id, today }, tables: QUESTION_FORM_TABLES }, () => oneForm(ctx, id, today));
}

/** `POST /question-forms`: a new form, its missing keys assigned. */
export async function createQuestionForm(ctx: ServiceContext, input: Acting & { values: QuestionFormInput }): Promise<QuestionForm> {
  const { values } = input;
  const now = ctx.clock.now();
  const content = normalizeContent(values.content);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(questionForms)
      .values({ name: values.name, nameFr: values.nameFr, content, createdAt: now, createdBy: input.actor.id, updatedAt: now })
      .returning({ id: questionForms.id });
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'question-form.created',
      targetType: 'question-form',
      targetId: row!.id,
      ip: input.meta.ip,
      details: { name: values.name, ...countsOf(content) },
    });
    return row!.id;
  });
  return oneForm(ctx, id);
}

/**
 * `PUT /question-forms/{id}`: the form replaced, under its row lock, unless a session using it has
 * started (409 FORM_IN_USE: its answers name its questions; duplicate it instead).
 */
export async function updateQuestionForm(ctx: ServiceContext, input: Acting & { id: number; values: QuestionFormInput }): Promise<QuestionForm> {
  const { values } = input;
  const now = ctx.clock.now();
  const today = universityDayOf(now);
  const content = normalizeContent(values.content);
  await ctx.db.transaction(async (tx) => {
    const [form] = await tx.select({ id: questionForms.id }).from(questionForms).where(eq(questionForms.id, input.id)).for('update');
    if (!form) throw new AppError('NOT_FOUND');
    const [started] = await tx
      .select({ id: evaluationSessions.id })
      .from(evaluationSessions)
      .where(and(eq(evaluationSessions.formId, input.id), lte(evaluationSessions.startDate, today)))
      .limit(1);
    if (started) throw new AppError('FORM_IN_USE');
    await tx.update(questionForms).set({ name: values.name, nameFr: values.nameFr, content, updatedAt: now }).where(eq(questionForms.id, input.id));
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'question-form.changed',
      targetType: 'question-form',
      targetId: input.id,
      ip: input.meta.ip,
      details: { name: values.name, ...countsOf(content) },
    });
  });
  return oneForm(ctx, input.id);
}

/** A copy's name: the original's with "(copy)" / "(copie)", within the 200 characters a name has. */
const copyName = (name: string, suffix: string) => `${name.slice(0, 200 - suffix.length - 1)} ${suffix}`;

/** `POST /question-forms/{id}/duplicate`: a copy of the form (same keys), free to change. */
export async function duplicateQuestionForm(ctx: ServiceContext, input: Acting & { id: number }): Promise<QuestionForm> {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const [form] = await tx.select().from(questionForms).where(eq(questionForms.id, input.id));
    if (!form) throw new AppError('NOT_FOUND');
    const [row] = await tx
      .insert(questionForms)
      .values({
        name: copyName(form.name, '(copy)'),
        nameFr: copyName(form.nameFr, '(copie)'),
        content: form.content,
        createdAt: now,
        createdBy: input.actor.id,
        updatedAt: now,
      })
      .returning({ id: questionForms.id });
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'question-form.duplicated',
      targetType: 'question-form',
      targetId: row!.id,
      ip: input.meta.ip,
      details: { from: input.id },
    });
    return row!.id;
  });
  return oneForm(ctx, id);
}

/** `DELETE /question-forms/{id}`: a form no session uses (else 409 IN_USE; the foreign key decides under concurrency). */
export async function deleteQuestionForm(ctx: ServiceContext, input: Acting & { id: number }): Promise<void> {
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const [form] = await tx
        .select({ id: questionForms.id, name: questionForms.name })
        .from(questionForms)
        .where(eq(questionForms.id, input.id))
        .for('update');
      if (!form) throw new AppError('NOT_FOUND');
      const [used] = await tx.select({ id: evaluationSessions.id }).from(evaluationSessions).where(eq(evaluationSessions.formId, input.id)).limit(1);
      if (used) throw new AppError('IN_USE');
      await tx.delete(questionForms).where(eq(questionForms.id, input.id));
      await audit(tx, {
        at: now,
        actorId: input.actor.id,
        action: 'question-form.deleted',
        targetType: 'question-form',
        targetId: input.id,
        ip: input.meta.ip,
        details: { name: form.name },
      });
    });
  } catch (error) {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('IN_USE');
    throw error;
  }
}

/** The content of a form (for the submissions and the results). */
export async function formContent(exec: Executor, formId: number): Promise<QuestionFormContent> {
  const [row] = await exec.select({ content: questionForms.content }).from(questionForms).where(eq(questionForms.id, formId));
  if (!row) throw new AppError('NOT_FOUND');
  return contentOf(row.content);
}
