import { z } from 'zod';

export const IdentificationType = z.object({ id: z.number().int(), ITYPENAME: z.string(), ITYPEABR: z.string() });
export type IdentificationType = z.infer<typeof IdentificationType>;
export const PaymentMode = z.object({ ABBREV: z.string(), DESIGNATION: z.string() });
export type PaymentMode = z.infer<typeof PaymentMode>;
export const Country = z.object({ code: z.string(), name: z.string(), nameFr: z.string() });
export type Country = z.infer<typeof Country>;
export const Town = z.object({ id: z.number().int(), name: z.string() });
export type Town = z.infer<typeof Town>;
export const Region = z.object({ id: z.number().int(), name: z.string(), nom: z.string(), towns: z.array(Town) });
export type Region = z.infer<typeof Region>;

export const Meta = z.object({
  academicYear: z.string(),
  version: z.string(),
  supportEmail: z.string(),
  /** whether the development mailbox answers this client (DEV_MAILBOX=true, and the server's own machine) */
  devMailbox: z.boolean(),
});
export type Meta = z.infer<typeof Meta>;

export const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type Health = z.infer<typeof Health>;

/** GET /api/dev/mailbox (DEV_MAILBOX=true, never in production, to the server's own machine only): the mails kept in the outbox, newest first. */
export const MailboxQuery = z.object({ to: z.string().max(254).optional() });
export type MailboxQuery = z.infer<typeof MailboxQuery>;
export const MailboxEntry = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  kind: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type MailboxEntry = z.infer<typeof MailboxEntry>;
