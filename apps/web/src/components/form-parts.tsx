import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';

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
