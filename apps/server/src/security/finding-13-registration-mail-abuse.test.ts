/*
 * Finding 13 (issue 33): "anyone can make the portal mail any address, without limit. 60
 * registrations in a row from one client took 666 ms, all 201, and sent 60 mails to addresses of the
 * caller's choosing. The mail opens with the typed names, so a caller who types 'URGENT: your account
 * is suspended, log in at https://evil.example/login' as a name sends a genuine university mail
 * carrying that text."
 *
 * What holds now (decision 65): registrations are counted per client address (60 an hour) and in all
 * (CANDIDATE_REGISTRATIONS_PER_HOUR), in the database; past them 429 REGISTRATION_RATE_LIMITED or 503
 * SERVER_BUSY with Retry-After, and nothing is stored or mailed. An address refused spends nothing
 * of the shared budget, so a cybercafé's 30 and a crowd from many addresses get through. No mail to
 * an address nobody has proven carries anything the sender typed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_REGISTRATIONS_PER_ADDRESS_HOUR } from '@portal/contract';
import { candidates, mailOutbox } from '../db/schema';
import { candidatePayload, makeEntrance, newCandidateEmail, type FixtureEntrance } from '../features/candidates/candidates.fixtures';
import { Client, createTestApp, mailsTo, outcome, type TestApp } from '../../test/helpers';

let t: TestApp;
let entrance: FixtureEntrance;
beforeAll(async () => {
  t = await createTestApp();
  entrance = await makeEntrance(t);
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: typeof candidates | typeof mailOutbox) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('finding 13: registrations that mail strangers', () => {
  it('takes 60 registrations an hour from one client address, then 429 with Retry-After and nothing stored or mailed; the next hour, again', async () => {
    const client = new Client(t.app, '198.51.100.13');
    const [rowsBefore, mailsBefore] = [await count(candidates), await count(mailOutbox)];
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++)
      statuses.push((await client.post('/api/candidate', candidatePayload(entrance, { EMAIL: newCandidateEmail('Stranger') }))).statusCode);
    const stored = (await count(candidates)) - rowsBefore;
    const mailed = (await count(mailOutbox)) - mailsBefore;
    console.warn(`finding 13: 100 registrations from one address: ${statuses.filter((s) => s < 300).length} taken, ${stored} stored, ${mailed} mails`);
    expect(statuses.filter((s) => s === 202)).toHaveLength(CANDIDATE_REGISTRATIONS_PER_ADDRESS_HOUR);
    expect(statuses.slice(CANDIDATE_REGISTRATIONS_PER_ADDRESS_HOUR).every((s) => s === 429)).toBe(true);
    expect({ stored, mailed }).toEqual({ stored: CANDIDATE_REGISTRATIONS_PER_ADDRESS_HOUR, mailed: CANDIDATE_REGISTRATIONS_PER_ADDRESS_HOUR });
    const refused = await client.post('/api/candidate', candidatePayload(entrance));
    expect(outcome(refused)).toEqual({ status: 429, code: 'REGISTRATION_RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    t.clock.advanceSeconds(3600);
    expect((await client.post('/api/candidate', candidatePayload(entrance))).statusCode).toBe(202);
  });

  it("lets a cybercafé's 30 candidates register within an hour from one address", async () => {
    const cafe = new Client(t.app, '198.51.100.30');
    const statuses = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await cafe.post('/api/candidate', candidatePayload(entrance, { EMAIL: newCandidateEmail('Cafe') }))).statusCode);
    expect(statuses.every((s) => s < 300)).toBe(true);
  });

  it('limits everyone together too (503 SERVER_BUSY with Retry-After), and an address refused spends nothing of it', async () => {
    const small = await createTestApp({ env: { CANDIDATE_REGISTRATIONS_PER_ADDRESS_HOUR: '5', CANDIDATE_REGISTRATIONS_PER_HOUR: '20' } });
    try {
      const other = await makeEntrance(small);
      const greedy = new Client(small.app, '203.0.113.1');
      const own = [];
      for (let i = 0; i < 12; i++) own.push((await greedy.post('/api/candidate', candidatePayload(other, { EMAIL: newCandidateEmail('Greedy') }))).statusCode);
      expect(own).toEqual([...Array(5).fill(202), ...Array(7).fill(429)]);
      // 15 more from 15 addresses: the shared 20 are reached, not passed
      for (let i = 0; i < 15; i++)
        expect(
          (await new Client(small.app, `203.0.113.${i + 10}`).post('/api/candidate', candidatePayload(other, { EMAIL: newCandidateEmail('Crowd') })))
            .statusCode,
        ).toBe(202);
      const busy = await new Client(small.app, '203.0.113.99').post('/api/candidate', candidatePayload(other, { EMAIL: newCandidateEmail('Late') }));
      expect(outcome(busy)).toEqual({ status: 503, code: 'SERVER_BUSY' });
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });

  it('mails nothing the sender typed to an address nobody has proven: not in the greeting, not anywhere', async () => {
    const lure = 'URGENT: your account is suspended, log in at https://evil.example/login';
    const body = candidatePayload(entrance, { FIRSTNAME: lure, LASTNAME: lure, BIRTHPLACE: lure, LIVING_TOWN: lure, EMAIL: newCandidateEmail('Victim') });
    const sent = await new Client(t.app, '198.51.100.77').post('/api/candidate', body);
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    // and again (the repeated registration's mail), a minute later
    t.clock.advanceSeconds(61);
    expect((await new Client(t.app, '198.51.100.78').post('/api/candidate', { ...body, LASTNAME: `${lure} 2` })).statusCode).toBeLessThan(300);
    const mails = await mailsTo(t.db, String(body.EMAIL));
    expect(mails.map((m) => m.kind).sort()).toEqual(['candidate-registered', 'candidate-repeated']);
    for (const mail of mails) {
      const whole = `${mail.subject}\n${mail.textBody}\n${mail.htmlBody ?? ''}`;
      console.warn(`finding 13: the ${mail.kind} mail opens with "${mail.textBody.split('\n')[0]}"`);
      expect(whole).not.toContain('evil.example');
      expect(whole).not.toContain('URGENT');
      expect(mail.textBody.split('\n')[0]).toBe('Hello,');
    }
  });
});
