import type { Executor } from './client';

/**
 * A value made once per database and kept with it: the statements a service prepares (docs/performance.md, read cache),
 * whose SQL drizzle then builds once instead of on every request. Each database (a server's, each
 * test's) gets its own, made when first asked for; so does a transaction, whose statements run on
 * its own connection.
 */
export function perDatabase<T, D extends Executor>(make: (db: D) => T): (db: D) => T {
  const made = new WeakMap<D, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}
