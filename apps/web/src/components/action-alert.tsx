import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

interface Props {
  severity: AlertProps['severity'];
  role: 'alert' | 'status';
  /** the button's words, already translated (Retry, Start again, Try again ...) */
  actionLabel: string;
  onAction: () => void;
  sx?: AlertProps['sx'];
  children: ReactNode;
}

/** A message with one thing to do about it at its end: retry a load, send a file again, start again. */
export function ActionAlert({ severity, role, actionLabel, onAction, sx, children }: Props) {
  return (
    <Alert
      severity={severity}
      role={role}
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onAction}>
          {actionLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
