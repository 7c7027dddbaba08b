import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FileColumn } from '@portal/contract';
import { ReasonDialog } from '../../components/reason-dialog';
import { REASON_MIN } from '../../lib/reason';
import { deleteDocument, hrKeys, removeFile, replaceFile } from './hr-api';
import { fieldLabel } from './labels';

/** A change to someone else's files or documents, which the human resources service always makes with a reason (decision 22). */
export type FileChange =
  { kind: 'replace'; column: FileColumn; file: File } | { kind: 'remove'; column: FileColumn } | { kind: 'delete'; document: number; name: string };

/** Asks for the reason, then makes the change; the dossier (its files and its audit trail) is then read again. */
export default function FileChangeDialog({ id, change, onClose }: { id: number; change: FileChange; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = change.kind === 'delete' ? change.name : fieldLabel(t, change.column);
  const send = (reason: string): Promise<unknown> => {
    if (change.kind === 'replace') return replaceFile(id, change.column, change.file, reason);
    if (change.kind === 'remove') return removeFile(id, change.column, reason);
    return deleteDocument(id, change.document, reason);
  };
  return (
    <ReasonDialog
      title={t(`hr.files.${change.kind}.title`, { name })}
      text={t(`hr.files.${change.kind}.text`, { name: change.kind === 'replace' ? change.file.name : name })}
      fieldId="hr-file-reason"
      label={t('hr.reason.label')}
      helperText={t('hr.reason.help', { min: REASON_MIN })}
      confirmLabel={t(`hr.files.${change.kind}.confirm`)}
      send={send}
      onSent={() => queryClient.invalidateQueries({ queryKey: hrKeys.all })}
      doneKey={`hr.files.${change.kind}.done`}
      alertOnFieldError
      onClose={onClose}
    />
  );
}
