import { eq } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { persons, requests, requestSubcategories } from '../db/schema';
import { createTestApp, onPostgres, sessionFor, type TestApp } from '../../test/helpers';
import type { ServiceContext } from './context';
import { PGBOSS_SCHEMA, startJobs, type Job } from './jobs';

describe('JOBS', () => {
  it('is on by default, on or off, and anything else stops the start naming the variable', () => {
    expect(loadConfig({}).jobs).toBe(true);
    expect(loadConfig({ JOBS: 'off' }).jobs).toBe(false);
    expect(() => loadConfig({ JOBS: 'yes' })).toThrow(/JOBS: must be on or off \(got "yes"\)/);
  });

  it('needs the connection string on PostgreSQL', async () => {
    const ctx = { log: { debug: () => undefined } } as unknown as ServiceContext;
    await expect(startJobs(ctx, { driver: 'postgres', databaseUrl: undefined, jobs: [] })).rejects.toThrow(/need DATABASE_URL/);
  });
});

describe.runIf(!onPostgres)('the jobs on PGlite: a timer in the process', () => {
  it('calls the handler with the app context every everyMs, one run at a time, survives a failed run, and stops on close after the run under way', async () => {
    let calls = 0;
    let active = 0;
    let mostAtOnce = 0;
    let seen: ServiceContext | undefined;
    let hold: Promise<void> | undefined;
    let release = () => undefined as void;
    let finished = 0;
    const probe: Job = {
      name: 'probe',
      cron: '* * * * *',
      everyMs: 20,
      handler: async (ctx) => {
        const gate = hold;
        calls++;
        active++;
        mostAtOnce = Math.max(mostAtOnce, active);
        seen = ctx;
        try {
          if (calls === 1) throw new Error('a failed run');
          // Longer than everyMs: ticks come while it runs, and must not start a second run.
          await new Promise((resolve) => setTimeout(resolve, 60));
          if (gate) await gate;
        } finally {
          active--;
          finished++;
        }
        return { done: 1 };
      },
    };
    const t = await createTestApp({ env: { JOBS: 'on' }, jobs: [probe] });
    try {
      await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 10 });
      expect(seen).toBe(t.app.ctx);
      expect(mostAtOnce).toBe(1);

      // Closing waits for the run under way.
      hold = new Promise<void>((resolve) => (release = resolve));
      const before = calls;
      await vi.waitFor(() => expect(calls).toBeGreaterThan(before), { timeout: 10_000, interval: 5 });
      let closed = false;
      const closing = t.app.close().then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(closed).toBe(false);
      release();
      await closing;
      expect(active).toBe(0);
      expect(finished).toBe(calls);

      // Nothing runs after the close (ten ticks' worth of waiting).
      const after = calls;
      await new Promise((resolve) => setTimeout(resolve, 10 * probe.everyMs));
      expect(calls).toBe(after);
    } finally {
      release();
      await t.close();
    }
  });
});

describe.runIf(onPostgres)('the jobs on PostgreSQL: pg-boss', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { JOBS: 'on' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers each job: its queue, its schedule in university time (every 10 minutes, every 5 minutes, every hour, nightly)', async () => {
    const admin = new pg.Client({ connectionString: t.databaseUrl! });
    await admin.connect();
    try {
      const { rows: schedules } = await admin.query(`select name, cron, timezone from ${PGBOSS_SCHEMA}.schedule order by name`);
      expect(schedules).toEqual([
        { name: 'candidates.forget-expired-access', cron: '20 3 * * *', timezone: 'Africa/Douala' },
        { name: 'entrances.close-past-deadline', cron: '5 0 * * *', timezone: 'Africa/Douala' },
        { name: 'evaluation.ballot-mix', cron: '*/10 * * * *', timezone: 'Africa/Douala' },
        { name: 'payments.reconcile', cron: '*/5 * * * *', timezone: 'Africa/Douala' },
        { name: 'request-deadlines', cron: '*/10 * * * *', timezone: 'Africa/Douala' },
        { name: 'timetable.weekly-planning', cron: '0 * * * *', timezone: 'Africa/Douala' },
      ]);
      const { rows: queues } = await admin.query(`select name, policy, retry_limit from ${PGBOSS_SCHEMA}.queue where name = 'request-deadlines'`);
      expect(queues).toEqual([{ name: 'request-deadlines', policy: 'stately', retry_limit: 0 }]);
    } finally {
      await admin.end();
    }
  });

  it('runs the handler for a job sent to the queue: a request past its deadline is rejected', async () => {
    t.clock.advance(new Date('2024-01-15T08:00:00Z').getTime() - t.clock.now().getTime());
    const [person] = await t.db
      .insert(persons)
      .values({
        MATRICULE: `JOB${Date.now().toString(36).slice(-6).toUpperCase()}`,
        KIND: 'STAFF',
        STATUS: 'VACATAIRE',
        FIRSTNAME: 'Job',
        LASTNAME: 'Run',
        EMAIL: `job${Date.now()}@portal.example`,
      })
      .returning({ id: persons.id });
    const [sub] = await t.db.select({ id: requestSubcategories.id }).from(requestSubcategories).where(eq(requestSubcategories.code, '0301'));
    const filed = await (
      await sessionFor(t, person!.id)
    ).post('/api/requests', { REQUEST_CATEGORY_ID: sub!.id, REQUEST_OBJECT: 'Contract', DESCRIPTION: 'Never received.' });
    expect(filed.statusCode).toBe(201);
    const id = (filed.json() as { id: number }).id;
    t.clock.advance(7 * 86_400_000);

    const sender = new PgBoss({ connectionString: t.databaseUrl!, schema: PGBOSS_SCHEMA, schedule: false, supervise: false, migrate: false, max: 1 });
    sender.on('error', () => undefined);
    await sender.start();
    try {
      const jobId = await sender.send('request-deadlines', {});
      expect(jobId).not.toBeNull();
      const job = await vi.waitFor(
        async () => {
          const found = await sender.getJobById<object>('request-deadlines', jobId!);
          expect(found?.state).toBe('completed');
          return found!;
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(job.output).toMatchObject({ expired: expect.any(Number), reminded: expect.any(Number), draftsDeleted: expect.any(Number) });
      expect((job.output as { expired: number }).expired).toBeGreaterThanOrEqual(1);
    } finally {
      await sender.stop({ graceful: false });
    }
    const [row] = await t.db.select({ status: requests.REQUEST_STATUS }).from(requests).where(eq(requests.id, id));
    expect(row!.status).toBe('REJECTED');
  });

  it('stops pg-boss when the app closes: none of its connections is left', async () => {
    const admin = new pg.Client({ connectionString: t.databaseUrl! });
    await admin.connect();
    const connections = async () =>
      (await admin.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'portal-jobs'`)).rows[0]
        .n as number;
    try {
      expect(await connections()).toBeGreaterThan(0);
      await t.app.close();
      // A backend leaves pg_stat_activity a moment after its client has said goodbye.
      await vi.waitFor(async () => expect(await connections()).toBe(0), { timeout: 5_000, interval: 50 });
    } finally {
      await admin.end();
    }
  });
});
