import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignmentExportQuery,
  AssignmentPage,
  AssignmentQuery,
  AssignmentRow,
  BranchInput,
  CatalogueBranch,
  CatalogueClass,
  CatalogueCycle,
  CatalogueDepartment,
  CatalogueLevel,
  CatalogueSubject,
  CatalogueSubjectPage,
  CatalogueSubjectQuery,
  ChoiceDecision,
  ClassInput,
  CycleInput,
  DepartmentInput,
  ErrorResponse,
  IdParams,
  ImportQuery,
  ImportReport,
  MAX_IMPORT_LINES,
  ApplicationSessionInput,
  ApplicationSessionSummary,
  SUBJECT_CSV_COLUMNS,
  SubjectInput,
} from '@portal/contract';
import { acting } from '../../lib/auth';
import type { Acting, ServiceContext } from '../../lib/context';
import { readRawUpload } from '../../lib/uploads';
import { createApplicationSession, listApplicationSessions, setManualClosure, updateApplicationSession } from './academic-sessions.service';
import { decideChoice, exportAssignments, listAssignments } from './assignments.service';
import {
  createBranch,
  createClass,
  createCycle,
  createDepartment,
  createSubject,
  deleteBranch,
  deleteClass,
  deleteCycle,
  deleteDepartment,
  deleteSubject,
  listBranches,
  listClasses,
  listCycles,
  listDepartments,
  listLevels,
  listSubjects,
  updateBranch,
  updateClass,
  updateCycle,
  updateDepartment,
  updateSubject,
} from './catalogue.service';
import { importSubjects, MAX_IMPORT_BYTES } from './subject-import.service';
import { errorResponses } from '../../lib/errors';
import { EXPORT_CONTENT_TYPES } from '../../lib/spreadsheet';

const tags = ['academic'];
const errors = errorResponses(400, 401, 403, 404, 409);
const noContent = { 204: z.null() };

