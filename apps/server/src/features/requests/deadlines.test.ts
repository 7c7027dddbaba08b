import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestDetail, RequestPage, RequestStats } from '@portal/contract';
import { auditLog, files, mailOutbox, persons, requests, requestSteps, requestSubcategories, settings } from '../../db/schema';
import { checkUpload, fileTransaction, storeUpload } from '../../lib/uploads';
import { pdf } from '../../../test/files';
import { createTestApp, sessionFor, type Client, type TestApp } from '../../../test/helpers';
import { REQUEST_ATTACHMENT_PURPOSE, runRequestDeadlines } from './deadlines.service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let contractClaim: number;
let serial = 0;

interface Lecturer {
  id: number;
  email: string;
}

/** A staff member of their own (the demo data may hold other requests), with a session; `lang`: their language setting. */
async function lecturer(lang?: 'fr'): Promise<Lecturer> {
  serial += 1;
  const matricule = `DL${Date.now().toString(36).slice(-5).toUpperCase()}${serial}`;
  const email = `${matricule.toLowerCase()}@portal.example`;
  const [person] = await t.db
    .insert(persons)
    .values({ MATRICULE: matricule, KIND: 'STAFF', STATUS: 'VACATAIRE', FIRSTNAME: 'Dead', LASTNAME: `Line${serial}`, EMAIL: email })
    .returning({ id: persons.id });
  if (lang) await t.db.insert(settings).values({ personId: person!.id, values: { LANGUAGE: lang } });
  await t.settled();
  return { id: person!.id, email };
}

/** The lecturer signed in now (the clock moves by days: a session of the day before has expired). */
const as = (l: Lecturer): Promise<Client> => sessionFor(t, l.id);

/** A contract claim (0301: a title and a description) filed now through the API. */
async function file(l: Lecturer, title = 'Contract not received'): Promise<RequestDetail> {
  const res = await (
    await as(l)
  ).post('/api/requests', { REQUEST_CATEGORY_ID: contractClaim, REQUEST_OBJECT: title, DESCRIPTION: 'The contract of this semester was never handed to me.' });
  expect(res.statusCode).toBe(201);
  return res.json() as RequestDetail;
}

/** Moves the test clock forward to an instant (each test starts at its own, later than the last). */
function moveTo(instant: string | Date): void {
  const target = new Date(instant).getTime();
  const now = t.clock.now().getTime();
  if (target < now) throw new Error(`the clock only moves forward (now ${t.clock.now().toISOString()})`);
  t.clock.advance(target - now);
}

const run = () => runRequestDeadlines(t.app.ctx);
const row = async (id: number) => (await t.db.select().from(requests).where(eq(requests.id, id)))[0]!;
const stepsOf = (id: number) => t.db.select().from(requestSteps).where(eq(requestSteps.requestId, id)).orderBy(requestSteps.id);
const mails = (l: Lecturer, kind: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, l.email), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.id);

beforeAll(async () => {
  t = await createTestApp();
  // Back to Monday 15 January 2024, 09:00 in Douala; from there the tests only move forward.
  t.clock.advance(new Date('2024-01-15T08:00:00Z').getTime() - t.clock.now().getTime());
  [{ id: contractClaim }] = (await t.db.select({ id: requestSubcategories.id }).from(requestSubcategories).where(eq(requestSubcategories.code, '0301'))) as [
    { id: number },
  ];
});
afterAll(async () => {
  await t?.close();
});

