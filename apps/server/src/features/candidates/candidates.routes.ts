import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CANDIDATE_DOCUMENT_MAX_BYTES,
  CANDIDATE_LINK_TTL_SECONDS,
  CandidateAuthEmail,
  CandidateAuthEmailAnswer,
  CandidateAuthLink,
  CandidateConfirm,
  CandidateCreate,
  CandidateRegistrationAccepted,
  CandidateDocument,
  CandidateDocumentParams,
  CandidateDocumentUploadJson,
  CandidateFile,
  Entrance,
  missingCandidateFields,
} from '@portal/contract';
import { capacityGate } from '../../lib/capacity';
import {
  candidateAttemptOf,
  clearCandidateAttemptCookie,
  closeCandidateSession,
  setCandidateAttemptCookie,
  setCandidateCookie,
} from '../../lib/candidate-session';
import { AppError, errorResponses } from '../../lib/errors';
import { ALLOWED_MIME, JSON_FILE_BODY_LIMIT, MULTIPART_OPTIONS, NO_FIELDS, readUpload, safeFileName, sendStoredFile } from '../../lib/uploads';
import { candidateDocumentContent, registrationSlip, uploadCandidateDocument } from './candidate-documents.service';
import { ownCandidateFile } from './candidate-file.service';
import { confirmCandidateCode, openCandidateLink, requestCandidateLinks } from './candidate-links.service';
import { openEntrances, registerCandidate } from './candidates.service';

const tags = ['candidates'];
const binary = z.string().meta({ format: 'binary' });

/** The registration form's required fields, on the body as sent, before its schema: the missing ones are answered all at once, first (CANDIDATE_FIELDS_MISSING with `columns`). */
async function requireCandidateFields(request: FastifyRequest): Promise<void> {
  const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
  const missing = missingCandidateFields(body);
  if (missing.length) throw new AppError('CANDIDATE_FIELDS_MISSING', { columns: missing });
}

/**
 * Entrance candidates (issue 14, decision 42): the open entrances, the anonymous registration, the
 * mailed link that opens one's own file (no password), the file, its documents and the registration
 * slip. A candidate's file opens in the browser through its own cookie (lib/candidate-session.ts);
 * what a candidate reads or changes is always the session's candidate's, never an id from the request.
 */
