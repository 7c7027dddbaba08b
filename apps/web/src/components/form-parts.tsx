import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';

/** Two fields side by side from the small-tablet width on, one above the other on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>{children}</Box>;
}

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
