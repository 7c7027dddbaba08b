import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { useForm, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { keepStudentSectionFields, STUDENT_SECTION_SCHEMAS, studentSectionFields, type StudentFile, type StudentProfileFields, type StudentSectionValues } from '@portal/contract';
import { DEFAULT_PHONE_CODE, RULE_CODES, type StudentProfileSection } from '@portal/contract/rules';
import { FormError } from '../../components/form-error';
import { StackedForm, SubmitButton } from '../../components/form-parts';
import { useNotify } from '../../components/notify';
import { errorKey, isApiError } from '../../lib/api';
import { useFormSubmit } from '../../lib/form';
import { saveStudentSection, studentFileKeys } from './students-api';

/** The yes/no fields: a box each, unticked until the student ticks it (IS_PROFESSIONAL defaults to no). */
const FLAGS = new Set(['IS_PROFESSIONAL', 'IS_HANDICAPED', 'IS_SPORTIVE', 'IS_SPORTIVE_COMPETITOR']);
/** The calling codes next to the phone numbers: Cameroon's unless saved otherwise. */
const PHONE_CODES = new Set(['CODE1', 'CODE2']);

/** A section's form values from the saved file: texts ('' for none), years and the grade as typed, boxes, the list of languages. */
export function sectionDefaults(section: StudentProfileSection, profile: StudentProfileFields): FieldValues {
  return Object.fromEntries(
    studentSectionFields(section).map((name) => {
      const saved = (profile as Record<string, unknown>)[name];
      if (FLAGS.has(name)) return [name, saved === true];
      if (PHONE_CODES.has(name)) return [name, saved ?? DEFAULT_PHONE_CODE];
      if (Array.isArray(saved)) return [name, saved];
      if (typeof saved === 'number') return [name, String(saved)];
      return [name, saved ?? ''];
    }),
  );
}

/** Codes a save may answer with a message of their own; anything else reads 'An error has occured during saving'. */
const SAVE_CODES = new Set(['VALIDATION_FAILED', 'ADDRESS_INCOMPLETE', 'PAYLOAD_TOO_LARGE', 'NETWORK', 'FORBIDDEN']);

/** The rule a client-side check stands for ('Fill your living town and precinct to continue'), else the generic message. */
function invalidKey(errors: FieldErrors): string {
  const messages = Object.values(errors).map((error) => (error && typeof error.message === 'string' ? error.message : ''));
  const rule = messages.map((message) => RULE_CODES[message]).find(Boolean);
  return `errors.${rule ?? 'VALIDATION_FAILED'}`;
}

/**
 * One section of the student's file: a react-hook-form form checked by the contract's schema,
 * saved by its own PATCH. On success the cached file is the server's answer and the form is
 * clean again; on failure everything typed stays, with the server's field messages.
 */
export function useStudentSection<S extends StudentProfileSection>(section: S, file: StudentFile, onDirty: (section: StudentProfileSection, dirty: boolean) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const form = useForm<FieldValues, unknown, StudentSectionValues<S>>({
    resolver: zodResolver(STUDENT_SECTION_SCHEMAS[section] as unknown as z.ZodType<StudentSectionValues<S>, FieldValues>),
    defaultValues: sectionDefaults(section, file.profile),
  });
  const { isDirty } = form.formState;

  useEffect(() => onDirty(section, isDirty), [section, isDirty, onDirty]);
  useEffect(() => () => onDirty(section, false), [section, onDirty]);

  const mutation = useMutation({
    mutationFn: (values: StudentSectionValues<S>) => saveStudentSection(section, keepStudentSectionFields(section, values) as Record<string, unknown>),
    onSuccess: (saved) => {
      setProblem(null);
      queryClient.setQueryData(studentFileKeys.file, saved);
      form.reset(sectionDefaults(section, saved.profile));
      notify('notify.saved', 'success');
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return; // the session-expired dialog says it
      setProblem(isApiError(error) && SAVE_CODES.has(error.code) ? errorKey(error) : 'errors.SAVE_FAILED');
      if (!isApiError(error)) return;
      const known = new Set(studentSectionFields(section));
      let first = true;
      for (const [field, key] of Object.entries(error.fields)) {
        if (!known.has(field)) continue;
        form.setError(field as Path<FieldValues>, { type: 'server', message: key }, { shouldFocus: first });
        first = false;
      }
    },
  });
  const { submit, messageKey: problem, setMessageKey: setProblem } = useFormSubmit(form, (values) => mutation.mutate(values), invalidKey);

  /** What every field of the section shares: bound to the form, full width, labelled `studentFile.fields.<name>`, its id from the section. */
  const field = (name: string) => ({ control: form.control, name, id: `${section}-${name.toLowerCase().replace(/_/g, '-')}`, label: t(`studentFile.fields.${name}`), fullWidth: true });

  return { form, control: form.control, field, submit, problem, saving: mutation.isPending };
}

interface SectionFormProps {
  label: string;
  submit: (event?: FormEvent) => Promise<void>;
  problem: string | null;
  saving: boolean;
  children: ReactNode;
}

/** The form of a section: its fields, the message of a refused save, and its own Save button. */
export function SectionForm({ label, submit, problem, saving, children }: SectionFormProps) {
  const { t } = useTranslation();
  return (
    <StackedForm label={label} onSubmit={submit}>
      {children}
      <FormError message={problem ? t(problem) : null} />
      <Box>
        <SubmitButton disabled={saving}>{t('studentFile.save')}</SubmitButton>
      </Box>
    </StackedForm>
  );
}
