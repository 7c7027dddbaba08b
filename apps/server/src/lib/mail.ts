import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Executor } from '../db/client';
import { accounts, mailOutbox, persons, settings } from '../db/schema';
import { perDatabase } from '../db/per-database';
import type { Clock } from './clock';
import { tr, type Lang } from './i18n';
import { languageOf } from './person-record';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  replyTo?: string;
  /** files sent with the mail (a receipt): kept in the outbox row, never in a log line */
  attachments?: MailAttachment[];
}

/** A file sent with a mail; small by construction (a one-page PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Attempts before a mail is given up, and the wait after each failure. */
export const MAIL_MAX_ATTEMPTS = 8;
const BACKOFF_SECONDS = [30, 120, 600, 1800, 3600, 7200, 14400];
const LEASE_SECONDS = 300;
const POLL_MS = 15_000;

/** The columns every outbox row (`Mailer.outboxRow`) names, in a statement built once (placeholdersOf). */
export const OUTBOX_ROW_KEYS = [
  'toAddress',
  'subject',
  'textBody',
  'htmlBody',
  'replyTo',
  'attachments',
  'kind',
  'status',
  'nextAttemptAt',
  'createdAt',
] as const satisfies readonly (keyof typeof mailOutbox.$inferInsert)[];
export type OutboxRow = Required<Pick<typeof mailOutbox.$inferInsert, (typeof OUTBOX_ROW_KEYS)[number]>>;

export interface Mailer {
  /** Writes the mail to the outbox inside the caller's transaction; nothing is sent yet. */
  enqueue(exec: Executor, mail: OutgoingMail): Promise<void>;
  /**
   * What `enqueue` writes, for a caller that writes it with its own rows in one statement: the
   * outbox row, then `written` once the statement committed.
   */
  outboxRow(mail: OutgoingMail): OutboxRow;
  written(mail: OutgoingMail): void;
  /** Sends due mails soon, without making the caller wait. */
  kick(): void;
  /** Sends every mail that is due now; returns how many were tried. */
  processDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
  readonly mode: 'smtp' | 'outbox';
}

interface MailerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  from: string;
  smtpUrl: string | undefined;
  transport?: Transporter;
  /** without SMTP: print a kept mail's text (sign-in codes included) in the log; only with the development mailbox */
  printKept?: boolean;
}

export function createMailer(options: MailerOptions): Mailer {
  const { db, clock, log, from } = options;
  const transport = options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);
  const mode = transport ? 'smtp' : 'outbox';
  let timer: NodeJS.Timeout | undefined;
  let tail: Promise<number> = Promise.resolve(0);
  let queued: Promise<number> | undefined;
  let stopped = false;

  async function claim(): Promise<(typeof mailOutbox.$inferSelect)[]> {
    const now = clock.now();
    const lease = new Date(now.getTime() + LEASE_SECONDS * 1000);
    // Several instances may poll at once: SKIP LOCKED hands each mail to one of them,
    // and the lease returns a mail whose sender died to the queue.
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(or(eq(mailOutbox.status, 'pending'), eq(mailOutbox.status, 'sending')), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(mailOutbox.id)
      .limit(20)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ status: 'sending', nextAttemptAt: lease, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function sendOne(mail: typeof mailOutbox.$inferSelect): Promise<void> {
    try {
      const attachments = (mail.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
      }));
      await transport!.sendMail({
        from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: clock.now(), lastError: null }).where(eq(mailOutbox.id, mail.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = mail.attempts >= MAIL_MAX_ATTEMPTS;
      const wait = BACKOFF_SECONDS[Math.min(mail.attempts - 1, BACKOFF_SECONDS.length - 1)]!;
      await db
        .update(mailOutbox)
        .set({ status: giveUp ? 'failed' : 'pending', lastError: message.slice(0, 500), nextAttemptAt: new Date(clock.now().getTime() + wait * 1000) })
        .where(eq(mailOutbox.id, mail.id));
      log[giveUp ? 'error' : 'warn'](
        { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: message },
        giveUp ? 'mail given up' : 'mail send failed; will retry',
      );
    }
  }

  async function drain(): Promise<number> {
    let tried = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return tried;
      await Promise.all(batch.map(sendOne));
      tried += batch.length;
    }
  }

  /**
   * Drains run one after another. A call waits for a drain that starts after it was made,
   * so everything due at the time of the call has been tried when it resolves; calls made
   * while a drain is waiting to start share that drain.
   */
  function processDue(): Promise<number> {
    if (!transport || stopped) return Promise.resolve(0);
    if (queued) return queued;
    const next = tail
      .then(() => {
        queued = undefined;
        return drain();
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'mail outbox processing failed');
        return 0;
      });
    queued = next;
    tail = next;
    return next;
  }

  /** The mail's outbox row, due now. */
  function outboxRow(mail: OutgoingMail): OutboxRow {
    const now = clock.now();
    return {
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      replyTo: mail.replyTo ?? null,
      attachments: mail.attachments?.length
        ? mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, contentBase64: a.content.toString('base64') }))
        : null,
      kind: mail.kind,
      status: transport ? 'pending' : 'kept',
      nextAttemptAt: now,
      createdAt: now,
    };
  }
  function written(mail: OutgoingMail): void {
    if (!transport && options.printKept) {
      // Development outbox (DEV_MAILBOX=true): the mail is readable at /dev/mailbox and here in the log.
      log.info({ mail: { to: mail.to, subject: mail.subject, kind: mail.kind } }, `mail kept in the development outbox:\n${mail.text}`);
    } else if (!transport) {
      // No SMTP_URL and no mailbox: the mail stays in the outbox, unsent; its text (a code, a link) is never logged.
      log.info({ mail: { kind: mail.kind } }, 'mail kept in the outbox, not sent (no SMTP_URL)');
    }
  }

  return {
    mode,
    async enqueue(exec, mail) {
      await exec.insert(mailOutbox).values(outboxRow(mail));
      written(mail);
    },
    outboxRow,
    written,
    kick() {
      if (transport && !stopped) setImmediate(() => void processDue());
    },
    processDue,
    start() {
      if (!transport || timer) return;
      timer = setInterval(() => void processDue(), POLL_MS);
      timer.unref();
      void processDue();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await tail;
      transport?.close();
    },
  };
}

