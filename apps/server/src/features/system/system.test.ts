import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { signInAttempts } from '../../db/schema';
import { Client, createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  // A route that fails the way a bug would, to see what leaks.
  t = await createTestApp({
    extraRoutes: (app) =>
      app.get('/api/test/explode', async () => {
        throw new Error('secret internal detail: connection string postgres://admin:pw@db');
      }),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('health, meta and documentation', () => {
  it('reports the database', async () => {
    const res = await new Client(t.app).get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', driver: process.env.DATABASE_URL ? 'postgres' : 'pglite', version: '1.0.0' });
  });

  it('gives the academic year and version from configuration', async () => {
    expect((await new Client(t.app).get('/api/meta')).json()).toEqual({
      academicYear: '2023-2024',
      version: '1.0.0',
      supportEmail: 'support@portal.local',
      devMailbox: false,
    });
    const other = await createTestApp({ env: { ACADEMIC_YEAR: '2024-2025', APP_VERSION: '1.1.0' } });
    try {
      expect((await new Client(other.app).get('/api/meta')).json()).toMatchObject({ academicYear: '2024-2025', version: '1.1.0' });
    } finally {
      await other.close();
    }
  });

  it('serves the OpenAPI document and its browsable page', async () => {
    const c = new Client(t.app);
    const doc = await c.get('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const p of [
      '/api/auth/student/sign-up',
      '/api/auth/student/code-verification',
      '/api/students/{id}',
      '/api/health',
      '/api/settings',
      '/api/students/contact-us',
    ])
      expect(paths).toContain(p);
    expect(doc.json().components.schemas).toHaveProperty('ErrorResponse');
    const page = await c.get('/api/docs');
    expect([200, 302]).toContain(page.statusCode);
    const html = await c.get(page.statusCode === 302 ? String(page.headers.location) : '/api/docs');
    expect(html.body).toContain('swagger');
  });
});

describe('errors and limits', () => {
  it('hides the details of a server error', async () => {
    const res = await new Client(t.app).get('/api/test/explode');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'An error has occurred during the process, retry later' });
    expect(res.body).not.toContain('secret');
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await new Client(t.app).get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No element to show' });
  });

  it('refuses malformed, oversized and wrongly typed bodies, writing nothing', async () => {
    const [before] = await t.db.select({ n: count() }).from(signInAttempts);
    const c = new Client(t.app);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/students/',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier": "PER0001", "password": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_FAILED');
    const huge = await c.post('/api/auth/students/', { identifier: 'PER0001', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/students/',
      headers: { 'content-type': 'application/xml' },
      payload: '<identifier>PER0001</identifier>',
    });
    expect(typed.statusCode).toBe(415);
    const wrongTypes = await c.post('/api/auth/students/', { identifier: ['PER0001'], password: 42 });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().fields).toEqual({ identifier: 'validation.required', password: 'validation.required' });
    const [after] = await t.db.select({ n: count() }).from(signInAttempts);
    expect(after?.n).toBe(before?.n);
  });

  it('sends the security headers', async () => {
    const res = await new Client(t.app).get('/api/meta');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('configuration', () => {
  it('fails fast with a clear message on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: must be a number \(got "eighty"\)/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a URL starting with postgres: or postgresql:/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });

  it('has working defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/portal' });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: '/srv/portal/data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      devMailbox: false,
      seedDemo: true,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
    });
    const prod = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example/', SMTP_URL: 'smtp://mail:25' });
    expect(prod).toMatchObject({ devMailbox: false, seedDemo: false, publicUrl: 'https://portal.example', secureCookies: true });
  });
});
