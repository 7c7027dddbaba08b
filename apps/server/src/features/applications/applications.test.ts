import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, estimatePay, type Application, type ArchivedApplication, type Choice, type ApplicationSessionChoice } from '@portal/contract';
import { applicationChoices, applications, applicationSessions, auditLog, identifications, persons, settings, subjects } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, lastMailTo, sessionFor, signIn, type TestApp } from '../../../test/helpers';
import { applicationWith, createLecturers, decide, demoSession, subjectsAt, type LecturerOptions, type SubjectPick } from './fixtures';

let t: TestApp;
let session: Awaited<ReturnType<typeof demoSession>>['session'];
let constraint: Awaited<ReturnType<typeof demoSession>>['constraint'];
let academic: Client;
let admin: Client;
let hr: Client;
/** Subjects by level and shift, each test taking its own slice so that assignments do not cross. */
let l1Day: SubjectPick[];
let l2Day: SubjectPick[];
let l1Evening: SubjectPick[];
let l3Day: SubjectPick[];
let l4Day: SubjectPick[];

beforeAll(async () => {
  t = await createTestApp();
  ({ session, constraint } = await demoSession(t.db));
  academic = (await signIn(t, DEMO_ACCOUNTS.academic.matricule)).client;
  admin = (await signIn(t, DEMO_ACCOUNTS.admin.matricule)).client;
  hr = (await signIn(t, DEMO_ACCOUNTS.hr.matricule)).client;
  [l1Day, l2Day, l1Evening, l3Day, l4Day] = await Promise.all([
    subjectsAt(t.db, 1, 'DAY'),
    subjectsAt(t.db, 2, 'DAY'),
    subjectsAt(t.db, 1, 'EVENING'),
    subjectsAt(t.db, 3, 'DAY'),
    subjectsAt(t.db, 4, 'DAY'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

interface Lecturer {
  id: number;
  email: string;
  client: Client;
}
interface Applicant extends Lecturer {
  application: Application;
}

async function lecturer(options: LecturerOptions = {}): Promise<Lecturer> {
  const [person] = await createLecturers(t.db, 1, options);
  return { ...person!, client: await sessionFor(t, person!.id) };
}

async function applicant(options: LecturerOptions = {}): Promise<Applicant> {
  const l = await lecturer(options);
  const res = await l.client.post('/api/applications/init', {});
  expect(res.statusCode).toBe(201);
  return { ...l, application: res.json() };
}

const cm = (...list: SubjectPick[]) => list.map((s) => ({ SUBJECT_ID: s.id, CATEGORY: 'CM' as const }));
const choose = (a: Applicant, subjects: { SUBJECT_ID: number; CATEGORY: string }[]) =>
  a.client.post('/api/applications-choices', { application: a.application.id, subjects });
const replace = (a: Applicant, subjects: { SUBJECT_ID: number; CATEGORY: string }[]) =>
  a.client.request('PUT', `/api/applications-choices/${a.application.id}`, { subjects });
const clear = (a: Applicant) => a.client.post(`/api/applications-choices/clear/${a.application.id}`);
const close = (a: Applicant) => a.client.post(`/api/applications/close/${a.application.id}`);
const choicesInDb = (applicationId: number) =>
  t.db.select().from(applicationChoices).where(eq(applicationChoices.applicationId, applicationId)).orderBy(applicationChoices.id);

async function setSession(values: Partial<typeof applicationSessions.$inferInsert>) {
  await t.db.update(applicationSessions).set(values).where(eq(applicationSessions.id, session.id));
  await t.settled();
}

describe('who may apply: the gate', () => {
  it('refuses a lecturer whose registration is still open (PER0001)', async () => {
    const { client } = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
    const res = await client.post('/api/applications/init', {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'REGISTRATION_NOT_CLOSED', message: ERROR_MESSAGES.REGISTRATION_NOT_CLOSED });
    expect((await client.post('/api/applications', {})).json().code).toBe('REGISTRATION_NOT_CLOSED');
  });

  it('refuses a lecturer not identified yet (PER0003)', async () => {
    const { client } = await signIn(t, DEMO_ACCOUNTS.closedLecturer.matricule);
    const res = await client.post('/api/applications/init', {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'IDENTIFICATION_MISSING', message: ERROR_MESSAGES.IDENTIFICATION_MISSING });
  });

  it('refuses students everywhere (NOT_ELIGIBLE)', async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.student.matricule);
    const id = user.id as number;
    const calls = [
      client.post('/api/applications/init', {}),
      client.post('/api/applications', {}),
      client.get('/api/applications/current'),
      client.get(`/api/applications/current/${id}/${session.id}`),
      client.get(`/api/applications/all/${id}`),
      client.get(`/api/applications/affectations/${id}`),
      client.get(`/api/applications-choices/older/${id}`),
      client.post('/api/applications-choices', { application: 1, subjects: cm(l1Day[0]!) }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('NOT_ELIGIBLE');
    }
  });

  it('asks for a session', async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.post('/api/applications/init', {})).statusCode).toBe(401);
    expect((await anonymous.get('/api/applications/current')).statusCode).toBe(401);
    expect((await anonymous.post('/api/applications-choices', { application: 1, subjects: cm(l1Day[0]!) })).statusCode).toBe(401);
  });

  it('checks the gate again on every change', async () => {
    const a = await applicant();
    // HR reopens the registration: choices are locked until it is closed again.
    await t.db.update(persons).set({ registrationClosedAt: null }).where(eq(persons.id, a.id));
    await t.settled();
    for (const res of [await choose(a, cm(l4Day[0]!)), await replace(a, []), await clear(a), await close(a)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('REGISTRATION_NOT_CLOSED');
    }
    await t.db.update(persons).set({ registrationClosedAt: new Date() }).where(eq(persons.id, a.id));
    await t.db.update(identifications).set({ completedAt: null }).where(eq(identifications.personId, a.id));
    await t.settled();
    expect((await choose(a, cm(l4Day[0]!))).json().code).toBe('IDENTIFICATION_MISSING');
    expect((await a.client.post('/api/applications/init', {})).json().code).toBe('IDENTIFICATION_MISSING');
    expect(await choicesInDb(a.application.id)).toEqual([]);
  });
});

describe('initialising the application', () => {
  it('creates the application once, with the hours of the category and the session limits (PER0004)', async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.readyLecturer.matricule);
    const first = await client.post('/api/applications/init', {});
    expect(first.statusCode).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const application = first.json() as Application;
    expect(application).toMatchObject({
      EMPLOYEE_ID: user.id,
      TOTAL_HOURS: 300,
      SESSION_APPLICATION_ID: session.id,
      SUBJECT_CONSTRAINT_ID: constraint.id,
      CLOSED: false,
      CLOSED_AT: null,
      SubjectConstraint: { id: constraint.id, LEVEL1_J: 3, LEVEL3_J: 2, LEVEL1_S: 2 },
    });
    const again = await client.post('/api/applications', { EMPLOYEE_ID: user.id, TOTAL_HOURS: 5000, SESSION_APPLICATION_ID: 999 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(application);
    // one in this session (PER0004 also has the demo's past session's, decision 32)
    expect(
      await t.db
        .select()
        .from(applications)
        .where(and(eq(applications.EMPLOYEE_ID, user.id as number), eq(applications.SESSION_APPLICATION_ID, session.id))),
    ).toHaveLength(1);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.created'), eq(auditLog.targetId, String(application.id))));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actorId).toBe(user.id);
  });

  it('gives each category its hours', async () => {
    for (const [status, hours] of [
      ['VACATAIRE', 200],
      ['STAGIAIRE', 120],
      ['STAFF', 60],
      ['PERMANENT', 300],
    ] as const) {
      expect((await applicant({ status })).application.TOTAL_HOURS).toBe(hours);
    }
  });

  it('refuses to create an application for someone else', async () => {
    const a = await lecturer();
    const other = await lecturer();
    const res = await a.client.post('/api/applications/init', { EMPLOYEE_ID: other.id });
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(applications).where(eq(applications.EMPLOYEE_ID, other.id))).toEqual([]);
    expect(await t.db.select().from(applications).where(eq(applications.EMPLOYEE_ID, a.id))).toEqual([]);
    expect((await a.client.post('/api/applications', { EMPLOYEE_ID: a.id })).statusCode).toBe(201);
  });
});

describe('reading applications', () => {
  it('answers the current application, or 204', async () => {
    const a = await applicant();
    const res = await a.client.get('/api/applications/current');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(a.application);
    const none = await lecturer();
    const empty = await none.client.get('/api/applications/current');
    expect(empty.statusCode).toBe(204);
    expect(empty.body).toBe('');
  });

  it("answers a person's application in a session: oneself, or the academic office and administrators", async () => {
    const a = await applicant();
    const other = await applicant();
    const url = `/api/applications/current/${a.id}/${session.id}`;
    expect((await a.client.get(url)).json()).toEqual(a.application);
    expect((await academic.get(url)).json()).toEqual(a.application);
    expect((await admin.get(url)).json()).toEqual(a.application);
    expect((await other.client.get(url)).statusCode).toBe(403);
    expect((await hr.get(url)).statusCode).toBe(403);
    expect((await a.client.get(`/api/applications/current/${a.id}/99999`)).statusCode).toBe(204);
  });

  it('answers one application to its owner and the office; others 403; unknown 404', async () => {
    const a = await applicant();
    const other = await applicant();
    const url = `/api/applications/${a.application.id}`;
    expect((await a.client.get(url)).json()).toEqual(a.application);
    expect((await academic.get(url)).statusCode).toBe(200);
    expect((await admin.get(url)).statusCode).toBe(200);
    const refused = await other.client.get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await hr.get(url)).statusCode).toBe(403);
    expect((await a.client.get('/api/applications/999999')).statusCode).toBe(404);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.actorId, other.id)));
    expect(audited.length).toBeGreaterThan(0);
  });
});

