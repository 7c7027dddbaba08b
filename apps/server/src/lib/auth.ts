import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, SESSION_ABSOLUTE_SECONDS, type Permission } from '@portal/contract/rules';
import type { Account, Person } from '../db/schema';
import type { RecordRow } from './person-record';
import { audit } from './audit';
import type { Acting, Actor, RequestMeta, ServiceContext } from './context';
import { AppError } from './errors';
import { resolveSession } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServiceContext;
    /** preHandler: a valid session is required; sets request.actor and request.person */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: a valid session whose person holds `permission`, or one of them when a list (else 403, audited) */
    requirePermission: (permission: Permission | readonly Permission[]) => (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    actor: Actor;
    /** the signed-in person, their account and settings, as the session lookup read them */
    person: Person;
    account: Account | null;
    settingsValues: Record<string, string | number | boolean | null> | undefined;
    /** the session lookup's row, from which the person's own record is built without a query */
    sessionRow: RecordRow;
    sessionId: number;
  }
}

export const ATTEMPT_COOKIE = 'portal_attempt';
/** A known device (decision 23): set when a sign-in succeeds, read by the sign-in calls only. */
export const DEVICE_COOKIE = 'portal_device';
export const DEVICE_COOKIE_SECONDS = 180 * 24 * 3600;
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-portal_session' : 'portal_session');

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'], route: request.routeOptions.url ?? request.url };
}

/** Who acts (the session's person) and from where: what a service that changes something audits with. */
export function acting(request: FastifyRequest): Acting {
  return { actor: request.actor, meta: requestMeta(request) };
}

/** The token of `Authorization: Bearer <token>`, as API clients send it ('' when empty), or undefined without one. */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/** A bearer header decides alone (the cookie is then not read); otherwise the session cookie. */
function tokenOf(request: FastifyRequest, cookieName: string): string | undefined {
  const bearer = bearerOf(request);
  if (bearer !== undefined) return bearer || undefined;
  return request.cookies[cookieName];
}

/** Whether the request carries a session at all (a bearer header or the session cookie), valid or not. */
export const presentsSession = (app: FastifyInstance, request: FastifyRequest): boolean =>
  tokenOf(request, sessionCookieName(app.ctx.config.secureCookies)) !== undefined;

/**
 * preHandler, after a session guard: the request authenticated with `Authorization: Bearer`. A
 * request carrying the session cookie alone is refused (403 BEARER_REQUIRED), so that a link or an
 * image tag in a browser can never trigger a GET that changes something.
 */
export async function requireBearer(request: FastifyRequest): Promise<void> {
  if (!bearerOf(request)) throw new AppError('BEARER_REQUIRED');
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  const secure = app.ctx.config.secureCookies;
  reply.setCookie(sessionCookieName(secure), token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_ABSOLUTE_SECONDS });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  const secure = app.ctx.config.secureCookies;
  reply.clearCookie(sessionCookieName(secure), { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

export function setAttemptCookie(app: FastifyInstance, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.setCookie(ATTEMPT_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: app.ctx.config.secureCookies,
    path: '/api/auth',
    maxAge: maxAgeSeconds,
  });
}

export function clearAttemptCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(ATTEMPT_COOKIE, { httpOnly: true, sameSite: 'strict', secure: app.ctx.config.secureCookies, path: '/api/auth' });
}