describe('the reminder and the 7-day rule', () => {
  it('reminds the author once on day 5, keeps the request until the deadline, then rejects it: an EXPIRED step, an audit entry, a mail; counters and list agree', async () => {
    // Filed on Monday 15 January 2024 at 09:00 in Douala: the deadline is Monday 22 January, 09:00.
    moveTo('2024-01-15T08:00:00Z');
    const l = await lecturer();
    const filed = await file(l);
    const start = new Date(filed.filedAt).getTime();

    moveTo(new Date(start + 4 * DAY + 23 * HOUR));
    await run();
    expect(await row(filed.id)).toMatchObject({ REQUEST_STATUS: 'REGISTERED', remindedAt: null });
    expect(await mails(l, 'request-reminder')).toHaveLength(0);

    moveTo(new Date(start + 5 * DAY));
    expect((await run()).reminded).toBeGreaterThanOrEqual(1);
    await run();
    expect(await row(filed.id)).toMatchObject({ REQUEST_STATUS: 'REGISTERED', remindedAt: t.clock.now() });
    const reminders = await mails(l, 'request-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe(`Sign your request ${filed.REQUEST_ID} before 22/01/2024`);
    expect(reminders[0]!.textBody).toContain(`Your request ${filed.REQUEST_ID} "Contract not received" is not signed yet.`);
    expect(reminders[0]!.textBody).toContain("before 22/01/2024 at 09:00 (university time). Where to sign: Lecturers' service.");
    expect(reminders[0]!.textBody).toContain('http://portal.test');

    moveTo(new Date(start + 6 * DAY + 23 * HOUR + 59 * MINUTE));
    await run();
    expect(await row(filed.id)).toMatchObject({ REQUEST_STATUS: 'REGISTERED', REQUEST_UNITY_ID: filed.unit!.id });
    expect(await mails(l, 'request-expired')).toHaveLength(0);

    moveTo(new Date(start + 7 * DAY));
    expect((await run()).expired).toBeGreaterThanOrEqual(1);
    await run();
    const expiredAt = t.clock.now();
    expect(await row(filed.id)).toMatchObject({ REQUEST_STATUS: 'REJECTED', REQUEST_UNITY_ID: null, batchId: null, signedAt: null });
    const steps = await stepsOf(filed.id);
    expect(steps.map((s) => s.kind)).toEqual(['FILED', 'EXPIRED']);
    expect(steps[1]).toMatchObject({ kind: 'EXPIRED', unitId: filed.unit!.id, status: 'REJECTED', by: null, at: expiredAt, comment: null, decisionId: null });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'request.expired'), eq(auditLog.targetId, String(filed.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: null, targetType: 'request', details: { reference: filed.REQUEST_ID, deadline: '2024-01-22T08:00:00.000Z' } });

    const expiredMails = await mails(l, 'request-expired');
    expect(expiredMails).toHaveLength(1);
    expect(expiredMails[0]!.subject).toBe(`Request ${filed.REQUEST_ID} rejected: not signed within 7 days`);
    expect(expiredMails[0]!.textBody).toMatch(/^Hello Dead Line\d+,/);
    expect(expiredMails[0]!.textBody).toContain('deadline: 22/01/2024 at 09:00, university time');
    expect(await mails(l, 'request-reminder')).toHaveLength(1);

    // What the author sees: the detail, the list and the counters all say rejected.
    const client = await as(l);
    const detail = (await client.get(`/api/requests/${filed.id}`)).json() as RequestDetail;
    expect(detail).toMatchObject({ REQUEST_STATUS: 'REJECTED', unit: null, stage: 'FINISHED' });
    expect(detail.steps.map((s) => [s.kind, s.status, s.unit?.code])).toEqual([
      ['FILED', 'REGISTERED', 'SENG'],
      ['EXPIRED', 'REJECTED', 'SENG'],
    ]);
    const list = (await client.get('/api/requests')).json() as RequestPage;
    expect(list.rows.map((r) => [r.id, r.REQUEST_STATUS, r.stage])).toEqual([[filed.id, 'REJECTED', 'FINISHED']]);
    const stats = (await client.get(`/api/requests/stats/user/${l.id}`)).json() as RequestStats;
    expect(stats).toMatchObject({ totalDone: 1, totalRegistered: 0, totalRejected: 1 });
  });

  it('writes to a French-speaking author in French, the deadline as the portal writes times (dd/mm/yyyy HH:MM)', async () => {
    moveTo('2024-02-05T15:30:00Z');
    const l = await lecturer('fr');
    const filed = await file(l, 'Contrat non reçu');
    const start = new Date(filed.filedAt).getTime();

    moveTo(new Date(start + 5 * DAY));
    await run();
    const [reminder] = await mails(l, 'request-reminder');
    expect(reminder!.subject).toBe(`Signez votre requête ${filed.REQUEST_ID} avant le 12/02/2024`);
    expect(reminder!.textBody).toMatch(/^Bonjour Dead Line\d+,/);
    expect(reminder!.textBody).toContain(`Votre requête ${filed.REQUEST_ID} «\u00a0Contrat non reçu\u00a0» n'est pas encore signée.`);
    expect(reminder!.textBody).toContain("avant le 12/02/2024 à 16:30 (heure de l'université). Lieu de signature\u00a0: Service aux enseignants.");

    moveTo(new Date(start + 7 * DAY));
    await run();
    const [expired] = await mails(l, 'request-expired');
    expect(expired!.subject).toBe(`Requête ${filed.REQUEST_ID} rejetée\u00a0: non signée dans les 7 jours`);
    expect(expired!.textBody).toContain('a été rejetée automatiquement');
    expect(expired!.textBody).toContain('échéance\u00a0: le 12/02/2024 à 16:30, heure');
    expect((await row(filed.id)).REQUEST_STATUS).toBe('REJECTED');
  });

  it('rejects a request found past its deadline without reminding it first (the job did not run on day 5)', async () => {
    moveTo('2024-03-04T08:00:00Z');
    const l = await lecturer();
    const filed = await file(l);
    moveTo(new Date(new Date(filed.filedAt).getTime() + 10 * DAY));
    await run();
    expect(await row(filed.id)).toMatchObject({ REQUEST_STATUS: 'REJECTED', remindedAt: null });
    expect(await mails(l, 'request-reminder')).toHaveLength(0);
    expect(await mails(l, 'request-expired')).toHaveLength(1);
  });

  it('never touches a request signed on day 6', async () => {
    moveTo('2024-04-01T08:00:00Z');
    const l = await lecturer();
    const filed = await file(l);
    const start = new Date(filed.filedAt).getTime();
    moveTo(new Date(start + 5 * DAY));
    await run();
    expect(await mails(l, 'request-reminder')).toHaveLength(1);

    // The signature route belongs to the units' processing: the row says it here.
    moveTo(new Date(start + 6 * DAY));
    await t.db.update(requests).set({ signedAt: t.clock.now() }).where(eq(requests.id, filed.id));
    for (const day of [7, 8, 30]) {
      moveTo(new Date(start + day * DAY));
      await run();
    }
    expect(await row(filed.id)).toMatchObject({ REQUEST_STATUS: 'REGISTERED', REQUEST_UNITY_ID: filed.unit!.id });
    expect((await stepsOf(filed.id)).map((s) => s.kind)).toEqual(['FILED']);
    expect(await mails(l, 'request-expired')).toHaveLength(0);
    expect(await mails(l, 'request-reminder')).toHaveLength(1);
  });
});

