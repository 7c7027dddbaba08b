import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lessonTotalsOf, lessonHoursOf, universityDayOf, requestStageOf } from '@portal/contract';
import {
  accounts,
  applicationChoices,
  applications,
  applicationSessions,
  billingPeriods,
  branches,
  classes,
  cycles,
  departments,
  institutions,
  lessons,
  levels,
  persons,
  requestBatches,
  requestBatchItems,
  requestCategories,
  requestDecisions,
  requestHops,
  requests,
  requestSteps,
  requestSubcategories,
  requestUnits,
  subjects,
} from '../db/schema';
import { INSTITUTION } from './data';
import { Client, createTestApp, sessionFor, signIn, type TestApp } from '../../test/helpers';
import { DEMO_ACCOUNTS, DEMO_EVALUATION_STUDENTS } from './demo';
import { seedIfEmpty } from './seed';
import { DEMO_STUDENT_CLASSES, demoTimetable } from './timetable';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const total = async (table: PgTable) => (await t.db.select({ n: count() }).from(table))[0]!.n;

describe('demo data', () => {
  it('holds an institution in Douala with a catalogue of a few hundred subjects', async () => {
    expect(await t.db.select({ name: institutions.name, acronym: institutions.acronym, city: institutions.city }).from(institutions)).toEqual([INSTITUTION]);
    expect(INSTITUTION.city).toBe('Douala');
    expect(await total(departments)).toBe(4);
    expect(await total(branches)).toBe(16);
    expect(await total(cycles)).toBe(6);
    expect(await total(levels)).toBe(5);
    const subjectCount = await total(subjects);
    expect(subjectCount).toBeGreaterThanOrEqual(200);
    expect(subjectCount).toBeLessThanOrEqual(500);
    const shifts = await t.db.select({ shift: classes.shift, n: count() }).from(classes).groupBy(classes.shift);
    expect(Object.fromEntries(shifts.map((s) => [s.shift, s.n]))).toEqual({ DAY: 33, EVENING: 18 });
  });

  it('names programmes, specialities and classes as the institution does: `<programme><level> <speciality>/<regime> <group>` (decision 30)', async () => {
    expect((await t.db.select({ code: cycles.code }).from(cycles)).map((c) => c.code).sort()).toEqual(['BTECH', 'BTS', 'HND', 'LP', 'MP', 'MSC']);
    const rows = await t.db
      .select({ code: classes.code, shift: classes.shift, level: classes.levelId, branch: branches.abbreviation })
      .from(classes)
      .innerJoin(branches, eq(branches.id, classes.branchId));
    for (const row of rows) {
      const match = /^(BTS[12]|HND[12]|LP|BTech3|MP[45]|MSc[12]) ([A-Z]+)\/([JS]) ([A-Z])$/.exec(row.code);
      expect(match, row.code).not.toBeNull();
      expect(match![2], row.code).toBe(row.branch);
      expect(match![3], row.code).toBe(row.shift === 'DAY' ? 'J' : 'S');
    }
    const codes = rows.map((r) => r.code);
    for (const example of ['BTS1 GSI/J A', 'BTS1 GSI/J B', 'HND2 ACC/S A', 'MP5 SIGL/S A', 'LP FICO/S A', 'MSc2 AF/S A', 'BTech3 SWE/J A'])
      expect(codes).toContain(example);
  });

  it('names every subject, choice session, department, branch and cycle in English and French (decision 30)', async () => {
    for (const [table, english, french] of [
      [subjects, subjects.name, subjects.nameFr],
      [departments, departments.name, departments.nameFr],
      [branches, branches.name, branches.nameFr],
      [cycles, cycles.name, cycles.nameFr],
      [levels, levels.name, levels.nameFr],
      [applicationSessions, applicationSessions.DESIGNATION, applicationSessions.DESIGNATION_FR],
    ] as const) {
      const rows = await t.db.select({ en: english, fr: french }).from(table);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.en.trim(), JSON.stringify(row)).not.toBe('');
        expect(row.fr.trim(), JSON.stringify(row)).not.toBe('');
      }
    }
    // the subjects are not just copied: most French names differ from the English ones
    const names = await t.db.select({ en: subjects.name, fr: subjects.nameFr }).from(subjects);
    expect(names.filter((n) => n.en !== n.fr).length / names.length).toBeGreaterThan(0.8);
    const [session] = await t.db.select().from(applicationSessions);
    expect(session).toMatchObject({ DESIGNATION: 'Subject choices, semester 1, 2023-2024', DESIGNATION_FR: 'Choix des matières, semestre 1, 2023-2024' });
  });

  it('seeds the requests: units, the four categories with their sub-categories, each label and description in English and French, and the decisions of every hop (decision 31)', async () => {
    const labelled = [
      ...(await t.db.select({ en: requestUnits.name, fr: requestUnits.nameFr }).from(requestUnits)),
      ...(await t.db.select({ en: requestCategories.name, fr: requestCategories.nameFr }).from(requestCategories)),
      ...(await t.db.select({ en: requestCategories.description, fr: requestCategories.descriptionFr }).from(requestCategories)),
      ...(await t.db.select({ en: requestSubcategories.name, fr: requestSubcategories.nameFr }).from(requestSubcategories)),
      ...(await t.db.select({ en: requestSubcategories.description, fr: requestSubcategories.descriptionFr }).from(requestSubcategories)),
      ...(await t.db.select({ en: requestDecisions.label, fr: requestDecisions.labelFr }).from(requestDecisions)),
    ];
    for (const row of labelled) {
      expect(row.en.trim(), JSON.stringify(row)).not.toBe('');
      expect(row.fr.trim(), JSON.stringify(row)).not.toBe('');
      // French typography: a non-breaking space before : ; ? !
      expect(row.fr, row.fr).not.toMatch(/[^\u00a0][:;?!]/);
    }
    expect(labelled.filter((row) => row.en !== row.fr).length / labelled.length).toBeGreaterThan(0.9);
    expect(
      (
        await t.db
          .select({ nameFr: requestCategories.nameFr, audience: requestCategories.audience })
          .from(requestCategories)
          .orderBy(requestCategories.position)
      ).map((c) => `${c.nameFr} (${c.audience})`),
    ).toEqual([
      'Enseignement (STAFF)',
      'Paiement (STAFF)',
      'Contrat (STAFF)',
      'Reprographie (STAFF)',
      'Attestations (STUDENT)',
      'Notes (STUDENT)',
      'Inscription (STUDENT)',
    ]);
    expect((await t.db.select({ code: requestUnits.code }).from(requestUnits)).map((u) => u.code)).toEqual(
      expect.arrayContaining(['SENG', 'FIN', 'HR', 'ADM', 'SCH-INF']),
    );
    const perCategory = await t.db
      .select({ categoryId: requestSubcategories.categoryId, n: count() })
      .from(requestSubcategories)
      .groupBy(requestSubcategories.categoryId);
    expect(perCategory).toHaveLength(7);
    for (const { n } of perCategory) expect(n).toBeGreaterThanOrEqual(2);
    // every sub-category leaves SENG by a hop, and every hop has decisions
    const hops = await t.db
      .select({ id: requestHops.id, n: count(requestDecisions.id) })
      .from(requestHops)
      .leftJoin(requestDecisions, eq(requestDecisions.hopId, requestHops.id))
      .groupBy(requestHops.id);
    expect(hops.length).toBeGreaterThanOrEqual(perCategory.reduce((sum, c) => sum + c.n, 0));
    for (const hop of hops) expect(hop.n).toBeGreaterThan(0);
    // a decision that sends a request on names a unit the hop table lets it go to (decision 32)
    const forwards = await t.db
      .select({ subcategoryId: requestHops.subcategoryId, from: requestHops.toUnitId, to: requestDecisions.forwardUnitId })
      .from(requestDecisions)
      .innerJoin(requestHops, eq(requestHops.id, requestDecisions.hopId))
      .where(isNotNull(requestDecisions.forwardUnitId));
    expect(forwards.length).toBeGreaterThan(0);
    const allHops = await t.db.select().from(requestHops);
    for (const f of forwards) expect(allHops.some((h) => h.subcategoryId === f.subcategoryId && h.fromUnitId === f.from && h.toUnitId === f.to)).toBe(true);
    // each school receives the classes of one department; the units' members
    const schools = await t.db
      .select({ code: requestUnits.code, department: departments.code })
      .from(requestUnits)
      .innerJoin(departments, eq(departments.id, requestUnits.departmentId));
    expect(Object.fromEntries(schools.map((s) => [s.code, s.department]))).toEqual({ 'SCH-INF': 'INF', 'SCH-ACC': 'FIN', 'SCH-GES': 'GES', 'SCH-ING': 'ING' });
    const members = await t.db
      .select({ MATRICULE: persons.MATRICULE, unit: requestUnits.code })
      .from(persons)
      .innerJoin(requestUnits, eq(requestUnits.id, persons.REQUEST_UNIT_ID))
      .orderBy(persons.MATRICULE);
    expect(members).toEqual([
      { MATRICULE: 'BO0001', unit: 'HR' },
      { MATRICULE: 'BO0006', unit: 'SENG' },
      { MATRICULE: 'BO0007', unit: 'FIN' },
      { MATRICULE: 'BO0008', unit: 'SCH-INF' },
    ]);
  });

  it('holds demo requests of PER0001 and VAC0001 at every stage, each consistent with its steps and batches (decision 32)', async () => {
    const rows = await t.db
      .select({
        id: requests.id,
        reference: requests.REQUEST_ID,
        sub: requestSubcategories.code,
        author: persons.MATRICULE,
        status: requests.REQUEST_STATUS,
        unitId: requests.REQUEST_UNITY_ID,
        signedAt: requests.signedAt,
        batchId: requests.batchId,
        arrivalHopId: requests.arrivalHopId,
        forwardUnitId: requests.forwardUnitId,
      })
      .from(requests)
      .innerJoin(requestSubcategories, eq(requestSubcategories.id, requests.REQUEST_CATEGORY_ID))
      .innerJoin(persons, eq(persons.id, requests.REQUEST_AUTHOR))
      .orderBy(requests.id);
    expect(rows.map((r) => [r.sub, r.author, r.status, requestStageOf(r)])).toEqual([
      ['0201', 'PER0001', 'VALIDATED_BILLED', 'FINISHED'],
      ['0202', 'VAC0001', 'NOT_VALIDATED', 'FINISHED'],
      ['0101', 'VAC0001', 'PROCESSING', 'AWAITING_DECISION'],
      ['0301', 'PER0001', 'REGISTERED', 'READY_TO_SEND'],
      ['0401', 'PER0001', 'REGISTERED', 'AWAITING_SIGNATURE'],
      // the student demo account's (decision 41): signed by their filing
      ['1103', 'ST24A001', 'VALIDATED', 'FINISHED'],
      ['1201', 'ST24A001', 'PROCESSING', 'AWAITING_DECISION'],
      ['1102', 'ST24A001', 'REGISTERED', 'READY_TO_SEND'],
    ]);
    // each numbered as a filing numbers it (requestReferenceOf): its sub-category, a year, the next six digits
    expect(rows.map((r) => r.reference)).toEqual(rows.map((r, i) => expect.stringMatching(new RegExp(`^${r.sub}@\\d{4}-${String(i + 1).padStart(6, '0')}$`))));
    // every request's last step gives its status; every batch was received, with its items
    for (const row of rows) {
      const steps = await t.db.select().from(requestSteps).where(eq(requestSteps.requestId, row.id)).orderBy(requestSteps.at, requestSteps.id);
      expect(steps[0]!.kind).toBe('FILED');
      expect(steps.at(-1)!.status).toBe(row.status);
    }
    const batches = await t.db
      .select({ status: requestBatches.status, items: count(requestBatchItems.requestId) })
      .from(requestBatches)
      .leftJoin(requestBatchItems, eq(requestBatchItems.batchId, requestBatches.id))
      .groupBy(requestBatches.id);
    expect(batches).toEqual(Array.from({ length: 5 }, () => ({ status: 'RECEIVED', items: 1 })));
    // the school decides on the teaching claim it received; the lecturers' service may send the contract claim to human resources
    const school = await sessionFor(
      t,
      (await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, DEMO_ACCOUNTS.school.matricule)))[0]!.id,
    );
    const [awaiting] = (await school.get('/api/requests/inbox?stage=AWAITING_DECISION')).json().rows as { id: number }[];
    const decisions = (await school.get(`/api/requests/${awaiting!.id}`)).json().actions.decisions as { label: string }[];
    expect(decisions.map((d) => d.label)).toContain('Validate and send to finance');
    const seng = await sessionFor(t, (await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, DEMO_ACCOUNTS.seng.matricule)))[0]!.id);
    expect(
      ((await seng.get('/api/request-batches/eligible')).json() as { subcategory: { code: string }; destinations: { code: string }[] }[]).map((r) => [
        r.subcategory.code,
        r.destinations.map((d) => d.code),
      ]),
    ).toEqual([['0301', ['HR']]]);
  });

  it('gives the demo lecturers past assignments, so that they file requests about their classes', async () => {
    const { client } = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
    const categories = (await client.get('/api/request-categories')).json() as { sousCategories: { id: number; code: string }[] }[];
    const lessonClaim = categories.flatMap((c) => c.sousCategories).find((s) => s.code === '0101')!;
    const [klass] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.code, 'BTS1 GSI/J A'));
    const [subject] = await t.db
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.classId, klass!.id), eq(subjects.code, 'GSI101')));
    const res = await client.post('/api/requests', {
      REQUEST_CATEGORY_ID: lessonClaim.id,
      CLASS_ID: klass!.id,
      SUBJECT_ID: subject!.id,
      REQUEST_PBLM_DATE: '2023-03-06',
      REQUEST_PBLM_HOUR_START: '08:00',
      REQUEST_PBLM_HOUR_END: '09:50',
      REQUEST_OBJECT: 'Lesson not recorded',
      DESCRIPTION: 'Taught as planned.',
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('has staff of every category, students and each back-office role, some without accounts', async () => {
    const byStatus = await t.db.select({ status: persons.STATUS, n: count() }).from(persons).where(eq(persons.KIND, 'STAFF')).groupBy(persons.STATUS);
    const statuses = Object.fromEntries(byStatus.map((s) => [s.status, s.n]));
    for (const s of ['PERMANENT', 'VACATAIRE', 'STAGIAIRE', 'STAFF']) expect(statuses[s]).toBeGreaterThan(0);
    const roles = await t.db.execute(sql`select distinct unnest(roles) as role from persons order by 1`);
    expect((roles as unknown as { rows: { role: string }[] }).rows.map((r) => r.role)).toEqual([
      'ACADEMIC',
      'ADMIN',
      'ADMISSIONS',
      'HR',
      'IDENTIFICATION',
      'REQUESTS',
    ]);
    // the back-office accounts are office accounts, without a staff category (decision 29)
    const office = await t.db
      .select({ MATRICULE: persons.MATRICULE, STATUS: persons.STATUS, ROLES: persons.ROLES })
      .from(persons)
      .where(eq(persons.KIND, 'OFFICE'))
      .orderBy(persons.MATRICULE);
    expect(office.map((p) => [p.MATRICULE, p.STATUS, p.ROLES])).toEqual([
      ['BO0001', null, ['HR', 'REQUESTS']],
      ['BO0002', null, ['ACADEMIC']],
      ['BO0003', null, ['IDENTIFICATION']],
      ['BO0004', null, ['ADMISSIONS']],
      ['BO0005', null, ['ADMIN']],
      ['BO0006', null, ['REQUESTS']],
      ['BO0007', null, ['REQUESTS']],
      ['BO0008', null, ['REQUESTS']],
    ]);
    const withAccount = await total(accounts);
    // the demo accounts, and the students of the demo student's class who answer the demo evaluation (decision 39)
    expect(withAccount).toBe(15 + DEMO_EVALUATION_STUDENTS.length);
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

  it('lets the lecturer ready to choose (PER0004) find subjects in French and choose up to the session limit', async () => {
    const { client } = await signIn(t, DEMO_ACCOUNTS.readyLecturer.matricule);
    const application = (await client.post('/api/applications/init', {})).json() as { id: number };
    const page = await client.request('PATCH', '/api/subjects/by-level/1', { LEVEL: 1, REGIME: 'DAY', SEARCH: 'genie' });
    expect(page.statusCode).toBe(200);
    const rows = (page.json() as { rows: { SUBJECT_ID: number; SUBJECT_NAME_FR: string }[] }).rows;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => r.SUBJECT_NAME_FR.includes('Génie'))).toBe(true);
    // levels 1-2 in day classes: three subjects, the fourth refused
    const pick = (n: number) => rows.slice(0, n).map((r) => ({ SUBJECT_ID: r.SUBJECT_ID, CATEGORY: 'CM' }));
    expect((await client.request('PUT', `/api/applications-choices/${application.id}`, { subjects: pick(3) })).statusCode).toBe(200);
    expect((await client.request('PUT', `/api/applications-choices/${application.id}`, { subjects: pick(4) })).json().code).toBe('SUBJECT_LIMIT_REACHED');
  });

  it('gives the demo lecturers a timetable around the seed day: past weeks decided (a few refused, last month billed), today on pending, in Bloc B at Logbessou (decision 35)', async () => {
    // the seed day, university time: when the registry was written
    const [student] = await t.db
      .select({ createdAt: persons.createdAt, classId: persons.classId })
      .from(persons)
      .where(eq(persons.MATRICULE, DEMO_ACCOUNTS.student.matricule));
    const today = universityDayOf(student!.createdAt);
    const plan = demoTimetable(today);
    const rows = await t.db
      .select({
        matricule: persons.MATRICULE,
        classCode: classes.code,
        subjectCode: subjects.code,
        date: lessons.date,
        begin: lessons.begin,
        end: lessons.end,
        room: lessons.room,
        building: lessons.building,
        campus: lessons.campus,
        status: lessons.status,
        part: lessons.part,
        seriesId: lessons.seriesId,
        period: billingPeriods.name,
        periodBegin: billingPeriods.beginDate,
        periodEnd: billingPeriods.endDate,
        lecturerId: lessons.lecturerId,
        subjectId: lessons.subjectId,
        hoursCm: subjects.hoursCm,
      })
      .from(lessons)
      .innerJoin(persons, eq(persons.id, lessons.lecturerId))
      .innerJoin(classes, eq(classes.id, lessons.classId))
      .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
      .leftJoin(billingPeriods, eq(billingPeriods.id, lessons.billingPeriodId))
      .orderBy(lessons.date, lessons.begin, classes.code);
    // what the seed day gives, and nothing else (deterministic: the same day gives the same plan)
    expect(demoTimetable(today)).toEqual(plan);
    expect(
      rows.map((r) => ({
        matricule: r.matricule,
        classCode: r.classCode,
        subjectCode: r.subjectCode,
        date: r.date,
        begin: r.begin.slice(0, 5),
        end: r.end.slice(0, 5),
        room: r.room,
        status: r.status,
      })),
    ).toEqual(plan.lessons.map(({ series: _series, ...lesson }) => lesson));
    expect(rows.length).toBeGreaterThan(50);
    expect(new Set(rows.map((r) => `${r.building}|${r.campus}|${r.part}`))).toEqual(new Set(['Bloc B|Logbessou|CM']));
    // 6 weeks back to 4 ahead, one to four lessons a week for each lecturer
    const weekOf = (date: string) => Math.floor((Date.parse(date) - Date.parse(plan.monday)) / (7 * 86_400_000));
    for (const matricule of ['PER0001', 'VAC0001', 'PER0004']) {
      const weeks = new Map<number, number>();
      for (const r of rows.filter((row) => row.matricule === matricule)) weeks.set(weekOf(r.date), (weeks.get(weekOf(r.date)) ?? 0) + 1);
      expect(
        [...weeks.keys()].sort((a, b) => a - b),
        matricule,
      ).toEqual([-6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4]);
      for (const n of weeks.values()) expect(n >= 1 && n <= 4, `${matricule}: ${n} lessons a week`).toBe(true);
    }
    // decided before today, pending from today on; some refused; last month billed in its period, nothing else
    for (const r of rows) expect(r.status === 'PendingValidation', `${r.date} ${r.status}`).toBe(r.date >= today);
    expect(rows.filter((r) => r.status === 'NotValidated').length).toBeGreaterThanOrEqual(3);
    const billed = rows.filter((r) => r.status === 'ValidatedAndBilled');
    expect(billed.length).toBeGreaterThan(0);
    const periods = await t.db.select().from(billingPeriods);
    expect(periods).toHaveLength(1);
    expect(periods[0]!.endDate).toBe(addDays(`${today.slice(0, 8)}01`, -1));
    for (const r of billed) expect([r.period, r.date >= r.periodBegin! && r.date <= r.periodEnd!]).toEqual([periods[0]!.name, true]);
    for (const r of rows.filter((row) => row.date >= periods[0]!.beginDate && row.date <= periods[0]!.endDate && row.date < today))
      expect(['ValidatedAndBilled', 'NotValidated']).toContain(r.status);
    // one series per weekly lesson
    expect(new Set(rows.map((r) => r.seriesId)).size).toBe(new Set(plan.lessons.map((l) => l.series)).size);
    // every lesson of a confirmed assignment of its lecturer, and within the subject's lecture volume
    const assigned = await t.db
      .select({ lecturerId: applications.EMPLOYEE_ID, subjectId: applicationChoices.SUBJECT_ID })
      .from(applicationChoices)
      .innerJoin(applications, eq(applications.id, applicationChoices.applicationId))
      .where(and(eq(applicationChoices.AFFECTATION, 1), eq(applicationChoices.CATEGORY, 'CM')));
    for (const r of rows)
      expect(
        assigned.some((a) => a.lecturerId === r.lecturerId && a.subjectId === r.subjectId),
        `${r.matricule} ${r.subjectCode}`,
      ).toBe(true);
    for (const subjectId of new Set(rows.map((r) => r.subjectId))) {
      const ofSubject = rows.filter((r) => r.subjectId === subjectId);
      const { planned } = lessonTotalsOf(ofSubject.map((r) => ({ status: r.status, hours: lessonHoursOf(r.begin.slice(0, 5), r.end.slice(0, 5)) })));
      expect(planned, ofSubject[0]!.subjectCode).toBeLessThanOrEqual(ofSubject[0]!.hoursCm);
    }
    // another day, another plan
    expect(demoTimetable(addDays(today, 7)).lessons[0]!.date).toBe(addDays(plan.lessons[0]!.date, 7));
  });

  it('puts every demo student in a class that has lessons, the student demo account in BTS1 GSI/J A', async () => {
    const rows = await t.db
      .select({ MATRICULE: persons.MATRICULE, classCode: classes.code })
      .from(persons)
      .leftJoin(classes, eq(classes.id, persons.classId))
      .where(eq(persons.KIND, 'STUDENT'));
    expect(rows.length).toBe(120);
    expect(new Set(rows.map((r) => r.classCode))).toEqual(new Set(DEMO_STUDENT_CLASSES));
    expect(rows.find((r) => r.MATRICULE === DEMO_ACCOUNTS.student.matricule)!.classCode).toBe('BTS1 GSI/J A');
    const taught = await t.db.selectDistinct({ code: classes.code }).from(lessons).innerJoin(classes, eq(classes.id, lessons.classId));
    expect(taught.map((c) => c.code).sort()).toEqual([...DEMO_STUDENT_CLASSES].sort());
    // nobody else has a class
    const others = await t.db
      .select({ n: count() })
      .from(persons)
      .where(and(isNotNull(persons.classId), sql`${persons.KIND} <> 'STUDENT'`));
    expect(others[0]!.n).toBe(0);
  });

  it('is seeded only into an empty database', async () => {
    expect(await seedIfEmpty(t.db)).toBe(false);
  });
});
