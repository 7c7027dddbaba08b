import { DrizzleQueryError } from 'drizzle-orm/errors';

// What the log may carry: requests without secrets or query values, errors without the values of a query.

/** Header and body paths that never reach a log line. */
export const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.SIGN_CODE', '*.token', '*.TOKEN'];

/**
 * A URL as logged: query values are dropped (a search names people; a link carries a token), except
 * plain numbers (pages, ids).
 */
/** Query keys whose value is never logged, even when it is only digits. */
const REDACTED_QUERY_KEYS = new Set(['phone', 'k', 'token', 'code']);

export function safeUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const value = pair.slice(eq + 1);
      // numbers (ids, pages) are kept, except a phone number's
      return /^\d{1,12}$/.test(value) && !REDACTED_QUERY_KEYS.has(pair.slice(0, eq).toLowerCase()) ? pair : `${pair.slice(0, eq)}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** The values a database message quotes (`invalid input syntax for type integer: "Mballa"`, `value "9999999999" is out of range`). */
const QUOTED_VALUE = /(:\s*|\bvalue\s+)"(?:[^"]|"")*"/g;
export const withoutValues = (message: string): string => message.replace(QUOTED_VALUE, '$1"[redacted]"');

/** Only the frames of a stack: its first lines repeat the message, which may carry values (Drizzle's "params: ..."). */
const framesOf = (stack: string | undefined): string =>
  (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8)
    .join('\n');

/** An error of PostgreSQL (node-postgres or PGlite): an SQLSTATE code and a severity. */
function isDatabaseError(error: Error): error is Error & { code: string; constraint?: string; table?: string; column?: string; routine?: string } {
  const e = error as Error & { code?: unknown; severity?: unknown };
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * Errors as logged. A failed query keeps its SQL (with placeholders), the database's SQLSTATE and
 * the names it gives (constraint, table, column), never its parameters, the detail line ("Key
 * (email)=(...)", "Failing row contains (...)") nor the values its message quotes.
 */
export function safeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: typeof error === 'string' ? withoutValues(error) : '', stack: '' };
  const cause = error.cause instanceof Error && depth < 4 ? { cause: safeError(error.cause, depth + 1) } : {};
  if (error instanceof DrizzleQueryError) {
    return { type: 'DrizzleQueryError', message: `Failed query: ${error.query}`, stack: framesOf(error.stack), ...cause };
  }
  if (isDatabaseError(error)) {
    const { code, constraint, table, column, routine } = error;
    return { type: error.name, message: withoutValues(error.message), code, constraint, table, column, routine, stack: framesOf(error.stack), ...cause };
  }
  // Any other error that quotes a query's parameters the way Drizzle does loses them too.
  return { type: error.name, message: withoutValues(error.message.split('\nparams: ')[0]!), stack: framesOf(error.stack), ...cause };
}

const LEVEL_NAMES: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const clockTime = (epochMs: number): string => new Date(epochMs).toTimeString().slice(0, 8);

/**
 * The development log (LOG_FORMAT=pretty): one short line per event instead of pino's JSON.
 * `12:01:03 GET /api/auth/session 200 4ms` for a request (path only, no query at all);
 * `12:01:03 warn  <message>` from warnings up; the error's type and message (already without
 * values, `safeError`). Every redaction happens before, in pino: this only reformats its lines.
 */
export function prettyLog(out: { write(text: string): unknown }): { write(line: string): void } {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      const time = clockTime(typeof entry.time === 'number' ? entry.time : Date.now());
      const level = typeof entry.level === 'number' ? entry.level : 30;
      const req = entry.req as { method?: string; url?: string } | undefined;
      const res = entry.res as { statusCode?: number } | undefined;
      const what = req?.method ? `${req.method} ${(req.url ?? '').split('?')[0]}` : undefined;
      if (what && res?.statusCode !== undefined && typeof entry.responseTime === 'number') {
        out.write(`${time} ${what} ${res.statusCode} ${Math.round(entry.responseTime)}ms\n`);
        return;
      }
      // Fastify names every interface it listens on; the start line says where the portal is.
      if (typeof entry.msg === 'string' && entry.msg.startsWith('Server listening at ')) return;
      const label = level >= 40 ? `${(LEVEL_NAMES[level] ?? 'error').padEnd(5)} ` : '';
      const err = entry.err as { type?: string; message?: string } | undefined;
      const detail = err?.message ? ` (${err.type ?? 'Error'}: ${err.message})` : '';
      const context = what ? ` [${what}]` : '';
      out.write(`${time} ${label}${String(entry.msg ?? '')}${context}${detail}\n`);
    },
  };
}
