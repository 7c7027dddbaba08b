// Linking a mail account (issue 13, decision 40): the address of a mail provider (Gmail, Outlook ...)
// a person proves theirs, today by a code mailed to it; a Google or Microsoft sign-in can later prove
// it instead, recorded as its own provider (MAIL_LINK_PROVIDERS).
import { z } from 'zod';
import { email, id } from './common';
import { MAIL_LINK_PROVIDERS } from './rules/students';
import { SIGN_CODE_LENGTH } from './rules/limits';
import { V } from './rules/validation';

const provider = z.enum(MAIL_LINK_PROVIDERS);

/** `GET /students/gmail-account`: the linked address, how it was proven and when; null when none is linked. */
export const MailLink = z.object({ GMAIL_ACCOUNT: z.string(), PROVIDER: provider, LINKED_AT: z.string() }).meta({ id: 'MailLink' });
export type MailLink = z.infer<typeof MailLink>;
export const MailLinkAnswer = MailLink.nullable();
export type MailLinkAnswer = z.infer<typeof MailLinkAnswer>;

/**
 * `POST /students/gmail-account`: the address to link; a code is mailed to it. STUDENT_ID is the
 * specification's and may only name oneself (the person is the session's).
 */
export const MailLinkRequest = z.object({ GMAIL_ACCOUNT: email, STUDENT_ID: id().optional() }).meta({ id: 'MailLinkRequest' });
export type MailLinkRequest = z.infer<typeof MailLinkRequest>;

/** The answer: where the code went, how long it is valid (seconds), and when a new one may be asked. */
export const MailLinkCodeSent = z
  .object({ message: z.string(), GMAIL_ACCOUNT: z.string(), expiresIn: z.number().int(), resendAfter: z.number().int() })
  .meta({ id: 'MailLinkCodeSent' });
export type MailLinkCodeSent = z.infer<typeof MailLinkCodeSent>;

/** `POST /students/gmail-account/confirm`: the mailed code, which links the address. */
export const MailLinkConfirmation = z
  .object({
    CODE: z
      .string({ error: V.required })
      .trim()
      .min(1, { error: V.required })
      .regex(new RegExp(`^\\d{${SIGN_CODE_LENGTH}}$`), { error: V.code }),
    STUDENT_ID: id().optional(),
  })
  .meta({ id: 'MailLinkConfirmation' });
export type MailLinkConfirmation = z.infer<typeof MailLinkConfirmation>;
