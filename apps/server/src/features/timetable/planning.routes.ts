import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillingPeriod,
  BillingPeriodInput,
  ErrorResponse,
  IdParams,
  ImportQuery,
  LESSON_IMPORT_COLUMNS,
  LESSON_IMPORT_MAX_ROWS,
  LESSON_REPEAT_MAX_WEEKS,
  LessonBillingInput,
  LessonChange,
  LessonDecisionInput,
  LessonDeleteQuery,
  LessonHours,
  LessonHoursExportQuery,
  LessonHoursQuery,
  LessonImportReport,
  LessonInput,
  LessonPage,
  LessonQuery,
  LessonsChanged,
  LessonsCreated,
  PlannedLesson,
} from '@portal/contract';
import { acting } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { languageOf } from '../../lib/person-record';
import { SHEET_IMPORT_ANSWERS } from '../../lib/sheet-import';
import { EXPORT_CONTENT_TYPES } from '../../lib/spreadsheet';
import { readRawUpload } from '../../lib/uploads';
import { billLessons, createBillingPeriod, listBillingPeriods } from './billing.service';
import { exportLessonHours, lessonHours } from './hours.service';
import { importLessons, LESSON_IMPORT_MAX_BYTES } from './lesson-import.service';
import { changeLesson, decideLessons, deleteLesson, listLessons, planLessons } from './planning.service';

const tags = ['timetable'];
const errors = errorResponses(400, 401, 403);
const changeErrors = errorResponses(400, 401, 403, 404, 409);
const file = z.string().meta({ format: 'binary' });
const XLSX_TYPE = EXPORT_CONTENT_TYPES.xlsx;

/**
 * Issue 12 (decision 35): the academic office's planning: lessons planned one by one, weekly or by
 * import, changed or deleted while pending, validated or refused, billed for a billing period, and
 * the hours report. Everything needs `lessons.plan` (the academic office and administrators).
 */