describe('choosing subjects', () => {
  it('adds choices and answers the whole list with the hours of each part', async () => {
    const a = await applicant();
    const [s1, s2] = [l1Day[0]!, l1Day[1]!];
    const res = await choose(a, [...cm(s1), { SUBJECT_ID: s1.id, CATEGORY: 'TD' }]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json() as Choice[];
    expect(list.map((c) => [c.Subject.SUBJECT_ID, c.CATEGORY, c.AFFECTATION, c.HOURS])).toEqual([
      [s1.id, 'CM', 0, s1.hoursCm],
      [s1.id, 'TD', 0, s1.hoursTd],
    ]);
    expect(list[0]).toMatchObject({
      APPLICATION_ID: a.application.id,
      Subject: { SUBJECT_CODE: s1.code, CLASS_CODE: s1.classCode, LEVEL_ID: 1, SHIFT: 'DAY', TAX_RATE: 16.5, ASSIGNED: [] },
    });
    // Giving a live choice again changes nothing; new ones are added.
    const more = (await choose(a, cm(s1, s2))).json() as Choice[];
    expect(more.map((c) => [c.Subject.SUBJECT_ID, c.CATEGORY])).toEqual([
      [s1.id, 'CM'],
      [s1.id, 'TD'],
      [s2.id, 'CM'],
    ]);
    expect(await choicesInDb(a.application.id)).toHaveLength(3);
    const read = await a.client.get(`/api/applications-choices/${a.application.id}/none`);
    expect(read.json()).toEqual(more);
  });

  it('counts distinct subjects per level group: levels 1 and 2 together (LEVEL1_J = LEVEL2_J = 3)', async () => {
    const a = await applicant();
    expect((await choose(a, cm(l1Day[2]!, l1Day[3]!))).statusCode).toBe(200);
    // Another part of a chosen subject is not another subject.
    expect((await choose(a, [{ SUBJECT_ID: l1Day[2]!.id, CATEGORY: 'TD' }])).statusCode).toBe(200);
    expect((await choose(a, cm(l2Day[0]!))).statusCode).toBe(200);
    const res = await choose(a, cm(l2Day[1]!));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'SUBJECT_LIMIT_REACHED',
      message: 'Max number of subjects reached for this level',
      limit: { group: '12', shift: 'J', limit: 3 },
    });
    expect((await choose(a, cm(l1Day[4]!))).json().code).toBe('SUBJECT_LIMIT_REACHED');
    expect(await choicesInDb(a.application.id)).toHaveLength(4);
  });

  it('counts day and evening classes apart (LEVEL1_S = 2), and level 3 on its own (LEVEL3_J = 2)', async () => {
    const a = await applicant();
    expect((await choose(a, cm(l1Day[5]!, l1Day[6]!, l1Day[7]!))).statusCode).toBe(200);
    expect((await choose(a, cm(l1Evening[0]!, l1Evening[1]!))).statusCode).toBe(200);
    const evening = await choose(a, cm(l1Evening[2]!));
    expect(evening.statusCode).toBe(409);
    expect(evening.json().limit).toEqual({ group: '12', shift: 'S', limit: 2 });
    expect((await choose(a, cm(l3Day[0]!, l3Day[1]!))).statusCode).toBe(200);
    expect((await choose(a, cm(l3Day[2]!))).json()).toMatchObject({ code: 'SUBJECT_LIMIT_REACHED', limit: { group: '3', shift: 'J', limit: 2 } });
    expect(await choicesInDb(a.application.id)).toHaveLength(7);
  });

  it('refuses a whole request when part of it breaks a rule: nothing is saved', async () => {
    const a = await applicant();
    const res = await choose(a, cm(l1Day[8]!, l1Day[9]!, l1Day[10]!, l1Day[11]!));
    expect(res.statusCode).toBe(409);
    expect(await choicesInDb(a.application.id)).toEqual([]);
    const unknown = await choose(a, [...cm(l1Day[8]!), { SUBJECT_ID: 9_999_999, CATEGORY: 'CM' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'subjects.1.SUBJECT_ID': 'validation.invalid' } });
    expect(await choicesInDb(a.application.id)).toEqual([]);
    const malformed = await a.client.post('/api/applications-choices', { application: a.application.id, subjects: [{ SUBJECT_ID: 'x', CATEGORY: 'XX' }] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toMatchObject({ 'subjects.0.SUBJECT_ID': 'validation.invalid', 'subjects.0.CATEGORY': 'validation.invalid' });
    expect((await a.client.post('/api/applications-choices', { application: a.application.id, subjects: [] })).statusCode).toBe(400);
    expect((await a.client.post('/api/applications-choices', { application: 999999, subjects: cm(l1Day[8]!) })).statusCode).toBe(404);
  });

  it('keeps to the allowed hourly volume', async () => {
    const a = await applicant();
    const [x, y] = [l4Day[1]!, l3Day[3]!];
    const cap = x.hoursCm + x.hoursTd - 1;
    await t.db.update(applications).set({ TOTAL_HOURS: cap }).where(eq(applications.id, a.application.id));
    expect((await choose(a, cm(x))).statusCode).toBe(200);
    const res = await choose(a, [{ SUBJECT_ID: x.id, CATEGORY: 'TD' }, ...cm(y)]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'HOURS_CAP_EXCEEDED',
      message: ERROR_MESSAGES.HOURS_CAP_EXCEEDED,
      limit: { hours: x.hoursCm + x.hoursTd + y.hoursCm, allowed: cap },
    });
    expect((await choose(a, [{ SUBJECT_ID: x.id, CATEGORY: 'TD' }])).json().code).toBe('HOURS_CAP_EXCEEDED');
    expect(await choicesInDb(a.application.id)).toHaveLength(1);
    // The office lowers the session cap below the choices: nothing more can be added, giving again or removing still works.
    await setSession({ hoursVacataire: x.hoursCm - 1 });
    try {
      expect((await choose(a, [{ SUBJECT_ID: y.id, CATEGORY: 'TD' }])).json()).toMatchObject({ code: 'HOURS_CAP_EXCEEDED', limit: { allowed: x.hoursCm - 1 } });
      expect((await choose(a, cm(x))).statusCode).toBe(200);
      expect((await replace(a, [])).statusCode).toBe(200);
      expect(await choicesInDb(a.application.id)).toEqual([]);
    } finally {
      await setSession({ hoursVacataire: 200 });
    }
  });

  it('refuses a part with no hours, and a part confirmed to someone else', async () => {
    const a = await applicant();
    const noTp = l4Day.find((s) => s.hoursTp === 0)!;
    const res = await choose(a, [{ SUBJECT_ID: noTp.id, CATEGORY: 'TP' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'SUBJECT_UNAVAILABLE', message: ERROR_MESSAGES.SUBJECT_UNAVAILABLE });

    const taken = l4Day[2]!;
    const [other] = await createLecturers(t.db, 1);
    await applicationWith(t.db, {
      personId: other!.id,
      sessionId: session.id,
      constraintId: constraint.id,
      choices: [{ subjectId: taken.id, category: 'CM', affectation: 1 }],
    });
    expect((await choose(a, cm(taken))).json().code).toBe('SUBJECT_UNAVAILABLE');
    const td = await choose(a, [{ SUBJECT_ID: taken.id, CATEGORY: 'TD' }]);
    expect(td.statusCode).toBe(200);
    expect((td.json() as Choice[])[0]!.Subject.ASSIGNED).toEqual(['CM']);
    // Chosen (not confirmed) by someone else is still open.
    expect((await choose(a, cm(l4Day[3]!))).statusCode).toBe(200);
    const third = await applicant();
    expect((await choose(third, cm(l4Day[3]!))).statusCode).toBe(200);
  });

  it('refuses a declined choice, by POST and by PUT', async () => {
    const a = await applicant();
    const s = l2Day[2]!;
    const [choice] = (await choose(a, cm(s))).json() as Choice[];
    await decide(t.db, [choice!.id], 2);
    const res = await choose(a, cm(s));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CHOICE_DECLINED', message: ERROR_MESSAGES.CHOICE_DECLINED });
    expect((await replace(a, cm(s))).json().code).toBe('CHOICE_DECLINED');
    // Another part of the subject is still open, and declined choices weigh nothing in the limits.
    expect((await choose(a, [{ SUBJECT_ID: s.id, CATEGORY: 'TD' }])).statusCode).toBe(200);
  });
});

describe('saving and emptying the list', () => {
  it('PUT makes the selected choices exactly the ones given; confirmed and declined ones stay', async () => {
    const a = await applicant();
    const [s1, s2, s3, s4, s5] = [l2Day[3]!, l2Day[4]!, l2Day[5]!, l4Day[4]!, l4Day[5]!];
    const list = (await choose(a, cm(s1, s2, s3, s4))).json() as Choice[];
    const byId = (s: SubjectPick) => list.find((c) => c.Subject.SUBJECT_ID === s.id)!.id;
    await decide(t.db, [byId(s3)], 1);
    await decide(t.db, [byId(s4)], 2);

    const res = await replace(a, cm(s2, s5, s3));
    expect(res.statusCode).toBe(200);
    const after = res.json() as Choice[];
    expect(after.map((c) => [c.Subject.SUBJECT_ID, c.AFFECTATION]).sort()).toEqual(
      [
        [s2.id, 0],
        [s3.id, 1],
        [s4.id, 2],
        [s5.id, 0],
      ].sort(),
    );
    // s2 kept its row; s1 is gone.
    expect(after.find((c) => c.Subject.SUBJECT_ID === s2.id)!.id).toBe(byId(s2));
    expect((await choicesInDb(a.application.id)).map((c) => c.SUBJECT_ID)).not.toContain(s1.id);

    const emptied = (await replace(a, [])).json() as Choice[];
    expect(emptied.map((c) => [c.Subject.SUBJECT_ID, c.AFFECTATION]).sort()).toEqual(
      [
        [s3.id, 1],
        [s4.id, 2],
      ].sort(),
    );
  });

  it('PUT checks the resulting list: over the limit, nothing changes', async () => {
    const a = await applicant();
    expect((await choose(a, cm(l1Day[12]!))).statusCode).toBe(200);
    const res = await replace(a, cm(l1Day[13]!, l1Day[14]!, l1Day[15]!, l1Day[16]!));
    expect(res.json().code).toBe('SUBJECT_LIMIT_REACHED');
    expect((await choicesInDb(a.application.id)).map((c) => c.SUBJECT_ID)).toEqual([l1Day[12]!.id]);
    // Swapping within the limit is fine.
    expect((await replace(a, cm(l1Day[13]!, l1Day[14]!, l1Day[15]!))).statusCode).toBe(200);
    expect((await choicesInDb(a.application.id)).map((c) => c.SUBJECT_ID).sort()).toEqual([l1Day[13]!.id, l1Day[14]!.id, l1Day[15]!.id].sort());
  });

  it('empties the list but keeps confirmed and declined choices', async () => {
    const a = await applicant();
    const list = (await choose(a, cm(l4Day[6]!, l4Day[7]!))).json() as Choice[];
    await choose(a, cm(l3Day[4]!));
    await decide(t.db, [list[0]!.id], 1);
    await decide(t.db, [list[1]!.id], 2);
    const res = await clear(a);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Choice[]).map((c) => [c.id, c.AFFECTATION])).toEqual([
      [list[0]!.id, 1],
      [list[1]!.id, 2],
    ]);
    expect(await choicesInDb(a.application.id)).toHaveLength(2);
  });

  it("audits each change of the list with the parts added and removed (the person's history shows it), and none for a change that changes nothing", async () => {
    const a = await applicant();
    const [s1, s2, s3] = [l2Day[6]!, l2Day[7]!, l2Day[8]!];
    const changes = async () =>
      (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'application.choices-changed'), eq(auditLog.targetId, String(a.application.id))))
          .orderBy(auditLog.id)
      ).map((row) => ({ actorId: row.actorId, targetType: row.targetType, details: row.details }));
    expect((await choose(a, cm(s1, s2))).statusCode).toBe(200);
    expect((await replace(a, cm(s2, s3))).statusCode).toBe(200);
    expect((await choose(a, cm(s3))).statusCode).toBe(200);
    expect((await replace(a, cm(s2, s3))).statusCode).toBe(200);
    expect((await clear(a)).statusCode).toBe(200);
    expect((await clear(a)).statusCode).toBe(200);
    const part = (s: SubjectPick) => ({ subjectId: s.id, code: s.code, category: 'CM' });
    expect(await changes()).toEqual([
      { actorId: a.id, targetType: 'application', details: { added: [part(s1), part(s2)], removed: [] } },
      { actorId: a.id, targetType: 'application', details: { added: [part(s3)], removed: [part(s1)] } },
      { actorId: a.id, targetType: 'application', details: { added: [], removed: [part(s2), part(s3)] } },
    ]);
  });
});

