/*
 * Finding 11 (issue 9): "With neither `NODE_ENV` nor `SMTP_URL` set, the development mailbox with
 * everyone's sign-in codes is open to anyone who reaches the server; PDFs with embedded
 * JavaScript are stored and served inline."
 *
 * The mailbox exists only when asked for (DEV_MAILBOX=true, or the demo's --demo), never in
 * production, and answers the server's own machine only; without it, mails stay in the outbox and
 * their codes never reach the log. PDFs with scripts or actions are refused at upload, and every
 * stored file is served in a sandbox (Content-Security-Policy: sandbox, nosniff).
 */
import { Writable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { inspectPdf } from '../lib/pdf-content';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { dataUrl, pdf } from '../../test/files';
import { Client, createTestApp, DEMO_PASSWORD, emailOf, lastMailTo, signIn, type TestApp } from '../../test/helpers';

const LOOPBACK = '127.0.0.1';
const REMOTE = '203.0.113.7';

/** Minimal PDFs that run a script when opened, written the ways attackers write them. */
function scriptedPdfs(): Record<string, Buffer> {
  const head = '%PDF-1.7\n';
  const tail =
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  const objectStream = deflateSync(Buffer.from('1 0 <</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(document.cookie))>>>>'));
  return {
    openAction: Buffer.from(`${head}1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n${tail}`),
    escapedName: Buffer.from(`${head}1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/J#61vaScript/J#53(app.alert(2))>>>>endobj\n${tail}`),
    compressedObjectStream: Buffer.concat([
      Buffer.from(`${head}4 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${objectStream.length}>>stream\n`, 'latin1'),
      objectStream,
      Buffer.from(`\nendstream endobj\n${tail}`, 'latin1'),
    ]),
    launch: Buffer.from(`${head}1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/Launch/F(cmd.exe)>>>>endobj\n${tail}`),
  };
}

describe('finding 11: the development mailbox', () => {
  let t: TestApp;
  const log: string[] = [];
  beforeAll(async () => {
    // Neither SMTP_URL nor DEV_MAILBOX; NODE_ENV development (not production).
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({ env: { NODE_ENV: 'development', LOG_LEVEL: 'info' }, logStream });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not there when not asked for: mails stay in the outbox and their codes stay out of the log', async () => {
    const email = await emailOf(t.db, DEMO_ACCOUNTS.support.matricule);
    const c = new Client(t.app, LOOPBACK);
    expect((await c.post('/api/auth/students/', { identifier: DEMO_ACCOUNTS.support.matricule, password: DEMO_PASSWORD })).statusCode).toBe(200);
    const mail = await lastMailTo(t.db, email);
    expect(mail).toMatchObject({ kind: 'sign-code', status: 'kept' });
    const code = /\d{6}/.exec(mail!.textBody)![0];
    let open = 0;
    for (const client of [new Client(t.app, LOOPBACK), new Client(t.app, REMOTE)]) {
      for (const path of ['/api/dev/mailbox', '/dev/mailbox']) if ((await client.get(path)).statusCode !== 404) open++;
    }
    console.warn(`finding 11, no DEV_MAILBOX: mailbox answered ${open} of 4 calls`);
    expect(open).toBe(0);
    expect((await c.get('/api/meta')).json()).toMatchObject({ devMailbox: false });
    expect(log.join('')).toContain('mail kept in the outbox, not sent');
    expect(log.join('')).not.toContain(code);
  });

  it('asked for, it answers this machine only: not another address, not through a proxy', async () => {
    const dev = await createTestApp({ env: { NODE_ENV: 'development', DEV_MAILBOX: 'true' } });
    try {
      const email = await emailOf(dev.db, DEMO_ACCOUNTS.support.matricule);
      await new Client(dev.app, REMOTE).post('/api/auth/students/', { identifier: DEMO_ACCOUNTS.support.matricule, password: DEMO_PASSWORD });
      const local = await new Client(dev.app, LOOPBACK).get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      expect(local.statusCode).toBe(200);
      expect(local.json()[0].text).toMatch(/\d{6}/);
      expect((await new Client(dev.app, '::1').get('/dev/mailbox')).statusCode).toBe(200);
      const remote = await new Client(dev.app, REMOTE).get('/api/dev/mailbox');
      console.warn(`finding 11, DEV_MAILBOX=true: a remote client gets ${remote.statusCode}`);
      expect(remote.statusCode).toBe(404);
      expect((await new Client(dev.app, REMOTE).get('/dev/mailbox')).statusCode).toBe(404);
      expect((await new Client(dev.app, LOOPBACK).get('/dev/mailbox', { 'x-forwarded-for': REMOTE })).statusCode).toBe(404);
      expect((await new Client(dev.app, LOOPBACK).get('/api/dev/mailbox', { forwarded: `for=${REMOTE}` })).statusCode).toBe(404);
      // The sign-up page links the mailbox only for a client it answers.
      expect((await new Client(dev.app, LOOPBACK).get('/api/meta')).json()).toMatchObject({ devMailbox: true });
      expect((await new Client(dev.app, REMOTE).get('/api/meta')).json()).toMatchObject({ devMailbox: false });
    } finally {
      await dev.close();
    }
  });

  it('only an explicit variable or the demo opens it, and never in production', () => {
    expect(loadConfig({}).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).devMailbox).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(loadConfig({}, { demo: true }).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'false' }, { demo: true }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }, { demo: true }).devMailbox).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
  });
});

describe('finding 11: PDFs with scripts', () => {
  let t: TestApp;
  let owner: Client;
  beforeAll(async () => {
    t = await createTestApp();
    owner = (await signIn(t, DEMO_ACCOUNTS.partTime.matricule)).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses them at upload, whichever way the script is written', async () => {
    let stored = 0;
    const samples = scriptedPdfs();
    for (const [name, data] of Object.entries(samples)) {
      const res = await owner.post('/api/students/cv', { FILE: dataUrl('application/pdf', data) });
      if (res.statusCode === 200) stored++;
      else expect(res.json(), name).toMatchObject({ code: 'PDF_SCRIPT_REFUSED', fields: { FILE: 'validation.invalid' } });
      expect(res.statusCode, name).toBe(415);
    }
    console.warn(`finding 11: ${stored} of ${Object.keys(samples).length} PDFs with scripts stored`);
    expect(stored).toBe(0);
  });

  it('keeps plain PDFs, including a word like "JSON" or a compressed page', async () => {
    expect(await inspectPdf(pdf('a CV mentioning /JSON and JavaScript skills in text'))).toBe('plain');
    const page = deflateSync(Buffer.from('BT /F1 12 Tf 20 150 Td (Curriculum vitae) Tj ET'));
    const compressed = Buffer.concat([
      Buffer.from(`%PDF-1.4\n4 0 obj<</Length ${page.length}/Filter/FlateDecode>>stream\n`),
      page,
      Buffer.from('\nendstream endobj\n%%EOF\n'),
    ]);
    expect(await inspectPdf(compressed)).toBe('plain');
  });

  it('serves every stored file in a sandbox, so nothing in it runs in the portal', async () => {
    const res = await owner.post('/api/students/cv', { FILE: dataUrl('application/pdf', pdf('plain cv')) });
    expect(res.statusCode).toBe(200);
    const url = (res.json() as { CV_LINK: string }).CV_LINK;
    const served = await owner.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-security-policy']).toBe('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Still viewable: the web's View button opens it in a tab.
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="[\w.-]+\.pdf"$/);
  });
});
