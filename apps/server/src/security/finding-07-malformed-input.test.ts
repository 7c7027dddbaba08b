/**
 * Finding 7 of issue 9:
 *
 * > 71 answers of 500 to malformed input: a NUL byte in any text field, a broken UTF-16
 * > character in catalogue codes, a malformed upload form. Database errors in the log
 * > carry the query's values (names), though the code says they never do.
 *
 * Text with a NUL byte or an unpaired surrogate is refused with 400 INVALID_CHARACTERS in any
 * JSON body, query, path, multipart field or CSV import; a malformed form is 400; and a failed
 * query is logged with its SQL and the database's reason, never with the values it carried.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { createTestApp, signIn, type Client, type TestApp } from '../../test/helpers';
import { blankBody } from './api-document';

const blankSection = (section: string) => blankBody(t.app, 'PATCH', `/api/students/update/${section}`);

const lines: string[] = [];
let t: TestApp;
let owner: Client;
let ownerId: number;
let hr: Client;
let academic: Client;

/** A name only this test uses: it must never reach the log. */
const NAME = 'Ngassa-Zebulon';

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream,
    extraRoutes: (app) => {
      // Real failing queries carrying a person's name, as a service would send them: a foreign
      // key broken by an insert (the name is one of its parameters), and a value the database
      // cannot read (the name is quoted in the database's own message).
      app.post('/test/broken-insert', async () => {
        await app.ctx.db.insert(contactMessages).values({
          personId: 2_000_000_000,
          object: `About ${NAME}`,
          message: `${NAME} wrote this`,
          fullname: NAME,
          matricule: 'PER0001',
          createdAt: app.ctx.clock.now(),
        });
        return {};
      });
      app.post('/test/broken-value', async () => {
        await app.ctx.db.execute(sql`select ${NAME}::int as n`);
        return {};
      });
    },
  });
  const signedIn = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
  owner = signedIn.client;
  ownerId = signedIn.user.id as number;
  hr = (await signIn(t, DEMO_ACCOUNTS.hr.matricule)).client;
  academic = (await signIn(t, DEMO_ACCOUNTS.academic.matricule)).client;
});
afterAll(async () => {
  await t?.close();
});

const BOUNDARY = 'finding7';
const multipart = (parts: string) => ({ 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, payload: parts });
const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

