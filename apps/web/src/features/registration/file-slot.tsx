import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_COLUMN_TYPES, type FileColumn } from '@portal/contract/rules';
import { DocumentSendStatus, useDocumentSend } from '../../components/document-send';
import { FileButton, useLocalPreview } from '../../components/file-upload';
import { useNotify } from '../../components/notify';
import { isApiError } from '../../lib/api';
import { acceptOf, checkFile, MAX_UPLOAD_MB } from '../../lib/files';
import { patchRecord, registrationKeys, removeColumnFile, uploadColumnFile } from './registration-api';
import { useRegistration } from './registration-context';

interface Props {
  col: FileColumn;
  label: string;
  /** the current file's URL, from the record */
  url: string | null;
  /** show an image preview (the ID documents) */
  preview?: boolean;
}

/**
 * One file of the record (CV, NIU, RIB, ID images, ...): sent at once with its progress,
 * then viewable, replaceable and removable. Nothing to save afterwards.
 */
export function FileSlot({ col, label, url, preview }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { readOnly, markClosed } = useRegistration();
  const inputId = useId();
  const [localPreview, showLocal] = useLocalPreview();
  const [previewFailed, setPreviewFailed] = useState(false);
  const types = FILE_COLUMN_TYPES[col];

  const { progress, problem, choose, fail, sending } = useDocumentSend({
    send: (file: File, onProgress) => uploadColumnFile(col, file, onProgress),
    onSent: async (answer, file) => {
      if (preview && file.type.startsWith('image/')) showLocal(file);
      setPreviewFailed(false);
      patchRecord(queryClient, { [col]: answer?.url ?? url });
      notify('registration.files.saved', 'success');
      // the answer carries the file's URL: only the state (missing files) needs the server
      await queryClient.invalidateQueries({ queryKey: registrationKeys.state });
    },
    onRefused: (error) => {
      if (isApiError(error) && error.code === 'REGISTRATION_CLOSED') markClosed();
    },
  });

  const removing = useMutation({
    mutationFn: () => removeColumnFile(col),
    onSuccess: async () => {
      showLocal(null);
      patchRecord(queryClient, { [col]: null });
      notify('registration.files.removed', 'success');
      await queryClient.invalidateQueries({ queryKey: registrationKeys.state });
    },
    onError: fail,
  });

  const chooseFile = (file: File) => choose(checkFile(file, types, col === 'CV_LINK' ? 'errors.CV_NOT_PDF' : 'errors.FILE_TYPE_REFUSED'), file);

  const busy = sending || removing.isPending;
  const shown = localPreview ?? url;

  return (
    <Box
      role="group"
      aria-labelledby={`${inputId}-label`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={`${inputId}-label`} sx={{ fontWeight: 600, flexGrow: 1 }}>
          {label}
        </Typography>
        <Chip size="small" color={url ? 'success' : 'default'} label={url ? t('registration.files.provided') : t('registration.files.notProvided')} />
      </Box>
      {preview && shown && !previewFailed ? (
        <Box
          component="img"
          src={shown}
          alt={t('registration.files.previewOf', { name: label })}
          onError={() => setPreviewFailed(true)}
          sx={{ maxWidth: '100%', maxHeight: 180, objectFit: 'contain', alignSelf: 'flex-start', borderRadius: 1, border: 1, borderColor: 'divider' }}
        />
      ) : null}
      <DocumentSendStatus progress={progress} progressLabel={t('registration.files.progress', { name: label })} problem={problem} maxMb={MAX_UPLOAD_MB} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {url ? (
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener"
            startIcon={<VisibilityOutlined />}
            size="small"
            aria-label={t('registration.files.viewOf', { name: label })}
          >
            {t('registration.files.view')}
          </Button>
        ) : null}
        {readOnly ? null : (
          <>
            <FileButton
              label={url ? t('registration.files.replace') : t('registration.files.upload')}
              inputLabel={t(url ? 'registration.files.replaceOf' : 'registration.files.uploadOf', { name: label })}
              accept={acceptOf(types)}
              disabled={busy}
              variant={url ? 'outlined' : 'contained'}
              onFile={chooseFile}
            />
            {url ? (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlined />}
                disabled={busy}
                onClick={() => removing.mutate()}
                aria-label={t('registration.files.removeOf', { name: label })}
              >
                {t('registration.files.remove')}
              </Button>
            ) : null}
          </>
        )}
      </Stack>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t(col === 'CV_LINK' ? 'registration.files.pdfOnly' : preview ? 'registration.files.imageTypes' : 'registration.files.anyTypes', {
          maxMb: MAX_UPLOAD_MB,
        })}
      </Typography>
    </Box>
  );
}