export function setDeviceCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: app.ctx.config.secureCookies,
    path: '/api/auth',
    maxAge: DEVICE_COOKIE_SECONDS,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Sessions, guards and the cross-site check. A state-changing request sent by a browser
 * from another site is refused: browsers send Sec-Fetch-Site and Origin, API clients
 * using a bearer token send neither. The one exception: a request from an origin of
 * CORS_ORIGINS that carries a bearer token (a page cannot make a browser add one).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.ctx;
  const cookieName = sessionCookieName(config.secureCookies);
  const publicOrigin = new URL(config.publicUrl).origin;
  const corsOrigins = new Set(config.corsOrigins);

  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('person', null as unknown as Person);
  app.decorateRequest('account', null);
  app.decorateRequest('settingsValues', undefined);
  app.decorateRequest('sessionRow', null as unknown as RecordRow);
  app.decorateRequest('sessionId', 0);

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin && corsOrigins.has(origin) && bearerOf(request)) return;
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') throw new AppError('CSRF_REJECTED');
    if (origin && origin !== publicOrigin) {
      let sameHost = false;
      try {
        sameHost = new URL(origin).host === request.headers.host;
      } catch {
        sameHost = false;
      }
      if (!sameHost) throw new AppError('CSRF_REJECTED');
    }
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const token = tokenOf(request, cookieName);
    const session = token ? await resolveSession(app.ctx, token) : null;
    if (!session) throw new AppError('UNAUTHENTICATED');
    request.sessionId = session.sessionId;
    request.person = session.person;
    request.account = session.account;
    request.settingsValues = session.settings;
    request.sessionRow = session.row;
    request.actor = { id: session.person.id, roles: session.person.ROLES, kind: session.person.KIND, requestUnitId: session.person.REQUEST_UNIT_ID };
  });

  app.decorate('requirePermission', (permission: Permission | readonly Permission[]) => {
    const any: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
    return async (request: FastifyRequest) => {
      await app.requireUser(request);
      if (!any.some((p) => actorCan(request.actor, p))) await refuse(app.ctx, request, { need: permission });
    };
  });
});

/** Whether the acting person may do something (the contract's permission table). */
export const actorCan = (actor: Actor, permission: Permission): boolean => can({ KIND: actor.kind, ROLES: actor.roles }, permission);

/**
 * Writes a refused access to the audit log (against `target`, by default the route asked) and
 * throws 403 FORBIDDEN. Services call it too; call it outside any transaction that rolls back.
 */
export async function refuseAccess(
  ctx: ServiceContext,
  input: { actor: Actor | null; meta: RequestMeta; details?: Record<string, unknown>; target?: { type: string; id: number | string } },
): Promise<never> {
  const { actor, meta, details } = input;
  const target = input.target ?? { type: 'route', id: meta.route };
  await audit(ctx.db, {
    at: ctx.clock.now(),
    actorId: actor?.id ?? null,
    action: 'access.refused',
    targetType: target.type,
    targetId: target.id,
    ip: meta.ip,
    ...(details ? { details } : {}),
  });
  throw new AppError('FORBIDDEN');
}

async function refuse(ctx: ServiceContext, request: FastifyRequest, details: Record<string, unknown>): Promise<never> {
  return refuseAccess(ctx, { ...acting(request), details });
}

/**
 * The permissions that let an actor name someone else (decision 22): reading their whole record,
 * documents and files (the human resources service), or a summary of it (the other offices).
 * Changing someone else's registration, files or documents goes through the HR routes instead.
 */
export type OnAnyone = 'persons.readFull' | 'persons.readSummary';

/**
 * The person an actor may act on: themself, or the one named when the actor holds `permission`
 * (one of them, when a list). An id naming someone else without it is refused (403, audited).
 * For services; routes call assertSelfOrPermitted.
 */
export async function selfOrPermitted(
  ctx: ServiceContext,
  input: { actor: Actor; meta: RequestMeta; id: number | undefined; permission: OnAnyone | readonly OnAnyone[] },
): Promise<number> {
  const { actor, id } = input;
  if (id === undefined || id === actor.id) return actor.id;
  const permissions: readonly OnAnyone[] = typeof input.permission === 'string' ? [input.permission] : input.permission;
  if (permissions.some((permission) => actorCan(actor, permission))) return id;
  return refuseAccess(ctx, { actor, meta: input.meta, details: { requestedId: id } });
}

/**
 * The person a request may act on: the session's own person, or the one named when the
 * session's person holds `permission` (one of them, when a list).
 * An id naming someone else without it is refused (403, audited).
 */
export async function assertSelfOrPermitted(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number | undefined,
  permission: OnAnyone | readonly OnAnyone[],
): Promise<number> {
  return selfOrPermitted(app.ctx, { ...acting(request), id, permission });
}

/** Like assertSelfOrPermitted, for calls that only ever act on oneself (settings, contact). */
export async function assertSelf(app: FastifyInstance, request: FastifyRequest, id: number | undefined): Promise<number> {
  if (id === undefined || id === request.actor.id) return request.actor.id;
  return refuse(app.ctx, request, { requestedId: id });
}
