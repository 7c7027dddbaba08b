// Decisions from a file: the import is all or nothing and mails at once (the API has no check
// step), so the shared two-step ImportDialog does not fit; this one sends the file once and, when
// the file is refused (DECISION_IMPORT_INVALID), lists each bad line the server named.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { FileButton, UploadProgress } from '../../components/file-upload';
import { FormDialog } from '../../components/form-dialog-frame';
import { useNotify } from '../../components/notify';
import { errorKey } from '../../lib/api';
import { messageKey } from '../../lib/form';
import { admissionsKeys, importDecisions, refusedLines } from './admissions-api';

const COLUMNS = ['CANDIDATE_NUMBER', 'DECISION', 'SPECIALITY'] as const;
const ACCEPT = '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export default function ImportDecisionsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [noFile, setNoFile] = useState(false);
  const mutation = useMutation({
    mutationFn: (chosen: File) => importDecisions(chosen, setPercent),
    onSuccess: async (result) => {
      notify('admissions.decide.done', 'success', { count: result.recorded, number: result.mailed });
      await queryClient.invalidateQueries({ queryKey: admissionsKeys.all });
      onClose();
    },
  });
  const lines = refusedLines(mutation.error);
  return (
    <FormDialog
      title={t('admissions.import.title')}
      pending={mutation.isPending}
      message={noFile ? 'admissions.import.chooseFirst' : mutation.isError && lines.length === 0 ? errorKey(mutation.error) : null}
      submitLabel={t('admissions.import.run')}
      onSubmit={() => {
        setNoFile(file === null);
        if (file) mutation.mutate(file);
      }}
      onClose={onClose}
      maxWidth="sm"
      phoneFullScreen
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('admissions.import.intro')}
      </Typography>
      <Box component="ul" aria-label={t('admissions.import.columnsLabel')} sx={{ mt: 0, pl: 3 }}>
        {COLUMNS.map((column) => (
          <Typography component="li" variant="body2" key={column}>
            <Trans
              i18nKey="common.termValue"
              values={{ label: column, value: t(`admissions.import.columns.${column}`) }}
              components={[<strong key="term" />]}
            />
          </Typography>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <FileButton
          label={t('admissions.import.choose')}
          inputLabel={t('admissions.import.choose')}
          accept={ACCEPT}
          disabled={mutation.isPending}
          onFile={(chosen) => {
            setFile(chosen);
            setNoFile(false);
            mutation.reset();
          }}
        />
        <Typography variant="body2" sx={{ color: file ? 'text.primary' : 'text.secondary' }} aria-live="polite">
          {file ? file.name : t('admissions.import.noFile')}
        </Typography>
      </Box>
      {mutation.isPending ? <UploadProgress percent={percent} label={t('admissions.import.sending')} /> : null}
      {lines.length > 0 ? (
        <Alert severity="error" role="alert">
          <Box component="p" sx={{ m: 0, fontWeight: 600 }}>
            {t('errors.DECISION_IMPORT_INVALID')}
          </Box>
          <Box component="ul" aria-label={t('admissions.import.badLines')} sx={{ m: 0, pl: 2.5 }}>
            {lines.map((line) => (
              <li key={line.key}>
                {t('common.labelValue', {
                  label: line.line === 0 ? line.key : t('admissions.import.line', { number: line.line }),
                  value: t(messageKey(line.message)),
                })}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
    </FormDialog>
  );
}