export const planningRoutes: FastifyPluginAsyncZod = async (app) => {
  const plan = app.requirePermission('lessons.plan');
  await app.register(multipart, { limits: { fileSize: LESSON_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
  // A CSV or XLSX file sent as the raw body; only this plugin's routes accept it.
  app.addContentTypeParser(['text/csv', 'application/csv', XLSX_TYPE], { parseAs: 'buffer', bodyLimit: LESSON_IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/lessons',
    {
      schema: {
        tags,
        summary: 'The lessons of a period (both days included), by class, lecturer, subject and status; by date, begin and class code, paged',
        querystring: LessonQuery,
        response: { 200: LessonPage, ...errors },
      },
      preHandler: plan,
    },
    async (request) => listLessons(app.ctx, { query: request.query }),
  );

  app.post(
    '/lessons',
    {
      schema: {
        tags,
        summary: `Plan a lesson, or the same lesson every week on the same weekday up to REPEAT_UNTIL (at most ${LESSON_REPEAT_MAX_WEEKS}, one series), all or nothing`,
        description:
          "The class is the subject's; the lecturer must hold a confirmed assignment to that part of the subject (409 LESSON_NOT_ASSIGNED). A lecturer, class or room already taken at overlapping times on any of the days is 409 LESSON_CONFLICT with `conflict` naming the other lesson; nothing is saved then.",
        body: LessonInput,
        response: { 201: LessonsCreated, ...changeErrors },
      },
      preHandler: plan,
    },
    async (request, reply) => reply.code(201).send(await planLessons(app.ctx, { ...acting(request), values: request.body })),
  );

  app.patch(
    '/lessons/:id',
    {
      schema: {
        tags,
        summary: 'Change a pending lesson (409 LESSON_DECIDED once decided), under the rules of a new one',
        params: IdParams,
        body: LessonChange,
        response: { 200: PlannedLesson, ...changeErrors },
      },
      preHandler: plan,
    },
    async (request) => changeLesson(app.ctx, { ...acting(request), id: request.params.id, values: request.body }),
  );

  app.delete(
    '/lessons/:id',
    {
      schema: {
        tags,
        summary: 'Delete a pending lesson (409 LESSON_DECIDED once decided); series=true deletes the pending lessons of its series from its day on too',
        params: IdParams,
        querystring: LessonDeleteQuery,
        response: { 200: LessonsChanged, ...changeErrors },
      },
      preHandler: plan,
    },
    async (request) => deleteLesson(app.ctx, { ...acting(request), id: request.params.id, series: request.query.series }),
  );

  app.post(
    '/lessons/decisions',
    {
      schema: {
        tags,
        summary:
          'Validate or refuse lessons: those named (a decision is corrected until billed) or every pending lesson of the week starting WEEK_OF (a Monday), of a class or a lecturer',
        description:
          'A billed lesson named is 409 LESSON_DECIDED and nothing changes; validating a refused lesson whose slot was taken since is 409 LESSON_CONFLICT. `changed` counts the lessons whose status changed.',
        body: LessonDecisionInput,
        response: { 200: LessonsChanged, ...changeErrors },
      },
      preHandler: plan,
    },
    async (request) => decideLessons(app.ctx, { ...acting(request), values: request.body }),
  );

  app.post(
    '/lessons/billing',
    {
      schema: {
        tags,
        summary:
          'Bill validated lessons dated within a billing period: those named (all billable, else 409 LESSON_NOT_BILLABLE and nothing billed) or every one of the period',
        body: LessonBillingInput,
        response: { 200: LessonsChanged, ...changeErrors },
      },
      preHandler: plan,
    },
    async (request) => billLessons(app.ctx, { ...acting(request), values: request.body }),
  );

  app.get(
    '/billing-periods',
    {
      schema: {
        tags,
        summary: 'Every billing period, newest first, with the lessons and hours billed into it',
        response: { 200: z.array(BillingPeriod), ...errors },
      },
      preHandler: plan,
    },
    async () => listBillingPeriods(app.ctx),
  );

  app.post(
    '/billing-periods',
    {
      schema: {
        tags,
        summary: 'Add a billing period; sharing a day with another is 409 BILLING_PERIOD_OVERLAP, a name taken 409 ALREADY_EXISTS',
        body: BillingPeriodInput,
        response: { 201: BillingPeriod, ...changeErrors },
      },
      preHandler: plan,
    },
    async (request, reply) => reply.code(201).send(await createBillingPeriod(app.ctx, { ...acting(request), values: request.body })),
  );

  app.get(
    '/lessons/hours',
    {
      schema: {
        tags,
        summary:
          "Hours per lecturer, subject and part against the subject's volume for that part: planned (not refused), validated and billed, in a period; confirmed assignments without lessons are lines too",
        querystring: LessonHoursQuery,
        response: { 200: LessonHours, ...errors },
      },
      preHandler: plan,
    },
    async (request) => lessonHours(app.ctx, { query: request.query }),
  );

  app.get(
    '/lessons/hours/export',
    {
      schema: {
        tags,
        summary: "The hours report as CSV or XLSX, headers in the caller's language",
        querystring: LessonHoursExportQuery,
        response: {
          200: { description: 'The export', content: Object.fromEntries(Object.values(EXPORT_CONTENT_TYPES).map((type) => [type, { schema: file }])) },
          ...errors,
        },
      },
      preHandler: plan,
    },
    async (request, reply) => {
      const { body, filename, contentType } = await exportLessonHours(app.ctx, { query: request.query, lang: languageOf(request.settingsValues) });
      return reply
        .header('content-type', contentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body as never);
    },
  );

  app.post(
    '/lessons/import',
    {
      schema: {
        tags,
        summary: 'Plan lessons from a CSV or XLSX file; the good lines are planned, the others reported; dryRun=true checks without saving',
        description: `Send the file as \`multipart/form-data\` (field FILE) or as the raw body (\`text/csv\` or XLSX), 5 MiB and ${LESSON_IMPORT_MAX_ROWS} lines at most; CSV in UTF-8, \`;\` or \`,\` separated. The first row names the columns ${LESSON_IMPORT_COLUMNS.join(', ')} in any order (ROOM, BUILDING and CAMPUS may be left out); without the others: 400 CSV_INVALID with the missing \`columns\`. LECTURER is the matricule, PART CM, TD or TP, DATE YYYY-MM-DD or dd/mm/yyyy, BEGIN and END HH:MM. ${SHEET_IMPORT_ANSWERS}`,
        consumes: ['multipart/form-data', 'text/csv', XLSX_TYPE],
        querystring: ImportQuery,
        response: { 200: LessonImportReport, ...errors, 413: ErrorResponse, 415: ErrorResponse, 503: ErrorResponse },
      },
      bodyLimit: LESSON_IMPORT_MAX_BYTES,
      preHandler: plan,
    },
    async (request) => {
      const { data } = await readRawUpload(request);
      return importLessons(app.ctx, { ...acting(request), data, dryRun: request.query.dryRun, lang: languageOf(request.settingsValues) });
    },
  );
};
