import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REQUEST_STAGES,
  requestStageOf,
  universityDayOf,
  type InboxPage,
  type InboxRow,
  type RequestBatchDetail,
  type RequestDetail,
  type RequestStats,
} from '@portal/contract';
import { auditLog, persons, requests, requestSteps } from '../../db/schema';
import { Client, createTestApp, lastMailTo, mailsTo, ok, outcome, sessionFor, type TestApp } from '../../../test/helpers';
import {
  decisionId,
  deliver,
  emailOfPerson,
  file,
  paymentClaim,
  processingCast,
  signedRequest,
  teachingClaim,
  unitMember,
  type ProcessingCast,
} from './processing.fixtures';

let t: TestApp;
let cast: ProcessingCast;
const yesterday = () => universityDayOf(new Date(t.clock.now().getTime() - 86_400_000));

beforeAll(async () => {
  t = await createTestApp();
  cast = await processingCast(t);
  // VAC0001 reads the portal (and their mails) in French.
  ok(await cast.partTime.client.post('/api/settings', { LANGUAGE: 'fr' }));
});
afterAll(async () => {
  await t?.close();
});

const inbox = async (client: Client, query = '') => ok<InboxPage>(await client.get(`/api/requests/inbox${query ? `?${query}` : ''}`));
const idsOf = (page: InboxPage) => page.rows.map((r) => r.id);
const stats = async () => ok<RequestStats>(await cast.permanent.client.get(`/api/requests/stats/user/${cast.permanent.id}`));
const detail = async (client: Client, id: number) => ok<RequestDetail>(await client.get(`/api/requests/${id}`));
const audited = async (action: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));
const refusedFor = async (actorId: number, targetType: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.actorId, actorId), eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(id))));

