import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { children, persons, sessions } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { createTestApp, onPostgres, sameSessionOn, signIn, twoInstances, withTableAway, type TestApp } from '../../test/helpers';
import { hashToken } from './crypto';
import { SessionCache } from './session-cache';
import { TOUCH_EVERY_MS } from './session';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const own = async (client: Awaited<ReturnType<typeof signIn>>['client'], id: number) => client.get(`/api/students/${id}`);

describe('sessions kept in memory (docs/performance.md, sessions in memory)', () => {
  it('answer a signed-in read without looking the session up again', async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
    const id = user.id as number;
    expect((await own(client, id)).statusCode).toBe(200);
    const read = async () => {
      const res = await own(client, id);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { MATRICULE: string }).MATRICULE).toBe(DEMO_ACCOUNTS.permanent.matricule);
    };
    await withTableAway(t, 'sessions', read);
  });

  it('see at once a change made by anyone to the person, their children or their session', async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.partTime.matricule);
    const id = user.id as number;
    expect((await own(client, id)).statusCode).toBe(200);

    // Another writer (another instance, a script): the database's triggers announce it.
    await t.db.update(persons).set({ FIRSTNAME: 'Renamed' }).where(eq(persons.id, id));
    await t.settled();
    expect((await own(client, id)).json()).toMatchObject({ FIRSTNAME: 'Renamed' });

    await t.db.insert(children).values({ personId: id, position: 99, FIRSTNAME: 'Newborn', LASTNAME: 'Child', BIRTHDATE: '2026-01-02' });
    await t.settled();
    const withChild = (await own(client, id)).json() as { CHILDREN: { FIRSTNAME: string }[] };
    expect(withChild.CHILDREN.map((c) => c.FIRSTNAME)).toContain('Newborn');

    await t.db.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.personId, id));
    await t.settled();
    expect((await own(client, id)).statusCode).toBe(401);
  });

  it('end at once on sign-out, and only the session signed out', async () => {
    const first = await signIn(t, DEMO_ACCOUNTS.hr.matricule);
    const second = await signIn(t, DEMO_ACCOUNTS.hr.matricule);
    const id = first.user.id as number;
    expect((await own(first.client, id)).statusCode).toBe(200);
    expect((await own(second.client, id)).statusCode).toBe(200);
    expect((await first.client.post('/api/auth/logout')).statusCode).toBe(204);
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/students/${id}`, headers: { cookie: `portal_session=${first.user.TOKEN as string}` } });
    expect(signedOut.statusCode).toBe(401);
    expect((await own(second.client, id)).statusCode).toBe(200);
  });

  it('write the last-seen time at most once a minute, and still end after the idle time', async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
    const id = user.id as number;
    const lastSeen = async () =>
      (
        await t.db
          .select({ at: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(String(user.TOKEN))))
      )[0]?.at.getTime();
    const signedInAt = await lastSeen();
    expect(signedInAt).toBeDefined();
    t.clock.advanceSeconds(TOUCH_EVERY_MS / 1000 - 5);
    expect((await own(client, id)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(signedInAt);
    t.clock.advanceSeconds(10);
    expect((await own(client, id)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(t.clock.now().getTime());
    t.clock.advanceSeconds(40 * 60);
    expect((await own(client, id)).statusCode).toBe(401);
  });
});

describe.skipIf(!onPostgres)('sessions kept in memory by several instances on PostgreSQL', () => {
  const two = twoInstances();
  const until = async (check: () => boolean, what: string) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(check(), what).toBe(true);
  };

  it('forget a session signed out on another instance as soon as its announcement arrives', async () => {
    const { client, user } = await signIn(two.t, DEMO_ACCOUNTS.permanent.matricule);
    const id = user.id as number;
    const onOther = sameSessionOn(client, two.other);
    expect((await own(onOther, id)).statusCode).toBe(200);
    expect(two.other.ctx.sessionCache!.size).toBeGreaterThan(0);
    expect((await client.post('/api/auth/logout')).statusCode).toBe(204);
    expect(await two.other.ctx.changes!.settle()).toBe(true);
    expect((await own(onOther, id)).statusCode).toBe(401);
  });

  it('keep nothing while the listening connection is lost, and keep again once it is back', async () => {
    const { t } = two;
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.partTime.matricule);
    const id = user.id as number;
    const cache = t.app.ctx.sessionCache!;
    expect((await own(client, id)).statusCode).toBe(200);
    expect(cache.size).toBeGreaterThan(0);
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
    await until(() => !cache.active, 'the cache stops when its connection is lost');
    expect(cache.size).toBe(0);
    // A change no one hears: the next read still sees it, from the database.
    await t.db.update(persons).set({ FIRSTNAME: 'Unheard' }).where(eq(persons.id, id));
    expect((await own(client, id)).json()).toMatchObject({ FIRSTNAME: 'Unheard' });
    expect(cache.size).toBe(0);
    await until(() => cache.active, 'the cache starts again once listening again');
    expect((await own(client, id)).statusCode).toBe(200);
    expect(cache.size).toBeGreaterThan(0);
  });
});

describe('SessionCache', () => {
  it('does not keep what a lookup read before a change was announced', () => {
    const cache = new SessionCache<string>();
    const before = cache.mark();
    cache.changed('7');
    cache.set('token', 7, 'old row', before);
    expect(cache.get('token')).toBeUndefined();
    cache.set('token', 7, 'new row', cache.mark());
    expect(cache.get('token')).toBe('new row');
  });

  it("keeps what a lookup read while someone else's change was announced, not after everyone's", () => {
    const cache = new SessionCache<string>(3);
    let before = cache.mark();
    cache.changed('8');
    cache.changed('9');
    cache.set('token', 7, 'row', before);
    expect(cache.get('token')).toBe('row');
    before = cache.mark();
    cache.changed('*');
    cache.set('other', 6, 'row', before);
    expect(cache.get('other')).toBeUndefined();
    // Past its capacity of people changed, the cache forgets which changed, and counts everyone.
    before = cache.mark();
    for (const person of ['1', '2', '3', '4']) cache.changed(person);
    cache.set('token', 7, 'row', before);
    expect(cache.get('token')).toBeUndefined();
    // A lookup begun after those changes is kept.
    cache.set('token', 7, 'row', cache.mark());
    expect(cache.get('token')).toBe('row');
  });

  it("forgets a person's sessions, everyone's on '*', and the oldest past its capacity", () => {
    const cache = new SessionCache<string>(2);
    cache.set('a1', 1, 'a1', cache.mark());
    cache.set('b1', 2, 'b1', cache.mark());
    cache.changed('1');
    expect([cache.get('a1'), cache.get('b1')]).toEqual([undefined, 'b1']);
    cache.set('c1', 3, 'c1', cache.mark());
    cache.set('d1', 4, 'd1', cache.mark());
    expect([cache.get('b1'), cache.get('c1'), cache.get('d1'), cache.size]).toEqual([undefined, 'c1', 'd1', 2]);
    cache.changed('*');
    expect(cache.size).toBe(0);
  });

  it('uses no entry longer than its age limit, and none while suspended', () => {
    let now = 0;
    const cache = new SessionCache<string>(10, 60_000, () => now);
    cache.set('a', 1, 'row', cache.mark());
    now = 59_000;
    expect(cache.get('a')).toBe('row');
    now = 61_000;
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 1, 'row', cache.mark());
    cache.suspend();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 1, 'row', cache.mark());
    expect(cache.size).toBe(0);
    cache.resume();
    cache.set('a', 1, 'row', cache.mark());
    expect(cache.get('a')).toBe('row');
  });
});
