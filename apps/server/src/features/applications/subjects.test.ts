import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECTS_PAGE_SIZE, type CatalogueClass, type SubjectPage, type SubjectRow } from '@portal/contract';
import { applicationChoices, applicationSessions, branches, classes, cycles, departments, subjects } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { fold } from '../../lib/sql';
import { Client, createTestApp, signIn, withTableAway, type TestApp } from '../../../test/helpers';
import { applicationWith, createLecturers, demoSession, subjectsAt } from './fixtures';

let t: TestApp;
let withNiu: Client;
let withoutNiu: Client;
/** Every subject with its class, as the page orders them: level, class code, subject code. */
let all: {
  id: number;
  code: string;
  name: string;
  nameFr: string;
  classId: number;
  classCode: string;
  level: number;
  cycleId: number;
  branchId: number;
  departmentId: number;
  shift: string;
}[];

beforeAll(async () => {
  t = await createTestApp();
  withNiu = (await signIn(t, DEMO_ACCOUNTS.readyLecturer.matricule)).client;
  withoutNiu = (await signIn(t, DEMO_ACCOUNTS.partTime.matricule)).client;
  all = await t.db
    .select({
      id: subjects.id,
      code: subjects.code,
      name: subjects.name,
      nameFr: subjects.nameFr,
      classId: classes.id,
      classCode: classes.code,
      level: classes.levelId,
      cycleId: classes.cycleId,
      branchId: classes.branchId,
      departmentId: branches.departmentId,
      shift: classes.shift,
    })
    .from(subjects)
    .innerJoin(classes, eq(classes.id, subjects.classId))
    .innerJoin(branches, eq(branches.id, classes.branchId));
  // Codes sort as the database collates them: for these ASCII codes, by their bytes.
  const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  all.sort((a, b) => a.level - b.level || byBytes(a.classCode, b.classCode) || byBytes(a.code, b.code));
});
afterAll(async () => {
  await t?.close();
});

const byLevel = (client: Client, page: number, filters: Record<string, unknown> = {}) => client.request('PATCH', `/api/subjects/by-level/${page}`, filters);

/** Every page of a filter, concatenated. */
async function everyRow(client: Client, filters: Record<string, unknown>): Promise<SubjectRow[]> {
  const first = await byLevel(client, 1, filters);
  if (first.statusCode === 204) return [];
  expect(first.statusCode).toBe(200);
  const body = first.json() as SubjectPage;
  const rows = [...body.rows];
  for (let page = 2; page <= body.count; page++) rows.push(...((await byLevel(client, page, filters)).json() as SubjectPage).rows);
  expect(rows).toHaveLength(body.total);
  return rows;
}

