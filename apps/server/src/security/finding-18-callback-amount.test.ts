/*
 * Finding 18 (issue 33): "A correctly signed provider callback for 1 FCFA against a total of
 * 25,375 FCFA, with a reference that is not the provider's, marked the payment PAID."
 *
 * The signature proves who sent a callback, not that it is about this payment. A callback is now
 * compared with the payment it names: the amount charged (fees included), the currency and the
 * provider's reference given when the payment was asked. A callback that disagrees is answered 409
 * PAYMENT_CALLBACK_MISMATCH, moves nothing (the payment stays PENDING, its event id unused, so the
 * genuine callback still settles it), is logged at warn level without the payer's number, and is
 * listed for the administrators (`GET /api/payments/alerts`, audit action
 * `payment.callback_refused`) (decision 68).
 */
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, candidates, paymentCallbacks, payments, sandboxCollections } from '../db/schema';
import { answerOnPhone, pay, paymentCandidate, paymentEntrance, receiptMails, sandboxReference } from '../features/payments/payments.fixtures';
import { decideSandboxCollection, sandboxCallback } from '../features/payments/sandbox.provider';
import { callbackSecret, SIGNATURE_HEADER, signCallback } from '../features/payments/signature';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { Client, createTestApp, ok, outcome, personIdOf, sessionFor, type TestApp } from '../../test/helpers';

const PHONE = '677555018';
const ALERT = 'payment.callback_refused';

let t: TestApp;
let admin: Client;
let entrance: { id: number; specialityId: number };
const log: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ env: { LOG_LEVEL: 'warn' }, logStream });
  admin = await sessionFor(t, await personIdOf(t, DEMO_ACCOUNTS.admin.matricule));
  entrance = await paymentEntrance(t, 25_000);
});
afterAll(async () => t?.close());

/** A candidate's payment of 25,375 FCFA approved on the phone, its genuine callback held back. */
async function approvedWithoutCallback() {
  const c = await paymentCandidate(t, entrance);
  const asked = await pay(c, { network: 'MTN_MOMO', phone: PHONE });
  expect(asked.total).toBe(25_375);
  const reference = await sandboxReference(t, asked.orderNumber);
  await decideSandboxCollection(t.app.ctx, { reference, approve: true, notify: false });
  const [row] = await t.db.select().from(sandboxCollections).where(eq(sandboxCollections.reference, reference));
  return { c, asked, reference, genuine: sandboxCallback(t.app.ctx, row!) };
}

/** Sends a callback body signed as the provider signs it (the right secret, now). */
const sendSigned = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/callback/sandbox',
    payload: body,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(callbackSecret(t.config), t.clock.now(), body) },
  });

const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const alertsOf = async (paymentId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, ALERT), eq(auditLog.targetId, paymentId)));

