import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { Client, createTestApp, DEMO_PASSWORD, emailOf, lastMailTo, type TestApp } from '../../test/helpers';
import { MAIL_MAX_ATTEMPTS } from './mail';

/** A real SMTP server on loopback whose behaviour each test sets. */
class TestSmtp {
  received: { to: string[]; raw: string }[] = [];
  refuseNext = 0;
  hold: Promise<void> | null = null;
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      if (this.refuseNext > 0) {
        this.refuseNext--;
        callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData: (stream, session, callback) => {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        void (this.hold ?? Promise.resolve()).then(() => {
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      });
    },
  });
  port = 0;
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const smtp = new TestSmtp();
let t: TestApp;
beforeAll(async () => {
  await smtp.start();
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    mailTransport: nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true }),
  });
});
afterAll(async () => {
  await t?.close();
  await smtp.stop();
});

const signInMail = async (matricule: string) => {
  const email = await emailOf(t.db, matricule);
  const res = await new Client(t.app).post('/api/auth/students/', { identifier: matricule, password: DEMO_PASSWORD });
  expect(res.statusCode).toBe(200);
  return { email, mail: await lastMailTo(t.db, email) };
};

describe('outgoing mail over SMTP', () => {
  it('answers the request before the mail is delivered, then delivers it', async () => {
    let release!: () => void;
    smtp.hold = new Promise((resolve) => (release = resolve));
    const { email, mail } = await signInMail(DEMO_ACCOUNTS.permanent.matricule);
    // The response came while the SMTP server still holds the message.
    expect(['pending', 'sending']).toContain(mail?.status);
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);
    release();
    smtp.hold = null;
    await t.app.ctx.mailer.processDue();
    await expect.poll(async () => (await lastMailTo(t.db, email))?.status, { timeout: 10_000 }).toBe('sent');
    const delivered = smtp.received.find((m) => m.to.includes(email));
    expect(delivered?.raw).toMatch(/Your sign-in code is \d{6}/);
  });

  it('retries a failed send later, on the schedule of the clock', async () => {
    smtp.refuseNext = 1;
    const { email, mail } = await signInMail(DEMO_ACCOUNTS.student.matricule);
    await t.app.ctx.mailer.processDue();
    const failed = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id)))[0]!;
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toContain('Mailbox temporarily unavailable');
    // Not due yet: nothing is tried.
    await t.app.ctx.mailer.processDue();
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id)))[0]?.attempts).toBe(1);
    t.clock.advanceSeconds(31);
    await t.app.ctx.mailer.processDue();
    const sent = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id)))[0]!;
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(true);
  });

  it(`gives a mail up after ${MAIL_MAX_ATTEMPTS} failures`, async () => {
    smtp.refuseNext = MAIL_MAX_ATTEMPTS;
    const { mail } = await signInMail(DEMO_ACCOUNTS.intern.matricule);
    for (let i = 0; i < MAIL_MAX_ATTEMPTS; i++) {
      await t.app.ctx.mailer.processDue();
      t.clock.advanceSeconds(5 * 3600);
    }
    const row = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id)))[0]!;
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    smtp.refuseNext = 0;
  });

  it('sends the files attached to a mail (a receipt), byte for byte', async () => {
    const to = 'attachment.test@portal.example';
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5000), Buffer.from('\n%%EOF\n')]);
    await t.app.ctx.mailer.enqueue(t.db, {
      to,
      subject: 'Your receipt',
      text: 'The receipt is attached.',
      kind: 'test-attachment',
      attachments: [{ filename: 'receipt-RC-1.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const kept = await lastMailTo(t.db, to);
    expect(kept?.attachments).toEqual([{ filename: 'receipt-RC-1.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') }]);
    await t.app.ctx.mailer.processDue();
    await expect.poll(async () => (await lastMailTo(t.db, to))?.status, { timeout: 10_000 }).toBe('sent');
    const raw = smtp.received.find((m) => m.to.includes(to))!.raw;
    // the MIME part of the attachment: its headers, a blank line, its content in base64 lines
    const part = raw.split(/\r?\n--/).find((p) => /Content-Disposition: attachment;\s*filename=receipt-RC-1\.pdf/i.test(p));
    expect(part).toBeDefined();
    expect(part).toMatch(/Content-Type: application\/pdf/i);
    expect(part).toMatch(/Content-Transfer-Encoding: base64/i);
    const body = part!
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/\s+/g, '');
    expect(Buffer.from(body, 'base64').equals(pdf)).toBe(true);
    expect(raw).toContain('The receipt is attached.');
  });

  it('has no development mailbox when SMTP is configured', async () => {
    expect((await new Client(t.app).get('/api/dev/mailbox')).statusCode).toBe(404);
  });
});
