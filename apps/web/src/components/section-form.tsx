import Box from '@mui/material/Box';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from './form-error';
import { StackedForm, SubmitButton } from './form-parts';

export interface SectionFormProps {
  label: string;
  submit: (event?: FormEvent) => Promise<void>;
  /** the message of a refused save (a translation key) */
  problem: string | null;
  saving: boolean;
  /** nothing can be changed: no Save button */
  readOnly?: boolean;
  /** the Save button's words (a translation key) */
  saveLabel: string;
  children: ReactNode;
}

/** The form of a section saved on its own: its fields, the message of a refused save, and its own Save button. */
export function SectionForm({ label, submit, problem, saving, readOnly = false, saveLabel, children }: SectionFormProps) {
  const { t } = useTranslation();
  return (
    <StackedForm label={label} onSubmit={submit}>
      {children}
      <FormError message={problem ? t(problem) : null} />
      {readOnly ? null : (
        <Box>
          <SubmitButton disabled={saving}>{t(saveLabel)}</SubmitButton>
        </Box>
      )}
    </StackedForm>
  );
}
