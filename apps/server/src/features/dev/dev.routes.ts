import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutbox } from '../../lib/mail';

const MailboxEntry = z.object({ id: z.number().int(), to: z.string(), subject: z.string(), text: z.string(), html: z.string().nullable(), kind: z.string(), status: z.string(), createdAt: z.string() });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The development mailbox: with no SMTP server configured and outside production, mails
 * are kept in the outbox and read here, so sign-up and sign-in work with nothing installed.
 * Registered only in that mode.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const Query = z.object({ to: z.string().max(254).optional() });
  const entries = async (to?: string) =>
    (await listOutbox(db, to)).map((m) => ({ id: m.id, to: m.toAddress, subject: m.subject, text: m.textBody, html: m.htmlBody, kind: m.kind, status: m.status, createdAt: m.createdAt.toISOString() }));

  app.get('/api/dev/mailbox', { schema: { tags: ['dev'], summary: 'Mails kept in the development outbox, newest first', querystring: Query, response: { 200: z.array(MailboxEntry) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return entries(request.query.to);
  });

  app.get('/dev/mailbox', { schema: { hide: true, querystring: Query } }, async (request, reply) => {
    const list = await entries(request.query.to);
    const items = list
      .map(
        (m) => `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</span></header>${m.html ?? `<pre>${escapeHtml(m.text)}</pre>`}</article>`,
      )
      .join('\n');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}article{border:1px solid #ccd;border-radius:8px;padding:1rem;margin:1rem 0}header{display:flex;flex-direction:column;gap:.25rem;margin-bottom:.5rem}header span{color:#555;font-size:.9rem}pre{white-space:pre-wrap}</style></head>
<body><h1>Development mailbox</h1><p>Mails the portal would have sent (no SMTP_URL configured). Newest first; <a href="/dev/mailbox">refresh</a>.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
  });
};
