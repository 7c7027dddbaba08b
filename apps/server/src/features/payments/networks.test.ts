import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeesAnswer, PaymentNetwork, PaymentNetworkInput } from '@portal/contract';
import { auditLog, paymentNetworks } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { PAYMENT_NETWORKS_SEED } from '../../seed/payment-networks';
import { Client, createTestApp, ok, outcome, personIdOf, sessionFor, type TestApp } from '../../../test/helpers';
import { FEES_LIMIT_PER_ADDRESS } from './payments.routes';

let t: TestApp;
let admin: Client;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  adminId = await personIdOf(t, DEMO_ACCOUNTS.admin.matricule);
  admin = await sessionFor(t, adminId);
});
afterAll(async () => t?.close());

const fees = (network: string, amount: number, ip = '10.1.0.1') => new Client(t.app, ip).post('/api/candidate/get-fees-of-request-to-pay', { network, amount });

const wave: PaymentNetworkInput = {
  code: 'WAVE_CM',
  name: 'Wave',
  minAmount: 500,
  maxAmount: 200_000,
  prefixes: ['62'],
  feeSchedule: [
    { upTo: 1_000, fixed: 10, rateBp: 0 },
    { upTo: null, fixed: 0, rateBp: 100 },
  ],
  color: '#1dc4ff',
  ussdCode: '',
  active: true,
  position: 3,
};

describe('the networks everyone reads', () => {
  it('lists the active networks in their order, as seeded: MTN Mobile Money and Orange Money with their prefixes', async () => {
    const res = await new Client(t.app).get('/api/payment-networks');
    const networks = ok<PaymentNetwork[]>(res);
    expect(networks.map((n) => [n.code, n.name, n.minAmount, n.maxAmount])).toEqual([
      ['MTN_MOMO', 'MTN Mobile Money', 100, 1_000_000],
      ['ORANGE_MONEY', 'Orange Money', 100, 500_000],
    ]);
    expect(networks[0]!.prefixes).toEqual(['67', '650', '651', '652', '653', '654', '680', '681', '682', '683', '684']);
    expect(networks[1]!.prefixes).toEqual(['69', '655', '656', '657', '658', '659', '685', '686', '687', '688', '689']);
    expect(networks.map((n) => n.feeSchedule)).toEqual(PAYMENT_NETWORKS_SEED.map((n) => n.feeSchedule));
  });
});

describe('POST /candidate/get-fees-of-request-to-pay', () => {
  // Every step of each seeded schedule, at its edges, and the limits.
  const cases: [string, number, number][] = [
    ['MTN_MOMO', 100, 50],
    ['MTN_MOMO', 5_000, 50],
    ['MTN_MOMO', 5_001, 76], // 1.5 % of 5 001 = 75.015, rounded up
    ['MTN_MOMO', 25_000, 375],
    ['MTN_MOMO', 50_000, 750],
    ['MTN_MOMO', 50_001, 751], // 250 + 1 % of 50 001 = 250 + 500.01
    ['MTN_MOMO', 500_000, 5_250],
    ['MTN_MOMO', 500_001, 5_250],
    ['MTN_MOMO', 1_000_000, 5_250],
    ['ORANGE_MONEY', 100, 100],
    ['ORANGE_MONEY', 10_000, 100],
    ['ORANGE_MONEY', 10_001, 176], // 1.75 % of 10 001 = 175.0175
    ['ORANGE_MONEY', 25_000, 438], // 437.5
    ['ORANGE_MONEY', 100_000, 1_750],
    ['ORANGE_MONEY', 100_001, 1_501],
    ['ORANGE_MONEY', 500_000, 7_500],
  ];
  it.each(cases)('%s, %i FCFA: a fee of %i FCFA', async (network, amount, fee) => {
    const answer = ok<FeesAnswer>(await fees(network, amount));
    const seeded = PAYMENT_NETWORKS_SEED.find((n) => n.code === network)!;
    expect(answer).toEqual({
      network,
      networkName: seeded.name,
      amount,
      fee,
      total: amount + fee,
      minAmount: seeded.minAmount,
      maxAmount: seeded.maxAmount,
      prefixes: seeded.prefixes,
      currency: 'XAF',
    });
  });

  it("refuses an amount outside the network's limits with AMOUNT_OUT_OF_RANGE, naming the bound crossed", async () => {
    const below = await fees('MTN_MOMO', 99);
    expect(outcome(below)).toMatchObject({ status: 400, code: 'AMOUNT_OUT_OF_RANGE' });
    expect(below.json()).toMatchObject({ limit: { limit: 100 } });
    const above = await fees('MTN_MOMO', 1_000_001);
    expect(outcome(above)).toMatchObject({ status: 400, code: 'AMOUNT_OUT_OF_RANGE' });
    expect(above.json()).toMatchObject({ limit: { limit: 1_000_000 } });
    const orange = await fees('ORANGE_MONEY', 500_001);
    expect(orange.json()).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', limit: { limit: 500_000 } });
  });

  it('refuses an unknown network with NETWORK_UNAVAILABLE, and a malformed request with VALIDATION_FAILED', async () => {
    expect(outcome(await fees('AIRTEL_MONEY', 1_000))).toMatchObject({ status: 400, code: 'NETWORK_UNAVAILABLE' });
    expect(outcome(await new Client(t.app).post('/api/candidate/get-fees-of-request-to-pay', { network: 'MTN_MOMO', amount: 12.5 }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { amount: 'validation.invalid' },
    });
    expect(outcome(await new Client(t.app).post('/api/candidate/get-fees-of-request-to-pay', { network: 'mtn momo!', amount: 100 }))).toMatchObject({
      status: 400,
      fields: { network: 'validation.networkCode' },
    });
  });

  it(
    `answers at most ${FEES_LIMIT_PER_ADDRESS.limit} calls in ${FEES_LIMIT_PER_ADDRESS.windowSeconds / 60} minutes per client address, then 429 with Retry-After; other addresses go on`,
    { timeout: 120_000 },
    async () => {
      const ip = '10.1.99.99';
      for (let i = 0; i < FEES_LIMIT_PER_ADDRESS.limit; i++) expect((await fees('MTN_MOMO', 1_000, ip)).statusCode).toBe(200);
      const refused = await fees('MTN_MOMO', 1_000, ip);
      expect(outcome(refused)).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await fees('MTN_MOMO', 1_000, '10.1.99.98')).statusCode).toBe(200);
      t.clock.advanceSeconds(FEES_LIMIT_PER_ADDRESS.windowSeconds + 1);
      expect((await fees('MTN_MOMO', 1_000, ip)).statusCode).toBe(200);
    },
  );
});