/** Newest mails of the development outbox. */
export function listOutbox(db: Db, to?: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.toAddress, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(100);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain mail in the person's language: greeting, body, signature; links are clickable in HTML. */
export function composeMail(
  lang: Lang,
  input: {
    to: string;
    name: string | null;
    kind: string;
    key: string;
    vars: Record<string, string | number>;
    replyTo?: string;
    subjectKey?: string;
    bodyKey?: string;
  },
): OutgoingMail {
  // No name: a mail to an address nobody has proven greets without what the sender typed (decision 65).
  const greeting = input.name === null ? tr(lang, 'greetingUnnamed') : tr(lang, 'greeting', { name: input.name });
  const body = tr(lang, input.bodyKey ?? `${input.key}.body`, input.vars);
  const signature = tr(lang, 'signature');
  const text = `${greeting}\n\n${body}\n\n${signature}\n`;
  const html = `<p>${escapeHtml(greeting)}</p>${body
    .split('\n\n')
    .map(
      (p) =>
        `<p>${escapeHtml(p)
          .replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('')}<p>${escapeHtml(signature)}</p>`;
  return {
    to: input.to.toLowerCase(),
    subject: tr(lang, input.subjectKey ?? `${input.key}.subject`, input.vars),
    text,
    html,
    kind: input.kind,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
  };
}

/** Who a mail to a person goes to: their name, the address their account uses (else the one the registry holds) and their language. */
export interface Recipient {
  name: string;
  to: string;
  lang: Lang;
}

/**
 * A person's address and language, in one read; undefined without an address. Read outside a
 * transaction, it is usually answered from memory (the read cache, docs/performance.md): a person's name,
 * address and language seldom change.
 */
export async function recipientOf(exec: Executor, personId: number): Promise<Recipient | undefined> {
  const [person] = await recipientStatementOf(exec).execute({ personId });
  const to = person?.accountEmail ?? person?.registryEmail;
  return person && to ? { name: `${person.FIRSTNAME} ${person.LASTNAME}`, to, lang: languageOf(person.settings) } : undefined;
}
/** recipientOf's read, built once for each database or transaction. */
const recipientStatementOf = perDatabase((exec: Executor) =>
  exec
    .select({ FIRSTNAME: persons.FIRSTNAME, LASTNAME: persons.LASTNAME, registryEmail: persons.EMAIL, accountEmail: accounts.email, settings: settings.values })
    .from(persons)
    .leftJoin(accounts, eq(accounts.personId, persons.id))
    .leftJoin(settings, eq(settings.personId, persons.id))
    .where(eq(persons.id, sql.placeholder('personId')))
    .prepare('mail_recipient'),
);

/**
 * Queues a mail to a person, in their language, at the address their account uses (else the one
 * the registry holds), inside the caller's transaction; `vars` gets the language. Nothing without
 * an address. Answers whether a mail was queued. `recipient`, when the caller read it already
 * (recipientOf), saves the read.
 */
export async function mailPerson(
  mailer: Pick<Mailer, 'enqueue'>,
  exec: Executor,
  input: { personId: number; kind: string; key: string; vars: (lang: Lang) => Record<string, string | number>; recipient?: Recipient | undefined },
): Promise<boolean> {
  const recipient = 'recipient' in input ? input.recipient : await recipientOf(exec, input.personId);
  if (!recipient) return false;
  await mailer.enqueue(
    exec,
    composeMail(recipient.lang, { to: recipient.to, name: recipient.name, kind: input.kind, key: input.key, vars: input.vars(recipient.lang) }),
  );
  return true;
}
