import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestPage } from '@portal/contract';
import { createTestApp, ok, onPostgres, sessionFor, type TestApp } from '../../test/helpers';
import { cycles, persons, requestSubcategories, settings } from '../db/schema';
import { createKeptAnswers, StaleKeptAnswer, type KeptAnswers } from './kept-answers';

describe('whole answers kept until a table they were read from changes (docs/performance.md, kept answers)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // the read cache learns the triggers and cascades with its first read: until then nothing is kept
    await t.db.select({ id: persons.id }).from(persons).limit(1);
  });
  afterAll(async () => {
    await t?.close();
  });

  let serial = 0;
  async function person(language: string) {
    const tag = `KA${Date.now().toString(36).slice(-5).toUpperCase()}${++serial}`;
    const [row] = await t.db
      .insert(persons)
      .values({ MATRICULE: tag, KIND: 'STAFF', STATUS: 'VACATAIRE', FIRSTNAME: 'Kept', LASTNAME: 'Answer', EMAIL: `${tag.toLowerCase()}@portal.example` })
      .returning({ id: persons.id });
    await t.db.insert(settings).values({ personId: row!.id, values: { LANGUAGE: language } });
    await t.settled();
    return row!.id;
  }
  const languageOf = async (id: number) => {
    const [row] = await t.db.select({ values: settings.values }).from(settings).where(eq(settings.personId, id));
    return { language: (row?.values as { LANGUAGE?: string } | undefined)?.LANGUAGE ?? null };
  };
  /** answers kept with the app's own read cache, a build counted each time it runs */
  function answers(options: { entries?: number; check?: boolean } = {}) {
    const kept = createKeptAnswers(t.database.readCache!, { entries: options.entries ?? 10, check: options.check ?? false });
    const built = { n: 0 };
    const ask = (what: { name?: string; id: number; tables?: Parameters<KeptAnswers['answer']>[0]['tables'] }) =>
      kept.answer({ name: what.name ?? 'language', of: what.id, tables: what.tables ?? [settings] }, async () => {
        built.n++;
        return languageOf(what.id);
      });
    return { kept, built, ask };
  }

  it('gives an answer again, frozen, until a table it names changes', async () => {
    const id = await person('en');
    const { kept, built, ask } = answers();
    const first = await ask({ id });
    const second = await ask({ id });
    expect(second).toBe(first);
    expect(built.n).toBe(1);
    expect(kept.hits).toBe(1);
    expect(Object.isFrozen(second)).toBe(true);
    // another value it depends on is another answer
    const other = await person('fr');
    expect(await ask({ id: other })).toEqual({ language: 'fr' });
    expect(built.n).toBe(2);

    await t.db
      .update(settings)
      .set({ values: { LANGUAGE: 'fr' } })
      .where(eq(settings.personId, id));
    await t.settled();
    expect(await ask({ id })).toEqual({ language: 'fr' });
    expect(built.n).toBe(3);
  });

  it('does not keep an answer whose table changed while it was being built', async () => {
    const id = await person('en');
    const kept = createKeptAnswers(t.database.readCache!, { entries: 10 });
    let builds = 0;
    const ask = () =>
      kept.answer({ name: 'language', of: id, tables: [settings] }, async () => {
        builds++;
        const answer = await languageOf(id);
        if (builds === 1)
          await t.db
            .update(settings)
            .set({ values: { LANGUAGE: 'fr' } })
            .where(eq(settings.personId, id));
        return answer;
      });
    expect(await ask()).toEqual({ language: 'en' });
    expect(await ask()).toEqual({ language: 'fr' });
    expect(builds).toBe(2);
  });

  it('builds once for requests that ask for the same answer at the same time', async () => {
    const id = await person('en');
    const { built, ask } = answers();
    const all = await Promise.all([ask({ id }), ask({ id }), ask({ id })]);
    expect(built.n).toBe(1);
    expect(all.every((answer) => answer === all[0])).toBe(true);
  });

  it('keeps at most as many answers as it is told, the least recently used forgotten first', async () => {
    const ids = [await person('en'), await person('en'), await person('en')];
    const { kept, built, ask } = answers({ entries: 2 });
    await ask({ id: ids[0]! });
    await ask({ id: ids[1]! });
    await ask({ id: ids[0]! }); // used again: now the most recent
    await ask({ id: ids[2]! }); // forgets ids[1]
    expect(kept.size).toBe(2);
    expect(built.n).toBe(3);
    await ask({ id: ids[0]! });
    expect(built.n).toBe(3);
    await ask({ id: ids[1]! });
    expect(built.n).toBe(4);
  });

  it('keeps nothing while changes made elsewhere may go unheard', async () => {
    const id = await person('en');
    const { built, ask } = answers();
    t.database.readCache!.pause();
    try {
      await ask({ id });
      await ask({ id });
      expect(built.n).toBe(2);
    } finally {
      t.database.readCache!.resume();
    }
    // (resumed, everything was forgotten: the first read learns again, and its answer is not kept)
    await ask({ id });
    await ask({ id });
    expect(built.n).toBe(4);
    await ask({ id });
    expect(built.n).toBe(4);
  });

  it('checking, fails when a service did not name a table its answer reads', async () => {
    const id = await person('en');
    const { ask } = answers({ check: true });
    // named the cycles, reads the settings
    await ask({ id, name: 'misnamed', tables: [cycles] });
    await expect(ask({ id, name: 'misnamed', tables: [cycles] })).resolves.toEqual({ language: 'en' });
    await t.db
      .update(settings)
      .set({ values: { LANGUAGE: 'fr' } })
      .where(eq(settings.personId, id));
    await t.settled();
    await expect(ask({ id, name: 'misnamed', tables: [cycles] })).rejects.toThrow(StaleKeptAnswer);
    // named rightly, the same change builds it again
    await ask({ id, name: 'named' });
    await t.db
      .update(settings)
      .set({ values: { LANGUAGE: 'en' } })
      .where(eq(settings.personId, id));
    await t.settled();
    await expect(ask({ id, name: 'named' })).resolves.toEqual({ language: 'en' });
  });

  it('is on in the app, checking each answer given from memory in the tests on the embedded database', () => {
    expect(t.app.ctx.answers?.check).toBe(!onPostgres);
  });

  it("a lecturer's list of requests is kept until one of its tables changes", async () => {
    const id = await person('en');
    const client = await sessionFor(t, id);
    const answers = t.app.ctx.answers!;
    const first = ok<RequestPage>(await client.get('/api/requests?page=1&pageSize=20'));
    const hits = answers.hits;
    const again = ok<RequestPage>(await client.get('/api/requests?page=1&pageSize=20'));
    expect(again).toEqual(first);
    expect(answers.hits).toBe(hits + 1);
    // a sub-category renamed is shown in the list's lines: the list is read again
    const [sub] = await t.db.select().from(requestSubcategories).limit(1);
    await t.db
      .update(requestSubcategories)
      .set({ name: `${sub!.name}` })
      .where(eq(requestSubcategories.id, sub!.id));
    await t.settled();
    const misses = answers.misses;
    ok<RequestPage>(await client.get('/api/requests?page=1&pageSize=20'));
    expect(answers.misses).toBe(misses + 1);
  });
});
