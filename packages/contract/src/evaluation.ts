// The evaluation of teaching (issue 13, decision 39): question forms the academic office builds,
// evaluation sessions over classes, what a student has to evaluate and their anonymous answers,
// the results per (lecturer, subject, class) past a threshold, and a lecturer's own reviews.
import { z } from 'zod';
import { id, isoDate, required } from './common';
import {
  EVALUATION_EXPORT_FORMATS,
  EVALUATION_SESSION_STATES,
  MAX_COMMENT_LENGTH,
  MAX_FORM_QUESTIONS,
  MAX_FORM_SECTIONS,
  MAX_LABEL_LENGTH,
  MAX_OPTION_MARK,
  MAX_QUESTION_OPTIONS,
  QUESTION_TYPES,
  SCALE_MAX,
  SCALE_MIN,
} from './rules/evaluation';
import { V } from './rules/validation';

export const QuestionType = z.enum(QUESTION_TYPES, { error: V.invalid });
export type QuestionType = z.infer<typeof QuestionType>;
export const EvaluationSessionState = z.enum(EVALUATION_SESSION_STATES, { error: V.invalid });
export type EvaluationSessionState = z.infer<typeof EvaluationSessionState>;

/** The longest key of a section, a question or an option. */
export const FORM_KEY_MAX = 40;
/** A key names a section, a question or an option within its form: letters, digits, `_` and `-`. */
const FORM_KEY = new RegExp(`^[A-Za-z0-9_-]{1,${FORM_KEY_MAX}}$`);
const formKey = z.string({ error: V.invalid }).regex(FORM_KEY, { error: V.invalid });
/** A key as the office sends it: absent or empty, the server assigns one (`s1`, `q3`, `o2` ...). */
const inputKey = z.preprocess((v) => (v === '' || v === null ? undefined : v), formKey.optional());
const label = () => required(MAX_LABEL_LENGTH);
const mark = z.number({ error: V.invalid }).min(0, { error: V.invalid }).max(MAX_OPTION_MARK, { error: V.invalid });

// ---------------------------------------------------------------- question forms (the office)

/** One answer of a CHOICE question, with its mark (0 to MAX_OPTION_MARK) that averages count. */
export const QuestionOption = z.object({ key: formKey, label: z.string(), labelFr: z.string(), mark: z.number() }).meta({ id: 'QuestionOption' });
export type QuestionOption = z.infer<typeof QuestionOption>;
/** A question: CHOICE (one of its options), SCALE (SCALE_MIN to SCALE_MAX) or TEXT (a comment); options only for CHOICE (else empty). */
export const FormQuestion = z
  .object({ key: formKey, type: QuestionType, label: z.string(), labelFr: z.string(), required: z.boolean(), options: z.array(QuestionOption) })
  .meta({ id: 'FormQuestion' });
export type FormQuestion = z.infer<typeof FormQuestion>;
export const FormSection = z.object({ key: formKey, label: z.string(), labelFr: z.string(), questions: z.array(FormQuestion) }).meta({ id: 'FormSection' });
export type FormSection = z.infer<typeof FormSection>;
/** A form's content as the server answers it: every key present, options only on CHOICE questions. */
export const QuestionFormContent = z.object({ sections: z.array(FormSection) }).meta({ id: 'QuestionFormContent' });
export type QuestionFormContent = z.infer<typeof QuestionFormContent>;

const OptionInput = z.object({ key: inputKey, label: label(), labelFr: label(), mark });
const QuestionInput = z.object({
  key: inputKey,
  type: QuestionType,
  label: label(),
  labelFr: label(),
  required: z.boolean({ error: V.invalid }).default(true),
  options: z.array(OptionInput).max(MAX_QUESTION_OPTIONS, { error: V.tooLong }).default([]),
});
const SectionInput = z.object({
  key: inputKey,
  label: label(),
  labelFr: label(),
  questions: z.array(QuestionInput).min(1, { error: V.required }).max(MAX_FORM_QUESTIONS, { error: V.tooLong }),
});

