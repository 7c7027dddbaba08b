import { Writable } from 'node:stream';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LINK_CODE_MAX_ATTEMPTS, MAIL_LINK_CODE_TTL_SECONDS, type MailLink } from '@portal/contract';
import { auditLog, mailLinkCodes, mailLinks, mailOutbox } from '../../db/schema';
import { Client, lastMailTo, mailsTo, sessionFor, type TestApp, createTestApp } from '../../../test/helpers';
import { makeLecturer, makeStudent, type FixturePerson } from '../timetable/timetable.fixtures';

const URL = '/api/students/gmail-account';
const CONFIRM = `${URL}/confirm`;

let t: TestApp;
const log: string[] = [];
let serial = 0;

beforeAll(async () => {
  // Every line the server logs, down to debug: no code may be in them.
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ env: { LOG_LEVEL: 'debug' }, logStream });
});
afterAll(async () => {
  await t?.close();
});

/** A new address nobody has used, in mixed case (addresses are compared without case). */
const newAddress = () => `Link.${++serial}.${Math.random().toString(36).slice(2, 8)}@GMail.example`;

/** A new student (or lecturer) signed in, each test its own, so that the limits of one never touch another. */
async function someone(kind: 'student' | 'lecturer' = 'student', lang?: 'en' | 'fr'): Promise<{ person: FixturePerson; client: Client }> {
  const person = kind === 'student' ? await makeStudent(t, { klass: null, ...(lang ? { lang } : {}) }) : await makeLecturer(t, lang ? { lang } : {});
  return { person, client: await sessionFor(t, person.id) };
}

