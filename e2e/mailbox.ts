import type { APIRequestContext } from '@playwright/test';

interface Mail {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

/** The newest mail of a kind for a matricule, read from the development mailbox. */
export async function newestMail(request: APIRequestContext, matricule: string, kind: string, after = 0): Promise<Mail & { id: number }> {
  const until = Date.now() + 10_000;
  for (;;) {
    const mails = (await (await request.get('/api/dev/mailbox')).json()) as (Mail & { id: number })[];
    const mail = mails.find((m) => m.kind === kind && m.to.includes(matricule.toLowerCase()) && m.id > after);
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no ${kind} mail for ${matricule}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const codeOf = (mail: Mail) => /(\d{6})/.exec(mail.text)![1]!;
export const linkOf = (mail: Mail) => /(https?:\/\/\S+email-confirmation\?token=[\w%-]+)/.exec(mail.text)![1]!;

/** The id of the newest mail of a kind for a matricule, or 0; does not wait. */
export async function latestMailId(request: APIRequestContext, matricule: string, kind: string): Promise<number> {
  const mails = (await (await request.get('/api/dev/mailbox')).json()) as (Mail & { id: number })[];
  return mails.find((m) => m.kind === kind && m.to.includes(matricule.toLowerCase()))?.id ?? 0;
}

/** The newest mail of a kind sent to an address (a mail account being linked), read from the development mailbox. */
export async function newestMailTo(request: APIRequestContext, address: string, kind: string, after = 0): Promise<Mail & { id: number }> {
  const until = Date.now() + 10_000;
  for (;;) {
    const mails = (await (await request.get('/api/dev/mailbox')).json()) as (Mail & { id: number })[];
    const mail = mails.find((m) => m.kind === kind && m.to.toLowerCase() === address.toLowerCase() && m.id > after);
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no ${kind} mail to ${address}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The id of the newest mail of a kind to an address, or 0; does not wait. */
export async function latestMailIdTo(request: APIRequestContext, address: string, kind: string): Promise<number> {
  const mails = (await (await request.get('/api/dev/mailbox')).json()) as (Mail & { id: number })[];
  return mails.find((m) => m.kind === kind && m.to.toLowerCase() === address.toLowerCase())?.id ?? 0;
}
