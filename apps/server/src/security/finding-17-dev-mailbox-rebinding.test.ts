/*
 * Finding 17 (issue 33): "`/dev/mailbox` and `/api/dev/mailbox` answer a loopback client whatever its
 * `Host` header: `Host: rebind.evil.example` got 200 with 42 sign-in codes."
 *
 * A page of another site whose name an attacker points at 127.0.0.1 (DNS rebinding) reads the
 * mailbox as a loopback client of the same origin. The mailbox now answers only a request whose
 * Host is the configured public address (PUBLIC_URL) or a loopback name (localhost, 127.0.0.1,
 * [::1], any port); any other name gets 404, as when the mailbox is off (decision 68).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { Client, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/helpers';

const PATHS = ['/api/dev/mailbox', '/dev/mailbox'];
/** Names a rebinding page's requests carry (the public address on another port is another site too). */
const OTHER_HOSTS = [
  'rebind.evil.example',
  'rebind.evil.example:3000',
  'localhost.evil.example',
  '127.0.0.1.evil.example',
  'portal.example.org.evil.example',
  'portal.example.org:8443',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { NODE_ENV: 'development', DEV_MAILBOX: 'true', PUBLIC_URL: 'https://portal.example.org' } });
  // a mail with a sign-in code in the outbox
  await new Client(t.app, '10.0.0.5').post('/api/auth/students/', { identifier: DEMO_ACCOUNTS.support.matricule, password: DEMO_PASSWORD });
});
afterAll(async () => {
  await t?.close();
});

const statusFor = async (host: string, path: string) => (await new Client(t.app, '127.0.0.1').get(path, { host })).statusCode;

describe('finding 17: the development mailbox and DNS rebinding', () => {
  it('is not found for a loopback client naming another host', async () => {
    const answered: string[] = [];
    for (const host of OTHER_HOSTS) {
      for (const path of PATHS) if ((await statusFor(host, path)) !== 404) answered.push(`${host} ${path}`);
    }
    console.warn(`finding 17: the mailbox answered ${answered.length} of ${OTHER_HOSTS.length * PATHS.length} requests naming another host`);
    expect(answered).toEqual([]);
    // nor does /api/meta offer the link there
    expect((await new Client(t.app, '127.0.0.1').get('/api/meta', { host: 'rebind.evil.example' })).json()).toMatchObject({ devMailbox: false });
  });

  it('still answers a loopback name, with any port, and the configured public address', async () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'LOCALHOST:5173',
      '127.0.0.1',
      '127.0.0.1:3000',
      '[::1]',
      '[::1]:3000',
      'portal.example.org',
      'portal.example.org:443',
    ]) {
      for (const path of PATHS) expect(await statusFor(host, path), `${host} ${path}`).toBe(200);
    }
    const mails = (await new Client(t.app, '127.0.0.1').get('/api/dev/mailbox', { host: 'localhost:3000' })).json();
    expect(mails[0].text).toMatch(/\d{6}/);
  });
});
