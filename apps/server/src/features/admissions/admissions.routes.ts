import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMISSION_DECISIONS_MAX,
  CandidateDocument,
  CandidateDocumentRef,
  CandidateExportQuery,
  CandidateFile,
  CandidateListQuery,
  CandidatePage,
  DecisionsInput,
  DecisionsResult,
  EntranceCounts,
  EntranceInput,
  ErrorResponse,
  IdParams,
  OfficeEntrance,
  ReplaceDocumentInput,
} from '@portal/contract';
import { acting } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { languageOf } from '../../lib/person-record';
import { SHEET_IMPORT_ANSWERS } from '../../lib/sheet-import';
import { EXPORT_CONTENT_TYPES } from '../../lib/spreadsheet';
import { ALLOWED_MIME, readRawUpload, sendStoredFile } from '../../lib/uploads';
import {
  checkCandidateDocument,
  exportCandidates,
  listCandidates,
  officeCandidateFile,
  readCandidateDocument,
  requestDocumentReplacement,
} from './candidates.service';
import { DECISION_IMPORT_COLUMNS, DECISION_IMPORT_MAX_BYTES } from './decision-sheet';
import { enterDecisions, importDecisions } from './decisions.service';
import { changeEntrance, createEntrance, entranceCounts, listOfficeEntrances, setEntranceClosed } from './entrances.service';

const tags = ['admissions'];
const errors = errorResponses(400, 401, 403);
const readErrors = errorResponses(400, 401, 403, 404);
const changeErrors = errorResponses(400, 401, 403, 404, 409);
const binary = z.string().meta({ format: 'binary' });
const XLSX_TYPE = EXPORT_CONTENT_TYPES.xlsx;

/**
 * Issue 14 (decision 44): the admissions office (`admissions.manage`: the admissions office and
 * administrators). Entrances and the specialities they offer, closing and reopening registration,
 * counts; candidates found, exported, their files and documents read, a document checked or asked
 * again; the decisions after the exam, entered or imported. Every answer is `no-store`.
 */
