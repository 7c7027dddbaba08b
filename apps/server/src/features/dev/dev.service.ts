import type { MailboxEntry } from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import { listOutbox } from '../../lib/mail';
import type { MovableClock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Job } from '../../lib/jobs';

/** Loopback addresses, IPv4, IPv6 and IPv4-mapped. */
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/i;
/** Headers a reverse proxy adds: a request carrying one came from elsewhere, whatever its address. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];
/** The names of this machine a browser on it sends as Host, with any port. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A Host header: a name or a bracketed IPv6 address, then an optional port. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[^:[\]/@\s]+)(?::(\d{1,5}))?$/i;
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Whether a Host header names this server: a loopback name (any port: the web's development server
 * and the API differ), or the configured public address (PUBLIC_URL) on its own port. A page of
 * another site whose name was pointed at 127.0.0.1 (DNS rebinding) reaches a loopback address with
 * its own name as Host, and must not read the mailbox as if it were this machine (finding 17).
 */
function namesThisServer(host: unknown, publicUrl: string): boolean {
  const match = typeof host === 'string' ? HOST_HEADER.exec(host) : null;
  if (!match) return false;
  const name = match[1]!.toLowerCase();
  if (LOOPBACK_NAMES.has(name)) return true;
  const own = new URL(publicUrl);
  return name === own.hostname && (match[2] ?? DEFAULT_PORTS[own.protocol]) === (own.port || DEFAULT_PORTS[own.protocol]);
}

/**
 * Whether the development mailbox answers this client: only when asked for (config.devMailbox:
 * DEV_MAILBOX=true or the demo) and only to this machine (a loopback address, not forwarded by a
 * proxy, naming this server as Host), since it shows every sign-in code. Anyone else gets 404, as if
 * it did not exist.
 */
export function mailboxOpenTo(
  ctx: ServiceContext,
  client: { ip: string; headers: Record<string, unknown> },
  switchName: 'devMailbox' | 'devClock' = 'devMailbox',
): boolean {
  return (
    ctx.config[switchName] &&
    LOOPBACK.test(client.ip) &&
    !FORWARDING_HEADERS.some((name) => client.headers[name] !== undefined) &&
    namesThisServer(client.headers.host, ctx.config.publicUrl)
  );
}

/** Moves the development clock forward (a clock that can move: the server's OffsetClock under DEV_CLOCK, a test's ManualClock); answers the new time. */
export function advanceClock(ctx: ServiceContext, seconds: number): Date {
  const clock = ctx.clock as Partial<MovableClock>;
  if (typeof clock.advance !== 'function') throw new AppError('NOT_FOUND');
  clock.advance(seconds * 1000);
  return ctx.clock.now();
}

/** Runs one of the periodic jobs now, with the same handler its schedule runs; an unknown name is 404. */
export async function runJobNow(ctx: ServiceContext, jobs: readonly Job[], name: string): Promise<unknown> {
  const job = jobs.find((j) => j.name === name);
  if (!job) throw new AppError('NOT_FOUND');
  return job.handler(ctx);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mails kept in the development outbox, newest first, optionally those to one address. */
export async function mailbox(ctx: ServiceContext, input: { to?: string | undefined }): Promise<MailboxEntry[]> {
  return (await listOutbox(ctx.db, input.to)).map((m) => ({
    id: m.id,
    to: m.toAddress,
    subject: m.subject,
    text: m.textBody,
    html: m.htmlBody,
    kind: m.kind,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
  }));
}

/** The same mails as an HTML page. */
export async function mailboxPage(ctx: ServiceContext, input: { to?: string | undefined }): Promise<string> {
  const items = (await mailbox(ctx, input))
    .map(
      (m) =>
        `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</span></header>${m.html ?? `<pre>${escapeHtml(m.text)}</pre>`}</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}article{border:1px solid #ccd;border-radius:8px;padding:1rem;margin:1rem 0}header{display:flex;flex-direction:column;gap:.25rem;margin-bottom:.5rem}header span{color:#555;font-size:.9rem}pre{white-space:pre-wrap}</style></head>
<body><h1>Development mailbox</h1><p>Mails kept in the outbox (DEV_MAILBOX=true), shown to this machine only. Newest first; <a href="/dev/mailbox">refresh</a>.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
}
