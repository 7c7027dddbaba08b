import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ChangeEvent } from 'react';
import { errorKey, isApiError } from '../../lib/api';
import { identificationKeys } from './identification-api';

/** Upload progress as a labelled bar (the percentage is read out). */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LinearProgress variant="determinate" value={percent} aria-label={label} sx={{ flexGrow: 1, height: 8, borderRadius: 4 }} />
      <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right' }}>{`${percent} %`}</Typography>
    </Box>
  );
}

interface FileButtonProps {
  label: string;
  /** the input's accessible name (the button's text is shared by several slots) */
  inputLabel: string;
  accept: string;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  onFile: (file: File) => void;
}

/** A button that opens the file chooser; the chosen file goes to `onFile`. */
export function FileButton({ label, inputLabel, accept, disabled, variant = 'outlined', onFile }: FileButtonProps) {
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <Button component="label" variant={variant} size="small" startIcon={<UploadFileOutlined />} disabled={disabled}>
      {label}
      <Box
        component="input"
        type="file"
        accept={accept}
        onChange={choose}
        disabled={disabled}
        aria-label={inputLabel}
        sx={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
      />
    </Button>
  );
}

/**
 * What a refused change shows: the error's translation key. A change refused because the
 * identification was completed meanwhile (by another agent) reloads it, so the page turns read-only.
 */
export function useChangeError(id: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown): string | null => {
      if (isApiError(error) && error.status === 401) return null;
      if (isApiError(error) && error.code === 'IDENTIFICATION_COMPLETED') {
        void queryClient.invalidateQueries({ queryKey: identificationKeys.person(id) });
      }
      return errorKey(error);
    },
    [queryClient, id],
  );
}
