import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationSessions } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, signIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
let lecturer: Client;
beforeAll(async () => {
  t = await createTestApp();
  lecturer = (await signIn(t, DEMO_ACCOUNTS.partTime.matricule)).client;
});
afterAll(async () => {
  await t?.close();
});

describe('the current subject-choice session', () => {
  it('answers the open session with its limits and hourly caps', async () => {
    const res = await lecturer.get('/api/sessions-applications/current');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      DESIGNATION: 'Subject choices, semester 1, 2023-2024',
      MANUAL_CLOSURE: false,
      ACTIVED: true,
      SubjectConstraint: { LEVEL1_J: 3, LEVEL3_J: 2, LEVEL5_S: 1 },
      HOURS: { PERMANENT: 300, VACATAIRE: 200, STAGIAIRE: 120, STAFF: 60 },
    });
  });

  it('answers 204 when the session is closed by hand, ended, or not started', async () => {
    const [session] = await t.db.select().from(applicationSessions);
    await t.db.update(applicationSessions).set({ MANUAL_CLOSURE: true }).where(eq(applicationSessions.id, session!.id));
    await t.settled();
    expect((await lecturer.get('/api/sessions-applications/current')).statusCode).toBe(204);
    await t.db
      .update(applicationSessions)
      .set({ MANUAL_CLOSURE: false, END_DATE: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(applicationSessions.id, session!.id));
    await t.settled();
    expect((await lecturer.get('/api/sessions-applications/current')).statusCode).toBe(204);
    await t.db
      .update(applicationSessions)
      .set({ END_DATE: null, START_DATE: new Date(t.clock.now().getTime() + 600_000) })
      .where(eq(applicationSessions.id, session!.id));
    await t.settled();
    expect((await lecturer.get('/api/sessions-applications/current')).statusCode).toBe(204);
    t.clock.advanceSeconds(601);
    expect((await lecturer.get('/api/sessions-applications/current')).statusCode).toBe(200);
  });

  it('asks for a session', async () => {
    expect((await new Client(t.app).get('/api/sessions-applications/current')).statusCode).toBe(401);
  });
});