describe('when no session is open', () => {
  it('refuses init and every change with 409 NO_ACTIVE_SESSION, and has no current application', async () => {
    const a = await applicant();
    const fresh = await lecturer();
    await setSession({ MANUAL_CLOSURE: true });
    try {
      const init = await fresh.client.post('/api/applications/init', {});
      expect(init.statusCode).toBe(409);
      expect(init.json()).toEqual({ code: 'NO_ACTIVE_SESSION', message: 'No active session' });
      for (const res of [await choose(a, cm(l3Day[5]!)), await replace(a, []), await clear(a), await close(a)]) {
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('NO_ACTIVE_SESSION');
      }
      expect((await a.client.get('/api/applications/current')).statusCode).toBe(204);
      // The application itself is still readable.
      expect((await a.client.get(`/api/applications/${a.application.id}`)).statusCode).toBe(200);
    } finally {
      await setSession({ MANUAL_CLOSURE: false });
    }
    expect((await choose(a, cm(l3Day[5]!))).statusCode).toBe(200);
  });
});

describe("someone else's application", () => {
  it('is refused (403) on every route, to the back office too when changing it', async () => {
    const owner = await applicant();
    await choose(owner, cm(l4Day[8]!));
    const intruder = await applicant();
    const id = owner.application.id;
    const refused = [
      await intruder.client.post('/api/applications-choices', { application: id, subjects: cm(l4Day[9]!) }),
      await intruder.client.request('PUT', `/api/applications-choices/${id}`, { subjects: [] }),
      await intruder.client.post(`/api/applications-choices/clear/${id}`),
      await intruder.client.post(`/api/applications/close/${id}`),
      await intruder.client.get(`/api/applications/${id}`),
      await intruder.client.get(`/api/applications-choices/${id}/none`),
      await intruder.client.get(`/api/applications/all/${owner.id}`),
      await intruder.client.get(`/api/applications/affectations/${owner.id}`),
      await intruder.client.get(`/api/applications-choices/older/${owner.id}`),
      await intruder.client.get(`/api/applications/current/${owner.id}/${session.id}`),
      await academic.post('/api/applications-choices', { application: id, subjects: cm(l4Day[9]!) }),
      await academic.request('PUT', `/api/applications-choices/${id}`, { subjects: [] }),
      await academic.post(`/api/applications-choices/clear/${id}`),
      await admin.post(`/api/applications/close/${id}`),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await choicesInDb(id)).map((c) => c.SUBJECT_ID)).toEqual([l4Day[8]!.id]);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    expect(row!.CLOSED).toBe(false);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.actorId, intruder.id)));
    expect(audited.length).toBeGreaterThanOrEqual(10);
    // The academic office reads them.
    expect((await academic.get(`/api/applications-choices/${id}/none`)).json()).toHaveLength(1);
    expect((await academic.get(`/api/applications/all/${owner.id}`)).statusCode).toBe(200);
  });
});

