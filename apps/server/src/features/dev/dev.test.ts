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