describe('administrators keep the networks (payments.configure)', () => {
  it('adds a network, audited; the same code again is 409 ALREADY_EXISTS', async () => {
    const created = ok<PaymentNetwork>(await admin.post('/api/payment-networks', wave), 201);
    expect(created).toEqual({ ...wave, ussdCode: null });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment_network.created'), eq(auditLog.targetId, 'WAVE_CM')));
    expect(entry).toMatchObject({ actorId: adminId, targetType: 'payment_network' });
    expect(outcome(await admin.post('/api/payment-networks', { ...wave, code: 'wave_cm' }))).toMatchObject({ status: 409, code: 'ALREADY_EXISTS' });
    expect(ok<PaymentNetwork[]>(await new Client(t.app).get('/api/payment-networks')).map((n) => n.code)).toEqual(['MTN_MOMO', 'ORANGE_MONEY', 'WAVE_CM']);
    expect(ok<FeesAnswer>(await fees('WAVE_CM', 2_000))).toMatchObject({ fee: 20, total: 2_020 });
  });

  it('refuses a schedule out of order, a last step with an upper bound and limits upside down', async () => {
    const bad = await admin.post('/api/payment-networks', {
      ...wave,
      code: 'BAD_NET',
      minAmount: 1_000,
      maxAmount: 500,
      feeSchedule: [
        { upTo: 1_000, fixed: 0, rateBp: 0 },
        { upTo: 500, fixed: 0, rateBp: 0 },
      ],
    });
    expect(outcome(bad)).toMatchObject({ status: 400, fields: { maxAmount: 'validation.amountRange', feeSchedule: 'validation.feeSchedule' } });
    expect(await t.db.select().from(paymentNetworks).where(eq(paymentNetworks.code, 'BAD_NET'))).toEqual([]);
  });

  it('changes a network, audited with what changed; switched off, it is offered to nobody and its fees are NETWORK_UNAVAILABLE', async () => {
    const changed = ok<PaymentNetwork>(await admin.request('PUT', '/api/payment-networks/WAVE_CM', { ...wave, maxAmount: 300_000, active: false }));
    expect(changed).toMatchObject({ code: 'WAVE_CM', maxAmount: 300_000, active: false });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment_network.updated'), eq(auditLog.targetId, 'WAVE_CM')));
    expect(entry!.details).toEqual({ changed: { maxAmount: { from: 200_000, to: 300_000 }, active: { from: true, to: false } } });
    expect(ok<PaymentNetwork[]>(await new Client(t.app).get('/api/payment-networks')).map((n) => n.code)).toEqual(['MTN_MOMO', 'ORANGE_MONEY']);
    expect(ok<PaymentNetwork[]>(await admin.get('/api/payment-networks/all')).map((n) => [n.code, n.active])).toEqual([
      ['MTN_MOMO', true],
      ['ORANGE_MONEY', true],
      ['WAVE_CM', false],
    ]);
    expect(outcome(await fees('WAVE_CM', 2_000))).toMatchObject({ status: 400, code: 'NETWORK_UNAVAILABLE' });
  });

  it("keeps a network's code (another in the body is 400) and answers 404 for an unknown one", async () => {
    expect(outcome(await admin.request('PUT', '/api/payment-networks/WAVE_CM', { ...wave, code: 'WAVE_2' }))).toMatchObject({
      status: 400,
      fields: { code: 'validation.invalid' },
    });
    expect(outcome(await admin.request('PUT', '/api/payment-networks/NOPE_NET', { ...wave, code: 'NOPE_NET' }))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('is refused to anyone else: 401 anonymous, 403 to the other offices and to students, nothing changed', async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.get('/api/payment-networks/all')).statusCode).toBe(401);
    expect((await anonymous.post('/api/payment-networks', { ...wave, code: 'ANON_NET' })).statusCode).toBe(401);
    for (const who of [DEMO_ACCOUNTS.admissions, DEMO_ACCOUNTS.hr, DEMO_ACCOUNTS.finance, DEMO_ACCOUNTS.student]) {
      const client = await sessionFor(t, await personIdOf(t, who.matricule));
      expect((await client.get('/api/payment-networks/all')).statusCode).toBe(403);
      expect((await client.post('/api/payment-networks', { ...wave, code: 'OTHER_NET' })).statusCode).toBe(403);
      expect((await client.request('PUT', '/api/payment-networks/MTN_MOMO', { ...PAYMENT_NETWORKS_SEED[0]!, name: 'Hijacked' })).statusCode).toBe(403);
    }
    const [mtn] = await t.db.select().from(paymentNetworks).where(eq(paymentNetworks.code, 'MTN_MOMO'));
    expect(mtn!.name).toBe('MTN Mobile Money');
    expect(await t.db.select().from(paymentNetworks).where(eq(paymentNetworks.code, 'OTHER_NET'))).toEqual([]);
  });
});
