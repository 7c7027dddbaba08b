/** The SQLSTATE of a failed query (Drizzle wraps the driver's error in `cause`), or null. */
export function pgErrorCode(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Words of a search, lower-cased, for `%word%` matches over a lower-cased haystack. */
export const searchWords = (search: string | undefined): string[] =>
  (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);

/** Whether a failed query broke a unique index. */
export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === UNIQUE_VIOLATION;

/** `%term%` for LIKE over a lower-cased text, the term's own wildcards escaped. */
export const likePattern = (term: string): string => `%${likeEscape(term.toLowerCase())}%`;

/** Lower case without accents (`Aïcha` → `aicha`), for searches that ignore both. */
export const fold = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Rows of a raw `execute`, whichever the driver (node-postgres answers `{ rows }`, PGlite too; some drivers the rows themselves). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
