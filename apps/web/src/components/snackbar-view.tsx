import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export interface SnackbarViewProps {
  id: number;
  open: boolean;
  text: string;
  severity: AlertColor;
  autoHideDuration: number;
  onClose: (event?: unknown, reason?: string) => void;
}

export default function SnackbarView({ id, open, text, severity, autoHideDuration, onClose }: SnackbarViewProps) {
  return (
    <Snackbar key={id} open={open} autoHideDuration={autoHideDuration} onClose={onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert onClose={onClose} severity={severity} variant="filled" sx={{ width: '100%' }}>
        {text}
      </Alert>
    </Snackbar>
  );
}
