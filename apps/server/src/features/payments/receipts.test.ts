import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidatePayment, ReceiptCheck } from '@portal/contract';
import { Client, createTestApp, ok, outcome, type TestApp } from '../../../test/helpers';
import { pdfQrCodes, pdfText } from '../../../test/pdf';
import { answerOnPhone, pay, paymentCandidate, paymentEntrance, type TestCandidate } from './payments.fixtures';
import { receiptKey } from './receipts.service';

let t: TestApp;
let payer: TestCandidate;
let payment: CandidatePayment;
let qr: string;
beforeAll(async () => {
  t = await createTestApp();
  const entrance = await paymentEntrance(t, 15_000);
  payer = await paymentCandidate(t, entrance, { language: 'en' });
  const asked = await pay(payer, { network: 'ORANGE_MONEY', phone: '656 00 11 22' });
  await answerOnPhone(t, asked.orderNumber, 'approve');
  payment = ok<CandidatePayment>(await payer.client.get(`/api/candidate/payments/${asked.id}`));
});
afterAll(async () => t?.close());

const check = (number: string, k?: string) =>
  new Client(t.app, '10.7.0.1').get(`/api/receipts/${encodeURIComponent(number)}${k === undefined ? '' : `?k=${encodeURIComponent(k)}`}`);

describe("the candidate's receipt", () => {
  it('is a PDF in their language, to download, with a QR code to its public check', async () => {
    const res = await payer.client.get('/api/candidate/receipt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${payment.receiptNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Payment receipt',
      `Receipt number ${payment.receiptNumber}`,
      `Candidate number ${payer.number.toUpperCase()}`,
      'Entrance examination',
      'Amount paid 15.000 FCFA',
      "Operator's fees 263 FCFA",
      'Total charged 15.263 FCFA',
      'Network Orange Money',
      'Account +237 65•••••22',
      `Transaction ID ${payment.orderNumber}`,
    ]) {
      expect(text).toContain(expected);
    }
    const codes = await pdfQrCodes(res.rawPayload);
    expect(codes).toEqual([`http://portal.test/receipts/${payment.receiptNumber}?k=${receiptKey(t.config, payment.receiptNumber!)}`]);
    qr = codes[0]!;
  });

  it('is 409 NOT_PAID to a candidate who has not paid (whoever else has), and 401 without an open file', async () => {
    const entrance = await paymentEntrance(t, 15_000);
    const unpaid = await paymentCandidate(t, entrance);
    expect(outcome(await unpaid.client.get('/api/candidate/receipt'))).toMatchObject({ status: 409, code: 'NOT_PAID' });
    await pay(unpaid, { network: 'MTN_MOMO', phone: '677001122' });
    expect(outcome(await unpaid.client.get('/api/candidate/receipt'))).toMatchObject({ status: 409, code: 'NOT_PAID' });
    expect(outcome(await new Client(t.app).get('/api/candidate/receipt'))).toMatchObject({ status: 401 });
  });
});

describe('the public check of a receipt (GET /receipts/{number}?k=)', () => {
  it('shows a genuine receipt, with the key of its QR code: candidate number, name, entrance, amount and paid date', async () => {
    const url = new URL(qr);
    const res = await check(payment.receiptNumber!, url.searchParams.get('k')!);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = ok<ReceiptCheck>(res);
    expect(answer).toMatchObject({
      valid: true,
      receiptNumber: payment.receiptNumber,
      candidateNumber: payer.number.toUpperCase(),
      amount: 15_000,
      paidAt: payment.statusAt,
    });
    expect(answer.candidateName).toMatch(/^Mbarga Aïcha /);
    expect(answer.entrance).toMatch(/^Concours test /);
  });

  it('says nothing without the right key, and answers an unknown number exactly alike', async () => {
    const nothing = (number: string): ReceiptCheck => ({
      valid: false,
      receiptNumber: number,
      candidateNumber: null,
      candidateName: null,
      entrance: null,
      amount: null,
      paidAt: null,
    });
    const key = receiptKey(t.config, payment.receiptNumber!);
    const wrong = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    expect(ok(await check(payment.receiptNumber!, wrong))).toEqual(nothing(payment.receiptNumber!));
    expect(ok(await check(payment.receiptNumber!))).toEqual(nothing(payment.receiptNumber!));
    expect(ok(await check(payment.receiptNumber!, ''))).toEqual(nothing(payment.receiptNumber!));
    expect(ok(await check(payment.receiptNumber!, receiptKey(t.config, 'RC-20260101-00000000')))).toEqual(nothing(payment.receiptNumber!));
    const unknown = 'RC-20260101-00000000';
    expect(ok(await check(unknown, receiptKey(t.config, unknown)))).toEqual(nothing(unknown));
    expect(ok(await check(unknown, wrong))).toEqual(nothing(unknown));
  });
});
