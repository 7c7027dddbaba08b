// After the mail's code (decision 65): the file is open, the files chosen on the form are sent one
// after the other, each with its progress; a failed one can be sent again here or later from the
// candidate's file. Once every one has gone, the file opens.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CandidateDocumentKind } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { errorKey } from '../../lib/api';
import { candidateKeys, uploadCandidateDocument } from './candidates-api';
import { CandidateUploads, type ChosenFiles, type UploadState } from './register-documents';

/** Where the candidate's own file opens (the cookie set by the confirmed code opens it). */
export const FILE_PATH = '/candidate/file';

export type Uploads = Partial<Record<CandidateDocumentKind, UploadState>>;

/** The chosen files' sending: where each stands, `start` with the kinds to send, `retry` one of them. */
export function useChosenFilesUpload() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [uploads, setUploads] = useState<Uploads>({});
  const failed = useRef(new Set<CandidateDocumentKind>());
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  /** Sends chosen files one after the other; once every one has gone, the file opens. */
  const send = async (kinds: readonly CandidateDocumentKind[], chosen: ChosenFiles) => {
    abort.current ??= new AbortController();
    const { signal } = abort.current;
    for (const kind of kinds) {
      const file = chosen[kind];
      if (!file) continue;
      setUploads((current) => ({ ...current, [kind]: { status: 'sending', percent: 0 } }));
      try {
        await uploadCandidateDocument(kind, file, (percent) => setUploads((current) => ({ ...current, [kind]: { status: 'sending', percent } })), signal);
        failed.current.delete(kind);
        setUploads((current) => ({ ...current, [kind]: { status: 'done' } }));
      } catch (error) {
        if (signal.aborted) return;
        failed.current.add(kind);
        setUploads((current) => ({ ...current, [kind]: { status: 'failed', messageKey: errorKey(error) } }));
      }
    }
    if (failed.current.size === 0) {
      await queryClient.invalidateQueries({ queryKey: candidateKeys.me });
      navigate(FILE_PATH, { replace: true });
    }
  };

  const start = (kinds: readonly CandidateDocumentKind[], chosen: ChosenFiles) => {
    setUploads(Object.fromEntries(kinds.map((kind) => [kind, { status: 'waiting' }])));
    void send(kinds, chosen);
  };
  const retry = (kind: CandidateDocumentKind, chosen: ChosenFiles) => void send([kind], chosen);
  return { uploads, start, retry };
}

/** After the code: registered; the chosen files are on their way (or some failed: send again, or later from the file). */
export function Registered({ number, uploads, onRetry }: { number: string; uploads: Uploads; onRetry: (kind: CandidateDocumentKind) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const failed = Object.values(uploads).some((state) => state?.status === 'failed');
  return (
    <Card>
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {t('candidates.register.created', { number })}
        </Alert>
        <Typography>{t(failed ? 'candidates.documents.someFailed' : 'candidates.documents.sending')}</Typography>
        <CandidateUploads uploads={uploads} onRetry={onRetry} />
        <Box>
          <Button variant={failed ? 'contained' : 'outlined'} onClick={() => navigate(FILE_PATH, { replace: true })}>
            {t('candidates.register.openFile')}
          </Button>
        </Box>
      </Stack>
    </Card>
  );
}
