import { Writable } from 'node:stream';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, codeIn, createTestApp, DEMO_PASSWORD, emailOf, lastMailTo, type TestApp } from '../../../test/helpers';

/** With real mail delivery configured, nothing secret may reach the log. */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  // A transport that fails: error lines are logged too, and must stay clean.
  const failing = nodemailer.createTransport({ host: '127.0.0.1', port: 9, connectionTimeout: 200 });
  t = await createTestApp({ env: { LOG_LEVEL: 'trace', SMTP_URL: 'smtp://127.0.0.1:9' }, mailTransport: failing, logStream });
});
afterAll(async () => {
  await t?.close();
});

describe('logs', () => {
  it('never hold a password, a code, a token or a confirmation link', async () => {
    const c = new Client(t.app);
    const matricule = DEMO_ACCOUNTS.partTime.matricule;
    await c.post('/api/auth/students/', { identifier: matricule, password: DEMO_PASSWORD });
    const code = codeIn((await lastMailTo(t.db, await emailOf(t.db, matricule)))?.textBody);
    const verified = await c.post('/api/auth/student/code-verification', { SIGN_CODE: code }, { authorization: 'Bearer not-a-real-token' });
    const token = verified.json().TOKEN as string;
    await c.get('/api/auth/session', { authorization: `Bearer ${token}` });
    await c.get(`/email-confirmation?token=secret-link-token-123`);
    await c.post('/api/auth/student/email-verification', { matricule: 'VAC0011' });
    const link = /token=([\w-]+)/.exec((await lastMailTo(t.db, await emailOf(t.db, 'VAC0011')))!.textBody)![1]!;
    await c.post('/api/auth/student/email-confirmation', { token: link, password: 'short' });
    await t.app.ctx.mailer.processDue();

    const log = lines.join('');
    expect(log).toContain('request completed');
    expect(log).toContain('mail send failed');
    for (const secret of [DEMO_PASSWORD, code, token, 'secret-link-token-123', link, 'portal_session=', 'portal_attempt=']) {
      expect(log).not.toContain(secret);
    }
  });

  it('write one line per answered request: its id, method, URL without query values, client address, status and time', async () => {
    lines.length = 0;
    const c = new Client(t.app);
    await c.get('/api/health?page=2&search=Mballa');
    const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request completed');
    expect(line).toMatchObject({
      level: 30,
      reqId: expect.any(String),
      req: { method: 'GET', url: '/api/health?page=2&search=[redacted]', remoteAddress: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/) },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(Object.keys(line!).sort()).toEqual(['hostname', 'level', 'msg', 'pid', 'req', 'reqId', 'res', 'responseTime', 'time']);
  });
});
