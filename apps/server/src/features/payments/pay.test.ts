import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidatePayment, SandboxCollection } from '@portal/contract';
import { candidates, paymentCallbacks, payments, sandboxCollections } from '../../db/schema';
import { ConfigError } from '../../config';
import { Client, createTestApp, ok, outcome, testConfig, type TestApp } from '../../../test/helpers';
import { pdfQrCodes, pdfText } from '../../../test/pdf';
import { answerOnPhone, pay, paymentCandidate, paymentEntrance, receiptMails, sandboxReference, type TestCandidate } from './payments.fixtures';
import { decideSandboxCollection, sandboxCallback, sandboxIdle } from './sandbox.provider';
import { CALLBACK_KEY_FILE, callbackSecret, SIGNATURE_HEADER, signCallback } from './signature';

let t: TestApp;
let entrance: { id: number; specialityId: number };
beforeAll(async () => {
  t = await createTestApp();
  entrance = await paymentEntrance(t, 25_000);
});
afterAll(async () => t?.close());

const candidate = (language: 'en' | 'fr' = 'en') => paymentCandidate(t, entrance, { language });
const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const candidateRow = async (id: number) =>
  (await t.db.select({ paid: candidates.HAS_PAID, paidAt: candidates.paidAt }).from(candidates).where(eq(candidates.id, id)))[0]!;
const get = async (c: TestCandidate, id: string) => ok<CandidatePayment>(await c.client.get(`/api/candidate/payments/${id}`));

