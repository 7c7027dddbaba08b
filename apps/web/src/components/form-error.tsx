import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

export interface FormErrorProps {
  /** the message, translated; nothing is shown without one */
  message: string | null | undefined;
  /** the way out when there is one (sign in, register again, ...), as the alert's action */
  link?: { to: string; label: string } | null;
  sx?: SxProps<Theme>;
}

/** The error of a form, announced as an alert. */
export function FormError({ message, link, sx }: FormErrorProps) {
  if (!message) return null;
  return (
    <Alert
      severity="error"
      role="alert"
      sx={sx}
      action={
        link ? (
          <Button component={RouterLink} to={link.to} color="inherit" size="small">
            {link.label}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}
