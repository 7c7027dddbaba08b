import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { children, persons, sessions } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { createTestApp, onPostgres, signIn, type TestApp } from '../../test/helpers';
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

describe('sessions kept in memory (decision 48)', () => {
  it('are kept only where the database announces changes as they commit: the embedded one', () => {
    expect(Boolean(t.app.ctx.sessionCache)).toBe(!onPostgres);
  });

  it.skipIf(onPostgres)('answer a signed-in read without looking the session up again', async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
    const id = user.id as number;
    expect((await own(client, id)).statusCode).toBe(200);
    // With the sessions table out of the way, a lookup would fail (500): the read is the memory's.
    await t.db.execute(sql`alter table sessions rename to sessions_away`);
    try {
      const res = await own(client, id);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { MATRICULE: string }).MATRICULE).toBe(DEMO_ACCOUNTS.permanent.matricule);
    } finally {
      await t.db.execute(sql`alter table sessions_away rename to sessions`);
    }
  });

  it('see at once a change made by anyone to the person, their children or their session', async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.partTime.matricule);
    const id = user.id as number;
    expect((await own(client, id)).statusCode).toBe(200);

    // Another writer (another instance, a script): the database's triggers announce it.
    await t.db.update(persons).set({ FIRSTNAME: 'Renamed' }).where(eq(persons.id, id));
    expect((await own(client, id)).json()).toMatchObject({ FIRSTNAME: 'Renamed' });

    await t.db.insert(children).values({ personId: id, position: 99, FIRSTNAME: 'Newborn', LASTNAME: 'Child', BIRTHDATE: '2026-01-02' });
    const withChild = (await own(client, id)).json() as { CHILDREN: { FIRSTNAME: string }[] };
    expect(withChild.CHILDREN.map((c) => c.FIRSTNAME)).toContain('Newborn');

    await t.db.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.personId, id));
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
    const lastSeen = async () => (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.tokenHash, hashToken(String(user.TOKEN)))))[0]?.at.getTime();
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
});
