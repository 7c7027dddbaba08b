import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../test/helpers';
import { createPglite, fromPglite, TABLE_NAMES } from './client';
import { createReadCache } from './read-cache';
import { catalogueVersion, cycles, persons, settings } from './schema';

const TABLES = ['persons', 'settings', 'catalogue_version', 'cycles'];

describe('the database client keeps reads until a table they read changes (docs/performance.md, read cache)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const counts = () => ({ hits: t.database.readCache!.hits, misses: t.database.readCache!.misses });
  let serial = 0;
  async function personWithSettings(values: Record<string, string>) {
    const tag = `RC${Date.now().toString(36).slice(-5).toUpperCase()}${++serial}`;
    const [person] = await t.db
      .insert(persons)
      .values({ MATRICULE: tag, KIND: 'STAFF', STATUS: 'VACATAIRE', FIRSTNAME: 'Read', LASTNAME: 'Cache', EMAIL: `${tag.toLowerCase()}@portal.example` })
      .returning({ id: persons.id });
    await t.db.insert(settings).values({ personId: person!.id, values });
    // on PostgreSQL this instance's own changes come back announced a moment later, and make its reads stale once more
    await t.settled();
    return person!.id;
  }
  const settingsOf = (personId: number) => t.db.select({ values: settings.values }).from(settings).where(eq(settings.personId, personId));

  it('answers a read again from memory, each reader with a copy of its own', async () => {
    const id = await personWithSettings({ LANGUAGE: 'en' });
    const first = await settingsOf(id);
    const before = counts();
    const second = await settingsOf(id);
    expect(counts()).toEqual({ hits: before.hits + 1, misses: before.misses });
    expect(second).toEqual([{ values: { LANGUAGE: 'en' } }]);
    // what one reader does with its rows and their JSON is not what the next one reads
    (second[0]!.values as Record<string, string>).LANGUAGE = 'changed by a reader';
    second.pop();
    expect(await settingsOf(id)).toEqual(first);
    // other values are another read
    const other = await personWithSettings({ LANGUAGE: 'fr' });
    expect(await settingsOf(other)).toEqual([{ values: { LANGUAGE: 'fr' } }]);
  });

  it('reads again once the table changed, by an update, in a transaction, or by a cascade', async () => {
    const id = await personWithSettings({ LANGUAGE: 'en' });
    await settingsOf(id);
    await t.db
      .update(settings)
      .set({ values: { LANGUAGE: 'fr' } })
      .where(eq(settings.personId, id));
    expect(await settingsOf(id)).toEqual([{ values: { LANGUAGE: 'fr' } }]);

    await t.db.transaction(async (tx) => {
      await tx
        .update(settings)
        .set({ values: { LANGUAGE: 'en' } })
        .where(eq(settings.personId, id));
    });
    expect(await settingsOf(id)).toEqual([{ values: { LANGUAGE: 'en' } }]);

    // a transaction rolled back leaves what was read before true, and it is read again anyway
    await expect(
      t.db.transaction(async (tx) => {
        await tx
          .update(settings)
          .set({ values: { LANGUAGE: 'fr' } })
          .where(eq(settings.personId, id));
        throw new Error('given up');
      }),
    ).rejects.toThrow('given up');
    expect(await settingsOf(id)).toEqual([{ values: { LANGUAGE: 'en' } }]);

    // deleting the person deletes their settings (on delete cascade): a change the text does not name
    await t.db.delete(persons).where(eq(persons.id, id));
    expect(await settingsOf(id)).toEqual([]);
  });

  it('reads again what a trigger changed: the catalogue version a change to the cycles bumps', async () => {
    const version = () => t.db.select({ version: catalogueVersion.version }).from(catalogueVersion);
    const [before] = await version();
    await version();
    // a statement-level trigger runs even when no row changes
    await t.db
      .update(cycles)
      .set({ name: sql`${cycles.name}` })
      .where(sql`false`);
    const [after] = await version();
    expect(after!.version).toBe(before!.version + 1);
  });

  it('keeps nothing that depends on the moment or takes a lock, nor a statement that reads no table', async () => {
    const before = counts();
    const moment = () => t.db.execute(sql`select count(*) from ${persons} where ${persons.createdAt} <= now()`);
    await moment();
    await moment();
    await t.db.execute(sql`select 1`);
    await t.db.execute(sql`select 1`);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${persons} limit 1 for update`);
    });
    await t.db.execute(sql`select id from ${persons} order by random() limit 1`);
    await t.db.execute(sql`select id from ${persons} order by random() limit 1`);
    expect(counts().hits).toBe(before.hits);
  });

  it("announces a change to any of the portal's tables, which another instance or program may make", async () => {
    const announced = (await t.db.execute(
      sql`select c.relname as "table" from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid where p.proname = 'announce_table_change' and not g.tgisinternal`,
    )) as unknown as { rows: { table: string }[] };
    expect(announced.rows.map((row) => row.table).sort()).toEqual([...TABLE_NAMES].sort());
  });

  it.runIf(onPostgres)('on PostgreSQL, reads again what another program changed once its announcement arrived', async () => {
    const id = await personWithSettings({ LANGUAGE: 'en' });
    await settingsOf(id);
    const before = counts();
    await settingsOf(id);
    expect(counts().hits).toBe(before.hits + 1);
    const other = new pg.Client({ connectionString: t.databaseUrl! });
    await other.connect();
    try {
      await other.query(`update settings set "values" = '{"LANGUAGE":"fr"}' where person_id = $1`, [id]);
    } finally {
      await other.end();
    }
    await t.settled();
    expect(await settingsOf(id)).toEqual([{ values: { LANGUAGE: 'fr' } }]);
    // while changes made elsewhere may go unheard, nothing is kept
    t.database.readCache!.pause();
    await settingsOf(id);
    const paused = counts();
    await settingsOf(id);
    expect(counts().hits).toBe(paused.hits);
    t.database.readCache!.resume();
  });

  it('forgets everything when the schema changes', async () => {
    const read = () => t.db.execute(sql`select count(*)::int as n from ${cycles}`);
    await read();
    await read();
    const before = counts();
    await t.db.execute(sql`create temporary table read_cache_probe (id int)`);
    await read();
    expect(counts()).toEqual({ hits: before.hits, misses: before.misses + 1 });
  });
});

describe.runIf(!onPostgres)('which statements are reads, changes, or neither', () => {
  it('learns the triggers, cascades and volatile functions from the database, then classifies each text once', async () => {
    const client = await createPglite();
    try {
      await client.exec(`
        create table persons (id int primary key);
        create table settings (person_id int references persons (id) on delete cascade, "values" jsonb);
        create table catalogue_version (version int);
        create table cycles (id int);
        create function bump() returns trigger language plpgsql as $$ begin update catalogue_version set version = version + 1; return null; end $$;
        create trigger cycles_bump after update on cycles for each statement execute function bump();`);
      const cache = createReadCache({ tables: TABLES, entries: 10, maxCells: 100 });
      // before it learnt what a change touches and which functions are volatile, it keeps nothing
      expect(cache.classify('select * from "persons"')).toEqual({ kind: 'other' });
      await cache.learn((text) => client.query(text));
      expect(cache.ready).toBe(true);
      expect(cache.classify('select "persons"."id" from "persons" left join settings s on s.person_id = "persons"."id" where "persons"."id" = $1')).toEqual({
        kind: 'read',
        tables: ['persons', 'settings'],
      });
      expect(cache.classify('select 1')).toEqual({ kind: 'other' });
      for (const text of [
        'select * from persons where x < now()',
        "select * from persons where d = 'today'",
        'select current_date, id from persons',
        'select * from persons for update',
        "select nextval('s'), id from persons",
        'select gen_random_uuid(), id from persons',
        'select * into other from persons',
      ]) {
        expect(cache.classify(text), text).toEqual({ kind: 'other' });
      }
      expect(cache.classify('update "cycles" set id = 1')).toEqual({ kind: 'change', tables: ['cycles'] });
      expect(cache.classify('with gone as (delete from persons returning id) select count(*) from gone')).toEqual({ kind: 'change', tables: ['persons'] });
      for (const text of ['create table x (id int)', 'truncate persons', 'alter table persons add column y int', 'do $$ begin end $$'])
        expect(cache.classify(text), text).toEqual({ kind: 'schema' });
      for (const text of ['vacuum analyze persons', 'set plan_cache_mode = auto', 'listen x']) expect(cache.classify(text), text).toEqual({ kind: 'other' });

      // a read kept under its counters is stale once a table it read changes, itself or by a trigger or a cascade
      const keepAndCheck = (text: string, changed: string[]) => {
        const statement = cache.classify(text);
        const stamp = cache.stamp(statement);
        cache.keep(statement, text, [], undefined, stamp, { rows: [{ n: 1 }], fields: [{ name: 'n', dataTypeID: 23 }] });
        expect(cache.get(statement, text, [], undefined)).toEqual({ rows: [{ n: 1 }], fields: [{ name: 'n', dataTypeID: 23 }] });
        cache.changed(changed);
        return cache.get(statement, text, [], undefined);
      };
      expect(keepAndCheck('select count(*) as n from catalogue_version', ['cycles'])).toBeUndefined();
      expect(keepAndCheck('select count(*) as n from settings', ['persons'])).toBeUndefined();
      expect(keepAndCheck('select count(*) as n from persons', ['settings'])).toEqual({ rows: [{ n: 1 }], fields: [{ name: 'n', dataTypeID: 23 }] });
      // each answer is a copy, down to the JSON in it; a JSON key "__proto__" stays a key of the copy
      const json = cache.classify('select "values" from settings');
      const values = JSON.parse('{"__proto__": {"polluted": "yes"}, "LANGUAGE": "en", "list": [{"a": 1}]}') as Record<string, unknown>;
      cache.keep(json, 'select "values" from settings', [], { rowMode: 'array' }, cache.stamp(json), {
        rows: [[values]],
        fields: [{ name: 'values', dataTypeID: 3802 }],
      });
      values.LANGUAGE = 'changed after it was kept';
      const [[copy]] = cache.get(json, 'select "values" from settings', [], { rowMode: 'array' })!.rows as [[Record<string, unknown>]];
      expect(Object.keys(copy)).toEqual(['__proto__', 'LANGUAGE', 'list']);
      expect(copy).toMatchObject({ LANGUAGE: 'en', list: [{ a: 1 }] });
      expect((copy as { polluted?: string }).polluted).toBeUndefined();
      (copy.list as { a: number }[])[0]!.a = 2;
      expect(cache.get(json, 'select "values" from settings', [], { rowMode: 'array' })!.rows).toEqual([
        [JSON.parse('{"__proto__": {"polluted": "yes"}, "LANGUAGE": "en", "list": [{"a": 1}]}')],
      ]);
      // values of different types are different reads, and a value without a faithful text is not kept
      const byId = cache.classify('select id from persons where id = $1');
      const keepId = (value: unknown, id: number) =>
        cache.keep(byId, 'select id from persons where id = $1', [value], undefined, cache.stamp(byId), {
          rows: [{ id }],
          fields: [{ name: 'id', dataTypeID: 23 }],
        });
      keepId('7', 1);
      keepId(7, 2);
      keepId(new Date(7), 3);
      keepId([7], 4);
      keepId(new Uint8Array([7]), 5);
      const answer = (value: unknown) =>
        (cache.get(byId, 'select id from persons where id = $1', [value], undefined)?.rows[0] as { id: number } | undefined)?.id;
      expect([answer('7'), answer(7), answer(new Date(7)), answer([7]), answer(new Uint8Array([7]))]).toEqual([1, 2, 3, 4, undefined]);
      // the row mode is part of the key
      expect(cache.get(json, 'select "values" from settings', [], undefined)).toBeUndefined();
      // at most `entries` answers, the least recently used forgotten first; none bigger than `maxCells` values
      for (let i = 0; i < 12; i++) {
        const statement = cache.classify('select id from persons where id = $1');
        cache.keep(statement, 'select id from persons where id = $1', [i], undefined, cache.stamp(statement), {
          rows: [{ id: i }],
          fields: [{ name: 'id', dataTypeID: 23 }],
        });
      }
      expect(cache.size).toBe(10);
      const big = cache.classify('select id from cycles');
      cache.keep(big, 'select id from cycles', [], undefined, cache.stamp(big), {
        rows: Array.from({ length: 101 }, (_, id) => ({ id })),
        fields: [{ name: 'id', dataTypeID: 23 }],
      });
      expect(cache.get(big, 'select id from cycles', [], undefined)).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it('keeps at most `totalCells` values in all, forgetting the least recently used answers first', async () => {
    const cache = createReadCache({ tables: TABLES, entries: 100, maxCells: 50, totalCells: 100 });
    // a database without triggers, cascades or volatile functions
    await cache.learn(async () => ({ rows: [], fields: [] }));
    const answer = (rows: number) => ({ rows: Array.from({ length: rows }, (_, id) => ({ id })), fields: [{ name: 'id', dataTypeID: 23 }] });
    const text = (name: string) => `select id from persons where name = '${name}'`;
    const keep = (name: string, rows: number) => {
      const read = cache.classify(text(name));
      cache.keep(read, text(name), [], undefined, cache.stamp(read), answer(rows));
    };
    const rowsOf = (name: string) => cache.get(cache.classify(text(name)), text(name), [], undefined)?.rows.length;
    keep('a', 40);
    keep('b', 40);
    expect(rowsOf('a')).toBe(40); // a is now the most recently used
    keep('c', 40); // 120 values: b, the least recently used, goes
    expect([rowsOf('a'), rowsOf('b'), rowsOf('c')]).toEqual([40, undefined, 40]);
    keep('c', 10); // kept again, smaller: 50 values in all
    keep('d', 50); // 100: all stay
    expect(cache.size).toBe(3);
    keep('e', 20); // 120: a goes
    expect([rowsOf('a'), rowsOf('c'), rowsOf('d'), rowsOf('e')]).toEqual([undefined, 10, 50, 20]);
  });

  it('keeps nothing a read answered while everything was forgotten (its counters are of before, as the cleared ones)', async () => {
    const cache = createReadCache({ tables: TABLES, entries: 10, maxCells: 100 });
    await cache.learn(async () => ({ rows: [], fields: [] }));
    const text = 'select id from persons';
    const read = cache.classify(text);
    const stamp = cache.stamp(read); // no change yet: every counter is 0
    cache.forget(); // e.g. DDL on another connection while the read ran
    await cache.learn(async () => ({ rows: [], fields: [] }));
    cache.keep(read, text, [], undefined, stamp, { rows: [{ id: 1 }], fields: [{ name: 'id', dataTypeID: 23 }] });
    expect(cache.answer(text, [], undefined)).toBeUndefined();
  });

  it('is off with READ_CACHE=off: every read runs', async () => {
    const client = await createPglite();
    try {
      const database = fromPglite(client, { readCache: false });
      expect(database.readCache).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});
