import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, ok, onPostgres, personIdOf, sessionFor, type TestApp } from '../../test/helpers';
import { statementNames } from './named-statements';
import { persons } from './schema';

describe('statement names (docs/performance.md, kept plans)', () => {
  const limits = { texts: 3, perConnection: 2, maxText: 100, maxParams: 3 };
  const text = 'select * from persons where id = $1';

  it('names a text the second time it is seen, with the same name on every connection', () => {
    const names = statementNames(limits);
    const one = new Set<string>();
    const two = new Set<string>();
    expect(names.nameFor(text, 1, one)).toBeUndefined();
    const name = names.nameFor(text, 1, one);
    expect(name).toMatch(/^portal_n\d+$/);
    expect(names.nameFor(text, 1, one)).toBe(name);
    expect(names.nameFor(text, 1, two)).toBe(name);
    expect([...one]).toEqual([name]);
  });

  it('names no statement without values, with too many values or too long a text', () => {
    const names = statementNames(limits);
    for (let i = 0; i < 3; i++) {
      expect(names.nameFor('begin', 0, new Set())).toBeUndefined();
      expect(names.nameFor('insert into t values ($1, $2, $3, $4)', 4, new Set())).toBeUndefined();
      expect(names.nameFor(`select ${'1, '.repeat(50)}$1`, 1, new Set())).toBeUndefined();
    }
  });

  it('keeps at most perConnection names on a connection, and sends the rest unnamed', () => {
    const names = statementNames(limits);
    const held = new Set<string>();
    const texts = ['select $1::int', 'select $1::text', 'select $1::date'];
    for (const t of texts) names.nameFor(t, 1, held);
    const given = texts.map((t) => names.nameFor(t, 1, held));
    expect(given[0]).toBeDefined();
    expect(given[1]).toBeDefined();
    expect(given[2]).toBeUndefined();
    expect(held.size).toBe(2);
    // another connection still gets the third
    expect(names.nameFor(texts[2]!, 1, new Set())).toBeDefined();
  });

  it('remembers at most `texts` texts, forgetting the one seen or named longest ago', () => {
    const names = statementNames(limits);
    const held = new Set<string>();
    names.nameFor('select $1::int', 1, held);
    for (const t of ['select $1::text', 'select $1::date', 'select $1::uuid']) names.nameFor(t, 1, held);
    // the first was forgotten: seen again, it counts as a first sighting
    expect(names.nameFor('select $1::int', 1, held)).toBeUndefined();
    expect(names.nameFor('select $1::int', 1, held)).toBeDefined();
  });
});

/** Through the app, one connection: a write's statements are parsed once, then only bound and run. */
describe.runIf(onPostgres)('named statements on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DATABASE_POOL_SIZE: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The statements this connection has prepared whose text starts so, with how often each was planned. */
  async function prepared(start: string) {
    const result = (await t.db.execute(
      sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like ${`${start}%`}`,
    )) as unknown as { rows: { name: string; generic: number; custom: number }[] };
    return result.rows.map((row) => ({ name: row.name, runs: row.generic + row.custom }));
  }

  it('parses a statement sent without a name once, from its second run, and runs it under one name', async () => {
    const id = await personIdOf(t, 'PER0001');
    for (let i = 0; i < 8; i++)
      await t.db
        .update(persons)
        .set({ PHONE_NUMBER: `67700000${i}` })
        .where(eq(persons.id, id));
    await t.settled();
    const rows = await prepared('update "persons"');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toMatch(/^portal_n\d+$/);
    // named at its second run: the seven runs since went through the one statement
    expect(rows[0]!.runs).toBeGreaterThanOrEqual(7);
  });

  it("runs a settings save's update, prepared by its service, under its own name (docs/performance.md, writes in fewer round trips)", async () => {
    const client = await sessionFor(t, await personIdOf(t, 'PER0001'));
    for (let i = 0; i < 8; i++) ok(await client.post('/api/settings', { LANGUAGE: i % 2 ? 'fr' : 'en' }));
    const rows = await prepared('update "settings"');
    expect(rows).toEqual([{ name: 'settings_swap', runs: expect.any(Number) as number }]);
    // (the first save may insert the row)
    expect(rows[0]!.runs).toBeGreaterThanOrEqual(7);
  });
});
