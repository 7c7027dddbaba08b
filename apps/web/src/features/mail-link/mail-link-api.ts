// The calls of the mail-account page (issue 13, decision 40): one's linked address, a code mailed to
// an address, the code that links it, and unlinking.
import { useQuery } from '@tanstack/react-query';
import type { MailLink, MailLinkCodeSent, MailLinkConfirmation, MailLinkRequest } from '@portal/contract';
import { api } from '../../lib/api';

export const MAIL_LINK_PATH = '/api/students/gmail-account';
export const mailLinkKey = ['mail-link'] as const;

/** The linked address (null when none is linked). */
export function useMailLink() {
  return useQuery({
    queryKey: mailLinkKey,
    queryFn: ({ signal }) => api<MailLink | null>(MAIL_LINK_PATH, { signal }),
  });
}

/** Mails a code to the address to link (a new one replaces the one before). */
export const requestMailLinkCode = (body: MailLinkRequest) => api<MailLinkCodeSent>(MAIL_LINK_PATH, { method: 'POST', body });

/** The mailed code links its address. */
export const confirmMailLink = (body: MailLinkConfirmation) => api<MailLink>(`${MAIL_LINK_PATH}/confirm`, { method: 'POST', body });

export const unlinkMailAccount = () => api<void>(MAIL_LINK_PATH, { method: 'DELETE' });