describe('closing the application', () => {
  it('closes for good, mails a summary, and then refuses every action', async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.readyLecturer.matricule);
    const application = (await client.post('/api/applications/init', {})).json() as Application;
    const a: Applicant = { id: user.id as number, email: user.EMAIL as string, client, application };
    const [x, y, z] = [l1Day[17]!, l4Day[10]!, l4Day[11]!];
    await choose(a, [...cm(x), { SUBJECT_ID: x.id, CATEGORY: 'TD' }, ...cm(y, z)]);
    const list = (await a.client.get(`/api/applications-choices/${application.id}/none`)).json() as Choice[];
    await decide(t.db, [list.find((c) => c.Subject.SUBJECT_ID === z.id)!.id], 2);
    await decide(t.db, [list.find((c) => c.Subject.SUBJECT_ID === y.id)!.id], 1);

    t.clock.advanceSeconds(60);
    const res = await close(a);
    expect(res.statusCode).toBe(200);
    const closed = res.json() as Application;
    expect(closed).toMatchObject({ id: application.id, CLOSED: true, CLOSED_AT: t.clock.now().toISOString() });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.closed'), eq(auditLog.targetId, String(application.id))));
    expect(audited).toHaveLength(1);

    const mail = await lastMailTo(t.db, a.email);
    expect(mail!.kind).toBe('application-closed');
    expect(mail!.subject).toBe(`Subject choices closed: ${session.DESIGNATION}`);
    const text = mail!.textBody;
    const hours = x.hoursCm + x.hoursTd + y.hoursCm;
    expect(text).toContain(`Level 1 (${x.hoursCm + x.hoursTd} h)\n- ${x.code} `);
    expect(text).toContain(`(${x.classCode}): lecture (CM), ${x.hoursCm} h\n`);
    expect(text).toContain(`(${x.classCode}): tutorial (TD), ${x.hoursTd} h\n`);
    expect(text).toContain(`Level 4 (${y.hoursCm} h)\n- ${y.code} `);
    expect(text).toContain(`lecture (CM), ${y.hoursCm} h (confirmed)`);
    expect(text).not.toContain(z.code); // declined
    expect(text).toContain(`Total: ${hours} hours chosen, 300 hours allowed.`);
    const pay = estimatePay(
      [
        { HOURS: x.hoursCm + x.hoursTd, HOURLY_RATE: x.hourlyRate },
        { HOURS: y.hoursCm, HOURLY_RATE: y.hourlyRate },
      ],
      true,
    );
    const de = (n: number) => `${new Intl.NumberFormat('de-DE').format(n)} cfa`;
    expect(text).toContain(`Estimated pay: ${de(pay.gross)} gross, tax 5.5 % (${de(pay.tax)}), ${de(pay.net)} net.`);

    const refusals = [await choose(a, cm(l3Day[6]!)), await replace(a, []), await clear(a), await close(a)];
    for (const r of refusals) {
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ code: 'SESSION_CLOSED', message: "You can't perform actions on a closed session" });
    }
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'application.closed'), eq(auditLog.targetId, String(application.id)))),
    ).toHaveLength(1);
    expect(await choicesInDb(application.id)).toHaveLength(4);
    // Initialising again answers the closed application.
    const again = await a.client.post('/api/applications/init', {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: application.id, CLOSED: true });
  });

  it("writes the summary in the person's language, with their tax rate", async () => {
    const a = await applicant();
    await t.db.insert(settings).values({ personId: a.id, values: { LANGUAGE: 'fr' } });
    await t.settled();
    const s = l3Day[7]!;
    await choose(a, cm(s));
    expect((await close(a)).statusCode).toBe(200);
    const mail = await lastMailTo(t.db, a.email);
    // the session and the subjects by their French names (decision 30)
    expect(mail!.subject).toBe(`Choix des matières clôturés\u00a0: ${session.DESIGNATION_FR}`);
    const [frenchName] = await t.db.select({ nameFr: subjects.nameFr }).from(subjects).where(eq(subjects.id, s.id));
    expect(mail!.textBody).toContain(frenchName!.nameFr);
    expect(mail!.textBody).toContain(`Niveau 3 (${s.hoursCm} h)`);
    expect(mail!.textBody).toContain(`cours magistral (CM), ${s.hoursCm} h`);
    expect(mail!.textBody).toContain(`Total\u00a0: ${s.hoursCm} heures choisies, 200 heures autorisées.`);
    expect(mail!.textBody).toContain('impôt 16,5 %');
  });

  it('re-checks the hours: refused when the office lowered the cap below the choices', async () => {
    const a = await applicant();
    const s = l4Day[12]!;
    await choose(a, [...cm(s), { SUBJECT_ID: s.id, CATEGORY: 'TD' }]);
    const hours = s.hoursCm + s.hoursTd;
    await setSession({ hoursVacataire: hours - 5 });
    try {
      const res = await close(a);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'CLOSURE_HOURS_EXCEEDED',
        message: 'Hourly volume exceeds the allowed one, so closure is denied',
        limit: { hours, allowed: hours - 5 },
      });
      const [row] = await t.db.select().from(applications).where(eq(applications.id, a.application.id));
      expect(row!.CLOSED).toBe(false);
      expect(await lastMailTo(t.db, a.email)).toBeUndefined();
      // Removing a part makes it fit.
      expect((await replace(a, cm(s))).statusCode).toBe(200);
      expect((await close(a)).statusCode).toBe(200);
    } finally {
      await setSession({ hoursVacataire: 200 });
    }
  });
});