export const admissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = app.requirePermission('admissions.manage');
  await app.register(multipart, { limits: { fileSize: DECISION_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
  // A CSV or XLSX file of decisions sent as the raw body; only this plugin's routes accept it.
  app.addContentTypeParser(['text/csv', 'application/csv', XLSX_TYPE], { parseAs: 'buffer', bodyLimit: DECISION_IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.addHook('onSend', async (_request, reply) => {
    // a stored file keeps its own `private, no-store`
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // ---------------------------------------------------------------- entrances

  app.get(
    '/admissions/entrances',
    {
      schema: {
        tags,
        summary:
          'Every entrance, the latest deadline first, with its specialities, whether it takes registrations today, when it was closed, its candidates and how many paid',
        response: { 200: z.array(OfficeEntrance), ...errors },
      },
      preHandler: manage,
    },
    async () => listOfficeEntrances(app.ctx),
  );

  app.post(
    '/admissions/entrances',
    {
      schema: {
        tags,
        summary:
          'Create an entrance: name, academic year, school, fee (FCFA), last day of registration, exam days, and the specialities it offers (a branch of the catalogue in a cycle)',
        description:
          'An unknown cycle or branch is 400 VALIDATION_FAILED on its line (`SPECIALITIES.2.BRANCH_ID`); the same branch twice in a cycle on the second (validation.duplicateLine).',
        body: EntranceInput,
        response: { 201: OfficeEntrance, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request, reply) => reply.code(201).send(await createEntrance(app.ctx, { ...acting(request), values: request.body })),
  );

  app.put(
    '/admissions/entrances/:id',
    {
      schema: {
        tags,
        summary: "Change an entrance's fields and replace its specialities (a speciality kept keeps its id)",
        description:
          'Removing a speciality a candidate chose (first or second choice) or was admitted or waitlisted to is 409 ENTRANCE_HAS_CANDIDATES and changes nothing. Whether registration is open is changed by close and reopen only.',
        params: IdParams,
        body: EntranceInput,
        response: { 200: OfficeEntrance, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request) => changeEntrance(app.ctx, { ...acting(request), id: request.params.id, values: request.body }),
  );

  app.post(
    '/admissions/entrances/:id/close',
    {
      schema: {
        tags,
        summary: 'Close registration now (a closed entrance stays as it is)',
        params: IdParams,
        response: { 200: OfficeEntrance, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request) => setEntranceClosed(app.ctx, { ...acting(request), id: request.params.id, closed: true }),
  );

  app.post(
    '/admissions/entrances/:id/reopen',
    {
      schema: {
        tags,
        summary: 'Reopen registration, while its last day has not passed (else 409 ENTRANCE_CLOSED: move the deadline first)',
        params: IdParams,
        response: { 200: OfficeEntrance, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request) => setEntranceClosed(app.ctx, { ...acting(request), id: request.params.id, closed: false }),
  );

  app.get(
    '/admissions/entrances/:id/counts',
    {
      schema: {
        tags,
        summary: "An entrance's candidates per speciality of first choice and per day of registration (university time), each with how many paid",
        params: IdParams,
        response: { 200: EntranceCounts, ...readErrors },
      },
      preHandler: manage,
    },
    async (request) => entranceCounts(app.ctx, { id: request.params.id }),
  );

  // ---------------------------------------------------------------- candidates

  app.get(
    '/admissions/candidates',
    {
      schema: {
        tags,
        summary:
          'Candidates by entrance, speciality (first or second choice), paid, documents complete or not, decision (NONE: none yet) and a search of number, names, address and phone (case and accents ignored), the newest first, paged',
        querystring: CandidateListQuery,
        response: { 200: CandidatePage, ...errors },
      },
      preHandler: manage,
    },
    async (request) => listCandidates(app.ctx, { query: request.query }),
  );

  app.get(
    '/admissions/candidates/export',
    {
      schema: {
        tags,
        summary:
          "The same selection, every page, as CSV or XLSX, headers in the caller's language: identity, contacts, entrance, choices, diploma, registration, payment, each document's state, the decision",
        querystring: CandidateExportQuery,
        response: { 200: { description: 'The file', content: { [EXPORT_CONTENT_TYPES.csv]: { schema: binary }, [XLSX_TYPE]: { schema: binary } } }, ...errors },
      },
      preHandler: manage,
    },
    async (request, reply) => {
      const { body, filename, contentType } = await exportCandidates(app.ctx, {
        ...acting(request),
        query: request.query,
        lang: languageOf(request.settingsValues),
      });
      return reply
        .header('content-type', contentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body as never);
    },
  );

  app.get(
    '/admissions/candidates/:id',
    {
      schema: {
        tags,
        summary: "A candidate's file as they read it (documents read from the office's address)",
        params: IdParams,
        response: { 200: CandidateFile, ...readErrors },
      },
      preHandler: manage,
    },
    async (request) => officeCandidateFile(app.ctx, { candidateId: request.params.id }),
  );

  app.get(
    '/admissions/candidates/:id/documents/:kind',
    {
      schema: {
        tags,
        summary: "A candidate's document: its bytes with their stored type, inline, sandboxed, never cached; 404 when not given",
        params: CandidateDocumentRef,
        response: { 200: { description: 'The file', content: Object.fromEntries(ALLOWED_MIME.map((mime) => [mime, { schema: binary }])) }, ...readErrors },
      },
      preHandler: manage,
    },
    async (request, reply) => sendStoredFile(reply, await readCandidateDocument(app.ctx, { candidateId: request.params.id, kind: request.params.kind })),
  );

  app.post(
    '/admissions/candidates/:id/documents/:kind/check',
    {
      schema: {
        tags,
        summary: 'Mark a document checked; 404 when not given',
        params: CandidateDocumentRef,
        response: { 200: CandidateDocument, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request) => checkCandidateDocument(app.ctx, { ...acting(request), candidateId: request.params.id, kind: request.params.kind }),
  );

  app.post(
    '/admissions/candidates/:id/documents/:kind/replace',
    {
      schema: {
        tags,
        summary: 'Ask the candidate to send a document again: the reason is kept on it and mailed to them in their language; 404 when not given',
        params: CandidateDocumentRef,
        body: ReplaceDocumentInput,
        response: { 200: CandidateDocument, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request) =>
      requestDocumentReplacement(app.ctx, { ...acting(request), candidateId: request.params.id, kind: request.params.kind, reason: request.body.REASON }),
  );

  // ---------------------------------------------------------------- decisions

  app.post(
    '/admissions/decisions',
    {
      schema: {
        tags,
        summary: `Record decisions (1 to ${ADMISSION_DECISIONS_MAX}) by candidate number, all or nothing; each changed one is mailed to the candidate`,
        description:
          "ADMITTED and WAITING_LIST are for SPECIALITY_ID, one of the candidate's two choices (the first when none is named); REFUSED names none. An unknown number, the same candidate twice or a speciality the candidate did not choose is 400 DECISION_IMPORT_INVALID with `fields` naming each faulty decision by its position (`line 2`), and nothing is recorded. A decision equal to the one recorded is neither rewritten nor mailed (`unchanged`).",
        body: DecisionsInput,
        response: { 200: DecisionsResult, ...errors },
      },
      preHandler: manage,
    },
    async (request) => enterDecisions(app.ctx, { ...acting(request), values: request.body }),
  );

  app.post(
    '/admissions/decisions/import',
    {
      schema: {
        tags,
        summary: 'Record decisions from a CSV or XLSX file, all or nothing; each changed one is mailed to the candidate',
        description: `Send the file as \`multipart/form-data\` (field FILE) or as the raw body (\`text/csv\` or XLSX), 5 MiB and ${ADMISSION_DECISIONS_MAX} lines at most; CSV in UTF-8, \`;\` or \`,\` separated. The first row names the columns ${DECISION_IMPORT_COLUMNS.join(', ')} in any order (SPECIALITY may be left out; without the others 400 CSV_INVALID with the missing \`columns\`). DECISION is ADMITTED, WAITING_LIST or REFUSED, or in French ADMIS, LISTE D'ATTENTE, REFUSÉ, in any case; SPECIALITY the entrance speciality's id, the branch's abbreviation (GSI) or the cycle and abbreviation (BTS GSI), one of the candidate's two choices. Any faulty line is 400 DECISION_IMPORT_INVALID with \`fields\` naming each by its line in the file (\`line 3\`), and nothing is recorded. ${SHEET_IMPORT_ANSWERS}`,
        consumes: ['multipart/form-data', 'text/csv', XLSX_TYPE],
        response: { 200: DecisionsResult, ...errors, 413: ErrorResponse, 415: ErrorResponse, 503: ErrorResponse },
      },
      bodyLimit: DECISION_IMPORT_MAX_BYTES,
      preHandler: manage,
    },
    async (request) => {
      const { data } = await readRawUpload(request);
      return importDecisions(app.ctx, { ...acting(request), data });
    },
  );
};