describe('paying the registration fee through the sandbox', () => {
  it('asks the entrance fee plus the network fee, PENDING at once; approved on the phone, the signed callback marks the candidate paid and mails the receipt, its PDF attached, in their language', async () => {
    const c = await candidate('fr');
    const res = await c.client.post('/api/candidate/payments', { network: 'MTN_MOMO', phone: '677 12 34 56', amount: 1 });
    expect(res.headers['cache-control']).toBe('no-store');
    const asked = ok<CandidatePayment>(res, 201);
    expect(asked).toMatchObject({
      network: 'MTN_MOMO',
      networkName: 'MTN Mobile Money',
      accountNumber: '+237 67•••••56',
      amount: 25_000,
      fees: 375,
      total: 25_375,
      status: 'PENDING',
      receiptNumber: null,
    });
    expect(asked.orderNumber).toMatch(/^PAY-\d{8}-[0-9A-F]{10}$/);

    // the payer's phone shows the request, for the total
    const waiting = ok<SandboxCollection[]>(await new Client(t.app).get('/api/sandbox/collections?phone=677123456'));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ phone: '+237677123456', network: 'MTN_MOMO', amount: 25_375, status: 'PENDING' });
    expect(await candidateRow(c.id)).toEqual({ paid: false, paidAt: null });

    await answerOnPhone(t, asked.orderNumber, 'approve');
    const paid = await get(c, asked.id);
    expect(paid).toMatchObject({ status: 'PAID', statusMessage: null });
    expect(paid.receiptNumber).toMatch(/^RC-\d{8}-[0-9A-F]{8}$/);
    expect(paid.statusAt).not.toBeNull();
    const row = await paymentRow(asked.id);
    expect(row.networkTransactionId).toMatch(/^MP\d{12}$/);
    expect(row.providerTransactionId).toBe(waiting[0]!.reference);
    const marked = await candidateRow(c.id);
    expect(marked.paid).toBe(true);
    expect(marked.paidAt).toBeInstanceOf(Date);
    const [collection] = await t.db.select().from(sandboxCollections).where(eq(sandboxCollections.orderNumber, asked.orderNumber));
    expect(collection!.notifiedAt).not.toBeNull();
    expect(ok<SandboxCollection[]>(await new Client(t.app).get('/api/sandbox/collections?phone=677123456'))).toEqual([]);

    const mails = await receiptMails(t, c.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Reçu ${paid.receiptNumber}\u00a0: vos frais de concours sont payés`);
    expect(mail.textBody).toContain('Montant payé\u00a0: 25.000 FCFA');
    expect(mail.textBody).toContain('Total débité\u00a0: 25.375 FCFA');
    expect(mail.textBody).toContain(c.number);
    expect(mail.attachments).toHaveLength(1);
    const attachment = mail.attachments![0]!;
    expect(attachment).toMatchObject({ filename: `receipt-${paid.receiptNumber}.pdf`, contentType: 'application/pdf' });
    const pdf = Buffer.from(attachment.contentBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const expected of [
      'Reçu de paiement',
      paid.receiptNumber!,
      c.number.toUpperCase(),
      'Concours',
      'Montant payé 25.000 FCFA',
      "Frais de l'opérateur 375 FCFA",
      'Total débité 25.375 FCFA',
      'Compte +237 67•••••56',
      `ID de transaction ${asked.orderNumber}`,
      row.networkTransactionId!,
      'MTN Mobile Money',
      'Institut Universitaire du Littoral',
    ]) {
      expect(text).toContain(expected);
    }
    const [qr] = await pdfQrCodes(pdf);
    expect(qr).toMatch(new RegExp(`^http://portal\\.test/receipts/${paid.receiptNumber}\\?k=[A-Za-z0-9_-]{20}$`));
    expect(mail.textBody).toContain(qr);

    // paid: nothing more to pay
    expect(outcome(await c.client.post('/api/candidate/payments', { network: 'ORANGE_MONEY', phone: '699123456' }))).toMatchObject({
      status: 409,
      code: 'ALREADY_PAID',
    });
  });

  it('refused on the phone: FAILED, the candidate still unpaid, and a new payment may be asked', async () => {
    const c = await candidate();
    const first = await pay(c, { network: 'ORANGE_MONEY', phone: '+237 699 11 22 33' });
    expect(first).toMatchObject({ fees: 438, total: 25_438 });
    await answerOnPhone(t, first.orderNumber, 'refuse');
    expect(await get(c, first.id)).toMatchObject({ status: 'FAILED', statusMessage: 'REFUSED_BY_PAYER', receiptNumber: null });
    expect(await candidateRow(c.id)).toEqual({ paid: false, paidAt: null });
    expect(await receiptMails(t, c.email)).toEqual([]);
    const second = await pay(c, { network: 'ORANGE_MONEY', phone: '655112233' });
    expect(second.status).toBe('PENDING');
    await answerOnPhone(t, second.orderNumber, 'approve');
    expect((await get(c, second.id)).status).toBe('PAID');
    expect(await receiptMails(t, c.email)).toHaveLength(1);
  });

  it('refuses at once a number ending in 99 (insufficient funds), through the signed callback', async () => {
    const c = await candidate();
    const asked = await pay(c, { network: 'MTN_MOMO', phone: '650000099' });
    await sandboxIdle(t.app.ctx);
    expect(await get(c, asked.id)).toMatchObject({ status: 'FAILED', statusMessage: 'INSUFFICIENT_FUNDS' });
    expect(await t.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.paymentId, asked.id))).toHaveLength(1);
  });

  it('answers 503 PAYMENT_PROVIDER_UNAVAILABLE when the provider is down (a number ending in 96): the payment is FAILED and another may be asked', async () => {
    const c = await candidate();
    const res = await c.client.post('/api/candidate/payments', { network: 'MTN_MOMO', phone: '680000096' });
    expect(outcome(res)).toMatchObject({ status: 503, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('60');
    const rows = await t.db.select().from(payments).where(eq(payments.candidateId, c.id));
    expect(rows.map((r) => [r.status, r.statusCode])).toEqual([['FAILED', 'PROVIDER_UNAVAILABLE']]);
    expect((await pay(c, { network: 'MTN_MOMO', phone: '680000011' })).status).toBe('PENDING');
  });
});

