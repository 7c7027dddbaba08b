import type { Results } from '@electric-sql/pglite';
import type pg from 'pg';
import type { ReadCache } from './read-cache';

type PgQuery = string | { text: string; rowMode?: 'array' };

/**
 * The pool drizzle is given on PostgreSQL with a read cache (docs/performance.md): a read kept is answered
 * at once; a change through the pool is told once it answered; a change in a transaction is told
 * at once and again when its connection goes back to the pool, after its commit or rollback.
 * Changes by other instances or other programs arrive as announcements (plugins/context.ts).
 */
export function cachedPool(pool: pg.Pool, cache: ReadCache, announce: () => void): pg.Pool {
  const learnQuery = (text: string) => pool.query(text) as unknown as Promise<Results>;
  const changes = (text: string | undefined) => {
    const kind = text === undefined ? 'schema' : cache.classify(text).kind;
    return kind === 'change' || kind === 'schema';
  };
  const read = async (query: PgQuery, params: unknown[] | undefined): Promise<unknown> => {
    const text = typeof query === 'string' ? query : query.text;
    const options = typeof query === 'object' && query.rowMode ? { rowMode: query.rowMode } : undefined;
    const kept = cache.answer(text, params, options);
    if (kept) return kept;
    const changing = changes(text);
    try {
      return await cache.run(text, params, options, () => pool.query(query, params) as unknown as Promise<Results>, learnQuery);
    } finally {
      if (changing) announce();
    }
  };
  const inTransaction = (client: pg.PoolClient): pg.PoolClient => {
    const transaction = cache.transaction();
    let changed = false;
    return new Proxy(client, {
      get(object, key) {
        if (key === 'query') {
          return (query: PgQuery, ...rest: unknown[]) => {
            // (a query the wrapper cannot read may change anything)
            const text = typeof query === 'string' ? query : typeof query?.text === 'string' ? query.text : undefined;
            transaction.statement(text);
            if (!changed && changes(text)) changed = true;
            return (object.query as (...args: unknown[]) => unknown)(query, ...rest);
          };
        }
        if (key === 'release') {
          return (...args: unknown[]) => {
            const released = (object.release as (...args: unknown[]) => unknown)(...args);
            transaction.end();
            if (changed) announce();
            return released;
          };
        }
        const value = Reflect.get(object, key, object) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
      },
    });
  };
  return new Proxy(pool, {
    get(object, key) {
      if (key === 'query') {
        return (query: PgQuery, params?: unknown, callback?: unknown) => {
          const plain = typeof query === 'string' || (typeof query === 'object' && typeof query?.text === 'string');
          if (!plain || typeof params === 'function' || callback !== undefined || (params !== undefined && !Array.isArray(params))) {
            cache.forget();
            return (object.query as (...args: unknown[]) => unknown)(query, params, callback);
          }
          return read(query, params as unknown[] | undefined);
        };
      }
      if (key === 'connect') {
        return (callback?: unknown) => {
          if (callback !== undefined) {
            cache.forget();
            return (object.connect as (...args: unknown[]) => unknown)(callback);
          }
          return object.connect().then(inTransaction);
        };
      }
      const value = Reflect.get(object, key, object) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}