describe('finding 7: malformed input', () => {
  it('refuses a NUL byte or a lone surrogate in any JSON text field with a translated 400, writing nothing', async () => {
    const before = await owner.get(`/api/students/${ownerId}`);
    for (const bad of [`Paul\u0000`, `Pa\ud800ul`, `\udc00`]) {
      const res = await owner.request('PATCH', '/api/students/update/personal', { ...blankSection('personal'), FIRSTNAME: bad, LASTNAME: 'Mbarga' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_CHARACTERS', fields: { FIRSTNAME: 'validation.invalidCharacters' } });
    }
    // Nested values and keys too.
    const child = await owner.request('PATCH', '/api/students/update/familial', {
      ...blankSection('familial'),
      CHILDREN: [{ FIRSTNAME: 'A\u0000', LASTNAME: 'B', BIRTHDATE: null }],
    });
    expect(child.json()).toMatchObject({ code: 'INVALID_CHARACTERS', fields: { 'CHILDREN.0.FIRSTNAME': 'validation.invalidCharacters' } });
    expect((await owner.post('/api/settings', { 'theme\u0000': 'dark' })).json().code).toBe('INVALID_CHARACTERS');
    expect((await owner.post('/api/students/contact-us', { OBJECT: 'Other', MESSAGE: 'hello\u0000' })).json().code).toBe('INVALID_CHARACTERS');
    // Sign-in and code requests, before any account is looked up.
    expect((await owner.post('/api/auth/students/', { identifier: 'PER0001\u0000', password: 'x' })).json().code).toBe('INVALID_CHARACTERS');
    expect((await owner.post('/api/auth/code-request', { identifier: '\ud800' })).json().code).toBe('INVALID_CHARACTERS');
    expect((await owner.get(`/api/students/${ownerId}`)).body).toBe(before.body);
  });

  it('refuses a broken character in catalogue codes, and a NUL in queries and paths', async () => {
    const dept = await academic.post('/api/academic/departments', { CODE: 'X\ud800', NAME: 'Broken', NAME_FR: 'Cassé' });
    expect(dept.statusCode).toBe(400);
    expect(dept.json()).toMatchObject({ code: 'INVALID_CHARACTERS', fields: { CODE: 'validation.invalidCharacters' } });
    const search = await hr.get('/api/hr/registrations?search=Mb%00arga');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ code: 'INVALID_CHARACTERS', fields: { search: 'validation.invalidCharacters' } });
    expect((await hr.get('/api/hr/registrations?x=%00')).statusCode).toBe(400);
    expect((await owner.get('/api/files/abc%00')).json()).toMatchObject({ code: 'INVALID_CHARACTERS', fields: { id: 'validation.invalidCharacters' } });
  });

  it('refuses a NUL in a multipart field and in a CSV import', async () => {
    const field = multipart(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="col"\r\n\r\nRIB\u0000_LINK\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="FILE"; filename="rib.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF}\r\n--${BOUNDARY}--\r\n`,
    );
    const res = await owner.request('POST', '/api/students/files', field.payload, { 'content-type': field['content-type'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_CHARACTERS', fields: { col: 'validation.invalidCharacters' } });

    const csv = 'CLASS_CODE;CODE;NAME;HOURS_CM;HOURS_TD;HOURS_TP;HOURLY_RATE;CREDITS\nINF1/J;NUL1;Na\u0000me;10;0;0;5000;2\n';
    const imported = await academic.request('POST', '/api/academic/subjects/import', csv, { 'content-type': 'text/csv' });
    expect(imported.statusCode).toBe(400);
    expect(imported.json()).toMatchObject({ code: 'INVALID_CHARACTERS', fields: { FILE: 'validation.invalidCharacters' } });
  });

  it('answers a malformed upload form with 400', async () => {
    const forms = [
      { 'content-type': 'multipart/form-data', payload: 'no boundary' },
      multipart(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="FILE"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cut short`),
      multipart(`--${BOUNDARY}\r\nContent-Dispositio\r\n\r\nx\r\n--${BOUNDARY}--\r\n`),
    ];
    for (const route of ['/api/students/cv', '/api/students/files', '/api/documents/upload-student']) {
      for (const form of forms) {
        const res = await owner.request('POST', route, form.payload, { 'content-type': form['content-type'] });
        expect(res.statusCode, `${route} ${form.payload.slice(0, 30)}`).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
    }
    const imported = await academic.request('POST', '/api/academic/subjects/import', forms[1]!.payload, { 'content-type': forms[1]!['content-type'] });
    expect(imported.statusCode).toBe(400);
  });
});

describe('finding 7: database errors in the log', () => {
  it('logs a failed query with its SQL and reason, never the values it carried', async () => {
    lines.length = 0;
    const insert = await owner.post('/test/broken-insert', {});
    const value = await owner.post('/test/broken-value', {});
    expect(insert.statusCode).toBe(500);
    expect(value.statusCode).toBe(500);
    expect(insert.body).not.toContain(NAME);

    const log = lines.join('');
    const errors = lines
      .map((line) => JSON.parse(line) as { msg: string; err?: { message: string; cause?: { code?: string; message?: string } } })
      .filter((line) => line.msg === 'unhandled error');
    expect(errors).toHaveLength(2);
    // What helps to find the fault is there: the statement and the database's SQLSTATE.
    expect(errors[0]!.err!.message).toContain('insert into "contact_messages"');
    expect(errors[0]!.err!.cause?.code).toBe('23503');
    expect(errors[1]!.err!.cause?.code).toBe('22P02');
    expect(errors[1]!.err!.cause?.message).toContain('invalid input syntax for type integer');
    // What it carried is not.
    expect(log).not.toContain(NAME);
    expect(log).not.toContain('params:');
    expect(log).not.toContain('2000000000');
  });
});