describe('the catalogue', () => {
  it('lists departments, branches, cycles and levels with their French names', async () => {
    const res = await withNiu.get('/api/catalogue');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.departments).toHaveLength(4);
    expect(body.branches).toHaveLength(16);
    expect(body.cycles).toHaveLength(6);
    expect(body.levels).toEqual([1, 2, 3, 4, 5].map((id) => ({ id, NAME: `Level ${id}`, NAME_FR: `Niveau ${id}` })));
    for (const d of body.departments) expect(d.NAME_FR).toBeTruthy();
    expect(body.branches[0]).toMatchObject({ ABBREVIATION: expect.any(String), NAME_FR: expect.any(String), DEPARTMENT_ID: expect.any(Number) });
    expect(body.cycles[0]).toMatchObject({ FIRST_LEVEL: 1 });
  });

  it('asks for a session', async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.get('/api/catalogue')).statusCode).toBe(401);
    expect((await anonymous.get('/api/classes')).statusCode).toBe(401);
    expect((await anonymous.get(`/api/subjects/class/${all[0]!.classId}`)).statusCode).toBe(401);
    expect((await anonymous.request('PATCH', '/api/subjects/by-level/1', {})).statusCode).toBe(401);
  });

  it('loads the classes of a branch, ordered by code, and narrows by level and cycle', async () => {
    const [branch] = await t.db.select().from(branches).orderBy(asc(branches.abbreviation)).limit(1);
    const res = await withNiu.get(`/api/classes?branch=${branch!.id}`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as CatalogueClass[];
    const expected = await t.db.select({ code: classes.code }).from(classes).where(eq(classes.branchId, branch!.id)).orderBy(asc(classes.code));
    expect(list.map((c) => c.CODE)).toEqual(expected.map((c) => c.code));
    expect(list.every((c) => c.BRANCH_ID === branch!.id)).toBe(true);
    expect(list[0]).toMatchObject({
      SHIFT: expect.stringMatching(/^(DAY|EVENING|NIGHT|MORNING)$/),
      LEVEL_ID: expect.any(Number),
      CYCLE_ID: expect.any(Number),
    });

    const level1 = (await withNiu.get(`/api/classes?branch=${branch!.id}&level=1`)).json() as CatalogueClass[];
    expect(level1.length).toBeGreaterThan(0);
    expect(level1.every((c) => c.LEVEL_ID === 1 && c.BRANCH_ID === branch!.id)).toBe(true);
    const [cycle] = await t.db.select().from(cycles).orderBy(asc(cycles.firstLevel)).limit(1);
    const ofCycle = (await withNiu.get(`/api/classes?cycle=${cycle!.id}`)).json() as CatalogueClass[];
    expect(ofCycle.length).toBeGreaterThan(0);
    expect(ofCycle.every((c) => c.CYCLE_ID === cycle!.id)).toBe(true);
    expect((await withNiu.get('/api/classes')).json()).toHaveLength(await t.db.$count(classes));
    expect((await withNiu.get('/api/classes?branch=abc')).statusCode).toBe(400);
  });

  it('loads the subjects of a class with where they are taught, their hours, rate and the reader tax rate', async () => {
    const klass = all[0]!;
    const res = await withNiu.get(`/api/subjects/class/${klass.classId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = res.json() as SubjectRow[];
    expect(rows.map((r) => r.SUBJECT_ID)).toEqual(all.filter((s) => s.classId === klass.classId).map((s) => s.id));
    const [subject] = await t.db.select().from(subjects).where(eq(subjects.id, rows[0]!.SUBJECT_ID));
    const [cycle] = await t.db.select().from(cycles).innerJoin(classes, eq(classes.cycleId, cycles.id)).where(eq(classes.id, klass.classId));
    const [dept] = await t.db.select().from(departments).where(eq(departments.id, klass.departmentId));
    expect(rows[0]).toEqual({
      SUBJECT_ID: subject!.id,
      SUBJECT_CODE: subject!.code,
      SUBJECT_NAME: subject!.name,
      SUBJECT_NAME_FR: subject!.nameFr,
      CLASS_ID: klass.classId,
      CLASS_CODE: klass.classCode,
      BRANCH_ID: klass.branchId,
      BRANCH_ABREVIATION: expect.any(String),
      LEVEL_ID: klass.level,
      CYCLE_ID: klass.cycleId,
      CYCLE_NAME: cycle!.cycles.name,
      CYCLE_NAME_FR: cycle!.cycles.nameFr,
      DEPARTMENT_NAME: dept!.name,
      DEPARTMENT_NAME_FR: dept!.nameFr,
      SHIFT: klass.shift,
      HOURS_CM: subject!.hoursCm,
      HOURS_TD: subject!.hoursTd,
      HOURS_TP: subject!.hoursTp,
      HOURLY_RATE: subject!.hourlyRate,
      CREDITS: subject!.credits,
      TAX_RATE: 5.5,
      ASSIGNED: [],
    });
    expect(((await withoutNiu.get(`/api/subjects/class/${klass.classId}`)).json() as SubjectRow[])[0]!.TAX_RATE).toBe(16.5);
    expect((await withNiu.get('/api/subjects/class/999999')).json()).toEqual([]);
  });
});

describe('PATCH /subjects/by-level/{page}', () => {
  it('pages every subject, 20 a page, by level, class code and subject code', async () => {
    const res = await byLevel(withNiu, 1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as SubjectPage;
    expect(body.total).toBe(all.length);
    expect(body.count).toBe(Math.ceil(all.length / SUBJECTS_PAGE_SIZE));
    expect(body.page).toBe(1);
    expect(body.rows.map((r) => r.SUBJECT_ID)).toEqual(all.slice(0, 20).map((s) => s.id));
    const second = (await byLevel(withNiu, 2)).json() as SubjectPage;
    expect(second.page).toBe(2);
    expect(second.rows.map((r) => r.SUBJECT_ID)).toEqual(all.slice(20, 40).map((s) => s.id));
    const last = (await byLevel(withNiu, body.count)).json() as SubjectPage;
    expect(last.rows.map((r) => r.SUBJECT_ID)).toEqual(all.slice((body.count - 1) * 20).map((s) => s.id));
    const beyond = await byLevel(withNiu, body.count + 1);
    expect(beyond.statusCode).toBe(200);
    expect((beyond.json() as SubjectPage).rows).toEqual([]);
  });

  it('filters by each criterion, alone and together', async () => {
    const sample = all.find((s) => s.level === 2 && s.shift === 'EVENING')!;
    const cases: [Record<string, unknown>, (s: (typeof all)[number]) => boolean][] = [
      [{ LEVEL: 3 }, (s) => s.level === 3],
      [{ CYCLE: sample.cycleId }, (s) => s.cycleId === sample.cycleId],
      [{ REGIME: 'EVENING' }, (s) => s.shift === 'EVENING'],
      [{ REGIME: 'DAY' }, (s) => s.shift === 'DAY'],
      [{ BRANCH: sample.branchId }, (s) => s.branchId === sample.branchId],
      [{ CLASS: sample.classId }, (s) => s.classId === sample.classId],
      [{ DEPARTMENT: sample.departmentId }, (s) => s.departmentId === sample.departmentId],
      [{ LEVEL: 2, REGIME: 'EVENING', BRANCH: sample.branchId }, (s) => s.level === 2 && s.shift === 'EVENING' && s.branchId === sample.branchId],
      [{ LEVEL: '', CYCLE: null, REGIME: '', SEARCH: '' }, () => true],
    ];
    for (const [filters, keep] of cases) {
      const expected = all.filter(keep).map((s) => s.id);
      expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(
        (await everyRow(withNiu, filters)).map((r) => r.SUBJECT_ID),
        JSON.stringify(filters),
      ).toEqual(expected);
    }
  });

  /** What a search reads: code and both names, lower case, without accents. */
  const haystack = (s: (typeof all)[number]) => fold(`${s.code} ${s.name} ${s.nameFr}`);

  it('searches code and both names, ignoring case; % and _ are plain characters', async () => {
    const target = all[37]!;
    const byCode = await everyRow(withNiu, { SEARCH: target.code.toLowerCase() });
    expect(byCode.map((r) => r.SUBJECT_ID)).toEqual(all.filter((s) => haystack(s).includes(target.code.toLowerCase())).map((s) => s.id));
    expect(byCode.map((r) => r.SUBJECT_ID)).toContain(target.id);
    const word = target.name.split(' ')[0]!.toUpperCase();
    const byName = await everyRow(withNiu, { SEARCH: `  ${word} ` });
    expect(byName.map((r) => r.SUBJECT_ID)).toEqual(all.filter((s) => haystack(s).includes(word.toLowerCase())).map((s) => s.id));
    expect((await byLevel(withNiu, 1, { SEARCH: '%' })).statusCode).toBe(204);
    expect((await byLevel(withNiu, 1, { SEARCH: '_' })).statusCode).toBe(204);
    await t.db.update(subjects).set({ name: 'Maths 100% _applied_' }).where(eq(subjects.id, target.id));
    await t.settled();
    expect((await everyRow(withNiu, { SEARCH: '100%' })).map((r) => r.SUBJECT_ID)).toEqual([target.id]);
    expect((await everyRow(withNiu, { SEARCH: '_applied_' })).map((r) => r.SUBJECT_ID)).toEqual([target.id]);
  });

  it('finds a subject by its French name, with or without accents, and answers both names (decision 30)', async () => {
    const databases = all.filter((s) => s.name === 'Databases');
    expect(databases.length).toBeGreaterThan(0);
    expect(databases.every((s) => s.nameFr === 'Bases de données')).toBe(true);
    for (const search of ['bases de données', 'BASES DE DONNEES', 'données']) {
      const rows = await everyRow(withNiu, { SEARCH: search });
      expect(
        rows.map((r) => r.SUBJECT_ID),
        search,
      ).toEqual(expect.arrayContaining(databases.map((s) => s.id)));
      expect(
        rows.every((r) => fold(`${r.SUBJECT_NAME} ${r.SUBJECT_NAME_FR}`).includes('donnees')),
        search,
      ).toBe(true);
    }
    const [row] = await everyRow(withNiu, { SEARCH: databases[0]!.code, CLASS: databases[0]!.classId });
    expect(row).toMatchObject({ SUBJECT_NAME: 'Databases', SUBJECT_NAME_FR: 'Bases de données' });
    // the English search finds the same subjects
    expect((await everyRow(withNiu, { SEARCH: 'databases' })).map((r) => r.SUBJECT_ID)).toEqual(databases.map((s) => s.id));
    const electronics = all.filter((s) => s.nameFr === 'Électronique');
    expect((await everyRow(withNiu, { SEARCH: 'electronique' })).map((r) => r.SUBJECT_ID)).toEqual(expect.arrayContaining(electronics.map((s) => s.id)));
  });

  it('answers 204 with no body when nothing matches', async () => {
    const res = await byLevel(withNiu, 1, { SEARCH: 'no subject is called this' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await byLevel(withNiu, 1, { LEVEL: 5, REGIME: 'NIGHT' })).statusCode).toBe(204);
  });

  it('gives the reader tax rate: 5.5 with an NIU, 16.5 without', async () => {
    expect(((await byLevel(withNiu, 1)).json() as SubjectPage).rows.every((r) => r.TAX_RATE === 5.5)).toBe(true);
    expect(((await byLevel(withoutNiu, 1)).json() as SubjectPage).rows.every((r) => r.TAX_RATE === 16.5)).toBe(true);
  });

  it('refuses malformed filters and pages', async () => {
    const res = await byLevel(withNiu, 1, { LEVEL: 9, REGIME: 'NOON' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { LEVEL: 'validation.invalid', REGIME: 'validation.invalid' } });
    expect((await byLevel(withNiu, 0)).statusCode).toBe(400);
    expect((await withNiu.request('PATCH', '/api/subjects/by-level/x', {})).statusCode).toBe(400);
    expect((await byLevel(withNiu, 1, { SEARCH: 'x'.repeat(101) })).json()).toMatchObject({ fields: { SEARCH: 'validation.tooLong' } });
  });

  it('no longer offers subjects fully assigned in the current session, and lists the parts confirmed', async () => {
    const { session, constraint } = await demoSession(t.db);
    await t.settled();
    const level4 = await subjectsAt(t.db, 4, 'DAY');
    const full = level4.find((s) => s.hoursTp > 0)!;
    const partly = level4.find((s) => s.id !== full.id && s.hoursTp > 0)!;
    const noTp = level4.find((s) => s.hoursTp === 0)!;
    const [other] = await createLecturers(t.db, 1);
    await applicationWith(t.db, {
      personId: other!.id,
      sessionId: session.id,
      constraintId: constraint.id,
      choices: [
        { subjectId: full.id, category: 'CM', affectation: 1 },
        { subjectId: full.id, category: 'TD', affectation: 1 },
        { subjectId: full.id, category: 'TP', affectation: 1 },
        { subjectId: partly.id, category: 'TP', affectation: 1 },
        { subjectId: partly.id, category: 'CM', affectation: 1 },
        { subjectId: noTp.id, category: 'CM', affectation: 1 },
        // chosen but not confirmed: still offered
        { subjectId: noTp.id, category: 'TD', affectation: 0 },
      ],
    });
    const rows = await everyRow(withNiu, { LEVEL: 4 });
    const ids = rows.map((r) => r.SUBJECT_ID);
    expect(ids).not.toContain(full.id);
    expect(ids).toHaveLength(all.filter((s) => s.level === 4).length - 1);
    expect(rows.find((r) => r.SUBJECT_ID === partly.id)!.ASSIGNED).toEqual(['CM', 'TP']);
    expect(rows.find((r) => r.SUBJECT_ID === noTp.id)!.ASSIGNED).toEqual(['CM']);
    const ofClass = (
      await withNiu.get(`/api/subjects/class/${(await t.db.select({ c: subjects.classId }).from(subjects).where(eq(subjects.id, full.id)))[0]!.c}`)
    ).json() as SubjectRow[];
    expect(ofClass.map((r) => r.SUBJECT_ID)).not.toContain(full.id);
    expect(ofClass.length).toBeGreaterThan(0);

    // The last open part confirmed too: the subject is gone.
    const [third] = await createLecturers(t.db, 1);
    await applicationWith(t.db, {
      personId: third!.id,
      sessionId: session.id,
      constraintId: constraint.id,
      choices: [{ subjectId: noTp.id, category: 'TD', affectation: 1 }],
    });
    await t.settled();
    expect((await everyRow(withNiu, { LEVEL: 4 })).map((r) => r.SUBJECT_ID)).not.toContain(noTp.id);

    // Assignments of another session do not count.
    const [old] = await t.db
      .insert(applicationSessions)
      .values({
        DESIGNATION: 'Old session',
        DESIGNATION_FR: 'Ancienne session',
        START_DATE: new Date('2022-09-01T00:00:00Z'),
        END_DATE: new Date('2023-02-01T00:00:00Z'),
        SUBJECT_CONSTRAINT_ID: constraint.id,
        hoursPermanent: 1,
        hoursVacataire: 1,
        hoursStagiaire: 1,
        hoursStaff: 1,
      })
      .returning();
    const level5 = (await subjectsAt(t.db, 5, 'DAY'))[0]!;
    await applicationWith(t.db, {
      personId: other!.id,
      sessionId: old!.id,
      constraintId: constraint.id,
      choices: (['CM', 'TD', 'TP'] as const).map((category) => ({ subjectId: level5.id, category, affectation: 1 as const })),
    });
    await t.settled();
    const level5Rows = await everyRow(withNiu, { LEVEL: 5 });
    expect(level5Rows.find((r) => r.SUBJECT_ID === level5.id)?.ASSIGNED).toEqual([]);
  });

  it('keeps the stamp it reads lists under in memory while the catalogue is unchanged', async () => {
    const level3 = { LEVEL: 3 };
    const first = (await byLevel(withNiu, 1, level3)).json() as SubjectPage;
    // With the catalogue's version out of reach, a read of the stamp would fail (500) or wait.
    await withTableAway(t, 'catalogue_version', async () => {
      const again = await byLevel(withNiu, 1, level3);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first);
    });
  });

  it('counts a page past the first beside it, and the total of every page follows a change of the catalogue', async () => {
    const level1 = { LEVEL: 1 };
    const ofLevel = all.filter((r) => r.level === 1);
    expect(ofLevel.length).toBeGreaterThan(2 * SUBJECTS_PAGE_SIZE);
    // the count is read beside page 2, then serves page 3 and page 2 again
    const second = (await byLevel(withNiu, 2, level1)).json() as SubjectPage;
    expect(second.total).toBe(ofLevel.length);
    expect(second.rows.map((r) => r.SUBJECT_ID)).toEqual(ofLevel.slice(SUBJECTS_PAGE_SIZE, 2 * SUBJECTS_PAGE_SIZE).map((r) => r.id));
    expect(((await byLevel(withNiu, 3, level1)).json() as SubjectPage).total).toBe(ofLevel.length);
    const klass = ofLevel[0]!;
    const [added] = await t.db
      .insert(subjects)
      .values({ code: 'ZZ998', name: 'Counted again', nameFr: 'Comptée à nouveau', classId: klass.classId, hoursCm: 10, hourlyRate: 4000 })
      .returning({ id: subjects.id });
    await t.settled();
    try {
      for (const page of [3, 2]) {
        const body = (await byLevel(withNiu, page, level1)).json() as SubjectPage;
        expect(body.total, `page ${page}`).toBe(ofLevel.length + 1);
      }
    } finally {
      await t.db.delete(subjects).where(eq(subjects.id, added!.id));
      await t.settled();
    }
  });

  it('answers repeated lists from memory, and follows any change of the catalogue or a confirmation', async () => {
    const level2 = { LEVEL: 2, REGIME: 'DAY' };
    const first = (await byLevel(withNiu, 1, level2)).json() as SubjectPage;
    const again = (await byLevel(withNiu, 1, level2)).json() as SubjectPage;
    expect(again).toEqual(first);
    // A rename straight in the database (as another instance would do) shows at once.
    const target = first.rows[0]!;
    await t.db.update(subjects).set({ name: 'Renamed while cached' }).where(eq(subjects.id, target.SUBJECT_ID));
    await t.settled();
    const renamed = (await byLevel(withNiu, 1, level2)).json() as SubjectPage;
    expect(renamed.rows.find((r) => r.SUBJECT_ID === target.SUBJECT_ID)!.SUBJECT_NAME).toBe('Renamed while cached');
    // A confirmation shows too; a lecturer's own choice (AFFECTATION 0) changes nothing shown.
    const { session, constraint } = await demoSession(t.db);
    await t.settled();
    const [someone] = await createLecturers(t.db, 1);
    const { application } = await applicationWith(t.db, {
      personId: someone!.id,
      sessionId: session.id,
      constraintId: constraint.id,
      choices: [{ subjectId: target.SUBJECT_ID, category: 'CM', affectation: 0 }],
    });
    await t.settled();
    expect(((await byLevel(withNiu, 1, level2)).json() as SubjectPage).rows.find((r) => r.SUBJECT_ID === target.SUBJECT_ID)!.ASSIGNED).toEqual([]);
    await t.db.update(applicationChoices).set({ AFFECTATION: 1 }).where(eq(applicationChoices.applicationId, application.id));
    await t.settled();
    expect(((await byLevel(withNiu, 1, level2)).json() as SubjectPage).rows.find((r) => r.SUBJECT_ID === target.SUBJECT_ID)!.ASSIGNED).toEqual(['CM']);
    // The count follows a new subject in the filtered classes.
    const klass = all.find((r) => r.level === 2 && r.shift === 'DAY')!;
    await t.db
      .insert(subjects)
      .values({ code: 'ZZ999', name: 'Added while cached', nameFr: 'Ajoutée pendant le cache', classId: klass.classId, hoursCm: 10, hourlyRate: 4000 });
    await t.settled();
    expect(((await byLevel(withNiu, 1, level2)).json() as SubjectPage).total).toBe(first.total + 1);
  });
});
