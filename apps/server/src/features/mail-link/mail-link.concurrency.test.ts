import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailLinks } from '../../db/schema';
import { lastMailTo, onPostgres, sameSessionOn, sessionFor, twoInstances, type Client } from '../../../test/helpers';
import { makeStudent } from '../timetable/timetable.fixtures';

/**
 * Two people proving the same address at the same moment, from two server instances on PostgreSQL
 * (PGlite serialises everything and would hide the race): mail_links_address_uq links it to one,
 * the other gets 409 MAIL_ACCOUNT_IN_USE, never a 500 and never a second link.
 */
describe.runIf(onPostgres)('linking a mail account under concurrency (PostgreSQL, two instances)', () => {
  const cluster = twoInstances();

  it('links each of 20 addresses to exactly one of the two people confirming it at once; the other gets 409', async () => {
    const { t, other } = cluster;
    const pairs = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const address = `race.${i}.${Math.random().toString(36).slice(2, 8)}@gmail.example`;
        const people = await Promise.all([makeStudent(t, { klass: null }), makeStudent(t, { klass: null })]);
        const codes: string[] = [];
        const clients: Client[] = [];
        for (const person of people) {
          const client = await sessionFor(t, person.id);
          const asked = await client.post('/api/students/gmail-account', { GMAIL_ACCOUNT: address });
          expect(asked.statusCode, asked.body).toBe(200);
          codes.push(/\b(\d{6})\b/.exec((await lastMailTo(t.db, address))!.subject)![1]!);
          clients.push(client);
        }
        // the first person confirms on one instance, the second on the other
        return {
          address,
          people,
          confirm: () =>
            Promise.all([
              clients[0]!.post('/api/students/gmail-account/confirm', { CODE: codes[0] }),
              sameSessionOn(clients[1]!, other).post('/api/students/gmail-account/confirm', { CODE: codes[1] }),
            ]),
        };
      }),
    );

    const results = await Promise.all(pairs.map((pair) => pair.confirm()));
    for (const [i, answers] of results.entries()) {
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, `${pairs[i]!.address}: ${answers.map((a) => a.body).join(' | ')}`).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe('MAIL_ACCOUNT_IN_USE');
    }
    const linked = await t.db
      .select({ address: mailLinks.address, n: sql<number>`count(*)::int` })
      .from(mailLinks)
      .where(
        inArray(
          mailLinks.address,
          pairs.map((pair) => pair.address),
        ),
      )
      .groupBy(mailLinks.address);
    expect(linked).toHaveLength(20);
    expect(linked.every((row) => row.n === 1)).toBe(true);
  });
});
