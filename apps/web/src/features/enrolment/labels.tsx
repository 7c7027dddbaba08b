// How enrolment reads on both pages: an offer's name in the reader's language (lib/names.ts), a
// session's name, and an application's status as a coloured chip.
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { EnrolmentOfferRef } from '@portal/contract';
import type { EnrolmentStatus } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';
import { inLanguage } from '../../lib/names';

/** An offer's name: the class's code, or the subject's code and name in the reader's language. */
export function offerName(offer: EnrolmentOfferRef, language: string): string {
  if (offer.class) return offer.class.code;
  if (offer.subject) return `${offer.subject.code} – ${inLanguage(language, offer.subject.name, offer.subject.nameFr)}`;
  return '';
}

/** What an offer's name leaves out: the class an optional subject is taught in. */
export const offerClassCode = (offer: EnrolmentOfferRef): string | null => offer.subject?.class.code ?? null;

/** An offer's name with the class of a subject, on one line: `CGE101 – Accounting (BTS1 CGE/J A)`. */
export function offerFullName(offer: EnrolmentOfferRef, language: string): string {
  const klass = offerClassCode(offer);
  return klass ? `${offerName(offer, language)} (${klass})` : offerName(offer, language);
}

/** A session's name in the reader's language. */
export const enrolmentSessionName = (session: { name: string; nameFr: string }, language: string): string => inLanguage(language, session.name, session.nameFr);

/** The colour of each status: waiting in blue, accepted in green, waitlisted in orange, refused in red, withdrawn grey. */
export const STATUS_COLOURS: Record<EnrolmentStatus, ChipProps['color']> = {
  PENDING: 'info',
  ACCEPTED: 'success',
  WAITLISTED: 'warning',
  REFUSED: 'error',
  WITHDRAWN: 'default',
};

/** An application's status in its colour. */
export function EnrolmentStatusChip({ status }: { status: EnrolmentStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLOURS[status]}
      variant={status === 'WITHDRAWN' ? 'outlined' : 'filled'}
      label={t(`enrolment.status.${status}`)}
      data-status={status}
    />
  );
}
