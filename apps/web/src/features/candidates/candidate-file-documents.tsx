import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { CandidateDocument, CandidateFile } from '@portal/contract';
import { CANDIDATE_DOCUMENT_KINDS, CANDIDATE_DOCUMENT_MAX_BYTES, CANDIDATE_DOCUMENT_TYPES, type CandidateDocumentKind } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/card';
import { DocumentSendStatus, fileRefusal, uploadErrorKey, useDocumentSend } from '../../components/document-send';
import { FileButton } from '../../components/file-upload';
import { useNotify } from '../../components/notify';
import { acceptOf } from '../../lib/files';
import { formatDay } from '../../lib/format';
import { candidateKeys, uploadCandidateDocument } from './candidates-api';

/** The largest document, in MB, as the messages say it. */
const MAX_MB = CANDIDATE_DOCUMENT_MAX_BYTES / (1024 * 1024);

/** Where a document stands for the candidate: not given, given, checked by the office, or to be replaced. */
type DocumentState = 'MISSING' | CandidateDocument['status'];
const STATE_COLORS: Record<DocumentState, ChipProps['color']> = { MISSING: 'warning', SUBMITTED: 'info', CHECKED: 'success', REPLACE_REQUESTED: 'error' };

/** A file refused before it goes (its type, its size), as a translation key; null when it may go. */
function refusal(kind: CandidateDocumentKind, file: File): string | null {
  return fileRefusal(file, CANDIDATE_DOCUMENT_TYPES[kind], 'errors.FILE_TYPE_REFUSED', CANDIDATE_DOCUMENT_MAX_BYTES);
}

/** One kind of document: its state, the office's reason when it is to be replaced, open it, send or replace it with its progress. */
function DocumentRow({ kind, document }: { kind: CandidateDocumentKind; document: CandidateDocument | undefined }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const state: DocumentState = document?.status ?? 'MISSING';
  const name = t(`candidateFile.documents.kinds.${kind}`);

  const { progress, problem, choose, sending } = useDocumentSend({
    send: (file: File, onProgress) => uploadCandidateDocument(kind, file, onProgress),
    onSent: async (sent) => {
      queryClient.setQueryData<CandidateFile>(candidateKeys.me, (file) =>
        file ? { ...file, documents: [...file.documents.filter((d) => d.kind !== kind), sent] } : file,
      );
      notify('candidateFile.documents.sent', 'success', { name });
      await queryClient.invalidateQueries({ queryKey: candidateKeys.me });
    },
    errorKeyOf: uploadErrorKey,
    quietWhenSignedOut: false,
  });

  const send = (file: File) => choose(refusal(kind, file), file);

  return (
    <Box component="li" aria-label={name} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: '1 1 160px' }}>
          {name}
        </Typography>
        <Chip
          size="small"
          color={STATE_COLORS[state]}
          variant={state === 'CHECKED' ? 'filled' : 'outlined'}
          icon={state === 'CHECKED' ? <CheckCircleOutlined /> : undefined}
          label={t(`candidateFile.documents.states.${state}`)}
        />
      </Box>
      {document ? (
        <Typography variant="body2" color="text.secondary">
          {t('candidateFile.documents.sentOn', { date: formatDay(document.uploadedAt) })}
        </Typography>
      ) : null}
      {state === 'REPLACE_REQUESTED' ? (
        <Alert severity="error" role="note" sx={{ mt: 1 }}>
          {document?.note ? t('candidateFile.documents.replaceReason', { text: document.note }) : t('candidateFile.documents.replaceAsked')}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
        {state !== 'CHECKED' ? (
          <FileButton
            label={t(document ? 'candidateFile.documents.replace' : 'candidateFile.documents.send')}
            inputLabel={t(document ? 'candidateFile.documents.replaceNamed' : 'candidateFile.documents.sendNamed', { name })}
            accept={acceptOf(CANDIDATE_DOCUMENT_TYPES[kind])}
            variant={state === 'MISSING' || state === 'REPLACE_REQUESTED' ? 'contained' : 'outlined'}
            disabled={sending}
            onFile={send}
          />
        ) : null}
        {document ? (
          <Button
            size="small"
            href={document.url}
            target="_blank"
            rel="noopener"
            startIcon={<OpenInNewOutlined />}
            aria-label={t('candidateFile.documents.openNamed', { name })}
          >
            {t('candidateFile.documents.open')}
          </Button>
        ) : null}
      </Stack>
      <DocumentSendStatus progress={progress} progressLabel={t('candidateFile.documents.uploading', { name })} problem={problem} maxMb={MAX_MB} spaced />
    </Box>
  );
}

/** The three documents a candidate gives: the 4x4 photo, the birth certificate and the diploma. */
export function CandidateDocuments({ documents }: { documents: CandidateDocument[] }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('candidateFile.documents.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('candidateFile.documents.intro', { maxMb: MAX_MB })}
      </Typography>
      <Box component="ul" aria-label={t('candidateFile.documents.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {CANDIDATE_DOCUMENT_KINDS.map((kind) => (
          <DocumentRow key={kind} kind={kind} document={documents.find((document) => document.kind === kind)} />
        ))}
      </Box>
    </Card>
  );
}