describe("the specification's GET forms of closing and emptying (API clients)", () => {
  const closeUrl = (a: Applicant) => `/api/applications/close/${a.application.id}`;
  const clearUrl = (a: Applicant) => `/api/applications-choices/clear/${a.application.id}`;
  /** The same person as an API client: the session's token in `Authorization: Bearer`, no cookie. */
  const bearerOf = (a: Applicant) => ({ authorization: `Bearer ${[...a.client.cookies.values()][0]!}` });
  const closedInDb = async (a: Applicant) =>
    (await t.db.select({ CLOSED: applications.CLOSED }).from(applications).where(eq(applications.id, a.application.id)))[0]!.CLOSED;

  it('refuses the session cookie alone with 403 BEARER_REQUIRED and changes nothing; 401 without a session', async () => {
    const a = await applicant();
    expect((await choose(a, cm(l4Day[14]!))).statusCode).toBe(200);
    for (const url of [clearUrl(a), closeUrl(a)]) {
      const res = await a.client.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ code: 'BEARER_REQUIRED', message: ERROR_MESSAGES.BEARER_REQUIRED });
      const anonymous = await new Client(t.app).get(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    }
    expect(await choicesInDb(a.application.id)).toHaveLength(1);
    expect(await closedInDb(a)).toBe(false);
  });

  it('empties the list and closes for a bearer token, answering as the POST forms; no HEAD form', async () => {
    const a = await applicant();
    const api = new Client(t.app);
    const bearer = bearerOf(a);
    expect((await choose(a, cm(l4Day[15]!, l4Day[16]!))).statusCode).toBe(200);

    const head = await t.app.inject({ method: 'HEAD', url: clearUrl(a), headers: bearer });
    expect(head.statusCode).toBe(404);
    expect(await choicesInDb(a.application.id)).toHaveLength(2);

    const cleared = await api.get(clearUrl(a), bearer);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toEqual([]);
    expect(cleared.headers['cache-control']).toBe('no-store');
    expect(await choicesInDb(a.application.id)).toEqual([]);

    expect((await choose(a, cm(l4Day[15]!))).statusCode).toBe(200);
    const closed = await api.get(closeUrl(a), bearer);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ id: a.application.id, CLOSED: true, CLOSED_AT: t.clock.now().toISOString() });
    expect(await closedInDb(a)).toBe(true);
    const again = await api.get(closeUrl(a), bearer);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual((await close(a)).json());
    expect(again.json().code).toBe('SESSION_CLOSED');
  });

  it('documents both GET forms for bearer clients in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary: string; security?: unknown }>>;
    };
    for (const path of ['/api/applications/close/{id}', '/api/applications-choices/clear/{application}']) {
      expect(doc.paths[path]!.get!.summary, path).toMatch(/bearer token only/);
      expect(doc.paths[path]!.get!.security).toEqual([{ bearer: [] }]);
      expect(doc.paths[path]!.post).toBeDefined();
    }
  });
});