/** The code of the newest linking mail to an address (it is in the subject). */
async function codeMailedTo(address: string): Promise<string> {
  const mail = await lastMailTo(t.db, address);
  expect(mail?.kind).toBe('mail-link-code');
  return /\b(\d{6})\b/.exec(mail!.subject)![1]!;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const del = (client: Client) => client.request('DELETE', URL);

async function auditOf(personId: number, since: number) {
  return t.db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.actorId, personId), gt(auditLog.id, since)))
    .orderBy(auditLog.id);
}
const lastAuditId = async () => (await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;

describe('linking a mail account with a mailed code', () => {
  it('mails a code to the address, links it with the code, and reads it back with its provider and date; the code is stored hashed, audited and logged nowhere', async () => {
    const { person, client } = await someone();
    const since = await lastAuditId();
    expect((await client.get(URL)).json()).toBeNull();

    const address = newAddress();
    const asked = await client.post(URL, { GMAIL_ACCOUNT: address });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.headers['cache-control']).toBe('no-store');
    expect(asked.json()).toEqual({
      message: 'Mail send successfully',
      GMAIL_ACCOUNT: address.toLowerCase(),
      expiresIn: MAIL_LINK_CODE_TTL_SECONDS,
      resendAfter: 60,
    });
    const mail = await lastMailTo(t.db, address);
    expect(mail?.subject).toMatch(/^Your code to link this address: \d{6}$/);
    expect(mail?.textBody).toContain(`Hello ${person.firstname} ${person.lastname},`);
    expect(mail?.textBody).toContain('It is valid for 15 minutes.');
    const code = await codeMailedTo(address);
    const [pending] = await t.db.select().from(mailLinkCodes).where(eq(mailLinkCodes.personId, person.id));
    expect(pending!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending!.codeHash).not.toContain(code);
    // nothing linked before the code comes back
    expect((await client.get(URL)).json()).toBeNull();

    const linked = await client.post(CONFIRM, { CODE: code });
    expect(linked.statusCode, linked.body).toBe(200);
    const link: MailLink = { GMAIL_ACCOUNT: address.toLowerCase(), PROVIDER: 'CODE', LINKED_AT: t.clock.now().toISOString() };
    expect(linked.json()).toEqual(link);
    expect((await client.get(URL)).json()).toEqual(link);
    // the code is used up
    expect(await t.db.select().from(mailLinkCodes).where(eq(mailLinkCodes.personId, person.id))).toEqual([]);
    expect((await client.post(CONFIRM, { CODE: code })).json().code).toBe('MAIL_LINK_CODE_EXPIRED');
    // the person is told at their own address
    expect(await lastMailTo(t.db, person.email)).toMatchObject({ kind: 'mail-link-linked', subject: 'A mail account was linked to your portal account' });

    const entries = await auditOf(person.id, since);
    expect(entries.map((e) => e.action)).toEqual(['mail-link.code-sent', 'mail-link.linked']);
    expect(entries[0]!.details).toEqual({ address: 'l***@gmail.example' });
    expect(entries[1]!.details).toEqual({ provider: 'CODE', address: 'l***@gmail.example' });
    expect(JSON.stringify(entries)).not.toContain(code);
    expect(log.join('')).not.toContain(code);
    expect(log.join('')).toContain('"statusCode":200');
  });

  it("lets staff link an address too, and mails the code in the person's language", async () => {
    const { client } = await someone('lecturer', 'fr');
    const address = newAddress();
    expect((await client.post(URL, { GMAIL_ACCOUNT: address })).statusCode).toBe(200);
    const mail = await lastMailTo(t.db, address);
    expect(mail?.subject).toMatch(/^Votre code pour lier cette adresse\u00a0: \d{6}$/);
    expect((await client.post(CONFIRM, { CODE: await codeMailedTo(address) })).statusCode).toBe(200);
  });

  it('refuses a wrong code under its field, and still takes the right one after', async () => {
    const { person, client } = await someone();
    const address = newAddress();
    await client.post(URL, { GMAIL_ACCOUNT: address });
    const code = await codeMailedTo(address);
    const wrong = await client.post(CONFIRM, { CODE: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CODE_INCORRECT', fields: { CODE: 'validation.codeIncorrect' } });
    expect(await t.db.select().from(mailLinks).where(eq(mailLinks.personId, person.id))).toEqual([]);
    expect((await client.post(CONFIRM, { CODE: code })).statusCode).toBe(200);
  });

  it('refuses an expired code, and links nothing', async () => {
    const { person, client } = await someone();
    const address = newAddress();
    await client.post(URL, { GMAIL_ACCOUNT: address });
    const code = await codeMailedTo(address);
    // one second before the end the code is still checked (a wrong one is wrong, not expired)
    t.clock.advanceSeconds(MAIL_LINK_CODE_TTL_SECONDS - 1);
    expect((await client.post(CONFIRM, { CODE: otherCode(code) })).json().code).toBe('CODE_INCORRECT');
    t.clock.advanceSeconds(1);
    const late = await client.post(CONFIRM, { CODE: code });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'MAIL_LINK_CODE_EXPIRED', message: 'This code has expired or was replaced by a newer one; ask for a new code' });
    expect(await t.db.select().from(mailLinks).where(eq(mailLinks.personId, person.id))).toEqual([]);
  });

  it(`spends the code after ${MAIL_LINK_CODE_MAX_ATTEMPTS} wrong tries, even for the right code; a new code works`, async () => {
    const { person, client } = await someone();
    const address = newAddress();
    await client.post(URL, { GMAIL_ACCOUNT: address });
    const code = await codeMailedTo(address);
    const answers: string[] = [];
    for (let i = 1; i <= MAIL_LINK_CODE_MAX_ATTEMPTS; i++)
      answers.push((await client.post(CONFIRM, { CODE: String((Number(code) + i) % 1_000_000).padStart(6, '0') })).json().code);
    expect(answers).toEqual([...Array<string>(MAIL_LINK_CODE_MAX_ATTEMPTS - 1).fill('CODE_INCORRECT'), 'MAIL_LINK_CODE_ATTEMPTS_EXCEEDED']);
    const right = await client.post(CONFIRM, { CODE: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('MAIL_LINK_CODE_ATTEMPTS_EXCEEDED');
    expect(await t.db.select().from(mailLinks).where(eq(mailLinks.personId, person.id))).toEqual([]);

    t.clock.advanceSeconds(60);
    expect((await client.post(URL, { GMAIL_ACCOUNT: address })).statusCode).toBe(200);
    expect((await client.post(CONFIRM, { CODE: await codeMailedTo(address) })).statusCode).toBe(200);
  });

  it('gives one code a minute, and a new code replaces the pending one', async () => {
    const { client } = await someone();
    const address = newAddress();
    await client.post(URL, { GMAIL_ACCOUNT: address });
    const first = await codeMailedTo(address);
    const again = await client.post(URL, { GMAIL_ACCOUNT: address });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'RESEND_TOO_SOON' });
    expect(again.json().retryAfter).toBeGreaterThan(0);
    expect(await mailsTo(t.db, address)).toHaveLength(1);

    t.clock.advanceSeconds(60);
    const later = newAddress();
    expect((await client.post(URL, { GMAIL_ACCOUNT: later })).statusCode).toBe(200);
    const second = await codeMailedTo(later);
    // the first code was for the first address, and is gone with it
    if (first !== second) expect((await client.post(CONFIRM, { CODE: first })).json().code).toBe('CODE_INCORRECT');
    const linked = await client.post(CONFIRM, { CODE: second });
    expect(linked.json().GMAIL_ACCOUNT).toBe(later.toLowerCase());
  });

  it('mails at most five codes an hour to a person', async () => {
    const { client } = await someone();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await client.post(URL, { GMAIL_ACCOUNT: newAddress() })).statusCode);
      t.clock.advanceSeconds(61);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await client.post(URL, { GMAIL_ACCOUNT: newAddress() });
    expect(refused.json().code).toBe('MAIL_RATE_LIMITED');
  });

  it('refuses at once an address linked to someone else, whatever its case, mailing nothing and saying nothing about whom', async () => {
    const owner = await someone();
    const address = newAddress();
    await owner.client.post(URL, { GMAIL_ACCOUNT: address });
    await owner.client.post(CONFIRM, { CODE: await codeMailedTo(address) });
    const mailsBefore = (await mailsTo(t.db, address)).length;

    const { person, client } = await someone();
    const since = await lastAuditId();
    const taken = await client.post(URL, { GMAIL_ACCOUNT: address.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'MAIL_ACCOUNT_IN_USE', message: 'Gmail account already in use; unable to link to the academy with a mail account' });
    expect(await mailsTo(t.db, address)).toHaveLength(mailsBefore);
    expect(await t.db.select().from(mailLinkCodes).where(eq(mailLinkCodes.personId, person.id))).toEqual([]);
    expect((await auditOf(person.id, since)).map((e) => e.action)).toEqual(['mail-link.refused-in-use']);
    // linking one's own address again is no conflict
    t.clock.advanceSeconds(60);
    expect((await owner.client.post(URL, { GMAIL_ACCOUNT: address })).statusCode).toBe(200);
  });

  it('refuses the second of two people confirming the same address, one after the other', async () => {
    const first = await someone();
    const second = await someone();
    const address = newAddress();
    await first.client.post(URL, { GMAIL_ACCOUNT: address });
    const firstCode = await codeMailedTo(address);
    await second.client.post(URL, { GMAIL_ACCOUNT: address });
    const secondCode = await codeMailedTo(address);
    expect((await first.client.post(CONFIRM, { CODE: firstCode })).statusCode).toBe(200);
    const late = await second.client.post(CONFIRM, { CODE: secondCode });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('MAIL_ACCOUNT_IN_USE');
    expect((await second.client.get(URL)).json()).toBeNull();
  });

  it('replaces the linked address with a new one, and unlinks it, which frees the address', async () => {
    const { person, client } = await someone();
    const first = newAddress();
    await client.post(URL, { GMAIL_ACCOUNT: first });
    await client.post(CONFIRM, { CODE: await codeMailedTo(first) });
    t.clock.advanceSeconds(60);
    const second = newAddress();
    await client.post(URL, { GMAIL_ACCOUNT: second });
    const since = await lastAuditId();
    expect((await client.post(CONFIRM, { CODE: await codeMailedTo(second) })).json().GMAIL_ACCOUNT).toBe(second.toLowerCase());
    expect((await auditOf(person.id, since))[0]!.details).toMatchObject({ replaced: 'l***@gmail.example' });
    expect(
      await t.db
        .select()
        .from(mailLinks)
        .where(inArray(mailLinks.personId, [person.id])),
    ).toHaveLength(1);

    const removed = await del(client);
    expect(removed.statusCode).toBe(204);
    expect((await client.get(URL)).json()).toBeNull();
    expect((await auditOf(person.id, since)).map((e) => e.action)).toContain('mail-link.unlinked');
    expect((await del(client)).statusCode).toBe(204);

    // someone else may now link it
    const other = await someone();
    expect((await other.client.post(URL, { GMAIL_ACCOUNT: second })).statusCode).toBe(200);
  });

  it('refuses a malformed address or code, and a body naming someone else, changing nothing', async () => {
    const { client } = await someone();
    const victim = await someone();
    const bad = await client.post(URL, { GMAIL_ACCOUNT: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { GMAIL_ACCOUNT: 'validation.email' } });
    expect((await client.post(CONFIRM, { CODE: '12ab' })).json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { CODE: 'validation.code' } });
    const count = (await t.db.select().from(mailOutbox)).length;
    expect((await client.post(URL, { GMAIL_ACCOUNT: newAddress(), STUDENT_ID: victim.person.id })).statusCode).toBe(403);
    expect((await t.db.select().from(mailOutbox)).length).toBe(count);
    expect((await client.post(CONFIRM, { CODE: '123456', STUDENT_ID: victim.person.id })).statusCode).toBe(403);
    expect((await new Client(t.app).get(URL)).statusCode).toBe(401);
  });
});