describe("the whole journey of a payment claim: lecturer, lecturers' service, finance", () => {
  it('is filed, signed, sent in a batch, received and decided; the lecturer reads the steps and the deliberation, the counters move, the author is mailed', async () => {
    const before = await stats();
    const filed = await file(cast.permanent, paymentClaim(cast, 'November fees short'));
    expect(filed).toMatchObject({ stage: 'AWAITING_SIGNATURE', unit: { code: 'SENG' }, actions: { sign: false, reject: false, decisions: [] } });

    // SENG holds it, may sign or reject it, and sees who filed it.
    const held = await inbox(cast.seng.client);
    const line = held.rows.find((r) => r.id === filed.id);
    expect(line).toMatchObject({ stage: 'AWAITING_SIGNATURE', author: { id: cast.permanent.id, MATRICULE: 'PER0001' } });
    const atSeng = await detail(cast.seng.client, filed.id);
    expect(atSeng.actions).toEqual({ sign: true, reject: true, decisions: [] });
    expect(atSeng.steps[0]!.by).toMatchObject({ FIRSTNAME: expect.any(String) });
    // Finance never held it: neither in its inbox nor readable (403, audited).
    expect(idsOf(await inbox(cast.finance.client))).not.toContain(filed.id);
    expect(outcome(await cast.finance.client.get(`/api/requests/${filed.id}`))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await refusedFor(cast.finance.id, 'request', filed.id)).toHaveLength(1);

    // Signed: ready to send, to finance only.
    const signed = ok<RequestDetail>(await cast.seng.client.post(`/api/requests/${filed.id}/signature`, {}));
    expect(signed).toMatchObject({ stage: 'READY_TO_SEND', signedAt: t.clock.now().toISOString(), actions: { sign: false, reject: true, decisions: [] } });
    expect(signed.steps.map((s) => s.kind)).toEqual(['FILED', 'SIGNED']);
    expect(signed.steps[1]).toMatchObject({ unit: { code: 'SENG' }, status: 'REGISTERED', by: { FIRSTNAME: expect.any(String) } });
    expect(await audited('request.signed', filed.id)).toHaveLength(1);

    // A batch to finance, sent; finance receives it.
    const batch = await deliver(cast.seng, cast.finance, { toUnit: cast.units.FIN!, ids: [filed.id] });
    expect(batch).toMatchObject({ status: 'RECEIVED', from: { code: 'SENG' }, to: { code: 'FIN' }, count: 1 });
    const atFinance = await detail(cast.finance.client, filed.id);
    expect(atFinance).toMatchObject({ stage: 'AWAITING_DECISION', REQUEST_STATUS: 'PROCESSING', unit: { code: 'FIN' } });
    expect(atFinance.actions.sign).toBe(false);
    expect(atFinance.actions.reject).toBe(false);
    expect(atFinance.actions.decisions.map((d) => [d.label, d.status, d.forwardUnit])).toEqual([
      ['Validated and billed', 'VALIDATED_BILLED', null],
      ['Validated but not billed', 'VALIDATED_NOT_BILLED', null],
      ['Not validated', 'NOT_VALIDATED', null],
    ]);
    expect(idsOf(await inbox(cast.finance.client, 'stage=AWAITING_DECISION'))).toContain(filed.id);
    expect(idsOf(await inbox(cast.seng.client))).not.toContain(filed.id);
    expect(idsOf(await inbox(cast.seng.client, 'scope=history'))).toContain(filed.id);
    expect((await stats()).totalProcessing).toBe(before.totalProcessing + 1);

    // Finance decides with a comment.
    t.clock.advance(60_000);
    const billed = atFinance.actions.decisions[0]!;
    const decided = ok<RequestDetail>(
      await cast.finance.client.post(`/api/requests/${filed.id}/decision`, { DECISION_ID: billed.id, COMMENT: 'Paid with the December fees.' }),
    );
    expect(decided).toMatchObject({
      REQUEST_STATUS: 'VALIDATED_BILLED',
      unit: null,
      stage: 'FINISHED',
      actions: { sign: false, reject: false, decisions: [] },
    });
    expect(await audited('request.decided', filed.id)).toHaveLength(1);
    expect(idsOf(await inbox(cast.finance.client))).not.toContain(filed.id);
    expect(idsOf(await inbox(cast.finance.client, 'scope=history'))).toContain(filed.id);

    // The lecturer reads every step and the deliberation, without who took them.
    const mine = await detail(cast.permanent.client, filed.id);
    expect(mine.actions).toEqual({ sign: false, reject: false, decisions: [] });
    expect(mine.steps.map((s) => [s.kind, s.unit?.code, s.status])).toEqual([
      ['FILED', 'SENG', 'REGISTERED'],
      ['SIGNED', 'SENG', 'REGISTERED'],
      ['SENT', 'FIN', 'REGISTERED'],
      ['RECEIVED', 'FIN', 'PROCESSING'],
      ['DECIDED', 'FIN', 'VALIDATED_BILLED'],
    ]);
    expect(mine.steps.every((s) => s.by === null)).toBe(true);
    expect(mine.steps[2]!.batch).toEqual({ id: batch.id, reference: batch.reference });
    expect(mine.steps[4]).toMatchObject({
      decision: { id: billed.id, label: 'Validated and billed', labelFr: 'Validé et facturé' },
      comment: 'Paid with the December fees.',
    });

    // The counters move: one more validated, as many registered as before.
    const after = await stats();
    expect(after).toMatchObject({
      totalValidated: before.totalValidated + 1,
      totalRegistered: before.totalRegistered,
      totalProcessing: before.totalProcessing,
      totalDone: before.totalDone + 1,
    });

    // The author is mailed in English: the decision, the status, the deliberation, the unit and a link.
    const mail = await lastMailTo(t.db, await emailOfPerson(t, cast.permanent.id));
    expect(mail).toMatchObject({ kind: 'request-decided' });
    expect(mail!.subject).toBe(`Decision on your request ${filed.REQUEST_ID}: Validated and billed`);
    for (const text of [
      'Finance decided on your request',
      '"November fees short"',
      'Validated and billed.',
      'Deliberation: Paid with the December fees.',
      `http://portal.test/requests/${filed.id}`,
    ])
      expect(mail!.textBody).toContain(text);
  });

  it('sends a teaching claim to the school of its class, which validates it and sends it on to finance, which bills it; the author reads French mails', async () => {
    const filed = await signedRequest(cast, cast.partTime, teachingClaim(cast, yesterday()));
    const eligible = ok<{ id: number; destinations: { code: string }[] }[]>(await cast.seng.client.get('/api/request-batches/eligible'));
    expect(eligible.find((r) => r.id === filed.id)?.destinations.map((d) => d.code)).toEqual(['SCH-INF']);
    await deliver(cast.seng, cast.school, { toUnit: cast.units['SCH-INF']!, ids: [filed.id] });

    const atSchool = await detail(cast.school.client, filed.id);
    expect(atSchool.actions.decisions.map((d) => [d.label, d.status, d.forwardUnit?.code ?? null])).toEqual([
      ['Validate and send to finance', 'VALIDATED', 'FIN'],
      ['Not validated', 'NOT_VALIDATED', null],
    ]);
    const toFinance = atSchool.actions.decisions[0]!;
    const validated = ok<RequestDetail>(
      await cast.school.client.post(`/api/requests/${filed.id}/decision`, { DECISION_ID: toFinance.id, COMMENT: 'Séance confirmée par le délégué.' }),
    );
    // It stays with the school, validated, ready to go to finance (and only there).
    expect(validated).toMatchObject({ REQUEST_STATUS: 'VALIDATED', unit: { code: 'SCH-INF' }, stage: 'READY_TO_SEND', actions: { decisions: [] } });
    const mail = await lastMailTo(t.db, await emailOfPerson(t, cast.partTime.id));
    expect(mail!.subject).toBe(`Décision sur votre requête ${filed.REQUEST_ID}\u00a0: Validée`);
    for (const text of [
      "École d'informatique a statué sur votre requête",
      'Valider et transmettre aux finances',
      'Statut\u00a0: Validée',
      'Délibération\u00a0: Séance confirmée par le délégué.',
      'Bonjour',
    ])
      expect(mail!.textBody).toContain(text);
    const fromSchool = ok<{ id: number; destinations: { code: string }[] }[]>(await cast.school.client.get('/api/request-batches/eligible'));
    expect(fromSchool.find((r) => r.id === filed.id)?.destinations.map((d) => d.code)).toEqual(['FIN']);

    await deliver(cast.school, cast.finance, { toUnit: cast.units.FIN!, ids: [filed.id] });
    const atFinance = await detail(cast.finance.client, filed.id);
    // Received through the hop school → finance: its decisions, and the status the school gave stays.
    expect(atFinance).toMatchObject({ REQUEST_STATUS: 'VALIDATED', stage: 'AWAITING_DECISION' });
    expect(atFinance.actions.decisions.map((d) => d.label)).toEqual(['Validated and billed', 'Validated but not billed']);
    ok(
      await cast.finance.client.post(`/api/requests/${filed.id}/decision`, { DECISION_ID: atFinance.actions.decisions[0]!.id, COMMENT: 'Facturé en janvier.' }),
    );

    const mine = await detail(cast.partTime.client, filed.id);
    expect(mine).toMatchObject({ REQUEST_STATUS: 'VALIDATED_BILLED', stage: 'FINISHED', unit: null });
    expect(mine.steps.map((s) => `${s.kind} ${s.unit?.code}`)).toEqual([
      'FILED SENG',
      'SIGNED SENG',
      'SENT SCH-INF',
      'RECEIVED SCH-INF',
      'DECIDED SCH-INF',
      'SENT FIN',
      'RECEIVED FIN',
      'DECIDED FIN',
    ]);
    // Two decisions, two mails, both in French.
    const decidedMails = (await mailsTo(t.db, await emailOfPerson(t, cast.partTime.id))).filter(
      (m) => m.kind === 'request-decided' && m.subject.includes(filed.REQUEST_ID),
    );
    expect(decidedMails.map((m) => m.subject)).toEqual([
      `Décision sur votre requête ${filed.REQUEST_ID}\u00a0: Validée et facturée`,
      `Décision sur votre requête ${filed.REQUEST_ID}\u00a0: Validée`,
    ]);
    // The school held it: in its history now; finance neither holds it any more.
    expect(idsOf(await inbox(cast.school.client, 'scope=history'))).toContain(filed.id);
    expect(idsOf(await inbox(cast.school.client))).not.toContain(filed.id);
  });
});

