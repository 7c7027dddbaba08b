import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../../test/helpers';

/** A built web app on disk, with the pre-compressed files the build writes. */
const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
const APP = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets/app-abc123.js'), APP);
  writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(APP));
  writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), gzipSync(APP));
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('is served pre-compressed, with long caching for hashed assets', async () => {
    const c = new Client(t.app);
    const br = await c.get('/assets/app-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(APP.length / 10);
    const gz = await c.get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await c.get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.body).toBe(APP);
  });

  it('answers client routes with index.html, but not API paths or missing files', async () => {
    const c = new Client(t.app);
    for (const route of ['/', '/login', '/profile', '/verification-code', '/email-confirmation?token=abc']) {
      const res = await c.get(route, { accept: 'text/html' });
      expect(res.statusCode, route).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await c.get('/api/unknown')).json().code).toBe('NOT_FOUND');
    expect((await c.get('/assets/missing-file.js')).statusCode).toBe(404);
  });
});
