import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/reason-dialog';
import { REASON_MIN } from '../../lib/reason';
import { applyAnswer, reopenIdentification } from './identification-api';

/** Reopens a complete identification so that the photo or fingerprints can change; the reason goes to the audit trail. */
export default function ReopenDialog({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <ReasonDialog
      title={t('identification.reopen.title', { name })}
      text={t('identification.reopen.text')}
      fieldId="identification-reopen-reason"
      label={t('identification.reopen.reason')}
      helperText={t('identification.reopen.reasonHelp', { min: REASON_MIN })}
      confirmLabel={t('identification.reopen.confirm')}
      send={(reason) => reopenIdentification(id, reason)}
      onSent={(answer) => applyAnswer(queryClient, id, answer)}
      doneKey="identification.reopen.done"
      onClose={onClose}
    />
  );
}