describe('finding 18: a signed callback that disagrees with the payment', () => {
  it('is refused for another amount, another currency or another reference: the payment stays pending, and the administrators see each alert', async () => {
    const variants: [check: string, change: (body: Record<string, unknown>) => Record<string, unknown>][] = [
      ['amount', (body) => ({ ...body, amount: 1 })],
      ['currency', (body) => ({ ...body, currency: 'EUR' })],
      ['reference', (body) => ({ ...body, reference: 'SBX-0000000000FORGED00', eventId: 'SBX-0000000000FORGED00.SUCCESSFUL' })],
    ];
    // each on a payment of its own, approved on the phone, its genuine callback held back
    const cases: (Awaited<ReturnType<typeof approvedWithoutCallback>> & { check: string; answer: Awaited<ReturnType<typeof sendSigned>>; status: string })[] =
      [];
    for (const [check, change] of variants) {
      const payment = await approvedWithoutCallback();
      const answer = await sendSigned(JSON.stringify(change(JSON.parse(payment.genuine.body) as Record<string, unknown>)));
      cases.push({ check, answer, ...payment, status: (await paymentRow(payment.asked.id)).status });
    }
    const settled = cases.filter((one) => one.status !== 'PENDING').map((one) => one.check);
    console.warn(`finding 18: ${settled.length} of ${cases.length} disagreeing callbacks settled the payment (${settled.join(', ') || 'none'})`);
    expect(settled).toEqual([]);

    const alerts = ok<
      { orderNumber: string; candidateNumber: string | null; status: string; provider: string; mismatches: string[]; expected: unknown; reported: unknown }[]
    >(await admin.get('/api/payments/alerts'));
    for (const { check, answer, c, asked, reference } of cases) {
      expect(outcome(answer), check).toMatchObject({ status: 409, code: 'PAYMENT_CALLBACK_MISMATCH' });
      expect(await paymentRow(asked.id), check).toMatchObject({ status: 'PENDING', receiptNumber: null, providerTransactionId: reference });
      expect((await t.db.select({ paid: candidates.HAS_PAID }).from(candidates).where(eq(candidates.id, c.id)))[0], check).toEqual({ paid: false });
      expect(await receiptMails(t, c.email), check).toEqual([]);
      // its event id is not spent: the genuine callback can still come
      expect(await t.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.paymentId, asked.id)), check).toEqual([]);
      // one audit entry, listed for the administrators with what differed
      expect(await alertsOf(asked.id), check).toHaveLength(1);
      const expected = { amount: 25_375, currency: 'XAF', reference };
      const reported =
        check === 'amount'
          ? { ...expected, amount: 1 }
          : check === 'currency'
            ? { ...expected, currency: 'EUR' }
            : { ...expected, reference: 'SBX-0000000000FORGED00' };
      expect(
        alerts.filter((a) => a.orderNumber === asked.orderNumber),
        check,
      ).toEqual([expect.objectContaining({ provider: 'sandbox', candidateNumber: c.number, status: 'PENDING', mismatches: [check], expected, reported })]);
    }
    // newest first
    expect(alerts.slice(0, 3).map((a) => a.mismatches[0])).toEqual(['reference', 'currency', 'amount']);
    // for the administrators only
    expect((await new Client(t.app).get('/api/payments/alerts')).statusCode).toBe(401);

    // logged at warn level, without the payer's number
    const lines = log
      .join('')
      .split('\n')
      .filter((line) => line.includes('payment callback refused') && cases.some((one) => line.includes(one.asked.orderNumber)));
    expect(lines.map((line) => (JSON.parse(line) as { orderNumber: string }).orderNumber)).toEqual(cases.map((one) => one.asked.orderNumber));
    for (const [i, line] of lines.entries()) {
      expect(JSON.parse(line), line).toMatchObject({ level: 40, provider: 'sandbox', mismatches: [cases[i]!.check] });
      expect(line).not.toContain(PHONE.slice(-6));
    }

    // the genuine callback still settles each
    for (const { c, asked, genuine } of cases) {
      expect(ok(await t.app.inject({ method: 'POST', url: genuine.url, payload: genuine.body, headers: genuine.headers }))).toEqual({ received: true });
      expect((await paymentRow(asked.id)).status).toBe('PAID');
      expect(await receiptMails(t, c.email)).toHaveLength(1);
    }
  });

  it('records the same refused event once, however often the provider delivers it', async () => {
    const { asked, genuine } = await approvedWithoutCallback();
    const forged = JSON.stringify({ ...JSON.parse(genuine.body), amount: 25_000 });
    for (let i = 0; i < 3; i++) expect(outcome(await sendSigned(forged))).toMatchObject({ status: 409, code: 'PAYMENT_CALLBACK_MISMATCH' });
    expect(await alertsOf(asked.id)).toHaveLength(1);
    expect((await paymentRow(asked.id)).status).toBe('PENDING');
  });

  it('still settles the callbacks that agree: approved on the phone, PAID; refused, FAILED', async () => {
    const c = await paymentCandidate(t, entrance);
    const approved = await pay(c, { network: 'MTN_MOMO', phone: '677555017' });
    await answerOnPhone(t, approved.orderNumber, 'approve');
    expect((await paymentRow(approved.id)).status).toBe('PAID');
    const other = await paymentCandidate(t, entrance);
    const refused = await pay(other, { network: 'ORANGE_MONEY', phone: '699555017' });
    await answerOnPhone(t, refused.orderNumber, 'refuse');
    expect((await paymentRow(refused.id)).status).toBe('FAILED');
    expect(await alertsOf(approved.id)).toEqual([]);
    expect(await alertsOf(refused.id)).toEqual([]);
  });
});