describe('signature at the first unit', () => {
  it('records a signature dated in the past, once (409 REQUEST_ALREADY_SIGNED); never in the future nor before the filing (400)', async () => {
    const filed = await file(cast.permanent, paymentClaim(cast));
    t.clock.advance(10 * 60_000);
    const future = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect(outcome(await cast.seng.client.post(`/api/requests/${filed.id}/signature`, { SIGNED_AT: future }))).toEqual({
      status: 400,
      code: 'REQUEST_SIGNATURE_DATE_INVALID',
      fields: { SIGNED_AT: 'validation.signatureDate' },
    });
    const early = new Date(new Date(filed.filedAt).getTime() - 60_000).toISOString();
    expect(outcome(await cast.seng.client.post(`/api/requests/${filed.id}/signature`, { SIGNED_AT: early }))).toMatchObject({
      status: 400,
      code: 'REQUEST_SIGNATURE_DATE_INVALID',
    });
    expect(outcome(await cast.seng.client.post(`/api/requests/${filed.id}/signature`, { SIGNED_AT: 'yesterday' }))).toMatchObject({ status: 400 });
    const at = new Date(new Date(filed.filedAt).getTime() + 5 * 60_000);
    const signed = ok<RequestDetail>(
      await cast.seng.client.post(`/api/requests/${filed.id}/signature`, { SIGNED_AT: at.toISOString().replace('Z', '+00:00') }),
    );
    expect(signed.signedAt).toBe(at.toISOString());
    expect(outcome(await cast.seng.client.post(`/api/requests/${filed.id}/signature`, {}))).toEqual({ status: 409, code: 'REQUEST_ALREADY_SIGNED' });
    expect(
      await t.db
        .select()
        .from(requestSteps)
        .where(and(eq(requestSteps.requestId, filed.id), eq(requestSteps.kind, 'SIGNED'))),
    ).toHaveLength(1);
  });

  it('takes a signature typed to the minute, in the very minute of the filing, and keeps it no earlier than the filing', async () => {
    t.clock.advance(30_000 - (t.clock.now().getTime() % 60_000)); // half past the minute
    const filed = await file(cast.permanent, paymentClaim(cast));
    t.clock.advance(10_000);
    const minute = new Date(Math.floor(t.clock.now().getTime() / 60_000) * 60_000);
    expect(minute.getTime()).toBeLessThan(new Date(filed.filedAt).getTime());
    const signed = ok<RequestDetail>(await cast.seng.client.post(`/api/requests/${filed.id}/signature`, { SIGNED_AT: minute.toISOString() }));
    expect(signed.signedAt).toBe(filed.filedAt);
  });

  it("is the first unit's: another unit is refused (403, audited), and nothing changes", async () => {
    const filed = await file(cast.permanent, paymentClaim(cast));
    for (const who of [cast.finance, cast.school, cast.hr]) {
      expect(outcome(await who.client.post(`/api/requests/${filed.id}/signature`, {}))).toEqual({ status: 403, code: 'FORBIDDEN' });
      expect(await refusedFor(who.id, 'request', filed.id)).toHaveLength(1);
    }
    // a lecturer does not process requests, not even their own
    expect((await cast.permanent.client.post(`/api/requests/${filed.id}/signature`, {})).statusCode).toBe(403);
    const [row] = await t.db.select().from(requests).where(eq(requests.id, filed.id));
    expect(row!.signedAt).toBeNull();
    expect((await cast.seng.client.post('/api/requests/2147483647/signature', {})).statusCode).toBe(404);
  });

  it('lets an administrator act for the holding unit: the step names the unit and, for the back office, the administrator', async () => {
    const filed = await file(cast.permanent, paymentClaim(cast));
    const signed = ok<RequestDetail>(await cast.admin.client.post(`/api/requests/${filed.id}/signature`, {}));
    const [admin] = await t.db.select().from(persons).where(eq(persons.id, cast.admin.id));
    expect(signed.steps[1]).toMatchObject({ kind: 'SIGNED', unit: { code: 'SENG' }, by: { FIRSTNAME: admin!.FIRSTNAME, LASTNAME: admin!.LASTNAME } });
    const [step] = await t.db
      .select()
      .from(requestSteps)
      .where(and(eq(requestSteps.requestId, filed.id), eq(requestSteps.kind, 'SIGNED')));
    expect(step).toMatchObject({ by: cast.admin.id, unitId: cast.units.SENG });
  });

  it('answers 409 REQUEST_CHANGED to a signature that comes after a rejection', async () => {
    const filed = await file(cast.permanent, paymentClaim(cast));
    ok(await cast.seng.client.post(`/api/requests/${filed.id}/rejection`, { REASON: 'Duplicate of an earlier request' }));
    expect(outcome(await cast.admin.client.post(`/api/requests/${filed.id}/signature`, {}))).toEqual({ status: 409, code: 'REQUEST_CHANGED' });
  });
});

