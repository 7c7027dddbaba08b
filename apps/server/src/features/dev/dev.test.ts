import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, DEMO_PASSWORD, emailOf, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DEV_MAILBOX: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

describe('development mailbox', () => {
  it('keeps mails and shows them as JSON and as a page', async () => {
    const email = await emailOf(t.db, DEMO_ACCOUNTS.support.matricule);
    // The mailbox answers the server's own machine only.
    const c = new Client(t.app, '127.0.0.1');
    await c.post('/api/auth/students/', { identifier: DEMO_ACCOUNTS.support.matricule, password: DEMO_PASSWORD });
    const json = await c.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(json.statusCode).toBe(200);
    const [mail] = json.json();
    expect(mail).toMatchObject({ to: email, kind: 'sign-code', status: 'kept' });
    expect(mail.text).toMatch(/Your sign-in code is \d{6}/);
    const page = await c.get('/dev/mailbox');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Development mailbox');
    expect(page.body).toContain(mail.subject);
  });

  it('does not exist unless asked for, nor in production', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await new Client(prod.app).get('/api/dev/mailbox')).statusCode).toBe(404);
      expect((await new Client(prod.app).get('/dev/mailbox')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
    const unset = await createTestApp({ env: { NODE_ENV: 'development' } });
    try {
      expect((await new Client(unset.app, '127.0.0.1').get('/api/dev/mailbox')).statusCode).toBe(404);
    } finally {
      await unset.close();
    }
  });
});

describe('development clock (DEV_CLOCK)', () => {
  it("moves the server's time forward and runs a periodic job now, for this machine only; absent unless asked for, refused in production", async () => {
    const dev = await createTestApp({ env: { DEV_CLOCK: 'true' } });
    try {
      const local = new Client(dev.app, '127.0.0.1');
      const before = dev.clock.now().getTime();
      const moved = await local.post('/api/dev/clock', { advanceSeconds: 7 * 86_400 });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(new Date(moved.json().now).getTime() - before).toBe(7 * 86_400_000);
      expect(dev.clock.now().getTime() - before).toBe(7 * 86_400_000);
      const run = await local.post('/api/dev/jobs/request-deadlines', {});
      expect(run.statusCode, run.body).toBe(200);
      expect(run.json()).toMatchObject({
        name: 'request-deadlines',
        result: { reminded: expect.any(Number), expired: expect.any(Number), draftsDeleted: expect.any(Number) },
      });
      expect((await local.post('/api/dev/jobs/no-such-job', {})).statusCode).toBe(404);
      // another machine: as if it did not exist
      expect((await new Client(dev.app, '10.0.0.9').post('/api/dev/clock', { advanceSeconds: 60 })).statusCode).toBe(404);
      expect(dev.clock.now().getTime() - before).toBe(7 * 86_400_000);
    } finally {
      await dev.close();
    }
    expect((await new Client(t.app, '127.0.0.1').post('/api/dev/clock', { advanceSeconds: 60 })).statusCode).toBe(404);
    await expect(createTestApp({ env: { DEV_CLOCK: 'true', NODE_ENV: 'production' } })).rejects.toThrow(/DEV_CLOCK/);
  });
});
