import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EvaluationResults,
  EvaluationResultsExportQuery,
  EvaluationResultsQuery,
  EvaluationSession,
  EvaluationSessionChange,
  EvaluationSessionInput,
  EvaluationSessionList,
  EvaluationSubmission,
  EvaluationSubmitted,
  IdParams,
  QuestionForm,
  QuestionFormInput,
  QuestionFormList,
  ReviewList,
  RESULTS_THRESHOLD,
  StudentEvaluationList,
} from '@portal/contract';
import { acting } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { languageOf } from '../../lib/person-record';
import { EXPORT_CONTENT_TYPES } from '../../lib/spreadsheet';
import { studentEvaluations, submitEvaluation } from './answers.service';
import { createQuestionForm, deleteQuestionForm, duplicateQuestionForm, listQuestionForms, readQuestionForm, updateQuestionForm } from './forms.service';
import { exportResults, ownReviews, sessionResults } from './results.service';
import { changeEvaluationSession, createEvaluationSession, listEvaluationSessions } from './sessions.service';

const tags = ['evaluation'];
const errors = errorResponses(400, 401, 403);
const readErrors = errorResponses(400, 401, 403, 404);
const changeErrors = errorResponses(400, 401, 403, 404, 409);
const file = z.string().meta({ format: 'binary' });

/**
 * Issue 13 (decision 39): the evaluation of teaching. The academic office (evaluation.manage)
 * builds question forms and sessions and reads every result; a student (evaluation.answer) lists
 * what they evaluate and submits once per target, anonymously; a lecturer (reviews.own) reads
 * their own results. Answers are never stored with the student who gave them.
 */
