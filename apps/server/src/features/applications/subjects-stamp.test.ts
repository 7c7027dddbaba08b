import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationSessions } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { createTestApp, onPostgres, signIn, withTableAway, type Client, type TestApp } from '../../../test/helpers';

// The subject lists' stamp kept in memory (docs/performance.md) holds only until the open application
// session could change by time: the next start or end of an active session.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Signed in at the clock's time (a session idle for months has ended). */
const lecturer = async (): Promise<Client> => (await signIn(t, DEMO_ACCOUNTS.readyLecturer.matricule)).client;
const search = (client: Client) => client.request('PATCH', '/api/subjects/by-level/1', { LEVEL: 3 });

/** With the catalogue's version renamed away, a read of the stamp fails (embedded database only: on PostgreSQL it would wait out the statement timeout). */
const withoutVersionTable = <T>(during: () => Promise<T>): Promise<T> => withTableAway(t, 'catalogue_version', during);

describe.skipIf(onPostgres)('the subject lists stamp', () => {
  it('is kept until the next start or end of an active session, then read again', async () => {
    expect((await search(await lecturer())).statusCode).toBe(200);
    const [next] = await t.db
      .execute<{ at: Date | string }>(
        sql`select least(min(${applicationSessions.START_DATE}) filter (where ${applicationSessions.START_DATE} > ${t.clock.now()}), min(${applicationSessions.END_DATE}) filter (where ${applicationSessions.END_DATE} > ${t.clock.now()})) as at from ${applicationSessions} where ${applicationSessions.ACTIVED} and not ${applicationSessions.MANUAL_CLOSURE}`,
      )
      .then((result) => (Array.isArray(result) ? result : (result as { rows: { at: Date | string }[] }).rows));
    expect(next?.at, 'the seed has a session that starts or ends later').toBeTruthy();
    const boundary = new Date(next!.at).getTime();
    t.clock.advance(boundary - t.clock.now().getTime() - 60_000);
    const before = await lecturer();
    expect((await withoutVersionTable(() => search(before))).statusCode).toBe(200);
    t.clock.advance(120_000);
    expect((await withoutVersionTable(() => search(before))).statusCode).toBe(500);
    expect((await search(before)).statusCode).toBe(200);
  });
});