/**
 * A form's content as the office sends it: 1 to MAX_FORM_SECTIONS sections, each with at least one
 * question and at most MAX_FORM_QUESTIONS in all; a CHOICE question has 2 to MAX_QUESTION_OPTIONS
 * options, the others none; keys are unique within the form (sections, questions) and within a
 * question (options); a missing key is assigned by the server. Errors name the path
 * (`content.sections.0.questions.2.options` ...).
 */
export const QuestionFormContentInput = z
  .object({ sections: z.array(SectionInput).min(1, { error: V.required }).max(MAX_FORM_SECTIONS, { error: V.tooLong }) })
  .superRefine((content, ctx) => {
    const total = content.sections.reduce((n, s) => n + s.questions.length, 0);
    if (total > MAX_FORM_QUESTIONS) ctx.addIssue({ code: 'custom', path: ['sections'], message: V.tooLong });
    const sectionKeys = new Set<string>();
    const questionKeys = new Set<string>();
    content.sections.forEach((section, s) => {
      if (section.key !== undefined) {
        if (sectionKeys.has(section.key)) ctx.addIssue({ code: 'custom', path: ['sections', s, 'key'], message: V.invalid });
        sectionKeys.add(section.key);
      }
      section.questions.forEach((question, q) => {
        const at = ['sections', s, 'questions', q];
        if (question.key !== undefined) {
          if (questionKeys.has(question.key)) ctx.addIssue({ code: 'custom', path: [...at, 'key'], message: V.invalid });
          questionKeys.add(question.key);
        }
        if (question.type === 'CHOICE') {
          if (question.options.length < 2) ctx.addIssue({ code: 'custom', path: [...at, 'options'], message: V.required });
        } else if (question.options.length > 0) ctx.addIssue({ code: 'custom', path: [...at, 'options'], message: V.invalid });
        const optionKeys = new Set<string>();
        question.options.forEach((option, o) => {
          if (option.key === undefined) return;
          if (optionKeys.has(option.key)) ctx.addIssue({ code: 'custom', path: [...at, 'options', o, 'key'], message: V.invalid });
          optionKeys.add(option.key);
        });
      });
    });
  })
  .meta({ id: 'NewQuestionFormContent' });
export type QuestionFormContentInput = z.input<typeof QuestionFormContentInput>;

/** `POST /question-forms` (201) and `PUT /question-forms/{id}` (409 FORM_IN_USE once a session using it has started). */
export const QuestionFormInput = z.object({ name: required(200), nameFr: required(200), content: QuestionFormContentInput }).meta({ id: 'NewQuestionForm' });
export type QuestionFormInput = z.input<typeof QuestionFormInput>;

/**
 * A form in the office's list. `sessions`: the evaluation sessions using it (DELETE answers 409
 * IN_USE while there is one); `inUse`: one of them has started (PUT answers 409 FORM_IN_USE).
 */
export const QuestionFormSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    nameFr: z.string(),
    sections: z.number().int(),
    questions: z.number().int(),
    sessions: z.number().int(),
    inUse: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'QuestionFormSummary' });
export type QuestionFormSummary = z.infer<typeof QuestionFormSummary>;
/** `GET /question-forms`: every form, the newest first. */
export const QuestionFormList = z.object({ forms: z.array(QuestionFormSummary) }).meta({ id: 'QuestionFormList' });
export type QuestionFormList = z.infer<typeof QuestionFormList>;

/** `GET /question-forms/{id}` (also the answer of POST, PUT and duplicate): a whole form. */
export const QuestionForm = QuestionFormSummary.extend({ content: QuestionFormContent, createdAt: z.string() }).meta({ id: 'QuestionForm' });
export type QuestionForm = z.infer<typeof QuestionForm>;

// ---------------------------------------------------------------- evaluation sessions (the office)

export const EvaluationClass = z.object({ id: z.number().int(), code: z.string() }).meta({ id: 'EvaluationClass' });
export type EvaluationClass = z.infer<typeof EvaluationClass>;
export const EvaluationSubject = z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameFr: z.string() }).meta({ id: 'EvaluationSubject' });
export type EvaluationSubject = z.infer<typeof EvaluationSubject>;
/** A lecturer as results show them (names only). */
export const EvaluationLecturer = z.object({ id: z.number().int(), FIRSTNAME: z.string(), LASTNAME: z.string() }).meta({ id: 'EvaluationLecturer' });
export type EvaluationLecturer = z.infer<typeof EvaluationLecturer>;

