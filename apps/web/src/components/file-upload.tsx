import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type ChangeEvent } from 'react';

/** Upload progress as a labelled bar (the percentage is read out). */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LinearProgress variant="determinate" value={percent} aria-label={label} sx={{ flexGrow: 1, height: 8, borderRadius: 4 }} />
      <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right' }}>{`${percent} %`}</Typography>
    </Box>
  );
}

export interface FileButtonProps {
  label: string;
  /** the input's accessible name (the button's text is shared by several slots) */
  inputLabel: string;
  accept: string;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  onFile: (file: File) => void;
}

/** A button that opens the file chooser; the chosen file goes to `onFile` (the same file may be chosen again). */
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
 * A picture of a file just sent, shown from memory (a replaced file may keep its address, and
 * the browser its old picture): `show(file)` makes its object URL, `show(null)` forgets it;
 * the URL is revoked when replaced and when the view goes.
 */
export function useLocalPreview(): [string | null, (file: File | null) => void] {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!preview) return undefined;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  const show = useCallback((file: File | null) => setPreview(file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), []);
  return [preview, show];
}
