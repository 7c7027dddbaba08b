// How the admissions office's pages read: a speciality's name in the reader's language with its
// cycle, an entrance's exam days, and the decision, a document's and a payment's state as chips.
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { EntranceSpeciality } from '@portal/contract';
import { isoToDmy, type AdmissionDecision, type CandidateDocumentStatus, type PaymentStatus } from '@portal/contract/rules';
import { inLanguage } from '../../lib/names';

/** A speciality's name in the reader's language. */
export const specialityName = (speciality: { SPECIALITY_DESCRIPTION: string; SPECIALITY_DESCRIPTION_FR: string }, language: string): string =>
  inLanguage(language, speciality.SPECIALITY_DESCRIPTION, speciality.SPECIALITY_DESCRIPTION_FR);

/** A speciality an entrance offers, with its cycle: `Software engineering (HND)`. */
export const specialityLabel = (speciality: EntranceSpeciality, language: string): string =>
  `${specialityName(speciality, language)} (${inLanguage(language, speciality.CYCLE_NAME, speciality.CYCLE_NAME_FR)})`;

/** An entrance's exam days: `15/07/2026 – 17/07/2026`, or the first day alone. */
export const examDays = (begin: string, end: string | null): string => (end && end !== begin ? `${isoToDmy(begin)} – ${isoToDmy(end)}` : isoToDmy(begin));

const DECISION_COLOURS: Record<AdmissionDecision, ChipProps['color']> = { ADMITTED: 'success', WAITING_LIST: 'warning', REFUSED: 'error' };

/** The office's decision in its colour; none yet, an outlined chip. */
export function DecisionChip({ decision }: { decision: AdmissionDecision | null }) {
  const { t } = useTranslation();
  return decision ? (
    <Chip size="small" color={DECISION_COLOURS[decision]} label={t(`admissions.decision.${decision}`)} />
  ) : (
    <Chip size="small" variant="outlined" label={t('admissions.decision.NONE')} />
  );
}

/** Whether the fee is paid. */
export function PaidChip({ paid }: { paid: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={paid ? 'success' : 'default'}
      variant={paid ? 'filled' : 'outlined'}
      label={t(paid ? 'admissions.paid.yes' : 'admissions.paid.no')}
    />
  );
}

/** Whether every document is given and none is to be replaced. */
export function DocumentsChip({ complete }: { complete: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={complete ? 'success' : 'warning'}
      variant={complete ? 'outlined' : 'filled'}
      label={t(complete ? 'admissions.documents.complete' : 'admissions.documents.incomplete')}
    />
  );
}

const DOCUMENT_COLOURS: Record<CandidateDocumentStatus, ChipProps['color']> = { SUBMITTED: 'info', CHECKED: 'success', REPLACE_REQUESTED: 'warning' };

export function DocumentStatusChip({ status }: { status: CandidateDocumentStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={DOCUMENT_COLOURS[status]} label={t(`admissions.documentStatus.${status}`)} />;
}

const PAYMENT_COLOURS: Record<PaymentStatus, ChipProps['color']> = { PENDING: 'info', PAID: 'success', FAILED: 'error', EXPIRED: 'default' };

export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" color={PAYMENT_COLOURS[status]} variant={status === 'EXPIRED' ? 'outlined' : 'filled'} label={t(`admissions.paymentStatus.${status}`)} />
  );
}