describe('the archive', () => {
  it('lists every application with its session and choices, the confirmed ones and the older ones', async () => {
    const a = await applicant();
    const current = (await choose(a, cm(l4Day[13]!, l3Day[8]!))).json() as Choice[];
    await decide(t.db, [current[0]!.id], 1);
    const [old] = await t.db
      .insert(applicationSessions)
      .values({
        DESIGNATION: 'Subject choices, semester 2, 2022-2023',
        DESIGNATION_FR: 'Choix des matières, semestre 2, 2022-2023',
        START_DATE: new Date('2023-02-01T00:00:00Z'),
        END_DATE: new Date('2023-07-01T00:00:00Z'),
        SUBJECT_CONSTRAINT_ID: constraint.id,
        hoursPermanent: 300,
        hoursVacataire: 150,
        hoursStagiaire: 100,
        hoursStaff: 50,
      })
      .returning();
    const past = await applicationWith(t.db, {
      personId: a.id,
      sessionId: old!.id,
      constraintId: constraint.id,
      totalHours: 150,
      closed: true,
      choices: [
        { subjectId: l1Day[20]!.id, category: 'CM', affectation: 1 },
        { subjectId: l1Day[21]!.id, category: 'TD', affectation: 2 },
      ],
    });

    const all = (await a.client.get(`/api/applications/all/${a.id}`)).json() as ArchivedApplication[];
    expect(all.map((x) => [x.id, x.DESIGNATION, x.CLOSED, x.choices.length])).toEqual([
      [a.application.id, session.DESIGNATION, false, 2],
      [past.application.id, 'Subject choices, semester 2, 2022-2023', true, 2],
    ]);
    expect(all[1]).toMatchObject({ START_DATE: '2023-02-01T00:00:00.000Z', END_DATE: '2023-07-01T00:00:00.000Z', TOTAL_HOURS: 150 });
    expect(all[1]!.choices.map((c) => [c.Subject.SUBJECT_ID, c.CATEGORY, c.AFFECTATION])).toEqual([
      [l1Day[20]!.id, 'CM', 1],
      [l1Day[21]!.id, 'TD', 2],
    ]);

    const confirmed = (await a.client.get(`/api/applications/affectations/${a.id}`)).json() as ApplicationSessionChoice[];
    expect(confirmed.map((c) => [c.Subject.SUBJECT_ID, c.SESSION_APPLICATION_ID, c.DESIGNATION, c.AFFECTATION])).toEqual([
      [current[0]!.Subject.SUBJECT_ID, session.id, session.DESIGNATION, 1],
      [l1Day[20]!.id, old!.id, 'Subject choices, semester 2, 2022-2023', 1],
    ]);

    const older = (await a.client.get(`/api/applications-choices/older/${a.id}`)).json() as ApplicationSessionChoice[];
    expect(older.map((c) => [c.Subject.SUBJECT_ID, c.SESSION_APPLICATION_ID, c.CLOSED])).toEqual([
      [l1Day[20]!.id, old!.id, true],
      [l1Day[21]!.id, old!.id, true],
    ]);

    // An application of a past session cannot be changed any more.
    const pastApplicant: Applicant = { ...a, application: { ...a.application, id: past.application.id } };
    await t.db.update(applications).set({ CLOSED: false }).where(eq(applications.id, past.application.id));
    expect((await choose(pastApplicant, cm(l1Day[22]!))).json().code).toBe('NO_ACTIVE_SESSION');

    const nobody = await lecturer();
    expect((await nobody.client.get(`/api/applications/all/${nobody.id}`)).json()).toEqual([]);
    expect((await nobody.client.get(`/api/applications/affectations/${nobody.id}`)).json()).toEqual([]);
  });
});