export const candidatesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, MULTIPART_OPTIONS);
  // A crowd registers at once when an entrance opens: past this instance's capacity, 503 SERVER_BUSY at once (decision 45).
  const gate = capacityGate(app.ctx.config.candidateRegistration);
  // Everything here but the public list of entrances is someone's personal data.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/entrances',
    {
      schema: {
        tags,
        summary: 'The entrances taking registrations today (not closed, deadline not past), by deadline, with the specialities each offers per cycle',
        response: { 200: z.array(Entrance) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=60').send(await openEntrances(app.ctx)),
  );

  app.post(
    '/candidate',
    {
      schema: {
        tags,
        summary:
          'Register for an entrance, without an account: 202, and a mail with the candidate number, a code and a link; the same address for the same entrance again answers the same, and its mail a new code and link',
        description:
          "The missing required fields first, all at once (400 CANDIDATE_FIELDS_MISSING, `columns` in the form's order), then each field's mistakes (400 VALIDATION_FAILED, `fields`); an entrance not taking registrations: 409 ENTRANCE_CLOSED; a choice the entrance does not offer in that cycle: 400 SPECIALITY_NOT_OFFERED. Too many registrations from one client address: 429 REGISTRATION_RATE_LIMITED; past the server's capacity or its registrations an hour: 503 SERVER_BUSY; both with Retry-After. The answer never says whether the address was registered (decision 65): the mailed code, sent to POST /candidate/confirm from this browser (a cookie), opens the file.",
        body: CandidateCreate,
        response: { 202: CandidateRegistrationAccepted, ...errorResponses(400, 409, 429, 503) },
      },
      bodyLimit: 64 * 1024,
      // A place is taken before the body is read and given back once answered (or when the client
      // goes: the gate hears the response's close itself).
      onRequest: gate.enter,
      onResponse: gate.leave,
      preValidation: requireCandidateFields,
    },
    async (request, reply) => {
      const { answer, attempt } = await registerCandidate(app.ctx, { values: request.body, ip: request.ip });
      setCandidateAttemptCookie(app, reply, attempt);
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/candidate/confirm',
    {
      schema: {
        tags,
        summary:
          "Opens the candidate's file with the code a registration mailed, typed in the browser that sent it (once): the file, and a cookie for this browser",
        description:
          'A wrong or expired code, or a browser that sent no registration: 400 CANDIDATE_CODE_INVALID. Five tries per registration sent, then 429 TOO_MANY_REQUESTS: the mailed link still opens the file.',
        body: CandidateConfirm,
        response: { 200: CandidateFile, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { candidate, sessionToken } = await confirmCandidateCode(app.ctx, {
        attempt: candidateAttemptOf(app, request),
        code: request.body.code,
        ip: request.ip,
      });
      setCandidateCookie(app, reply, sessionToken);
      clearCandidateAttemptCookie(app, reply);
      return reply.send(candidate);
    },
  );

  app.post(
    '/candidate/auth-email',
    {
      schema: {
        tags,
        summary: `Mails a link to each registration of the address (single use, valid ${CANDIDATE_LINK_TTL_SECONDS / 3600} hours; a newer one voids the older); the answer is the same whether the address is known or not`,
        description: 'At most one mail a minute per address (silently); a client address asking too often: 429 TOO_MANY_REQUESTS.',
        body: CandidateAuthEmail,
        response: { 200: CandidateAuthEmailAnswer, ...errorResponses(400, 429) },
      },
      bodyLimit: 4 * 1024,
    },
    async (request) => requestCandidateLinks(app.ctx, { email: request.body.email, ip: request.ip }),
  );

  app.post(
    '/candidate/auth-link',
    {
      schema: {
        tags,
        summary: "Opens the candidate's file with a mailed link's token (once): the file, and a cookie for this browser",
        description: 'Unknown, used, replaced by a newer link or past its time: 400 CANDIDATE_LINK_INVALID.',
        body: CandidateAuthLink,
        response: { 200: CandidateFile, ...errorResponses(400) },
      },
      bodyLimit: 4 * 1024,
    },
    async (request, reply) => {
      const { candidate, sessionToken } = await openCandidateLink(app.ctx, { token: request.body.token });
      setCandidateCookie(app, reply, sessionToken);
      return reply.send(candidate);
    },
  );

  app.get(
    '/candidate/me',
    {
      schema: {
        tags,
        summary: "The open candidate's own file: the registration, documents, payments and decision",
        response: { 200: CandidateFile, ...errorResponses(401) },
      },
      preHandler: app.requireCandidate,
    },
    async (request) => ownCandidateFile(app.ctx, { candidateId: request.candidateId }),
  );

  app.post(
    '/candidate/sign-out',
    {
      schema: { tags, summary: "Closes the candidate's file in this browser", response: { 204: z.null() } },
    },
    async (request, reply) => {
      await closeCandidateSession(app, request, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/candidate/documents/:kind',
    {
      schema: {
        tags,
        summary: "Give one's own document of a kind (4x4 photo, birth certificate, diploma); a new one replaces the old; 201 with the document",
        description: `Send \`multipart/form-data\` (FILE) or JSON with FILE as a base64 data URL. Judged by its content: a photo is JPEG or PNG, the others PDF, JPEG or PNG (415 FILE_TYPE_REFUSED), at most ${CANDIDATE_DOCUMENT_MAX_BYTES / 1024 / 1024} MB (413 FILE_TOO_LARGE). The same file as the current one: 409 FILE_EXISTS.`,
        consumes: ['multipart/form-data', 'application/json'],
        params: CandidateDocumentParams,
        // Multipart bodies reach validation as null (Fastify passes null for an absent body).
        body: CandidateDocumentUploadJson.nullish(),
        response: { 201: CandidateDocument, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
      bodyLimit: JSON_FILE_BODY_LIMIT,
      preHandler: app.requireCandidate,
    },
    async (request, reply) => {
      const { file } = await readUpload(request, request.body, NO_FIELDS);
      const document = await uploadCandidateDocument(app.ctx, { candidateId: request.candidateId, kind: request.params.kind, file });
      return reply.code(201).send(document);
    },
  );

  app.get(
    '/candidate/documents/:kind',
    {
      schema: {
        tags,
        summary: "The content of one's own document of a kind (404 when not given)",
        params: CandidateDocumentParams,
        response: {
          200: { description: 'The document', content: Object.fromEntries(ALLOWED_MIME.map((mime) => [mime, { schema: binary }])) },
          ...errorResponses(400, 401, 404),
        },
      },
      preHandler: app.requireCandidate,
    },
    async (request, reply) => sendStoredFile(reply, await candidateDocumentContent(app.ctx, { candidateId: request.candidateId, kind: request.params.kind })),
  );

  app.get(
    '/candidate/slip',
    {
      schema: {
        tags,
        summary: "One's registration slip (A4 PDF in French and English, with a QR code of the candidate number and the entrance)",
        response: { 200: { description: 'The registration slip', content: { 'application/pdf': { schema: binary } } }, ...errorResponses(401) },
      },
      preHandler: app.requireCandidate,
    },
    async (request, reply) => {
      const slip = await registrationSlip(app.ctx, { candidateId: request.candidateId });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${safeFileName(slip.candidateNumber, 'pdf', 'registration-slip')}"`)
        .header('cache-control', 'private, no-store')
        .send(slip.data as never);
    },
  );
};