export const evaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = app.requirePermission('evaluation.manage');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // ---------------------------------------------------------------- question forms

  app.get(
    '/question-forms',
    {
      schema: {
        tags,
        summary: 'Every question form, the latest changed first, with its sections, questions, the sessions using it and whether one has started',
        response: { 200: QuestionFormList, ...errors },
      },
      preHandler: manage,
    },
    async () => ({ forms: await listQuestionForms(app.ctx) }),
  );

  app.get(
    '/question-forms/:id',
    {
      schema: {
        tags,
        summary: 'A whole question form: for the academic office, or for a student who has it to answer in an open evaluation session (anybody else: 403)',
        params: IdParams,
        response: { 200: QuestionForm, ...readErrors },
      },
      preHandler: app.requirePermission(['evaluation.manage', 'evaluation.answer']),
    },
    async (request) => readQuestionForm(app.ctx, { ...acting(request), id: request.params.id }),
  );

  app.post(
    '/question-forms',
    {
      schema: {
        tags,
        summary: 'A new question form (sections, questions of type CHOICE, SCALE or TEXT, EN and FR labels); missing keys are assigned',
        body: QuestionFormInput,
        response: { 201: QuestionForm, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request, reply) => reply.code(201).send(await createQuestionForm(app.ctx, { ...acting(request), values: request.body })),
  );

  app.put(
    '/question-forms/:id',
    {
      schema: {
        tags,
        summary: 'Replace a question form (409 FORM_IN_USE once a session using it has started: duplicate it instead)',
        params: IdParams,
        body: QuestionFormInput,
        response: { 200: QuestionForm, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request) => updateQuestionForm(app.ctx, { ...acting(request), id: request.params.id, values: request.body }),
  );

  app.post(
    '/question-forms/:id/duplicate',
    {
      schema: { tags, summary: 'A copy of a question form, free to change', params: IdParams, response: { 201: QuestionForm, ...changeErrors } },
      preHandler: manage,
    },
    async (request, reply) => reply.code(201).send(await duplicateQuestionForm(app.ctx, { ...acting(request), id: request.params.id })),
  );

  app.delete(
    '/question-forms/:id',
    {
      schema: {
        tags,
        summary: 'Delete a question form no session uses (409 IN_USE otherwise)',
        params: IdParams,
        response: { 204: z.null(), ...changeErrors },
      },
      preHandler: manage,
    },
    async (request, reply) => {
      await deleteQuestionForm(app.ctx, { ...acting(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/question-forms/submit',
    {
      schema: {
        tags,
        summary: "The signed-in student's answers about one (subject, lecturer) of theirs, once, while its session is open",
        description:
          "STUDENT_EVALUATION_SESSION is the target (from GET /students/subjects/{id}), EVALUATION_SESSION_ID its session, `input` the answers by question key. 409 EVALUATION_NOT_OPEN before or after the session, 409 EVALUATION_ALREADY_ANSWERED the second time, 400 EVALUATION_ANSWERS_INVALID with `fields` naming the questions; 404 for a target that is not the student's. The answers are stored apart from the student (decision 39).",
        body: EvaluationSubmission,
        response: { 201: EvaluationSubmitted, ...changeErrors },
      },
      preHandler: app.requirePermission('evaluation.answer'),
    },
    async (request, reply) => reply.code(201).send(await submitEvaluation(app.ctx, { ...acting(request), values: request.body })),
  );

  // ---------------------------------------------------------------- evaluation sessions

  app.get(
    '/evaluation-sessions',
    {
      schema: {
        tags,
        summary: 'Every evaluation session, the latest start first, with its form, classes, state and counts',
        response: { 200: EvaluationSessionList, ...errors },
      },
      preHandler: manage,
    },
    async () => ({ sessions: await listEvaluationSessions(app.ctx) }),
  );

  app.post(
    '/evaluation-sessions',
    {
      schema: {
        tags,
        summary: 'A new evaluation session; its (subject, lecturer, class) to evaluate come from the confirmed assignments of its classes',
        body: EvaluationSessionInput,
        response: { 201: EvaluationSession, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request, reply) => reply.code(201).send(await createEvaluationSession(app.ctx, { ...acting(request), values: request.body })),
  );

  app.patch(
    '/evaluation-sessions/:id',
    {
      schema: {
        tags,
        summary:
          'Change an evaluation session: its form and start only before it starts, its classes only added once started (409 EVALUATION_STARTED), its last day only moved later once it has answers (409 EVALUATION_END_LOCKED); the targets are refreshed from the assignments',
        params: IdParams,
        body: EvaluationSessionChange,
        response: { 200: EvaluationSession, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request) => changeEvaluationSession(app.ctx, { ...acting(request), id: request.params.id, values: request.body }),
  );

  app.get(
    '/evaluation-sessions/:id/results',
    {
      schema: {
        tags,
        summary: `The results of a session per (lecturer, subject, class), shown from ${RESULTS_THRESHOLD} answers (else hidden), and the participation of each class`,
        params: IdParams,
        querystring: EvaluationResultsQuery,
        response: { 200: EvaluationResults, ...readErrors },
      },
      preHandler: manage,
    },
    async (request) => sessionResults(app.ctx, { sessionId: request.params.id, query: request.query }),
  );

  app.get(
    '/evaluation-sessions/:id/results/export',
    {
      schema: {
        tags,
        summary: "A session's results as CSV or XLSX, headers in the caller's language; a hidden target is one line saying so",
        params: IdParams,
        querystring: EvaluationResultsExportQuery,
        response: {
          200: { description: 'The export', content: Object.fromEntries(Object.values(EXPORT_CONTENT_TYPES).map((type) => [type, { schema: file }])) },
          ...readErrors,
        },
      },
      preHandler: manage,
    },
    async (request, reply) => {
      const { body, filename, contentType } = await exportResults(app.ctx, {
        ...acting(request),
        sessionId: request.params.id,
        query: request.query,
        lang: languageOf(request.settingsValues),
      });
      return reply
        .header('content-type', contentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body as never);
    },
  );

  // ---------------------------------------------------------------- students and lecturers

  app.get(
    '/students/subjects/:id',
    {
      schema: {
        tags,
        summary:
          'What the student evaluates: each (subject, lecturer) of their class and optional subjects in the evaluation sessions, open or not, and whether it is done',
        description:
          "The id is the signed-in student; anybody naming another, the offices included, is refused (403): which student answered which target is nobody else's to read (decision 64).",
        params: IdParams,
        response: { 200: StudentEvaluationList, ...readErrors },
      },
      preHandler: app.requirePermission('evaluation.answer'),
    },
    async (request) => studentEvaluations(app.ctx, { ...acting(request), studentId: request.params.id }),
  );

  app.get(
    '/reviews',
    {
      schema: {
        tags,
        summary: `The signed-in lecturer's own evaluation results per subject and class, shown from ${RESULTS_THRESHOLD} answers; nobody else's`,
        response: { 200: ReviewList, ...errors },
      },
      preHandler: app.requirePermission('reviews.own'),
    },
    async (request) => ({ reviews: await ownReviews(app.ctx, { lecturerId: request.actor.id }), threshold: RESULTS_THRESHOLD }),
  );
};
