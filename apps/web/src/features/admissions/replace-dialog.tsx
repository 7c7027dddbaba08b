import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CandidateDocumentKind } from '@portal/contract/rules';
import { ReasonDialog } from '../../components/reason-dialog';
import { REASON_MIN } from '../../lib/reason';
import { admissionsKeys, replaceDocument } from './admissions-api';

/** Asks the candidate for another document: the reason is mailed to them and the document waits for its replacement. */
export default function ReplaceDialog({ id, kind, onClose }: { id: number; kind: CandidateDocumentKind; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const document = t(`admissions.documentKind.${kind}`);
  return (
    <ReasonDialog
      title={t('admissions.replace.title', { document })}
      text={t('admissions.replace.text', { document })}
      fieldId="admissions-replace-reason"
      label={t('admissions.replace.label')}
      helperText={t('admissions.replace.help', { min: REASON_MIN })}
      confirmLabel={t('admissions.replace.confirm')}
      send={(reason) => replaceDocument(id, kind, reason)}
      onSent={() => queryClient.invalidateQueries({ queryKey: admissionsKeys.all })}
      doneKey="admissions.replace.done"
      alertOnFieldError
      onClose={onClose}
    />
  );
}