describe('rejection at the first unit', () => {
  it("rejects with a reason, signed or not: back with the lecturer, a REJECTED step with the reason, an audit entry, a mail in the author's language", async () => {
    const filed = await file(cast.partTime, paymentClaim(cast, 'Frais de novembre'));
    const rejected = ok<RequestDetail>(
      await cast.seng.client.post(`/api/requests/${filed.id}/rejection`, { REASON: 'Le montant attendu ne correspond à aucun contrat.' }),
    );
    expect(rejected).toMatchObject({ REQUEST_STATUS: 'REJECTED', unit: null, stage: 'FINISHED', actions: { sign: false, reject: false, decisions: [] } });
    expect(rejected.steps.at(-1)).toMatchObject({
      kind: 'REJECTED',
      unit: { code: 'SENG' },
      status: 'REJECTED',
      comment: 'Le montant attendu ne correspond à aucun contrat.',
    });
    expect(await audited('request.rejected', filed.id)).toHaveLength(1);
    const mail = await lastMailTo(t.db, await emailOfPerson(t, cast.partTime.id));
    expect(mail).toMatchObject({ kind: 'request-rejected', subject: `Votre requête ${filed.REQUEST_ID} a été rejetée` });
    for (const text of ['«\u00a0Frais de novembre\u00a0»', 'Motif\u00a0: Le montant attendu ne correspond à aucun contrat.', 'Service aux enseignants'])
      expect(mail!.textBody).toContain(text);
    // Twice: it moved on.
    expect(outcome(await cast.seng.client.post(`/api/requests/${filed.id}/rejection`, { REASON: 'Again' }))).toEqual({ status: 409, code: 'REQUEST_CHANGED' });

    const signed = await signedRequest(cast, cast.permanent, paymentClaim(cast));
    ok(await cast.seng.client.post(`/api/requests/${signed.id}/rejection`, { REASON: 'Wrong category: file a contract claim' }));
    const english = await lastMailTo(t.db, await emailOfPerson(t, cast.permanent.id));
    expect(english).toMatchObject({ kind: 'request-rejected', subject: `Your request ${signed.REQUEST_ID} was rejected` });
    expect(english!.textBody).toContain('Reason: Wrong category: file a contract claim');
  });

  it('is refused once the request is in a batch or sent on (409), to another unit (403), and without a reason (400)', async () => {
    const signed = await signedRequest(cast, cast.permanent, paymentClaim(cast));
    expect(outcome(await cast.seng.client.post(`/api/requests/${signed.id}/rejection`, { REASON: 'x' }))).toMatchObject({
      status: 400,
      fields: { REASON: 'validation.reason' },
    });
    ok(await cast.seng.client.post('/api/request-batches', { TO_UNIT_ID: cast.units.FIN, REQUEST_IDS: [signed.id] }), 201);
    expect(outcome(await cast.seng.client.post(`/api/requests/${signed.id}/rejection`, { REASON: 'Too late now' }))).toEqual({
      status: 409,
      code: 'REQUEST_CHANGED',
    });
    expect(outcome(await cast.finance.client.post(`/api/requests/${signed.id}/rejection`, { REASON: 'Not ours' }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect((await detail(cast.seng.client, signed.id)).actions).toEqual({ sign: false, reject: false, decisions: [] });
  });
});

describe('decisions', () => {
  /** A payment claim received by finance. */
  async function atFinance(): Promise<RequestDetail> {
    const signed = await signedRequest(cast, cast.permanent, paymentClaim(cast));
    await deliver(cast.seng, cast.finance, { toUnit: cast.units.FIN!, ids: [signed.id] });
    return detail(cast.finance.client, signed.id);
  }

  it('takes only a decision of the hop the request arrived by (400 DECISION_NOT_ALLOWED), once (409 REQUEST_CHANGED)', async () => {
    const request = await atFinance();
    const otherHop = await decisionId(t, { sub: cast.subs['0101']!, from: cast.units.SENG!, to: cast.units['SCH-INF']!, label: 'Not validated' });
    expect(outcome(await cast.finance.client.post(`/api/requests/${request.id}/decision`, { DECISION_ID: otherHop, COMMENT: 'x' }))).toEqual({
      status: 400,
      code: 'DECISION_NOT_ALLOWED',
      fields: { DECISION_ID: 'validation.invalid' },
    });
    expect(outcome(await cast.finance.client.post(`/api/requests/${request.id}/decision`, { DECISION_ID: 2147483647, COMMENT: 'x' }))).toMatchObject({
      status: 400,
      code: 'DECISION_NOT_ALLOWED',
    });
    expect(
      outcome(await cast.finance.client.post(`/api/requests/${request.id}/decision`, { DECISION_ID: request.actions.decisions[0]!.id, COMMENT: '' })),
    ).toMatchObject({ status: 400, fields: { COMMENT: 'validation.required' } });
    const notValidated = request.actions.decisions.find((d) => d.status === 'NOT_VALIDATED')!;
    ok(await cast.finance.client.post(`/api/requests/${request.id}/decision`, { DECISION_ID: notValidated.id, COMMENT: 'No hours missing in the records.' }));
    expect(outcome(await cast.finance.client.post(`/api/requests/${request.id}/decision`, { DECISION_ID: notValidated.id, COMMENT: 'Again' }))).toEqual({
      status: 409,
      code: 'REQUEST_CHANGED',
    });
    expect(outcome(await cast.admin.client.post(`/api/requests/${request.id}/decision`, { DECISION_ID: notValidated.id, COMMENT: 'Again' }))).toEqual({
      status: 409,
      code: 'REQUEST_CHANGED',
    });
    expect(
      await t.db
        .select()
        .from(requestSteps)
        .where(and(eq(requestSteps.requestId, request.id), eq(requestSteps.kind, 'DECIDED'))),
    ).toHaveLength(1);
  });

  it("is the holding unit's: a unit that never held it is refused (403, audited), the first unit answers 409 (it moved on), an administrator decides for finance", async () => {
    const request = await atFinance();
    const billed = request.actions.decisions[0]!.id;
    expect(outcome(await cast.school.client.post(`/api/requests/${request.id}/decision`, { DECISION_ID: billed, COMMENT: 'x' }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await refusedFor(cast.school.id, 'request', request.id)).toHaveLength(1);
    expect(outcome(await cast.seng.client.post(`/api/requests/${request.id}/decision`, { DECISION_ID: billed, COMMENT: 'x' }))).toEqual({
      status: 409,
      code: 'REQUEST_CHANGED',
    });
    // SENG may still read it (it held it), without actions.
    expect((await detail(cast.seng.client, request.id)).actions).toEqual({ sign: false, reject: false, decisions: [] });
    // The administrator sees finance's decisions and takes one: the step is finance's, taken by the administrator.
    expect((await detail(cast.admin.client, request.id)).actions.decisions.map((d) => d.id)).toEqual(request.actions.decisions.map((d) => d.id));
    const decided = ok<RequestDetail>(
      await cast.admin.client.post(`/api/requests/${request.id}/decision`, { DECISION_ID: billed, COMMENT: 'Settled at the administration.' }),
    );
    expect(decided.steps.at(-1)).toMatchObject({ kind: 'DECIDED', unit: { code: 'FIN' }, by: { FIRSTNAME: expect.any(String) } });
    const [step] = await t.db
      .select()
      .from(requestSteps)
      .where(and(eq(requestSteps.requestId, request.id), eq(requestSteps.kind, 'DECIDED')));
    expect(step).toMatchObject({ unitId: cast.units.FIN, by: cast.admin.id });
  });
});

describe('the inbox', () => {
  it("shows a unit what it holds or held, and nothing else; administrators see every unit's, `unit` narrows", async () => {
    const filed = await file(cast.permanent, paymentClaim(cast));
    expect(idsOf(await inbox(cast.seng.client, 'pageSize=150'))).toContain(filed.id);
    for (const who of [cast.finance, cast.school, cast.hr]) {
      expect(idsOf(await inbox(who.client, 'pageSize=150'))).not.toContain(filed.id);
      expect(idsOf(await inbox(who.client, 'scope=history&pageSize=150'))).not.toContain(filed.id);
    }
    // Every line of a unit's inbox is held by it; of its history, named by one of its steps and not held.
    for (const who of [cast.seng, cast.finance, cast.school]) {
      const unitId = (await t.db.select({ unit: persons.REQUEST_UNIT_ID }).from(persons).where(eq(persons.id, who.id)))[0]!.unit!;
      const held = await inbox(who.client, 'pageSize=150');
      for (const row of held.rows) expect(row.unit?.id).toBe(unitId);
      const history = await inbox(who.client, 'scope=history&pageSize=150');
      const named = await t.db.select({ requestId: requestSteps.requestId }).from(requestSteps).where(eq(requestSteps.unitId, unitId));
      for (const row of history.rows) {
        expect(row.unit?.id).not.toBe(unitId);
        expect(named.map((n) => n.requestId)).toContain(row.id);
      }
    }
    // The administrator: every held request, or one unit's.
    expect(idsOf(await inbox(cast.admin.client, `unit=${cast.units.SENG}&pageSize=150`))).toContain(filed.id);
    expect(idsOf(await inbox(cast.admin.client, `unit=${cast.units.FIN}&pageSize=150`))).not.toContain(filed.id);
    const all = await inbox(cast.admin.client, 'pageSize=150');
    expect(all.rows.every((r) => r.unit !== null)).toBe(true);
    expect(all.total).toBe(await t.db.$count(requests, inArray(requests.REQUEST_UNITY_ID, Object.values(cast.units))));
    // A member naming another unit is refused (403, audited).
    expect(outcome(await cast.finance.client.get(`/api/requests/inbox?unit=${cast.units.SENG}`))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await refusedFor(cast.finance.id, 'request_unit', cast.units.SENG!)).toHaveLength(1);
    expect((await cast.finance.client.get(`/api/requests/inbox?unit=${cast.units.FIN}`)).statusCode).toBe(200);
  });

  it('filters by stage as requestStageOf computes it, by status, sub-category and free text (reference, title, author; no accents nor case), newest first, a page at a time', async () => {
    // An author with accents in their name.
    const [author] = await t.db
      .insert(persons)
      .values({ MATRICULE: 'REQACC01', KIND: 'STAFF', STATUS: 'VACATAIRE', FIRSTNAME: 'Aïcha', LASTNAME: 'Ngo Bébé', EMAIL: 'aicha@portal.example' })
      .returning({ id: persons.id });
    const aicha = { client: await sessionFor(t, author!.id) };
    const first = await file(aicha, paymentClaim(cast, 'Prime de surveillance'));
    t.clock.advance(60_000);
    const second = await signedRequest(cast, aicha, {
      ...paymentClaim(cast, 'Heures de juin'),
      REQUEST_CATEGORY_ID: cast.subs['0203'],
      TI_DISPLAYED: 16.5,
      TI_EXPECTED: 5.5,
    });

    for (const search of ['aicha bebe', 'AÏCHA', 'reqacc01', 'NGO', first.REQUEST_ID]) {
      const found = idsOf(await inbox(cast.seng.client, `search=${encodeURIComponent(search)}&pageSize=150`));
      expect(found, search).toContain(first.id);
    }
    expect(idsOf(await inbox(cast.seng.client, `search=${encodeURIComponent('surveillance')}`))).toEqual([first.id]);
    expect(idsOf(await inbox(cast.seng.client, 'search=%25'))).not.toContain(first.id);
    expect(idsOf(await inbox(cast.seng.client, 'search=aicha'))).toEqual([second.id, first.id]);
    expect(idsOf(await inbox(cast.seng.client, `search=aicha&subcategory=${cast.subs['0203']}`))).toEqual([second.id]);
    expect(idsOf(await inbox(cast.seng.client, 'search=aicha&stage=READY_TO_SEND'))).toEqual([second.id]);
    expect(idsOf(await inbox(cast.seng.client, 'search=aicha&stage=AWAITING_SIGNATURE'))).toEqual([first.id]);
    expect(idsOf(await inbox(cast.seng.client, 'search=aicha&status=PROCESSING'))).toEqual([]);
    const paged = await inbox(cast.seng.client, 'search=aicha&pageSize=1&page=2');
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(idsOf(paged)).toEqual([first.id]);

    // Each stage filter gives exactly the requests whose stage (requestStageOf) it names, over everything the administrator sees.
    const states = await t.db
      .select({
        id: requests.id,
        unitId: requests.REQUEST_UNITY_ID,
        signedAt: requests.signedAt,
        batchId: requests.batchId,
        arrivalHopId: requests.arrivalHopId,
        forwardUnitId: requests.forwardUnitId,
      })
      .from(requests);
    for (const stage of REQUEST_STAGES) {
      const scope = stage === 'FINISHED' ? 'history' : 'held';
      const rows: InboxRow[] = (await inbox(cast.admin.client, `scope=${scope}&stage=${stage}&pageSize=150`)).rows;
      expect(
        rows.every((r) => r.stage === stage),
        stage,
      ).toBe(true);
      expect(rows.map((r) => r.id).sort(), stage).toEqual(
        states
          .filter((s) => requestStageOf(s) === stage)
          .map((s) => s.id)
          .sort(),
      );
    }
    expect((await cast.seng.client.get('/api/requests/inbox?stage=LOST')).statusCode).toBe(400);
  });

  it('answers 403 NO_REQUEST_UNIT to a REQUESTS account without a unit; a lecturer and a student are refused', async () => {
    const loose = await unitMember(t, null, 'BOLOOSE1');
    expect(outcome(await loose.client.get('/api/requests/inbox'))).toEqual({ status: 403, code: 'NO_REQUEST_UNIT' });
    expect(outcome(await loose.client.get('/api/request-batches'))).toEqual({ status: 403, code: 'NO_REQUEST_UNIT' });
    expect(outcome(await loose.client.get('/api/request-batches/eligible'))).toEqual({ status: 403, code: 'NO_REQUEST_UNIT' });
    const [someone] = await t.db.select({ id: requests.id }).from(requests).orderBy(desc(requests.id)).limit(1);
    expect(outcome(await loose.client.post(`/api/requests/${someone!.id}/signature`, {}))).toEqual({ status: 403, code: 'NO_REQUEST_UNIT' });
    expect((await cast.permanent.client.get('/api/requests/inbox')).statusCode).toBe(403);
    expect((await new Client(t.app).get('/api/requests/inbox')).statusCode).toBe(401);
  });
});

describe("a batch's requests at the destination", () => {
  it("appear in the destination's inbox only once received; while sent they show IN_BATCH at the sender", async () => {
    const signed = await signedRequest(cast, cast.permanent, paymentClaim(cast));
    const batch = ok<RequestBatchDetail>(
      await cast.seng.client.post('/api/request-batches', { TO_UNIT_ID: cast.units.FIN, REQUEST_IDS: [signed.id], SEND: true }),
      201,
    );
    expect(batch.status).toBe('SENT');
    expect((await inbox(cast.seng.client, 'stage=IN_BATCH&pageSize=150')).rows.find((r) => r.id === signed.id)).toMatchObject({
      stage: 'IN_BATCH',
      unit: { code: 'SENG' },
    });
    expect(idsOf(await inbox(cast.finance.client, 'pageSize=150'))).not.toContain(signed.id);
    expect(idsOf(await inbox(cast.finance.client, 'scope=history&pageSize=150'))).not.toContain(signed.id);
    ok(await cast.finance.client.post(`/api/request-batches/${batch.id}/receive`));
    expect(idsOf(await inbox(cast.finance.client, 'pageSize=150'))).toContain(signed.id);
  });
});
