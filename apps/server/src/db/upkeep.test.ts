import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../test/helpers';
import { PORTAL_JOBS } from '../app';
import { databaseUpkeepJob, tidyTables } from './upkeep';

/** The probe table's statistics as PostgreSQL keeps them. */
async function statsOf(t: TestApp): Promise<{ analyzed: boolean; dead: number; estimate: number }> {
  await t.db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await t.db.execute(sql`
    select s.last_analyze is not null as analyzed, s.n_dead_tup::int as dead, c.reltuples::int as estimate
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'upkeep_probe'`)) as unknown as {
    rows: { analyzed: boolean; dead: number; estimate: number }[];
  };
  return rows[0]!;
}

// PostgreSQL's own autovacuum looks after its tables; the job runs on PGlite only (lib/jobs.test.ts
// lists what pg-boss schedules on PostgreSQL, without it).
describe.runIf(!onPostgres)('the embedded database upkeep (docs/performance.md, PGlite upkeep)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`create table upkeep_probe (id int primary key, label text)`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is one of the portal jobs, on PGlite only', () => {
    expect(PORTAL_JOBS).toContain(databaseUpkeepJob);
    expect(databaseUpkeepJob.driver).toBe('pglite');
  });

  it("plans without Memoize nodes, which cost more planning than they save on the portal's page-sized joins", async () => {
    const { rows } = (await t.db.execute(sql`show enable_memoize`)) as unknown as { rows: { enable_memoize: string }[] };
    expect(rows).toEqual([{ enable_memoize: 'off' }]);
  });

  it('analyses a table once enough of it changed, vacuums it once enough of it is dead, and leaves it alone otherwise', async () => {
    await tidyTables(t.db);
    await t.db.execute(sql`insert into upkeep_probe select i, 'row ' || i from generate_series(1, 40) i`);
    // 40 rows changed: under the 50 that autovacuum waits for.
    await tidyTables(t.db);
    expect(await statsOf(t)).toMatchObject({ analyzed: false });

    await t.db.execute(sql`insert into upkeep_probe select i, 'row ' || i from generate_series(41, 400) i`);
    expect(await tidyTables(t.db)).toMatchObject({ analyzed: 1, vacuumed: 0 });
    expect(await statsOf(t)).toEqual({ analyzed: true, dead: 0, estimate: 400 });
    expect(await tidyTables(t.db)).toEqual({ analyzed: 0, vacuumed: 0 });

    // 300 of 400 rows deleted: past 50 + 20 % of them dead.
    await t.db.execute(sql`delete from upkeep_probe where id > 100`);
    expect(await statsOf(t)).toMatchObject({ dead: 300 });
    expect(await tidyTables(t.db)).toEqual({ analyzed: 0, vacuumed: 1 });
    expect(await statsOf(t)).toEqual({ analyzed: true, dead: 0, estimate: 100 });
  });
});
