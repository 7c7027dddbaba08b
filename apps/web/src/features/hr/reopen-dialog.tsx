import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/reason-dialog';
import { REASON_MIN } from '../../lib/reason';
import { hrKeys, reopenRegistration } from './hr-api';

/** Reopens a closed registration: the person may edit it again; the reason goes to the audit trail and to them by e-mail. */
export default function ReopenDialog({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <ReasonDialog
      title={t('hr.reopen.title', { name })}
      text={t('hr.reopen.text')}
      fieldId="hr-reopen-reason"
      label={t('hr.reason.label')}
      helperText={t('hr.reason.help', { min: REASON_MIN })}
      confirmLabel={t('hr.reopen.confirm')}
      send={(reason) => reopenRegistration(id, reason)}
      onSent={() => queryClient.invalidateQueries({ queryKey: hrKeys.all })}
      doneKey="hr.reopen.done"
      alertOnFieldError
      onClose={onClose}
    />
  );
}