describe('the rules of asking a payment', () => {
  it('allows one pending payment at a time: PAYMENT_PENDING', async () => {
    const c = await candidate();
    await pay(c, { network: 'MTN_MOMO', phone: '671000001' });
    expect(outcome(await c.client.post('/api/candidate/payments', { network: 'ORANGE_MONEY', phone: '691000001' }))).toMatchObject({
      status: 409,
      code: 'PAYMENT_PENDING',
    });
    expect(await t.db.select().from(payments).where(eq(payments.candidateId, c.id))).toHaveLength(1);
  });

  it("wants a Cameroonian mobile number on the network's prefixes: PHONE_NOT_ON_NETWORK", async () => {
    const c = await candidate();
    for (const [network, phone] of [
      ['MTN_MOMO', '699123456'],
      ['MTN_MOMO', '655123456'],
      ['ORANGE_MONEY', '677123456'],
      ['ORANGE_MONEY', '684123456'],
      ['MTN_MOMO', '+33 6 12 34 56 78'],
      ['MTN_MOMO', '222 23 45 67'],
    ] as const) {
      expect(outcome(await c.client.post('/api/candidate/payments', { network, phone })), `${network} ${phone}`).toMatchObject({
        status: 400,
        code: 'PHONE_NOT_ON_NETWORK',
        fields: { phone: 'validation.invalid' },
      });
    }
    expect(outcome(await c.client.post('/api/candidate/payments', { network: 'MTN_MOMO', phone: '12' }))).toMatchObject({
      status: 400,
      fields: { phone: 'validation.phone' },
    });
    expect(outcome(await c.client.post('/api/candidate/payments', { network: 'MTN_MOMO', phone: '' }))).toMatchObject({ status: 400 });
    expect(outcome(await c.client.post('/api/candidate/payments', { network: 'AIRTEL', phone: '677123456' }))).toMatchObject({
      status: 400,
      code: 'NETWORK_UNAVAILABLE',
    });
    expect(await t.db.select().from(payments).where(eq(payments.candidateId, c.id))).toEqual([]);
  });

  it("refuses an entrance fee outside the network's limits: AMOUNT_OUT_OF_RANGE", async () => {
    const dear = await paymentEntrance(t, 750_000);
    const c = await paymentCandidate(t, dear);
    const res = await c.client.post('/api/candidate/payments', { network: 'ORANGE_MONEY', phone: '699123456' });
    expect(outcome(res)).toMatchObject({ status: 400, code: 'AMOUNT_OUT_OF_RANGE' });
    expect(res.json()).toMatchObject({ limit: { limit: 500_000 } });
    expect(await pay(c, { network: 'MTN_MOMO', phone: '677123456' })).toMatchObject({ amount: 750_000, fees: 5_250, total: 755_250 });
  });

  it("needs the candidate's open file, and shows a candidate only their own payments (404 otherwise)", async () => {
    const owner = await candidate();
    const other = await candidate();
    const asked = await pay(owner, { network: 'MTN_MOMO', phone: '677000001' });
    expect(outcome(await new Client(t.app).post('/api/candidate/payments', { network: 'MTN_MOMO', phone: '677000002' }))).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(outcome(await new Client(t.app).get(`/api/candidate/payments/${asked.id}`))).toMatchObject({ status: 401 });
    expect(outcome(await other.client.get(`/api/candidate/payments/${asked.id}`))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(outcome(await owner.client.get('/api/candidate/payments/5b0e8c52-3f4a-4d2e-9c1b-7a6f0e2d1c3b'))).toMatchObject({ status: 404 });
    expect(outcome(await owner.client.get('/api/candidate/payments/not-a-uuid'))).toMatchObject({ status: 400 });
    const own = await owner.client.get(`/api/candidate/payments/${asked.id}`);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(ok<CandidatePayment>(own).id).toBe(asked.id);
  });

  it('answers the payment settings: the sandbox provider and its phone page', async () => {
    expect(ok(await new Client(t.app).get('/api/payments/settings'))).toEqual({ provider: 'sandbox', sandbox: true });
  });
});

describe('the callback: signed, fresh, once', () => {
  /** A payment approved on the phone whose callback is held back, and that callback as the sandbox would send it. */
  const approvedWithoutCallback = async () => {
    const c = await candidate();
    const asked = await pay(c, { network: 'MTN_MOMO', phone: '677555001' });
    const reference = await sandboxReference(t, asked.orderNumber);
    await decideSandboxCollection(t.app.ctx, { reference, approve: true, notify: false });
    const [row] = await t.db.select().from(sandboxCollections).where(eq(sandboxCollections.reference, reference));
    return { c, asked, callback: sandboxCallback(t.app.ctx, row!) };
  };
  const send = (body: string, headers: Record<string, string>, url = '/api/payments/callback/sandbox') =>
    t.app.inject({ method: 'POST', url, payload: body, headers });
  const unchanged = async (c: TestCandidate, id: string) => {
    expect((await paymentRow(id)).status).toBe('PENDING');
    expect(await t.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.paymentId, id))).toEqual([]);
    expect((await candidateRow(c.id)).paid).toBe(false);
    expect(await receiptMails(t, c.email)).toEqual([]);
  };

  it('refuses a missing, malformed or wrong signature, a tampered body and a stale or future timestamp with 401 PAYMENT_CALLBACK_INVALID; nothing changes', async () => {
    const { c, asked, callback } = await approvedWithoutCallback();
    const { [SIGNATURE_HEADER]: signature, ...plain } = callback.headers;
    const now = t.clock.now();
    const tampered = callback.body.replace('"amount":25375', '"amount":1');
    expect(tampered).not.toBe(callback.body);
    const attempts: [string, string, Record<string, string>][] = [
      ['missing header', callback.body, plain],
      ['malformed header', callback.body, { ...plain, [SIGNATURE_HEADER]: 'sha256=abc' }],
      ['another secret', callback.body, { ...plain, [SIGNATURE_HEADER]: signCallback(randomBytes(32), now, callback.body) }],
      ['tampered body', tampered, { ...plain, [SIGNATURE_HEADER]: signature! }],
      [
        'stale (6 minutes old)',
        callback.body,
        { ...plain, [SIGNATURE_HEADER]: signCallback(callbackSecret(t.config), new Date(now.getTime() - 6 * 60_000), callback.body) },
      ],
      [
        'from the future (6 minutes ahead)',
        callback.body,
        { ...plain, [SIGNATURE_HEADER]: signCallback(callbackSecret(t.config), new Date(now.getTime() + 6 * 60_000), callback.body) },
      ],
      ['the signature of another body', JSON.stringify({ ...JSON.parse(callback.body), status: 'FAILED' }), { ...plain, [SIGNATURE_HEADER]: signature! }],
    ];
    for (const [what, body, headers] of attempts) {
      expect(outcome(await send(body, headers)), what).toMatchObject({ status: 401, code: 'PAYMENT_CALLBACK_INVALID' });
    }
    await unchanged(c, asked.id);
    // another provider's name is not heard at all
    expect((await send(callback.body, callback.headers, '/api/payments/callback/mtn')).statusCode).toBe(404);
    await unchanged(c, asked.id);
    // a fresh signature just under 5 minutes old is accepted
    t.clock.advanceSeconds(4 * 60 + 50);
    expect((await send(callback.body, callback.headers)).statusCode).toBe(200);
    expect((await paymentRow(asked.id)).status).toBe('PAID');
  });

  it('changes nothing the second time: the same callback twice makes one transition and one mail', async () => {
    const { c, asked, callback } = await approvedWithoutCallback();
    expect(ok(await send(callback.body, callback.headers))).toEqual({ received: true });
    const settled = await paymentRow(asked.id);
    expect(settled.status).toBe('PAID');
    t.clock.advanceSeconds(30);
    expect(ok(await send(callback.body, callback.headers))).toEqual({ received: true });
    const again = await paymentRow(asked.id);
    expect(again).toEqual(settled);
    expect(await t.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.paymentId, asked.id))).toHaveLength(1);
    expect(await receiptMails(t, c.email)).toHaveLength(1);
    // a callback that contradicts a settled payment (another event) moves nothing either
    const failed = JSON.stringify({
      ...JSON.parse(callback.body),
      eventId: `${JSON.parse(callback.body).eventId}-2`,
      status: 'FAILED',
      operatorTransactionId: null,
      reason: 'REVERSED',
    });
    expect((await send(failed, { ...callback.headers, [SIGNATURE_HEADER]: signCallback(callbackSecret(t.config), t.clock.now(), failed) })).statusCode).toBe(
      200,
    );
    expect((await paymentRow(asked.id)).status).toBe('PAID');
    expect((await candidateRow(c.id)).paid).toBe(true);
    expect(await receiptMails(t, c.email)).toHaveLength(1);
  });

  it('answers a signed callback about an unknown order (recorded, nothing else), and 400 a signed body that is not a callback', async () => {
    const body = JSON.stringify({
      eventId: 'evt-unknown',
      reference: 'SBX-0',
      orderNumber: 'PAY-00000000-0000000000',
      status: 'SUCCESSFUL',
      operatorTransactionId: 'MP1',
      reason: null,
      amount: 1,
      currency: 'XAF',
      occurredAt: t.clock.now().toISOString(),
    });
    const secret = callbackSecret(t.config);
    expect(ok(await send(body, { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(secret, t.clock.now(), body) }))).toEqual({
      received: true,
    });
    expect(await t.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.eventId, 'evt-unknown'))).toMatchObject([{ paymentId: null }]);
    const junk = '{"hello":"world"}';
    expect(outcome(await send(junk, { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(secret, t.clock.now(), junk) }))).toMatchObject({
      status: 400,
    });
  });
});

describe('the callback secret', () => {
  it('is made once in DATA_DIR, readable by the server only, when PAYMENT_CALLBACK_SECRET is not set; else it is that value', async () => {
    const file = path.join(t.config.dataDir, CALLBACK_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(callbackSecret(t.config).equals(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'))).toBe(true);
    expect(callbackSecret(t.config)).toHaveLength(32);
    const configured = 'a-callback-secret-of-at-least-32-characters';
    const config = testConfig({ PAYMENT_CALLBACK_SECRET: configured, DATA_DIR: path.join(t.config.dataDir, 'elsewhere') });
    expect(callbackSecret(config).toString('utf8')).toBe(configured);
    expect(() => testConfig({ PAYMENT_CALLBACK_SECRET: 'too short' })).toThrow(ConfigError);
  });
});
