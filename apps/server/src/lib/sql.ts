import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** The SQLSTATE of a failed query (Drizzle wraps the driver's error in `cause`), or null. */
export function pgErrorCode(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const DEADLOCK_DETECTED = '40P01';

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Words of a search, lower-cased, for `%word%` matches over a lower-cased haystack. */
export const searchWords = (search: string | undefined): string[] => (search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);

/** The name of the constraint (or unique index) a failed query broke (Drizzle wraps the driver's error in `cause`), or null. */
export function brokenConstraint(error: unknown): string | null {
  for (let e = error as { constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.constraint === 'string') return e.constraint;
  }
  return null;
}

/** Whether a failed query broke a unique index. */
export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === UNIQUE_VIOLATION;

/** `%term%` for LIKE over a lower-cased text, the term's own wildcards escaped. */
export const likePattern = (term: string): string => `%${likeEscape(term.toLowerCase())}%`;

/** Lower case without accents (`Aïcha` → `aicha`), for searches that ignore both. */
export const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Rows of a raw `execute`, whichever the driver (node-postgres answers `{ rows }`, PGlite too; some drivers the rows themselves). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Which page of a list a query asks for (the first is 1). */
interface Paging {
  page: number;
  pageSize: number;
}

/** One page of an ordered list query (`.$dynamic()`): `pageSize` rows after the pages before it. */
export const onPage = <T extends PgSelect>(rows: T, paging: Paging) => rows.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);

/**
 * A list page as the API answers it, `{ rows, total, page, pageSize }`: `total` counts the whole
 * selection (a `select({ n: count() })` with the list's joins and where), then the page of `rows`
 * (the ordered list query) is read and each row made an answer's row by `toRow`.
 */
export async function listPage<T extends PgSelect, R>(
  paging: Paging,
  toRow: (row: Awaited<T>[number]) => R,
  query: { total: PromiseLike<{ n: number }[]>; rows: T },
) {
  const [counted] = await query.total;
  const rows: Awaited<T> = await onPage(query.rows, paging);
  return { rows: rows.map(toRow), total: counted?.n ?? 0, page: paging.page, pageSize: paging.pageSize };
}

/**
 * A row's columns as placeholders named `<prefix><column>`, for a statement drizzle builds once and
 * runs with values (docs/performance.md, writes in fewer round trips): `placeholderValues` gives those of a row, in what the driver takes.
 */
export function placeholdersOf<K extends string>(prefix: string, columns: readonly K[]): Record<K, SQL> {
  // (wrapped, so that drizzle hands the value on as given: placeholderValues has encoded it, null included)
  return Object.fromEntries(columns.map((column) => [column, sql`${sql.placeholder(`${prefix}${column}`)}`])) as Record<K, SQL>;
}

/** A row's values by the names `placeholdersOf` gives `table`'s columns, each encoded as its column encodes it (a null stays null). */
export function placeholderValues(prefix: string, table: Table, row: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table);
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(row)) {
    const value = row[key];
    values[`${prefix}${key}`] = value === null || value === undefined ? null : columns[key]!.mapToDriverValue(value);
  }
  return values;
}
