import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CANDIDATE_NUMBER_PATTERN } from '@portal/contract';
import { candidates, candidateSessions } from '../../db/schema';
import { Client, mailsTo, onPostgres, twoInstances } from '../../../test/helpers';
import { candidatePayload, makeEntrance, newCandidateEmail } from './candidates.fixtures';

/**
 * Registrations sent at once to two server instances on one PostgreSQL database (PGlite runs one
 * query at a time and would hide the races). One registration per address and entrance rests on the
 * unique index candidates_entrance_email_uq alone (nothing is locked: a crowd registers at once).
 * Without it these fail: we ran them with the index dropped (`drop index candidates_entrance_email_uq`
 * in the test's database before the burst), and the 40 identical submits got 500s instead of 40
 * 202s, PostgreSQL refusing an ON CONFLICT target no unique index matches; an insert without
 * that target would store 40 rows, which the row count below refuses as well.
 */
describe.runIf(onPostgres)('registering under concurrency (PostgreSQL, two instances)', () => {
  // The burst of these tests is about the database's answers, not the capacity gate's (decision 45,
  // lib/capacity.test.ts and bench/burst.ts): each instance lets all of it wait, however slow the machine.
  const cluster = twoInstances({
    env: { CANDIDATE_REGISTRATION_QUEUE: '1000', CANDIDATE_REGISTRATION_WAIT_MS: '600000', CANDIDATE_REGISTRATIONS_PER_ADDRESS_HOUR: '30' },
  });

  const tally = (answers: { statusCode: number }[]) =>
    answers.reduce<Record<string, number>>((counts, answer) => ({ ...counts, [answer.statusCode]: (counts[answer.statusCode] ?? 0) + 1 }), {});

  it(
    'stores one registration when the same form is sent 40 times at once: 40 answers alike, no file opened, one registration mail and one repeated',
    { timeout: 120_000 },
    async () => {
      const { t } = cluster;
      const entrance = await makeEntrance(t);
      const body = candidatePayload(entrance);
      const email = String(body.EMAIL);
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => new Client(cluster.instance(i), `10.40.0.${i + 1}`).post('/api/candidate', body)));
      expect(tally(answers), answers.find((a) => a.statusCode >= 300)?.body).toEqual({ 202: 40 });

      const rows = await t.db.select({ id: candidates.id, number: candidates.CANDIDATE_NUMBER }).from(candidates).where(eq(candidates.entranceId, entrance.id));
      expect(rows).toHaveLength(1);
      // nothing tells the browser that created it from the 39 others (decision 65)
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(answers.every((a) => a.cookies.map((c) => c.name).join() === 'portal_candidate_attempt')).toBe(true);
      const kinds = (await mailsTo(t.db, email)).map((mail) => mail.kind).sort();
      expect(kinds).toEqual(['candidate-registered', 'candidate-repeated']);
      // no file opened before the address is proven
      expect(
        await t.db.select({ id: candidateSessions.candidateId }).from(candidateSessions).where(eq(candidateSessions.candidateId, rows[0]!.id)),
      ).toHaveLength(0);
    },
  );

  it('stores 200 different registrations sent at once, each with its own candidate number', { timeout: 180_000 }, async () => {
    const { t } = cluster;
    const entrance = await makeEntrance(t, { yearName: '2027-2028' });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        new Client(cluster.instance(i), `10.41.${Math.floor(i / 200)}.${(i % 200) + 1}`).post(
          '/api/candidate',
          candidatePayload(entrance, { EMAIL: newCandidateEmail('Crowd') }),
        ),
      ),
    );
    expect(tally(answers), answers.find((a) => a.statusCode !== 202)?.body).toEqual({ 202: 200 });
    const rows = await t.db
      .select({ number: candidates.CANDIDATE_NUMBER, email: sql<string>`lower(${candidates.EMAIL})` })
      .from(candidates)
      .where(eq(candidates.entranceId, entrance.id));
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((row) => row.number)).size).toBe(200);
    expect(new Set(rows.map((row) => row.email)).size).toBe(200);
    expect(rows.every((row) => CANDIDATE_NUMBER_PATTERN.test(row.number) && row.number.startsWith('C27'))).toBe(true);
  });

  it(
    'takes exactly the limit of registrations from one client address when 50 are sent at once on two instances (decision 65)',
    { timeout: 120_000 },
    async () => {
      const { t } = cluster;
      const entrance = await makeEntrance(t);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          new Client(cluster.instance(i), '10.42.0.1').post('/api/candidate', candidatePayload(entrance, { EMAIL: newCandidateEmail('Cafe') })),
        ),
      );
      expect(tally(answers)).toEqual({ 202: 30, 429: 20 });
      expect((await t.db.select({ id: candidates.id }).from(candidates).where(eq(candidates.entranceId, entrance.id))).length).toBe(30);
      const refused = answers.find((a) => a.statusCode === 429)!;
      expect(refused.json()).toMatchObject({ code: 'REGISTRATION_RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    },
  );
});