describe('draft attachments', () => {
  /** An attachment uploaded now by the lecturer, as POST /requests/attachments stores one. */
  async function attachment(l: Lecturer, text: string) {
    const upload = await checkUpload({ data: pdf(text), name: 'claim.pdf' }, { allowed: ['application/pdf'] });
    return fileTransaction(t.app.ctx, (tx) => storeUpload(t.app.ctx, tx, { ownerId: l.id, upload, purpose: REQUEST_ATTACHMENT_PURPOSE }));
  }
  const stored = (key: string) => existsSync(path.join(t.config.dataDir, 'uploads', key));
  const fileRow = async (id: string) => (await t.db.select().from(files).where(eq(files.id, id)))[0];

  it('deletes a draft never filed once older than the limit (row and stored object); a filed one and a young one stay', async () => {
    moveTo('2024-05-06T08:00:00Z');
    const l = await lecturer();
    const old = await attachment(l, 'draft never filed');
    const kept = await attachment(l, 'draft filed with its request');
    const filed = await file(l);
    // Filing with REQUEST_FILE is another branch's route: the row names the attachment here.
    await t.db.update(requests).set({ REQUEST_FILE: kept.id }).where(eq(requests.id, filed.id));
    moveTo(new Date(t.clock.now().getTime() + 6 * DAY));
    const young = await attachment(l, 'draft of yesterday');

    moveTo(new Date(t.clock.now().getTime() + DAY - MINUTE));
    await run();
    expect(await fileRow(old.id)).toBeDefined();

    moveTo(new Date(t.clock.now().getTime() + MINUTE));
    expect((await run()).draftsDeleted).toBeGreaterThanOrEqual(1);
    expect(await fileRow(old.id)).toBeUndefined();
    expect(stored(old.storageKey)).toBe(false);
    for (const staying of [kept, young]) {
      expect(await fileRow(staying.id)).toBeDefined();
      expect(stored(staying.storageKey)).toBe(true);
    }
    expect((await row(filed.id)).REQUEST_FILE).toBe(kept.id);
  });
});
