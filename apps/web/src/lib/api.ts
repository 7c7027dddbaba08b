import type { ErrorCode, ErrorResponse } from '@portal/contract';
import { i18n } from './i18n';

/** Client-side codes that the server never sends: no answer at all, or an answer we cannot read. */
export type ClientErrorCode = 'NETWORK';

/** The contract's error body, whose code may also be one of the client's own. */
export type ApiErrorBody = Omit<ErrorResponse, 'code'> & { code: ErrorCode | ClientErrorCode };

/** The details a refused choice carries: the level group, shift and limit, or the hours chosen and allowed. */
export type LimitDetail = NonNullable<ErrorResponse['limit']>;

/** A lesson refused for a conflict (LESSON_CONFLICT): what collides, and the other lesson. */
export type ConflictDetail = NonNullable<ErrorResponse['conflict']>;

/** A failed call: its status and the whole error body of the answer (the contract's `ErrorResponse`). */
export class ApiError extends Error {
  readonly status: number;
  /** the error body as the server sent it (what of it could be read) */
  readonly body: ApiErrorBody;
  readonly code: ErrorCode | ClientErrorCode;
  /** field path to a translation key (`validation.required`, ...) */
  readonly fields: Record<string, string>;
  /** seconds before a retry may succeed */
  readonly retryAfter: number | undefined;
  /** a refused closure: the mandatory fields still missing */
  readonly columns: string[];
  /** a refused choice: the limit it broke */
  readonly limit: LimitDetail | undefined;
  /** a refused lesson: what it collides with */
  readonly conflict: ConflictDetail | undefined;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = body.code;
    this.fields = body.fields ?? {};
    this.retryAfter = body.retryAfter;
    this.columns = body.columns ?? [];
    this.limit = body.limit;
    this.conflict = body.conflict;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The translation key of any error thrown by `api()` (or anything else); unknown codes read as INTERNAL. */
export function errorKey(error: unknown): string {
  const key = isApiError(error) ? `errors.${error.code}` : 'errors.INTERNAL';
  return i18n.exists(key) ? key : 'errors.INTERNAL';
}

type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | null = null;

/**
 * Called on a 401 answer to an authenticated call. The session-expired overlay registers
 * itself here; it decides whether someone was signed in.
 */
export function setUnauthorizedListener(listener: UnauthorizedListener | null): void {
  unauthorizedListener = listener;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * Anonymous calls (sign-in, code verification, the boot-time session probe, ...) may
   * answer 401 as part of their normal flow: it must not open the session-expired dialog.
   */
  anonymous?: boolean;
  signal?: AbortSignal;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** The server's codes are the contract's ERROR_CODES; anything shaped like a code is kept and translated (or not) later. */
function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && /^[A-Z][A-Z_]{1,63}$/.test(value);
}

function toStringRecord(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') out[key] = item;
  return out;
}

function toStringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

function toLimit(value: unknown): LimitDetail | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const out: LimitDetail = {};
  for (const [key, item] of Object.entries(value)) {
    if ((key === 'group' || key === 'shift') && typeof item === 'string') out[key] = item;
    if ((key === 'limit' || key === 'hours' || key === 'allowed') && typeof item === 'number') out[key] = item;
  }
  return out;
}

const CONFLICT_KINDS: readonly string[] = ['LECTURER', 'CLASS', 'ROOM'];

function toConflict(value: unknown): ConflictDetail | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { kind, lesson } = value as Record<string, unknown>;
  if (typeof kind !== 'string' || !CONFLICT_KINDS.includes(kind) || !lesson || typeof lesson !== 'object') return undefined;
  const other = lesson as Record<string, unknown>;
  const text = (name: string) => (typeof other[name] === 'string' ? (other[name] as string) : '');
  return {
    kind: kind as ConflictDetail['kind'],
    lesson: {
      id: typeof other.id === 'number' ? other.id : 0,
      date: text('date'),
      begin: text('begin'),
      end: text('end'),
      subject: text('subject'),
      class: text('class'),
      lecturer: text('lecturer'),
      room: typeof other.room === 'string' ? other.room : null,
    },
  };
}

/**
 * The error of a failed answer, from its status, its body text (the contract's error shape,
 * or anything else) and its Retry-After header. Shared by `api()` and the upload client.
 */
export function toApiError(status: number, statusText: string, text: string, retryAfterHeader: string | null): ApiError {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const headerRetry = Number(retryAfterHeader);
  return new ApiError(status, {
    code: isErrorCode(record.code) ? record.code : (STATUS_CODES[status] ?? 'INTERNAL'),
    message: typeof record.message === 'string' ? record.message : statusText,
    fields: toStringRecord(record.fields),
    retryAfter: typeof record.retryAfter === 'number' ? record.retryAfter : Number.isFinite(headerRetry) && headerRetry > 0 ? headerRetry : undefined,
    columns: toStringList(record.columns),
    limit: toLimit(record.limit),
    conflict: toConflict(record.conflict),
  });
}

/** The error of a call that got no answer at all. */
export const networkError = (): ApiError => new ApiError(0, { code: 'NETWORK', message: 'Network failure' });

async function readError(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    text = '';
  }
  return toApiError(response.status, response.statusText, text, response.headers.get('Retry-After'));
}

/** Tells the session-expired overlay about a 401 of an authenticated call. */
export function reportUnauthorized(): void {
  unauthorizedListener?.();
}

/**
 * Same-origin JSON call. The session travels in an HttpOnly cookie; this client never
 * sees or stores a token.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = 'GET', body, anonymous = false, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw networkError();
  }
  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 401 && !anonymous) reportUnauthorized();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
