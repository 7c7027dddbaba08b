import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/helpers';
import { createPglite } from './client';
import { pgliteStatements, type PgliteStatements } from './pglite-statements';

// Named statements are how the portal queries PGlite (docs/performance.md, PGlite in turns); on PostgreSQL node-postgres
// talks to the server itself.
describe.runIf(!onPostgres)('named statements on PGlite (docs/performance.md, PGlite in turns)', () => {
  let client: PGlite;
  let statements: PgliteStatements;
  /** the session's prepared statements, as PostgreSQL lists them */
  const prepared = async () => (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows;

  beforeAll(async () => {
    client = await createPglite();
    await client.exec(`create table people (id int primary key, name text not null, born date, tags text[], data jsonb)`);
    statements = pgliteStatements(client, { size: 3 });
  });
  afterAll(async () => {
    await client?.close();
  });

  it('answers as PGlite does: rows, fields, affected rows, arrays, dates, JSON, nulls, and rows as arrays', async () => {
    const insert = 'insert into people (id, name, born, tags, data) values ($1, $2, $3, $4, $5) returning id, name';
    const inserted = await statements.query(insert, [1, 'Amina', '2001-02-03', ['a', 'b'], { town: 'Douala' }], undefined);
    expect(inserted.rows).toEqual([{ id: 1, name: 'Amina' }]);
    expect(inserted.affectedRows).toBe(1);
    await statements.query(insert, [2, 'Paul', null, null, null], undefined);
    const text = 'select id, name, born, tags, data from people order by id';
    const ours = await statements.query(text, [], undefined);
    const theirs = await client.query(text);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.rows[0]).toMatchObject({ tags: ['a', 'b'], data: { town: 'Douala' } });
    const arrays = await statements.query('select id, name from people where id = $1', [2], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[2, 'Paul']]);
    const updated = await statements.query('update people set name = $1 where id > $2', ['X', 0], undefined);
    expect(updated.affectedRows).toBe(2);
  });

  const plansOf = async (text: string) => {
    const runs = await client.query<{ statement: string; generic_plans: number; custom_plans: number }>(
      'select statement, generic_plans::int, custom_plans::int from pg_prepared_statements',
    );
    return runs.rows.filter((r) => r.statement === text);
  };

  it('prepares a text once and runs it again without parsing it; a lookup is planned for its first five runs only', async () => {
    const text = 'select name from people where id = $1';
    for (let i = 0; i < 8; i++) expect((await statements.query(text, [1 + (i % 2)], undefined)).rows).toHaveLength(1);
    const mine = await plansOf(text);
    expect(mine).toHaveLength(1);
    // PostgreSQL's own choice (docs/performance.md, kept plans): the lookup's plan is the same for every id
    expect(mine[0]).toMatchObject({ generic_plans: 3, custom_plans: 5 });
  });

  it("keeps planning with the values a statement whose plan depends on them (a page's size)", async () => {
    const text = 'select name from people order by name limit $1';
    for (let i = 0; i < 8; i++) await statements.query(text, [1 + (i % 2)], undefined);
    expect(await plansOf(text)).toEqual([expect.objectContaining({ generic_plans: 0, custom_plans: 8 })]);
  });

  it('keeps at most `size` statements, closing the least recently used', async () => {
    for (let i = 0; i < 6; i++) await statements.query(`select ${i}::int as n`, [], undefined);
    expect(statements.size).toBe(3);
    const names = (await prepared()).map((s) => s.name);
    expect(names).toHaveLength(3);
  });

  it('throws the database error with its code, and the session goes on: a text that fails to parse is not kept', async () => {
    const duplicate = statements.query('insert into people (id, name) values ($1, $2)', [1, 'again'], undefined);
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    await expect(statements.query('select nope from people', [], undefined)).rejects.toMatchObject({ code: '42703' });
    const texts = (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);
    expect(texts).not.toContain('select nope from people');
    const after = await statements.query('select count(*)::int as n from people', [], undefined);
    expect(after.rows).toEqual([{ n: 2 }]);
  });

  it('inside a transaction runs in it: a rollback undoes what it wrote', async () => {
    await expect(
      client.transaction(async () => {
        await statements.inTransaction('insert into people (id, name) values ($1, $2)', [9, 'Temporary'], undefined);
        const seen = await statements.inTransaction('select name from people where id = $1', [9], undefined);
        expect(seen.rows).toEqual([{ name: 'Temporary' }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const gone = await statements.query('select name from people where id = $1', [9], undefined);
    expect(gone.rows).toEqual([]);
  });

  it('a statement outside a transaction waits for the transaction to end', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query('insert into people (id, name) values (20, $1)', ['Inside']);
      // asked while the transaction is open, between two of its statements
      outside = statements.query('select count(*)::int as n from people where id = 20', [], undefined).then((r) => {
        order.push('outside');
        return r.rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.query('select 1');
      order.push('transaction');
    });
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['transaction', 'outside']);
  });
});
