import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationChoices } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, onPostgres, signIn, twoInstances } from '../../../test/helpers';
import { apply, seedApplicationSessionId, subjectByCode } from './academic.fixtures';

/**
 * Two office agents, on two server instances, confirm two lecturers' choices of the same part of
 * a subject at the same moment: the partial unique index lets exactly one through.
 */
describe.runIf(onPostgres)('confirming the same part twice at once (PostgreSQL, two instances)', () => {
  const cluster = twoInstances();
  let agentA: Client;
  let agentB: Client;

  beforeAll(async () => {
    agentA = (await signIn(cluster.t, DEMO_ACCOUNTS.academic.matricule)).client;
    // The second agent (an administrator) works through the other instance.
    const admin = (await signIn(cluster.t, DEMO_ACCOUNTS.admin.matricule)).client;
    agentB = new Client(cluster.other);
    for (const [name, value] of admin.cookies) agentB.cookies.set(name, value);
  });

  it('lets exactly one confirmation win, the other gets ALREADY_ASSIGNED', async () => {
    const sessionId = await seedApplicationSessionId(cluster.t.db);
    const subjects = await Promise.all(['GSI101', 'GSI102', 'GSI103', 'GSI104'].map((code) => subjectByCode(cluster.t.db, 'BTS1 GSI/J A', code)));
    const parts = subjects.flatMap((s) => (['CM', 'TD'] as const).map((category) => ({ subjectId: s.id, category })));
    const first = await apply(cluster.t.db, { matricule: 'VAC0021', sessionId, choices: parts });
    const second = await apply(cluster.t.db, { matricule: 'VAC0022', sessionId, choices: parts });

    for (const [i, part] of parts.entries()) {
      const [a, b] = await Promise.all([
        agentA.post(`/api/academic/choices/${first.choiceIds[i]}/confirm`),
        agentB.post(`/api/academic/choices/${second.choiceIds[i]}/confirm`),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses, `part ${part.subjectId} ${part.category}: ${a.body} / ${b.body}`).toEqual([200, 409]);
      expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('ALREADY_ASSIGNED');
      const confirmed = await cluster.t.db
        .select({ id: applicationChoices.id })
        .from(applicationChoices)
        .where(
          and(
            eq(applicationChoices.sessionId, sessionId),
            eq(applicationChoices.SUBJECT_ID, part.subjectId),
            eq(applicationChoices.CATEGORY, part.category),
            eq(applicationChoices.AFFECTATION, 1),
          ),
        );
      expect(confirmed).toHaveLength(1);
      const winner = a.statusCode === 200 ? first.choiceIds[i] : second.choiceIds[i];
      expect(confirmed[0]!.id).toBe(winner);
    }
  });
});
