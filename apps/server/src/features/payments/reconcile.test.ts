import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_EXPIRY_SECONDS, PAYMENT_RECONCILE_AFTER_SECONDS } from '@portal/contract';
import { candidates, payments, sandboxCollections } from '../../db/schema';
import { createTestApp, ok, outcome, type TestApp } from '../../../test/helpers';
import { answerOnPhone, pay, paymentCandidate, paymentEntrance, receiptMails, sandboxReference } from './payments.fixtures';
import { paymentsReconcileJob, type reconcilePayments } from './reconcile.service';
import { decideSandboxCollection, sandboxCallback, sandboxIdle } from './sandbox.provider';

let t: TestApp;
let entrance: { id: number; specialityId: number };
beforeAll(async () => {
  t = await createTestApp();
  entrance = await paymentEntrance(t, 20_000);
});
afterAll(async () => t?.close());

const status = async (id: string) =>
  (await t.db.select({ status: payments.status, statusCode: payments.statusCode }).from(payments).where(eq(payments.id, id)))[0]!;
const hasPaid = async (id: number) => (await t.db.select({ paid: candidates.HAS_PAID }).from(candidates).where(eq(candidates.id, id)))[0]!.paid;
/** The job's handler, as the job runner calls it, at the test clock's time. */
const run = () => paymentsReconcileJob.handler(t.app.ctx) as ReturnType<typeof reconcilePayments>;

describe('the reconciliation job (payments.reconcile), on the injected clock', () => {
  it('is a job of its own: every 5 minutes on PostgreSQL, every minute on PGlite', () => {
    expect(paymentsReconcileJob).toMatchObject({ name: 'payments.reconcile', cron: '*/5 * * * *', everyMs: 60_000 });
  });

  it('leaves a payer who never answers (a number ending in 98) alone for 5 minutes, asks the provider after, and expires the payment after 60; another may then be asked', async () => {
    const c = await paymentCandidate(t, entrance);
    const asked = await pay(c, { network: 'MTN_MOMO', phone: '677000098' });
    await sandboxIdle(t.app.ctx);
    t.clock.advanceSeconds(PAYMENT_RECONCILE_AFTER_SECONDS - 1);
    expect(await run()).toEqual({ checked: 0, settled: 0, expired: 0 });
    t.clock.advanceSeconds(2);
    expect(await run()).toEqual({ checked: 1, settled: 0, expired: 0 });
    expect(await status(asked.id)).toEqual({ status: 'PENDING', statusCode: null });
    // asked again a minute later at the earliest
    t.clock.advanceSeconds(30);
    expect(await run()).toMatchObject({ checked: 0 });
    t.clock.advanceSeconds(PAYMENT_EXPIRY_SECONDS - PAYMENT_RECONCILE_AFTER_SECONDS - 32);
    expect(await run()).toEqual({ checked: 1, settled: 0, expired: 0 });
    t.clock.advanceSeconds(60);
    expect(await run()).toEqual({ checked: 1, settled: 0, expired: 1 });
    expect(await status(asked.id)).toEqual({ status: 'EXPIRED', statusCode: 'EXPIRED' });
    expect(await hasPaid(c.id)).toBe(false);
    expect(await run()).toEqual({ checked: 0, settled: 0, expired: 0 });
    // the sandbox's operator gave up long before: the phone can no longer approve it
    const reference = await sandboxReference(t, asked.orderNumber);
    const late = ok<{ status: string }>(await c.client.post(`/api/sandbox/collections/${reference}/approve`));
    expect(late.status).toBe('FAILED');
    await sandboxIdle(t.app.ctx);
    expect((await status(asked.id)).status).toBe('EXPIRED');
    const again = await pay(c, { network: 'MTN_MOMO', phone: '677000011' });
    expect(again.status).toBe('PENDING');
    await answerOnPhone(t, again.orderNumber, 'approve');
    expect(await hasPaid(c.id)).toBe(true);
  });

  it('finds paid, after 5 minutes, a payment approved whose callback was lost (a number ending in 97): one transition, one mail, and the late callback changes nothing', async () => {
    const c = await paymentCandidate(t, entrance);
    const asked = await pay(c, { network: 'ORANGE_MONEY', phone: '699000097' });
    await sandboxIdle(t.app.ctx);
    const [collection] = await t.db.select().from(sandboxCollections).where(eq(sandboxCollections.orderNumber, asked.orderNumber));
    expect(collection).toMatchObject({ status: 'SUCCESSFUL', notifiedAt: null });
    expect((await status(asked.id)).status).toBe('PENDING');
    t.clock.advanceSeconds(4 * 60);
    expect(await run()).toMatchObject({ checked: 0, settled: 0 });
    expect((await status(asked.id)).status).toBe('PENDING');
    t.clock.advanceSeconds(61);
    expect(await run()).toEqual({ checked: 1, settled: 1, expired: 0 });
    expect(await status(asked.id)).toEqual({ status: 'PAID', statusCode: 'SUCCESSFUL' });
    expect(await hasPaid(c.id)).toBe(true);
    expect(await receiptMails(t, c.email)).toHaveLength(1);
    expect((await c.client.get('/api/candidate/receipt')).statusCode).toBe(200);

    // the lost callback arrives after all: answered, nothing moves, no second mail
    const callback = sandboxCallback(t.app.ctx, collection!);
    const res = await t.app.inject({ method: 'POST', url: callback.url, payload: callback.body, headers: callback.headers });
    expect(res.statusCode).toBe(200);
    expect((await status(asked.id)).status).toBe('PAID');
    expect(await receiptMails(t, c.email)).toHaveLength(1);
    expect(outcome(await c.client.post('/api/candidate/payments', { network: 'ORANGE_MONEY', phone: '699000011' }))).toMatchObject({
      status: 409,
      code: 'ALREADY_PAID',
    });
  });

  it('settles as failed a payment the payer refused while the callback was lost', async () => {
    const c = await paymentCandidate(t, entrance);
    const asked = await pay(c, { network: 'MTN_MOMO', phone: '650000123' });
    const reference = await sandboxReference(t, asked.orderNumber);
    await decideSandboxCollection(t.app.ctx, { reference, approve: false, notify: false });
    t.clock.advanceSeconds(PAYMENT_RECONCILE_AFTER_SECONDS + 1);
    expect(await run()).toEqual({ checked: 1, settled: 1, expired: 0 });
    expect(await status(asked.id)).toEqual({ status: 'FAILED', statusCode: 'FAILED' });
    expect(await receiptMails(t, c.email)).toEqual([]);
  });
});
