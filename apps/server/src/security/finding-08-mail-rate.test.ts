/**
 * Finding 8 of issue 9 (its mail half), replayed:
 *
 * > ... contact-us and sign-in mails have no rate limit (60 mails in 1.8 s).
 *
 * Contact messages: 5 an hour per person, 30 per client address; sign-in codes: one a minute
 * per person through code-only sign-in, 10 an hour; confirmation links: one a minute, 5 an
 * hour. Counted in the database in one statement each; past a limit, 429 with retryAfter
 * (decision 23).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, persons } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { Client, createTestApp, emailOf, mailsTo, sessionFor, type TestApp } from '../../test/helpers';

// Each test replays an attack of dozens or hundreds of argon2-bound requests: slow on a loaded machine.
vi.setConfig({ testTimeout: 180_000 });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const idOf = async (matricule: string) => (await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule)))[0]!.id;
const outboxSize = async () => (await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;

describe('finding 8: mails without a limit', () => {
  it('sends at most 5 contact messages an hour for one person, then answers 429 with the time to wait', async () => {
    const client = await sessionFor(t, await idOf(DEMO_ACCOUNTS.partTime.matricule), t.app, '10.80.0.1');
    const before = await outboxSize();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => client.post('/api/students/contact-us', { OBJECT: 'OTHER', MESSAGE: `message ${i}` })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(55);
    expect(refused[0]!.json()).toMatchObject({ code: 'MAIL_RATE_LIMITED', retryAfter: 3600 });
    expect(refused[0]!.headers['retry-after']).toBe('3600');
    // Two mails a message: support and the acknowledgement.
    expect((await outboxSize()) - before).toBe(10);
    t.clock.advanceSeconds(3600);
    const later = await sessionFor(t, await idOf(DEMO_ACCOUNTS.partTime.matricule), t.app, '10.80.0.1');
    expect((await later.post('/api/students/contact-us', { OBJECT: 'OTHER', MESSAGE: 'an hour later' })).statusCode).toBe(201);
  });

  it('sends at most 30 contact messages an hour from one address, whoever sends them', async () => {
    const people = [
      DEMO_ACCOUNTS.permanent,
      DEMO_ACCOUNTS.intern,
      DEMO_ACCOUNTS.support,
      DEMO_ACCOUNTS.student,
      DEMO_ACCOUNTS.hr,
      DEMO_ACCOUNTS.academic,
      DEMO_ACCOUNTS.identification,
    ];
    let sent = 0;
    for (const person of people) {
      const client = await sessionFor(t, await idOf(person.matricule), t.app, '10.80.0.2');
      for (let i = 0; i < 5; i++)
        if ((await client.post('/api/students/contact-us', { OBJECT: 'OTHER', MESSAGE: `from ${person.matricule}` })).statusCode === 201) sent++;
    }
    expect(sent).toBe(30);
  });

  it('mails a person at most one sign-in code a minute and 10 an hour, however often code-only sign-in is asked', async () => {
    const matricule = DEMO_ACCOUNTS.admin.matricule;
    const email = await emailOf(t.db, matricule);
    const codes = async () => (await mailsTo(t.db, email)).filter((m) => m.kind === 'sign-code').length;
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => new Client(t.app, `10.81.0.${i}`).post('/api/auth/code-request', { identifier: matricule })),
    );
    expect(await codes()).toBe(1);
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: 'RESEND_TOO_SOON', retryAfter: 60 });
    for (let minute = 1; minute < 60; minute++) {
      t.clock.advanceSeconds(60);
      await new Client(t.app, `10.82.0.${minute}`).post('/api/auth/code-request', { identifier: matricule });
    }
    expect(await codes()).toBe(10);
  });

  it('mails a confirmation link at most once a minute and 5 times an hour', async () => {
    const matricule = 'VAC0020';
    const email = await emailOf(t.db, matricule);
    const burst = await Promise.all(Array.from({ length: 20 }, () => new Client(t.app, '10.83.0.1').post('/api/auth/student/sign-up', { matricule })));
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (let minute = 1; minute < 60; minute++) {
      t.clock.advanceSeconds(60);
      await new Client(t.app, '10.83.0.1').post('/api/auth/student/sign-up', { matricule });
    }
    expect((await mailsTo(t.db, email)).filter((m) => m.kind === 'email-confirmation')).toHaveLength(5);
  });
});
