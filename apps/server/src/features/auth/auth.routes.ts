import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CodeRequestBody,
  CodeResendResponse,
  CodeVerificationBody,
  EmailConfirmationBody,
  EmailConfirmationCheck,
  EmailConfirmationQuery,
  EmailConfirmationResponse,
  EmailVerificationBody,
  ErrorResponse,
  LinkRequestResponse,
  SessionAnswer,
  SessionUser,
  SignInBody,
  SignInResponse,
  SignUpBody,
  StudentSignInBody,
} from '@portal/contract';
import {
  acting,
  ATTEMPT_COOKIE,
  clearAttemptCookie,
  clearSessionCookie,
  DEVICE_COOKIE,
  presentsSession,
  requestMeta,
  setAttemptCookie,
  setDeviceCookie,
  setSessionCookie,
} from '../../lib/auth';
import { ownRecord } from '../../lib/person-record';
import {
  checkConfirmationLink,
  confirmEmail,
  requestSignInCode,
  resendSignInCode,
  sendEmailVerification,
  signInWithPassword,
  signOut,
  signUp,
  verifySignInCode,
  type AttemptStarted,
  type SignInOrigin,
} from './auth.service';
import { errorResponses } from '../../lib/errors';
import { capacityGate } from '../../lib/capacity';

const tags = ['auth'];
const errors = errorResponses(400, 401, 404, 409, 429);
/** The calls doing argon2id work: the same answers, plus 503 SERVER_BUSY past the gate's capacity. */
const passwordErrors = errorResponses(400, 401, 404, 409, 429, 503);
const ATTEMPT_COOKIE_SECONDS = 1800;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const started = (reply: Parameters<typeof setAttemptCookie>[1], result: AttemptStarted) => {
    setAttemptCookie(app, reply, result.attemptToken, ATTEMPT_COOKIE_SECONDS);
    return result.response;
  };
  const originOf = (request: FastifyRequest): SignInOrigin => ({ meta: requestMeta(request), deviceToken: request.cookies[DEVICE_COOKIE] });
  // Every call that hashes or verifies a password (or pads its time with a decoy verification)
  // takes a place at this gate: argon2id's work is bounded, past it 503 at once (docs/performance.md, password gate).
  const gate = capacityGate({ ...app.ctx.config.passwordWork, retryAfterSeconds: 2, maxRetryAfterSeconds: 30 });
  const passwordWork = { onRequest: gate.enter, onResponse: gate.leave };

  app.post(
    '/auth/student/sign-up',
    {
      ...passwordWork,
      schema: {
        tags,
        summary:
          "Claim an account: if the matricule (and a student's birthdate) match a registry person, a confirmation link goes to the address on file; the answer is the same for everyone",
        body: SignUpBody,
        response: { 201: LinkRequestResponse, ...passwordErrors },
      },
    },
    async (request, reply) => {
      const found = await signUp(app.ctx, request.body, requestMeta(request));
      return reply.code(201).send(found);
    },
  );

  app.post(
    '/auth/student/email-verification',
    {
      ...passwordWork,
      schema: {
        tags,
        summary: 'Mail a confirmation link valid 24 hours to the address on file (the same answer for everyone)',
        body: EmailVerificationBody,
        response: { 200: LinkRequestResponse, ...passwordErrors },
      },
    },
    async (request) => sendEmailVerification(app.ctx, request.body, requestMeta(request)),
  );

  app.get(
    '/auth/student/email-confirmation',
    {
      schema: {
        tags,
        summary: 'Whether a confirmation link can still be used (not used, not expired), without using it up; nothing about whose it is',
        querystring: EmailConfirmationQuery,
        response: { 200: EmailConfirmationCheck, ...errors },
      },
    },
    async (request, reply) => {
      const check = await checkConfirmationLink(app.ctx, request.query, requestMeta(request));
      return reply.header('cache-control', 'no-store').send(check);
    },
  );

  app.post(
    '/auth/student/email-confirmation',
    {
      ...passwordWork,
      schema: {
        tags,
        summary: 'Confirm the e-mail address with the link token and choose a password',
        body: EmailConfirmationBody,
        response: { 200: EmailConfirmationResponse, ...passwordErrors },
      },
    },
    async (request) => confirmEmail(app.ctx, request.body, requestMeta(request)),
  );

  app.post(
    '/auth/students/',
    {
      ...passwordWork,
      schema: {
        tags,
        summary: 'Sign in with a matricule or username and a password; mails a 6-digit code',
        body: SignInBody,
        response: { 200: SignInResponse, ...passwordErrors },
      },
    },
    async (request, reply) => started(reply, await signInWithPassword(app.ctx, request.body, originOf(request))),
  );

  app.post(
    '/auth/student/sign-in',
    {
      ...passwordWork,
      schema: {
        tags,
        summary: 'Student sign-in with matricule, e-mail and password; mails a 6-digit code',
        body: StudentSignInBody,
        response: { 200: SignInResponse, ...passwordErrors },
      },
    },
    async (request, reply) => {
      const { matricule, email, password } = request.body;
      return started(reply, await signInWithPassword(app.ctx, { identifier: matricule, email, password }, originOf(request)));
    },
  );

  app.post(
    '/auth/code-request',
    {
      ...passwordWork,
      schema: {
        tags,
        summary: 'Sign in with a code only: mails a code to the address on file (the same answer for everyone)',
        body: CodeRequestBody,
        response: { 200: SignInResponse, ...passwordErrors },
      },
    },
    async (request, reply) => started(reply, await requestSignInCode(app.ctx, request.body, originOf(request))),
  );

  app.post(
    '/auth/code-resend',
    {
      schema: { tags, summary: 'Mail a new code for the current sign-in attempt (once a minute)', response: { 200: CodeResendResponse, ...errors } },
    },
    async (request) => resendSignInCode(app.ctx, request.cookies[ATTEMPT_COOKIE]),
  );

  app.post(
    '/auth/student/code-verification',
    {
      schema: {
        tags,
        summary: 'Check the e-mailed code; opens the session and answers the user record',
        body: CodeVerificationBody,
        response: { 200: SessionUser, ...errors },
      },
    },
    async (request, reply) => {
      const { user, sessionToken, deviceToken } = await verifySignInCode(app.ctx, request.cookies[ATTEMPT_COOKIE], request.body, requestMeta(request));
      clearAttemptCookie(app, reply);
      setSessionCookie(app, reply, sessionToken);
      if (deviceToken) setDeviceCookie(app, reply, deviceToken);
      reply.header('cache-control', 'no-store');
      return user;
    },
  );

  app.get(
    '/auth/session',
    {
      schema: {
        tags,
        summary: 'The signed-in person; null without a session cookie or bearer token; 401 when the one sent is no longer valid',
        response: { 200: SessionAnswer, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Nobody signed in is an answer, not an error: a signed-out page load logs nothing in the browser.
      if (!presentsSession(app, request)) return reply.send(null);
      try {
        await app.requireUser(request);
      } catch (error) {
        // Expired or revoked: 401 (the web's session-expired dialog), and the stale cookie goes.
        clearSessionCookie(app, reply);
        throw error;
      }
      return ownRecord(request);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: { tags, summary: 'Revoke the session on the server', response: { 204: z.null(), 401: ErrorResponse } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      await signOut(app.ctx, { ...acting(request), sessionId: request.sessionId });
      clearSessionCookie(app, reply);
      return reply.code(204).send(null);
    },
  );
};
