import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { Client, createTestApp, type TestApp } from '../../test/helpers';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  t = await createTestApp({ env: { LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' }, logStream });
});
afterAll(async () => {
  await t?.close();
});

describe('LOG_FORMAT', () => {
  it('is pretty in development at a terminal, JSON otherwise, and says so when asked', () => {
    expect(loadConfig({}, { tty: true }).logFormat).toBe('pretty');
    expect(loadConfig({}, { tty: false }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example', SMTP_URL: 'smtp://mail:25' }, { tty: true }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test' }, { tty: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { tty: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty', NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example', SMTP_URL: 'smtp://mail:25' }).logFormat).toBe(
      'pretty',
    );
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow('LOG_FORMAT: must be json or pretty');
  });

  it('pretty: one short line per request, its path without the query, and nothing secret', async () => {
    lines.length = 0;
    const c = new Client(t.app);
    await c.get('/api/auth/session');
    await c.get('/api/hr/registrations?q=Mballa&page=2');
    await c.post('/api/auth/students/', { identifier: 'PER0001', password: 'Secret-Pass-123' });
    expect(
      lines.some((l) => /^\d\d:\d\d:\d\d GET \/api\/auth\/session 200 \d+ms$/.test(l)),
      lines.join('\n'),
    ).toBe(true);
    expect(
      lines.some((l) => /^\d\d:\d\d:\d\d GET \/api\/hr\/registrations 401 \d+ms$/.test(l)),
      lines.join('\n'),
    ).toBe(true);
    expect(
      lines.some((l) => /^\d\d:\d\d:\d\d POST \/api\/auth\/students\/ \d{3} \d+ms$/.test(l)),
      lines.join('\n'),
    ).toBe(true);
    const log = lines.join('\n');
    for (const leak of ['Mballa', 'page=', 'Secret-Pass-123', '{"level"']) expect(log).not.toContain(leak);
  });
});