const sessionFields = {
  name: required(200),
  nameFr: required(200),
  formId: id(),
  /** the first day answers are taken (university time) */
  startDate: isoDate,
  /** the last day answers are taken (included) */
  endDate: isoDate,
  /** the classes covered: their (subject, lecturer) pairs come from the confirmed assignments */
  classIds: z.array(id()).min(1, { error: V.required }).max(500, { error: V.tooLong }),
};
const datesInOrder = (s: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (s.startDate && s.endDate && s.endDate < s.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: V.endBeforeStart });
};

/** `POST /evaluation-sessions` (201): the targets are made from the assignments of its classes. */
export const EvaluationSessionInput = z.object(sessionFields).superRefine(datesInOrder).meta({ id: 'NewEvaluationSession' });
export type EvaluationSessionInput = z.input<typeof EvaluationSessionInput>;

/**
 * `PATCH /evaluation-sessions/{id}`: any of the fields. The form and the start date change only
 * before the session starts, and once started a class can be added but not removed (409
 * EVALUATION_STARTED); `classIds` is the whole new list. Every change refreshes the targets from the
 * assignments (new assignments, added classes); the end date is checked against the (new) start.
 */
export const EvaluationSessionChange = z.object(sessionFields).partial().superRefine(datesInOrder).meta({ id: 'EvaluationSessionChange' });
export type EvaluationSessionChange = z.input<typeof EvaluationSessionChange>;

/** A session as the office lists it; `state` from its dates and today (university time). */
export const EvaluationSession = z
  .object({
    id: z.number().int(),
    name: z.string(),
    nameFr: z.string(),
    form: z.object({ id: z.number().int(), name: z.string(), nameFr: z.string() }),
    startDate: z.string(),
    endDate: z.string(),
    state: EvaluationSessionState,
    classes: z.array(EvaluationClass),
    /** the (subject, lecturer, class) to evaluate */
    targets: z.number().int(),
    /** the (target, student) submissions so far */
    participations: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'EvaluationSession' });
export type EvaluationSession = z.infer<typeof EvaluationSession>;
/** `GET /evaluation-sessions`: every session, the latest start first. */
export const EvaluationSessionList = z.object({ sessions: z.array(EvaluationSession) }).meta({ id: 'EvaluationSessionList' });
export type EvaluationSessionList = z.infer<typeof EvaluationSessionList>;

// ---------------------------------------------------------------- what a student evaluates

/** A session as a student sees it: `open` is true between its dates (university time). */
export const EvaluationSessionRef = z
  .object({
    id: z.number().int(),
    name: z.string(),
    nameFr: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    state: EvaluationSessionState,
    open: z.boolean(),
  })
  .meta({ id: 'EvaluationSessionRef' });
export type EvaluationSessionRef = z.infer<typeof EvaluationSessionRef>;

/**
 * One (subject, lecturer) a student evaluates in a session: `STUDENT_EVALUATION_SESSION` is the
 * target's id (what the submission names), `done` whether the student has submitted it.
 */
export const StudentEvaluation = z
  .object({
    STUDENT_EVALUATION_SESSION: z.number().int(),
    session: EvaluationSessionRef,
    subject: EvaluationSubject,
    lecturer: z.object({ FIRSTNAME: z.string(), LASTNAME: z.string() }),
    class: EvaluationClass,
    formId: z.number().int(),
    done: z.boolean(),
  })
  .meta({ id: 'StudentEvaluation' });
export type StudentEvaluation = z.infer<typeof StudentEvaluation>;
/** `GET /students/subjects/{id}` (the signed-in student): open sessions first, then upcoming, then ended. */
export const StudentEvaluationList = z.object({ items: z.array(StudentEvaluation) }).meta({ id: 'StudentEvaluationList' });
export type StudentEvaluationList = z.infer<typeof StudentEvaluationList>;

