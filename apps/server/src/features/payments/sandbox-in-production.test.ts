import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { Client, createTestApp, type TestApp } from '../../../test/helpers';
import { paymentCandidate, paymentEntrance } from './payments.fixtures';

/*
 * The sandbox's phone page lets anyone approve a payment: a production server takes no payment
 * through it unless PAYMENT_SANDBOX_IN_PRODUCTION=true says it is a demonstration (decision 43).
 */
describe('the sandbox provider in production', () => {
  it('is off under NODE_ENV=production unless PAYMENT_SANDBOX_IN_PRODUCTION=true; on in development and tests', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).payments.enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX_IN_PRODUCTION: 'true' }).payments.enabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).payments.enabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).payments.enabled).toBe(true);
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', SEED_DEMO: 'false' } });
  });
  afterAll(async () => t?.close());

  it('then serves no sandbox phone, says so in the settings, and refuses to start a payment (503 PAYMENT_PROVIDER_UNAVAILABLE), recording none', async () => {
    const anyone = new Client(t.app);
    expect((await anyone.get('/api/payments/settings')).json()).toEqual({ provider: 'sandbox', sandbox: false });
    expect((await anyone.get('/api/sandbox/collections?phone=677123456')).statusCode).toBe(404);
    const entrance = await paymentEntrance(t, 25_000);
    const candidate = await paymentCandidate(t, entrance);
    const res = await candidate.client.post('/api/candidate/payments', { network: 'MTN_MOMO', phone: '677 12 34 56' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect((await candidate.client.get('/api/candidate/me')).json()).toMatchObject({ payments: [] });
  });
});
