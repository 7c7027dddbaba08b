import { sql } from 'drizzle-orm';
import type { Job } from '../lib/jobs';
import type { Db } from './client';

/**
 * PostgreSQL's autovacuum, for the embedded database (docs/performance.md, PGlite upkeep). PGlite runs PostgreSQL as one
 * process without background workers, so no table is ever analysed or vacuumed there: the planner
 * guesses every table's size (a join over a handful of rows planned as sequential scans, 11 ms
 * instead of 0.7), and updated rows' old versions stay. This does what autovacuum would, with its
 * default thresholds: ANALYZE a table once more than 50 rows plus 10 % of it changed since it was
 * last analysed, VACUUM (ANALYZE) it once more than 50 plus 20 % of its rows are dead.
 */
export const ANALYZE_THRESHOLD = { rows: 50, share: 0.1 } as const;
export const VACUUM_THRESHOLD = { rows: 50, share: 0.2 } as const;

export interface UpkeepResult {
  analyzed: number;
  vacuumed: number;
}

/** The tables past a threshold, each analysed or vacuumed (and analysed) once; a table dropped meanwhile is skipped. */
export async function tidyTables(db: Db): Promise<UpkeepResult> {
  // The counters a backend keeps are written to the shared ones at most once a second; PGlite is one
  // backend, so this makes them current (the next statement's end writes them).
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await db.execute(sql`
    select format('%I.%I', s.schemaname, s.relname) as name,
           s.n_dead_tup > ${VACUUM_THRESHOLD.rows} + ${VACUUM_THRESHOLD.share} * greatest(c.reltuples, 0) as vacuum
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
     where s.n_mod_since_analyze > ${ANALYZE_THRESHOLD.rows} + ${ANALYZE_THRESHOLD.share} * greatest(c.reltuples, 0)
        or s.n_dead_tup > ${VACUUM_THRESHOLD.rows} + ${VACUUM_THRESHOLD.share} * greatest(c.reltuples, 0)
  `)) as unknown as { rows: { name: string; vacuum: boolean }[] };
  const result: UpkeepResult = { analyzed: 0, vacuumed: 0 };
  for (const table of rows) {
    // The name comes from the catalogue, quoted by format('%I'); VACUUM takes no parameter.
    await db.execute(sql.raw(`${table.vacuum ? 'vacuum (analyze, skip_locked)' : 'analyze (skip_locked)'} ${table.name}`));
    result[table.vacuum ? 'vacuumed' : 'analyzed']++;
  }
  return result;
}

/**
 * On PGlite only, every minute (autovacuum's own pace), and 5 s after the start: a database opened
 * again, or just seeded, is planned with its statistics from the start. PostgreSQL has autovacuum.
 */
export const databaseUpkeepJob: Job = {
  name: 'database-upkeep',
  cron: '* * * * *',
  everyMs: 60_000,
  firstRunMs: 5_000,
  driver: 'pglite',
  handler: (ctx) => tidyTables(ctx.db),
};
