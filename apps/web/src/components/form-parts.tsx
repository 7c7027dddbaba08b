import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEventHandler, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A form of a page, named for assistive technologies: its fields, message and buttons one under the other. */
export function StackedForm({ label, onSubmit, children }: { label: string; onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode }) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack spacing={2.5}>{children}</Stack>
    </Box>
  );
}

/** The main button of a page's form; off while its request is on its way (or while it must not be sent). */
export function SubmitButton({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={disabled}>
      {children}
    </Button>
  );
}

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
