import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../test/helpers';
import { READ_CHANGE_CHANNEL } from './client';
import { cycles, persons, settings } from './schema';

/**
 * Deferred announcements (docs/performance.md): on PostgreSQL the portal's own connections leave their announcements in
 * `portal_announcements` (their transactions then commit without PostgreSQL's one lock on the
 * notification queue), and the server sends them once the change committed. Other programs still
 * announce in their own transactions.
 */
describe.runIf(onPostgres)("announcements of the portal's own changes are sent after they committed (docs/performance.md, deferred announcements)", () => {
  let t: TestApp;
  let listener: pg.Client;
  const heard: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    listener = new pg.Client({ connectionString: t.databaseUrl! });
    await listener.connect();
    listener.on('notification', (message) => heard.push(`${message.channel}:${message.payload ?? ''}`));
    await listener.query(`listen "${READ_CHANGE_CHANNEL}"`);
    await listener.query('listen "portal_person_change"');
  });
  afterAll(async () => {
    await listener?.end();
    await t?.close();
  });

  /** waits until the listener heard this (a marker through the app's own settle comes after it) */
  async function hears(announcement: string): Promise<boolean> {
    for (let attempt = 0; attempt < 50; attempt++) {
      if (heard.includes(announcement)) return true;
      await t.settled();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return heard.includes(announcement);
  }
  const pending = async () =>
    ((await t.db.execute(sql`select channel, payload from portal_announcements`)) as unknown as { rows: { channel: string; payload: string }[] }).rows;

  it('a change in a transaction of the portal waits in the table, and is heard once committed', async () => {
    const [person] = await t.db.select({ id: persons.id }).from(persons).limit(1);
    heard.length = 0;
    const during = await t.db.transaction(async (tx) => {
      await tx
        .update(settings)
        .set({ values: { LANGUAGE: 'fr' } })
        .where(eq(settings.personId, person!.id));
      return ((await tx.execute(sql`select channel, payload from portal_announcements`)) as unknown as { rows: { channel: string; payload: string }[] }).rows;
    });
    expect(during).toEqual(
      expect.arrayContaining([
        { channel: READ_CHANGE_CHANNEL, payload: 'settings' },
        { channel: 'portal_person_change', payload: String(person!.id) },
      ]),
    );
    expect(await hears(`${READ_CHANGE_CHANNEL}:settings`)).toBe(true);
    expect(await hears(`portal_person_change:${person!.id}`)).toBe(true);
    expect(await pending()).toEqual([]);
  });

  it('a change outside a transaction is sent without a request asking', async () => {
    heard.length = 0;
    await t.db.update(persons).set({ PHONE_NUMBER: '677000000' }).where(eq(persons.id, -1));
    // (no settle: the pool sends what its change left once the statement answered)
    for (let attempt = 0; attempt < 50 && !heard.includes(`${READ_CHANGE_CHANNEL}:persons`); attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toContain(`${READ_CHANGE_CHANNEL}:persons`);
  });

  it('what an instance left when it stopped is sent by the next one that sends', async () => {
    heard.length = 0;
    const raw = new pg.Client({ connectionString: t.databaseUrl! });
    await raw.connect();
    try {
      await raw.query(`insert into portal_announcements (channel, payload) values ($1, 'left_behind')`, [READ_CHANGE_CHANNEL]);
    } finally {
      await raw.end();
    }
    expect(await hears(`${READ_CHANGE_CHANNEL}:left_behind`)).toBe(true);
  });

  it('another program announces in its own transaction, as before', async () => {
    heard.length = 0;
    const raw = new pg.Client({ connectionString: t.databaseUrl! });
    await raw.connect();
    try {
      await raw.query('begin');
      await raw.query(`update cycles set code = code where false`);
      expect((await raw.query('select count(*)::int as n from portal_announcements')).rows[0].n).toBe(0);
      await raw.query('commit');
    } finally {
      await raw.end();
    }
    expect(await hears(`${READ_CHANGE_CHANNEL}:cycles`)).toBe(true);
  });

  it('asks made while a marker travels share the next one, which still comes after what they committed (docs/performance.md, change feed)', async () => {
    const changes = t.app.ctx.changes!;
    heard.length = 0;
    // one ask a turn of the event loop, for 40 turns: a marker takes several turns to come back
    const asks: Promise<boolean>[] = [];
    for (let turn = 0; turn < 40; turn++) {
      asks.push(changes.settle());
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(asks)).toEqual(asks.map(() => true));
    for (let attempt = 0; attempt < 50 && heard.filter((h) => h.includes(':settle:')).length === 0; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const markers = heard.filter((h) => h.startsWith('portal_person_change:settle:')).length;
    expect(markers).toBeGreaterThan(0);
    expect(markers).toBeLessThanOrEqual(20);

    // Another program's change committed while a marker travels: the next settle is heard after it.
    const raw = new pg.Client({ connectionString: t.databaseUrl! });
    await raw.connect();
    try {
      const [cycle] = await t.db.select({ id: cycles.id, name: cycles.name }).from(cycles).limit(1);
      const travelling = changes.settle();
      await new Promise((resolve) => setImmediate(resolve));
      await raw.query('update cycles set name = $1 where id = $2', [`${cycle!.name} (renamed)`, cycle!.id]);
      expect(await changes.settle()).toBe(true);
      const [read] = await t.db.select({ name: cycles.name }).from(cycles).where(eq(cycles.id, cycle!.id));
      expect(read!.name).toBe(`${cycle!.name} (renamed)`);
      await travelling;
      await raw.query('update cycles set name = $1 where id = $2', [cycle!.name, cycle!.id]);
    } finally {
      await raw.end();
    }
  });
});
