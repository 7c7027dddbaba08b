// A document slot's sending: a file chosen, checked here for its type and size, sent with its
// progress (lib/upload.ts), then the server's own check (by the file's content) answered on the
// slot. Used by the staff registration's files, the student's files and the candidate's documents;
// each keeps its own slot (its words, its replace and remove).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey, isApiError } from '../lib/api';
import { fileType } from '../lib/files';
import { UploadProgress } from './file-upload';

/** The message of a refused upload: the size with its limit, the type, the same file twice, the limit per kind ... */
export function uploadErrorKey(error: unknown): string {
  if (isApiError(error) && (error.code === 'FILE_TOO_LARGE' || error.code === 'PAYLOAD_TOO_LARGE')) return 'validation.fileTooLarge';
  return errorKey(error);
}

/**
 * Checks a file before it goes, against the slot's own types and largest size (lib/files.ts's
 * `checkFile` for the portal's usual limit): a translation key, or null when it may go. The server
 * checks again, by the file's content.
 */
export function fileRefusal(file: File, types: readonly string[], wrongTypeKey: string, maxBytes: number): string | null {
  if (!types.includes(fileType(file))) return wrongTypeKey;
  if (file.size > maxBytes) return 'validation.fileTooLarge';
  return null;
}

interface Options<TVars, TSent> {
  /** sends the file (lib/upload.ts), reporting 0 to 100 */
  send: (vars: TVars, onProgress: (percent: number) => void) => Promise<TSent>;
  /** the file is kept: the page's data follows */
  onSent?: (sent: TSent, vars: TVars) => unknown;
  /** a refused send, beyond its message (field messages, a registration closed meanwhile) */
  onRefused?: (error: unknown) => void;
  /** the message of a refused send (a translation key) */
  errorKeyOf?: (error: unknown) => string | null;
  /** a 401 shows no message (the session-expired dialog says it); off where no one is signed in */
  quietWhenSignedOut?: boolean;
}

/**
 * Where one slot's sending stands: its progress, the message of a refusal (a translation key), and
 * `choose(refusal, vars)`, which shows the check's refusal or sends. `fail` is the refusal of
 * another call of the slot (the removal).
 */
export function useDocumentSend<TVars, TSent>({ send, onSent, onRefused, errorKeyOf = errorKey, quietWhenSignedOut = true }: Options<TVars, TSent>) {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fail = (error: unknown) => {
    setProgress(null);
    if (quietWhenSignedOut && isApiError(error) && error.status === 401) return;
    onRefused?.(error);
    setProblem(errorKeyOf(error));
  };
  const sending = useMutation({
    mutationFn: (vars: TVars) => send(vars, setProgress),
    meta: { backdrop: false },
    onSuccess: async (sent, vars) => {
      setProgress(null);
      setProblem(null);
      await onSent?.(sent, vars);
    },
    onError: fail,
  });
  /** Shows the check's refusal (a translation key), or sends the file. */
  const choose = (refusal: string | null, vars: TVars) => {
    setProblem(refusal);
    if (!refusal) sending.mutate(vars);
  };
  return { progress, problem, setProblem, choose, fail, sending: sending.isPending };
}

interface StatusProps {
  progress: number | null;
  /** the progress bar's accessible name */
  progressLabel: string;
  problem: string | null;
  /** the largest file, in MB, as the messages say it */
  maxMb: number;
  /** a space above each (in a list of slots) */
  spaced?: boolean;
}

/** A slot's progress while it sends, then the message of a refusal. */
export function DocumentSendStatus({ progress, progressLabel, problem, maxMb, spaced = false }: StatusProps) {
  const { t } = useTranslation();
  const bar = progress !== null ? <UploadProgress percent={progress} label={progressLabel} /> : null;
  return (
    <>
      {bar && spaced ? <Box sx={{ mt: 1 }}>{bar}</Box> : bar}
      {problem ? (
        <Alert severity="error" role="alert" sx={spaced ? { mt: 1 } : undefined}>
          {t(problem, { maxMb })}
        </Alert>
      ) : null}
    </>
  );
}
