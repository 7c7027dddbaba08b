import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, branches, classes, cycles, departments, levels, persons, subjects } from '../db/schema';
import { Client, createTestApp, type TestApp } from '../../test/helpers';
import { seedIfEmpty } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const total = async (table: PgTable) => (await t.db.select({ n: count() }).from(table))[0]!.n;

describe('demo data', () => {
  it('holds an institution with a catalogue of a few hundred subjects', async () => {
    expect(await total(departments)).toBe(5);
    expect(await total(branches)).toBe(10);
    expect(await total(cycles)).toBe(3);
    expect(await total(levels)).toBe(5);
    const subjectCount = await total(subjects);
    expect(subjectCount).toBeGreaterThanOrEqual(200);
    expect(subjectCount).toBeLessThanOrEqual(500);
    const shifts = await t.db.select({ shift: classes.shift, n: count() }).from(classes).groupBy(classes.shift);
    expect(Object.fromEntries(shifts.map((s) => [s.shift, s.n]))).toEqual({ DAY: 50, EVENING: 18 });
  });

  it('has staff of every category, students and each back-office role, some without accounts', async () => {
    const byStatus = await t.db.select({ status: persons.STATUS, n: count() }).from(persons).where(eq(persons.KIND, 'STAFF')).groupBy(persons.STATUS);
    const statuses = Object.fromEntries(byStatus.map((s) => [s.status, s.n]));
    for (const s of ['PERMANENT', 'VACATAIRE', 'STAGIAIRE', 'STAFF']) expect(statuses[s]).toBeGreaterThan(0);
    const roles = await t.db.execute(sql`select distinct unnest(roles) as role from persons order by 1`);
    expect(((roles as unknown as { rows: { role: string }[] }).rows).map((r) => r.role)).toEqual(['ACADEMIC', 'ADMIN', 'ADMISSIONS', 'HR', 'IDENTIFICATION']);
    const withAccount = await total(accounts);
    expect(withAccount).toBe(12);
    expect(await total(persons)).toBeGreaterThan(150);
  });

  it('lists countries with English and French names, and the reference lists', async () => {
    const c = new Client(t.app);
    const list = (await c.get('/api/reference/countries')).json() as { code: string; name: string; nameFr: string }[];
    expect(list.length).toBeGreaterThan(240);
    expect(list.find((x) => x.code === 'CM')).toEqual({ code: 'CM', name: 'Cameroon', nameFr: 'Cameroun' });
    const regions = (await c.get('/api/reference/regions')).json() as { name: string; nom: string; towns: { name: string }[] }[];
    expect(regions).toHaveLength(10);
    expect(regions.find((r) => r.name === 'Littoral')?.towns.map((x) => x.name)).toContain('Douala');
    expect(regions.find((r) => r.name === 'Far North')?.nom).toBe('Extrême-Nord');
    expect((await c.get('/api/identifications-types')).json()).toContainEqual({ id: expect.any(Number), ITYPENAME: 'Passport', ITYPEABR: 'PASSPORT' });
    const modes = (await c.get('/api/payments-modes')).json();
    expect(modes.map((m: { DESIGNATION: string }) => m.DESIGNATION)).toEqual(['Cash', 'Bank transfer', 'Mobile transfer', 'Bank check', 'Prepaid card']);
  });

  it('is seeded only into an empty database', async () => {
    expect(await seedIfEmpty(t.db)).toBe(false);
  });
});