/** An answer's value: a CHOICE option's key, a SCALE value (SCALE_MIN..SCALE_MAX, number or digits) or a TEXT comment. */
export const EvaluationAnswerValue = z.union([z.string().max(MAX_COMMENT_LENGTH * 4, { error: V.tooLong }), z.number()], { error: V.invalid });
export type EvaluationAnswerValue = z.infer<typeof EvaluationAnswerValue>;

/**
 * `POST /question-forms/submit` (201): the student's answers about one target, once, while its
 * session is open. `input` names questions by key; an unanswered question is left out (or empty).
 * Refused: 409 EVALUATION_NOT_OPEN, 409 EVALUATION_ALREADY_ANSWERED, 400 EVALUATION_ANSWERS_INVALID
 * with `fields` { questionKey: validation key } (see checkEvaluationAnswers); 404 for a target that
 * is not the student's.
 */
export const EvaluationSubmission = z
  .object({
    STUDENT_EVALUATION_SESSION: id(),
    EVALUATION_SESSION_ID: id(),
    input: z.array(z.object({ id: formKey, value: EvaluationAnswerValue })).max(MAX_FORM_QUESTIONS, { error: V.tooLong }),
  })
  .meta({ id: 'EvaluationSubmission' });
export type EvaluationSubmission = z.input<typeof EvaluationSubmission>;
export const EvaluationSubmitted = z.object({ STUDENT_EVALUATION_SESSION: z.number().int(), done: z.literal(true) }).meta({ id: 'EvaluationSubmitted' });
export type EvaluationSubmitted = z.infer<typeof EvaluationSubmitted>;

/** The answers of one submission as stored anonymously: question key → option key, scale value or comment. */
export type EvaluationAnswers = Record<string, string | number>;

/**
 * The rule both sides apply to a submission: each question's problem by key (`validation.required`
 * for a required question left unanswered, `validation.invalid` for an unknown question, an option
 * not among the question's or a scale value out of SCALE_MIN..SCALE_MAX, `validation.tooLong` for a
 * comment over MAX_COMMENT_LENGTH), and the answers kept (trimmed comments; empty ones left out).
 */
export function checkEvaluationAnswers(
  content: QuestionFormContent,
  input: readonly { id: string; value: string | number }[],
): { answers: EvaluationAnswers; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const answers: EvaluationAnswers = {};
  const questions = new Map<string, FormQuestion>();
  for (const section of content.sections) for (const question of section.questions) questions.set(question.key, question);
  const given = new Map<string, string | number>();
  for (const { id: key, value } of input) {
    if (!questions.has(key) || given.has(key)) fields[key] = V.invalid;
    else given.set(key, value);
  }
  for (const [key, question] of questions) {
    const raw = given.get(key);
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === '') {
      if (question.required) fields[key] = V.required;
      continue;
    }
    const kept = answerOf(question.type, question, value);
    if (typeof kept === 'object') fields[key] = kept.error;
    else answers[key] = kept;
  }
  return { answers, fields };
}

function answerOf(type: QuestionType, question: FormQuestion, value: string | number): string | number | { error: string } {
  if (type === 'CHOICE') return typeof value === 'string' && question.options.some((o) => o.key === value) ? value : { error: V.invalid };
  if (type === 'SCALE') {
    const n = typeof value === 'number' ? value : /^[0-9]$/.test(value) ? Number(value) : NaN;
    return Number.isInteger(n) && n >= SCALE_MIN && n <= SCALE_MAX ? n : { error: V.invalid };
  }
  if (typeof value !== 'string') return { error: V.invalid };
  return value.length > MAX_COMMENT_LENGTH ? { error: V.tooLong } : value;
}

// ---------------------------------------------------------------- results (the office) and reviews (a lecturer)

/** `GET /evaluation-sessions/{id}/results`: narrowed to a class, a lecturer or a subject. */
export const EvaluationResultsQuery = z.object({ classId: id().optional(), lecturerId: id().optional(), subjectId: id().optional() });
export type EvaluationResultsQuery = z.input<typeof EvaluationResultsQuery>;
/** `GET /evaluation-sessions/{id}/results/export?format=csv|xlsx`: the same rows, hidden ones marked so. */
export const EvaluationResultsExportQuery = EvaluationResultsQuery.extend({ format: z.enum(EVALUATION_EXPORT_FORMATS, { error: V.invalid }) });
export type EvaluationResultsExportQuery = z.input<typeof EvaluationResultsExportQuery>;

