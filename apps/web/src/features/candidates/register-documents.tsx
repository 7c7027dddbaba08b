// The candidate's files at registration: chosen on the form (kept in memory only, never in the
// draft), sent one by one once the registration exists, each with its progress; a failed one can be
// sent again here or later from the candidate's file.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CANDIDATE_DOCUMENT_KINDS, CANDIDATE_DOCUMENT_MAX_BYTES, CANDIDATE_DOCUMENT_TYPES, type CandidateDocumentKind } from '@portal/contract/rules';
import { fileRefusal } from '../../components/document-send';
import { FileButton, UploadProgress } from '../../components/file-upload';
import { ActionAlert } from '../../components/action-alert';
import { acceptOf } from '../../lib/files';

/** The files chosen, one per kind at most. */
export type ChosenFiles = Partial<Record<CandidateDocumentKind, File>>;

const MAX_MB = CANDIDATE_DOCUMENT_MAX_BYTES / (1024 * 1024);

/** A file's size as people read it: `850 KB`, `2.4 MB`. */
function sizeOf(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a file cannot go (a translation key), or null: its type, then its size (the server checks its content again). */
export function fileProblem(kind: CandidateDocumentKind, file: File): string | null {
  return fileRefusal(
    file,
    CANDIDATE_DOCUMENT_TYPES[kind],
    kind === 'PHOTO' ? 'candidates.documents.photoType' : 'candidates.documents.documentType',
    CANDIDATE_DOCUMENT_MAX_BYTES,
  );
}

interface ChoiceProps {
  files: ChosenFiles;
  onFiles: (files: ChosenFiles) => void;
  disabled: boolean;
  number: number;
}

/** The last part of the form: the photo, the birth certificate and the diploma, each chosen (or not) before sending. */
export function CandidateDocumentsChoice({ files, onFiles, disabled, number }: ChoiceProps) {
  const { t } = useTranslation();
  const [problems, setProblems] = useState<Partial<Record<CandidateDocumentKind, string>>>({});
  const choose = (kind: CandidateDocumentKind, file: File | null) => {
    const problem = file ? fileProblem(kind, file) : null;
    setProblems((current) => ({ ...current, [kind]: problem ?? undefined }));
    if (problem) return;
    const next = { ...files };
    if (file) next[kind] = file;
    else delete next[kind];
    onFiles(next);
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="candidate-documents-title" sx={{ p: 2 }}>
      <Typography id="candidate-documents-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {`${number}. ${t('candidates.sections.documents')}`}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('candidates.documents.intro', { maxMb: MAX_MB })}
      </Typography>
      <Stack spacing={2}>
        {CANDIDATE_DOCUMENT_KINDS.map((kind) => {
          const file = files[kind];
          const problem = problems[kind];
          const label = t(`candidates.documents.kinds.${kind}`);
          return (
            <Box key={kind} role="group" aria-label={label}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 0.5 }}>
                {t(`candidates.documents.types.${kind}`)}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <FileButton
                  label={t(file ? 'candidates.documents.change' : 'candidates.documents.choose')}
                  inputLabel={label}
                  accept={acceptOf(CANDIDATE_DOCUMENT_TYPES[kind])}
                  disabled={disabled}
                  onFile={(chosen) => choose(kind, chosen)}
                />
                {file ? (
                  <>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{`${file.name} (${sizeOf(file.size)})`}</Typography>
                    <Button size="small" onClick={() => choose(kind, null)} disabled={disabled} aria-label={t('candidates.documents.removeOf', { label })}>
                      {t('candidates.documents.remove')}
                    </Button>
                  </>
                ) : (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('candidates.documents.none')}
                  </Typography>
                )}
              </Box>
              {problem ? (
                <Typography variant="caption" role="alert" sx={{ color: 'error.main', display: 'block', mt: 0.5 }}>
                  {t(problem, { maxMb: MAX_MB })}
                </Typography>
              ) : null}
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** Where one file's sending stands. */
export type UploadState = { status: 'waiting' } | { status: 'sending'; percent: number } | { status: 'done' } | { status: 'failed'; messageKey: string };

interface UploadsProps {
  uploads: Partial<Record<CandidateDocumentKind, UploadState>>;
  onRetry: (kind: CandidateDocumentKind) => void;
}

/** The files being sent after the registration, each with its progress, or its failure and a way to send it again. */
export function CandidateUploads({ uploads, onRetry }: UploadsProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      {CANDIDATE_DOCUMENT_KINDS.filter((kind) => uploads[kind]).map((kind) => {
        const state = uploads[kind]!;
        const label = t(`candidates.documents.kinds.${kind}`);
        return (
          <Box key={kind} role="group" aria-label={label}>
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {label}
            </Typography>
            {state.status === 'waiting' ? <Typography variant="body2">{t('candidates.documents.waiting')}</Typography> : null}
            {state.status === 'sending' ? <UploadProgress percent={state.percent} label={t('candidates.documents.progress', { label })} /> : null}
            {state.status === 'done' ? (
              <Typography variant="body2" sx={{ color: 'success.main' }}>
                {t('candidates.documents.sent')}
              </Typography>
            ) : null}
            {state.status === 'failed' ? (
              <ActionAlert severity="error" role="alert" actionLabel={t('candidates.documents.retry')} onAction={() => onRetry(kind)}>
                {`${t('candidates.documents.failed')} ${t(state.messageKey, { maxMb: MAX_MB })}`}
              </ActionAlert>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