/** The academic office: catalogue, subject import, choice sessions and assignments (ACADEMIC and administrators). */
export const academicRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = app.requirePermission('catalogue.manage');
  const sessions = app.requirePermission('applicationSessions.manage');
  const assignments = app.requirePermission('assignments.manage');
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
  // CSV sent as the raw body; only this plugin's routes accept it.
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES }, (_request, body, done) => done(null, body));
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/academic/')) reply.header('cache-control', 'no-store');
  });

  // ---------------------------------------------------------------- catalogue

  // The four entities share one shape of routes (the services type the replies, the schemas check them).
  function crud<I extends z.ZodType>(entity: {
    path: string;
    name: string;
    input: I;
    output: z.ZodType;
    list: (ctx: ServiceContext) => Promise<unknown[]>;
    create: (ctx: ServiceContext, input: Acting & { values: z.output<I> }) => Promise<unknown>;
    update: (ctx: ServiceContext, input: Acting & { id: number; values: z.output<I> }) => Promise<unknown>;
    remove: (ctx: ServiceContext, input: Acting & { id: number }) => Promise<void>;
  }) {
    app.get(
      `/academic/${entity.path}`,
      {
        schema: { tags, summary: `Every ${entity.name} of the catalogue`, response: { 200: z.array(entity.output), ...errors } },
        preHandler: catalogue,
      },
      async () => entity.list(app.ctx),
    );

    app.post(
      `/academic/${entity.path}`,
      {
        schema: {
          tags,
          summary: `Add a ${entity.name}; a duplicate code is 409 ALREADY_EXISTS`,
          body: entity.input,
          response: { 201: entity.output, ...errors },
        },
        preHandler: catalogue,
      },
      async (request, reply) => reply.code(201).send(await entity.create(app.ctx, { ...acting(request), values: request.body as z.output<I> })),
    );

    app.patch(
      `/academic/${entity.path}/:id`,
      {
        schema: { tags, summary: `Edit a ${entity.name}`, params: IdParams, body: entity.input, response: { 200: entity.output, ...errors } },
        preHandler: catalogue,
      },
      async (request) => entity.update(app.ctx, { ...acting(request), id: request.params.id, values: request.body as z.output<I> }),
    );

    app.delete(
      `/academic/${entity.path}/:id`,
      {
        schema: { tags, summary: `Delete a ${entity.name}; one still referenced is 409 IN_USE`, params: IdParams, response: { ...noContent, ...errors } },
        preHandler: catalogue,
      },
      async (request, reply) => {
        await entity.remove(app.ctx, { ...acting(request), id: request.params.id });
        return reply.code(204).send(null);
      },
    );
  }

  crud({
    path: 'departments',
    name: 'department',
    input: DepartmentInput,
    output: CatalogueDepartment,
    list: listDepartments,
    create: createDepartment,
    update: updateDepartment,
    remove: deleteDepartment,
  });
  crud({
    path: 'branches',
    name: 'branch',
    input: BranchInput,
    output: CatalogueBranch,
    list: listBranches,
    create: createBranch,
    update: updateBranch,
    remove: deleteBranch,
  });
  crud({
    path: 'cycles',
    name: 'cycle',
    input: CycleInput,
    output: CatalogueCycle,
    list: listCycles,
    create: createCycle,
    update: updateCycle,
    remove: deleteCycle,
  });
  crud({
    path: 'classes',
    name: 'class',
    input: ClassInput,
    output: CatalogueClass,
    list: listClasses,
    create: createClass,
    update: updateClass,
    remove: deleteClass,
  });

  app.get(
    '/academic/levels',
    {
      schema: { tags, summary: 'Levels 1 to 5 (fixed)', response: { 200: z.array(CatalogueLevel), ...errors } },
      preHandler: catalogue,
    },
    async () => listLevels(app.ctx),
  );

  // ---------------------------------------------------------------- subjects

  app.get(
    '/academic/subjects',
    {
      schema: {
        tags,
        summary: 'Subjects of the catalogue: search over code, name and class, optionally of one class; paged',
        querystring: CatalogueSubjectQuery,
        response: { 200: CatalogueSubjectPage, ...errors },
      },
      preHandler: catalogue,
    },
    async (request) => listSubjects(app.ctx, request.query),
  );

  app.post(
    '/academic/subjects',
    {
      schema: {
        tags,
        summary: 'Add a subject; the same code twice in a class is 409 ALREADY_EXISTS',
        body: SubjectInput,
        response: { 201: CatalogueSubject, ...errors },
      },
      preHandler: catalogue,
    },
    async (request, reply) => reply.code(201).send(await createSubject(app.ctx, { ...acting(request), values: request.body })),
  );

  app.post(
    '/academic/subjects/import',
    {
      schema: {
        tags,
        summary: 'Import subjects from a CSV file (inserted, or updated by class and code); dryRun=true checks without writing',
        description: `Send the file as \`multipart/form-data\` (field FILE) or as a \`text/csv\` body, 5 MiB and ${MAX_IMPORT_LINES} lines at most, UTF-8 (with or without BOM), \`;\` or \`,\` separated. The header names the columns ${SUBJECT_CSV_COLUMNS.join(', ')} in any order; without them: 400 CSV_INVALID with the missing \`columns\`. Empty hour cells count as 0. Lines that fail are reported with their number and field errors; the others are written in one transaction.`,
        consumes: ['multipart/form-data', 'text/csv'],
        querystring: ImportQuery,
        response: { 200: ImportReport, ...errors, 413: ErrorResponse, 415: ErrorResponse },
      },
      bodyLimit: MAX_IMPORT_BYTES,
      preHandler: catalogue,
    },
    async (request) => {
      const { data } = await readRawUpload(request);
      return importSubjects(app.ctx, { ...acting(request), data, dryRun: request.query.dryRun });
    },
  );

  app.patch(
    '/academic/subjects/:id',
    {
      schema: { tags, summary: 'Edit a subject', params: IdParams, body: SubjectInput, response: { 200: CatalogueSubject, ...errors } },
      preHandler: catalogue,
    },
    async (request) => updateSubject(app.ctx, { ...acting(request), id: request.params.id, values: request.body }),
  );

  app.delete(
    '/academic/subjects/:id',
    {
      schema: { tags, summary: 'Delete a subject; one chosen in an application is 409 IN_USE', params: IdParams, response: { ...noContent, ...errors } },
      preHandler: catalogue,
    },
    async (request, reply) => {
      await deleteSubject(app.ctx, { ...acting(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  // ---------------------------------------------------------------- sessions

  app.get(
    '/academic/sessions',
    {
      schema: { tags, summary: 'Every choice session, newest first, with its counts', response: { 200: z.array(ApplicationSessionSummary), ...errors } },
      preHandler: sessions,
    },
    async () => listApplicationSessions(app.ctx),
  );

  app.post(
    '/academic/sessions',
    {
      schema: {
        tags,
        summary: 'Open a choice session; another open session over these dates is 409 SESSION_OVERLAP',
        body: ApplicationSessionInput,
        response: { 201: ApplicationSessionSummary, ...errors },
      },
      preHandler: sessions,
    },
    async (request, reply) => reply.code(201).send(await createApplicationSession(app.ctx, { ...acting(request), values: request.body })),
  );

  app.patch(
    '/academic/sessions/:id',
    {
      schema: {
        tags,
        summary: "Edit a session's dates, limits and caps; open applications follow new caps",
        params: IdParams,
        body: ApplicationSessionInput,
        response: { 200: ApplicationSessionSummary, ...errors },
      },
      preHandler: sessions,
    },
    async (request) => updateApplicationSession(app.ctx, { ...acting(request), id: request.params.id, values: request.body }),
  );

  app.post(
    '/academic/sessions/:id/close',
    {
      schema: { tags, summary: 'Close a session by hand', params: IdParams, response: { 200: ApplicationSessionSummary, ...errors } },
      preHandler: sessions,
    },
    async (request) => setManualClosure(app.ctx, { ...acting(request), id: request.params.id, closed: true }),
  );

  app.post(
    '/academic/sessions/:id/reopen',
    {
      schema: {
        tags,
        summary: 'Reopen a session closed by hand; 409 SESSION_OVERLAP when another open session overlaps it',
        params: IdParams,
        response: { 200: ApplicationSessionSummary, ...errors },
      },
      preHandler: sessions,
    },
    async (request) => setManualClosure(app.ctx, { ...acting(request), id: request.params.id, closed: false }),
  );

  // ---------------------------------------------------------------- assignments

  app.get(
    '/academic/assignments',
    {
      schema: {
        tags,
        summary: 'Subjects chosen in a session (default: the current one, else the newest) with their applicants and loads',
        querystring: AssignmentQuery,
        response: { 200: AssignmentPage, ...errors },
      },
      preHandler: assignments,
    },
    async (request) => listAssignments(app.ctx, request.query),
  );

  app.get(
    '/academic/assignments/export',
    {
      schema: { tags, summary: 'The confirmed assignments of a session as CSV', querystring: AssignmentExportQuery, response: { 200: z.string(), ...errors } },
      preHandler: assignments,
    },
    async (request, reply) => {
      const { csv, filename } = await exportAssignments(app.ctx, { session: request.query.session });
      return reply.header('content-type', EXPORT_CONTENT_TYPES.csv).header('content-disposition', `attachment; filename="${filename}"`).send(csv);
    },
  );

  const decisions = [
    { path: 'confirm', affectation: 1, summary: 'Confirm a choice (AFFECTATION 1); a part already confirmed to someone else is 409 ALREADY_ASSIGNED' },
    { path: 'decline', affectation: 2, summary: 'Decline a choice (AFFECTATION 2)' },
    { path: 'reset', affectation: 0, summary: 'Put a choice back to selected (AFFECTATION 0)' },
  ] as const;
  for (const decision of decisions) {
    app.post(
      `/academic/choices/:id/${decision.path}`,
      {
        schema: {
          tags,
          summary: decision.summary,
          description: "Answers the subject's assignment row as it now stands.",
          params: ChoiceDecision,
          response: { 200: AssignmentRow, ...errors },
        },
        preHandler: assignments,
      },
      async (request) => decideChoice(app.ctx, { ...acting(request), choiceId: request.params.id, affectation: decision.affectation }),
    );
  }
};