/** How many answers chose one option (`key` the option's) or one scale value (`key` '1'..'5', labels empty, `mark` the value). */
export const EvaluationDistribution = z
  .object({ key: z.string(), label: z.string(), labelFr: z.string(), mark: z.number(), count: z.number().int() })
  .meta({ id: 'EvaluationDistribution' });
export type EvaluationDistribution = z.infer<typeof EvaluationDistribution>;

/**
 * One question's results: `answered` how many answered it; CHOICE and SCALE: `average` (of the
 * options' marks, of the scale values; null when nobody answered) and `distribution` (every option,
 * every scale value, zeros included, in the form's order); TEXT: `comments` in a random order.
 */
export const EvaluationQuestionResult = z
  .object({
    key: z.string(),
    type: QuestionType,
    label: z.string(),
    labelFr: z.string(),
    sectionKey: z.string(),
    answered: z.number().int(),
    average: z.number().nullable(),
    /** the highest mark an answer could give (the best option's mark, or SCALE_MAX), to read the average against */
    maxMark: z.number().nullable(),
    distribution: z.array(EvaluationDistribution),
    comments: z.array(z.string()),
  })
  .meta({ id: 'EvaluationQuestionResult' });
export type EvaluationQuestionResult = z.infer<typeof EvaluationQuestionResult>;

/**
 * The results of one (lecturer, subject, class): `answers` the anonymous answers counted (mixed from
 * the ballot box), `participants` the students who submitted (some answers may still wait in the
 * ballot box). Below RESULTS_THRESHOLD answers `hidden` is true and `questions` is empty: "not
 * enough answers to show results".
 */
export const EvaluationTargetResult = z
  .object({
    targetId: z.number().int(),
    lecturer: EvaluationLecturer,
    subject: EvaluationSubject,
    class: EvaluationClass,
    answers: z.number().int(),
    participants: z.number().int(),
    /**
     * Answers given and not shown (participants less answers): waiting for enough others, or the
     * last group of an ended session, never published so as to protect anonymity (decision 64).
     */
    notShown: z.number().int(),
    hidden: z.boolean(),
    questions: z.array(EvaluationQuestionResult),
  })
  .meta({ id: 'EvaluationTargetResult' });
export type EvaluationTargetResult = z.infer<typeof EvaluationTargetResult>;

/**
 * A class's participation: `participants` students of the class who took part for at least one of
 * its targets out of `students`; `submissions` (target, student) pairs done out of `expected` (each
 * target times the students who have it). Rates are 0..1 (0 when nothing is expected).
 */
export const EvaluationClassParticipation = z
  .object({
    class: EvaluationClass,
    students: z.number().int(),
    participants: z.number().int(),
    participationRate: z.number(),
    submissions: z.number().int(),
    expected: z.number().int(),
    submissionRate: z.number(),
  })
  .meta({ id: 'EvaluationClassParticipation' });
export type EvaluationClassParticipation = z.infer<typeof EvaluationClassParticipation>;

/** `GET /evaluation-sessions/{id}/results`: the session, its form, each target's results and each class's participation. */
export const EvaluationResults = z
  .object({
    session: EvaluationSession,
    form: QuestionFormContent,
    threshold: z.number().int(),
    targets: z.array(EvaluationTargetResult),
    participation: z.array(EvaluationClassParticipation),
  })
  .meta({ id: 'EvaluationResults' });
export type EvaluationResults = z.infer<typeof EvaluationResults>;

/** One of the signed-in lecturer's results: a target of theirs in a session, with the same threshold. */
export const Review = EvaluationTargetResult.extend({ session: EvaluationSessionRef, form: QuestionFormContent }).meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;
/** `GET /reviews` (reviews.own): the signed-in lecturer's own results, the latest session first; nobody else's. */
export const ReviewList = z.object({ reviews: z.array(Review), threshold: z.number().int() }).meta({ id: 'ReviewList' });
export type ReviewList = z.infer<typeof ReviewList>;
