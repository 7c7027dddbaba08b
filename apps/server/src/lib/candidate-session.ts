import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CANDIDATE_CODE_TTL_SECONDS, CANDIDATE_SESSION_SECONDS } from '@portal/contract/rules';
import type { Executor } from '../db/client';
import { perDatabase } from '../db/per-database';
import { candidateSessions } from '../db/schema';
import type { ServiceContext } from './context';
import { hashToken, randomToken } from './crypto';
import { AppError } from './errors';

/*
 * A candidate's open file (decision 42). Candidates are not persons and have no password: their file
 * opens in a browser when they register, or through a mailed single-use link. The browser keeps an
 * HttpOnly cookie of its own (not the persons' session cookie), valid CANDIDATE_SESSION_SECONDS; the
 * server keeps its SHA-256. API clients may send it as `Authorization: Candidate <token>`.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: an open candidate's file is required (else 401 UNAUTHENTICATED); sets request.candidateId */
    requireCandidate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    candidateId: number;
  }
}

export const candidateCookieName = (secure: boolean) => (secure ? '__Host-portal_candidate' : 'portal_candidate');

/** The columns of a new candidate session's row (`newCandidateSession`), for a statement built once (placeholdersOf). */
export const CANDIDATE_SESSION_ROW_KEYS = [
  'tokenHash',
  'candidateId',
  'createdAt',
  'expiresAt',
] as const satisfies readonly (keyof typeof candidateSessions.$inferInsert)[];

/** A new candidate session: its token, answered once (to be set as the cookie), and the row that keeps its hash. */
export function newCandidateSession(
  ctx: ServiceContext,
  candidateId: number,
): { token: string; row: Required<Pick<typeof candidateSessions.$inferInsert, (typeof CANDIDATE_SESSION_ROW_KEYS)[number]>> } {
  const token = randomToken();
  const now = ctx.clock.now();
  return { token, row: { tokenHash: hashToken(token), candidateId, createdAt: now, expiresAt: new Date(now.getTime() + CANDIDATE_SESSION_SECONDS * 1000) } };
}

/** Opens a candidate's file: a new session row, its token answered once (to be set as the cookie). */
export async function openCandidateSession(ctx: ServiceContext, exec: Executor, candidateId: number): Promise<string> {
  const { token, row } = newCandidateSession(ctx, candidateId);
  await exec.insert(candidateSessions).values(row);
  return token;
}

/** Sets the candidate's cookie on the answer. */
export function setCandidateCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  const secure = app.ctx.config.secureCookies;
  reply.setCookie(candidateCookieName(secure), token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: CANDIDATE_SESSION_SECONDS });
}

/**
 * The browser that sent a registration keeps its attempt (decision 65): the salt of the mailed code,
 * so that the code opens the file in that browser only. HttpOnly, for the candidate's routes only.
 */
const attemptCookieName = (secure: boolean) => (secure ? '__Host-portal_candidate_attempt' : 'portal_candidate_attempt');
const attemptCookieOptions = (secure: boolean) => ({ httpOnly: true, sameSite: 'strict' as const, secure, path: '/' });

export function setCandidateAttemptCookie(app: FastifyInstance, reply: FastifyReply, attempt: string): void {
  const secure = app.ctx.config.secureCookies;
  reply.setCookie(attemptCookieName(secure), attempt, { ...attemptCookieOptions(secure), maxAge: CANDIDATE_CODE_TTL_SECONDS });
}

/** The attempt this browser keeps, if any. */
export const candidateAttemptOf = (app: FastifyInstance, request: FastifyRequest): string | undefined =>
  request.cookies[attemptCookieName(app.ctx.config.secureCookies)] || undefined;

export function clearCandidateAttemptCookie(app: FastifyInstance, reply: FastifyReply): void {
  const secure = app.ctx.config.secureCookies;
  reply.clearCookie(attemptCookieName(secure), attemptCookieOptions(secure));
}

/** Closes the candidate's file in this browser (the server forgets the token too). */
export async function closeCandidateSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const secure = app.ctx.config.secureCookies;
  const token = tokenOf(request, secure);
  if (token)
    await app.ctx.db
      .update(candidateSessions)
      .set({ revokedAt: app.ctx.clock.now() })
      .where(eq(candidateSessions.tokenHash, hashToken(token)));
  reply.clearCookie(candidateCookieName(secure), { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

function tokenOf(request: FastifyRequest, secure: boolean): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Candidate ')) return header.slice(10).trim() || undefined;
  return request.cookies[candidateCookieName(secure)];
}

/**
 * The candidate a token opens, or null when it is unknown, closed or past its time. The time is
 * compared here, not in the statement: the same token makes the same read, which the read cache
 * answers until the session changes (docs/performance.md, read cache).
 */
export async function resolveCandidateSession(ctx: ServiceContext, token: string): Promise<number | null> {
  const [row] = await sessionByToken(ctx.db).execute({ hash: hashToken(token) });
  return row && row.expiresAt.getTime() > ctx.clock.now().getTime() ? row.candidateId : null;
}

/** The lookup of every candidate's request, prepared once per database (docs/performance.md, read cache). */
const sessionByToken = perDatabase((db) =>
  db
    .select({ candidateId: candidateSessions.candidateId, expiresAt: candidateSessions.expiresAt })
    .from(candidateSessions)
    .where(and(eq(candidateSessions.tokenHash, sql.placeholder('hash')), isNull(candidateSessions.revokedAt)))
    .limit(1)
    .prepare('candidate_session_by_token'),
);

export const candidateSessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('candidateId', 0);
  app.decorate('requireCandidate', async (request: FastifyRequest) => {
    const token = tokenOf(request, app.ctx.config.secureCookies);
    const candidateId = token ? await resolveCandidateSession(app.ctx, token) : null;
    if (!candidateId) throw new AppError('UNAUTHENTICATED');
    request.candidateId = candidateId;
  });
});
