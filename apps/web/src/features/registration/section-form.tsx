import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { PersonRecord, SavedSection } from '@portal/contract';
import { RULE_CODES } from '@portal/contract/rules';
import { FormError } from '../../components/form-error';
import { StackedForm, SubmitButton } from '../../components/form-parts';
import { useNotify } from '../../components/notify';
import { errorKey, isApiError } from '../../lib/api';
import { useFormSubmit } from '../../lib/form';
import { registrationKeys, saveSection, storeRecord } from './registration-api';
import { useRegistration } from './registration-context';

/** Codes a section save may answer with a message of their own; anything else reads 'An error has occured during saving'. */
const SAVE_CODES = new Set(['VALIDATION_FAILED', 'ADDRESS_INCOMPLETE', 'SPOUSE_REQUIRED', 'MICROFINANCE_REFUSED', 'REGISTRATION_CLOSED', 'PAYLOAD_TOO_LARGE', 'NETWORK']);

export function saveErrorKey(error: unknown): string {
  return isApiError(error) && SAVE_CODES.has(error.code) ? errorKey(error) : 'errors.SAVE_FAILED';
}

/** The rule a client-side check stands for ('Fill your living town and precinct to continue'), else the generic message. */
function invalidKey(errors: FieldErrors): string {
  const messages: string[] = [];
  const collect = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string') messages.push(message);
    for (const [key, child] of Object.entries(value)) if (key !== 'ref' && key !== 'message') collect(child);
  };
  collect(errors);
  const rule = messages.map((message) => RULE_CODES[message]).find(Boolean);
  return `errors.${rule ?? 'VALIDATION_FAILED'}`;
}

interface Options<TIn extends FieldValues, TOut> {
  section: SavedSection;
  /** the contract's section schema: it takes dates typed dd/mm/yyyy and answers YYYY-MM-DD */
  schema: z.ZodType<TOut, TIn>;
  /** the form's values from the record (dates shown dd/mm/yyyy) */
  defaults: (record: PersonRecord) => TIn;
  /** the PATCH path when it is not the section's own (the passport variant) */
  path?: (values: TOut) => string;
  /** the body from the checked values: fields hidden by a choice are cleared */
  toBody?: (values: TOut) => Record<string, unknown>;
  /** return false to hold the save (a confirmation is asked first) */
  beforeSave?: (values: TOut) => boolean;
}

/**
 * One section of the wizard: a react-hook-form form checked by the contract's schema,
 * saved by its own PATCH. On success the record and the state are refreshed and the form
 * is clean again; on failure everything typed stays, with the server's field messages.
 */
export function useSectionForm<TIn extends FieldValues, TOut>({ section, schema, defaults, path, toBody, beforeSave }: Options<TIn, TOut>) {
  const { t } = useTranslation();
  const { record, readOnly, reportDirty, markClosed } = useRegistration();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(schema),
    defaultValues: defaults(record) as DefaultValues<TIn>,
  });
  const { isDirty } = form.formState;

  useEffect(() => {
    reportDirty(section, isDirty && !readOnly);
  }, [section, isDirty, readOnly, reportDirty]);
  useEffect(() => () => reportDirty(section, false), [section, reportDirty]);

  const {
    submit,
    messageKey: problem,
    setMessageKey: setProblem,
  } = useFormSubmit(
    form,
    (values) => {
      if (beforeSave && !beforeSave(values)) return;
      mutation.mutate(values);
    },
    invalidKey,
  );
  const mutation = useMutation({
    mutationFn: (values: TOut) => {
      const body = toBody ? toBody(values) : (values as Record<string, unknown>);
      return saveSection(path ? path(values) : section, body);
    },
    onSuccess: async (saved) => {
      setProblem(null);
      storeRecord(queryClient, saved);
      form.reset(defaults(saved));
      notify('notify.saved', 'success');
      await queryClient.invalidateQueries({ queryKey: registrationKeys.state });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return; // the session-expired dialog says it
      if (isApiError(error) && error.code === 'REGISTRATION_CLOSED') markClosed();
      setProblem(saveErrorKey(error));
      if (!isApiError(error)) return;
      const known = new Set(Object.keys(defaults(record)));
      let first = true;
      for (const [field, key] of Object.entries(error.fields)) {
        if (!known.has(field.split('.')[0] ?? '')) continue;
        form.setError(field as Path<TIn>, { type: 'server', message: key }, { shouldFocus: first });
        first = false;
      }
    },
  });


  /** What every field of the section shares: bound to the form, off when read-only, full width, labelled `registration.fields.<name>` unless told. */
  const field = <N extends Path<TIn>>(name: N, id: string, label: string = t(`registration.fields.${name}`)) => ({
    control: form.control,
    name,
    id,
    label,
    disabled: readOnly,
    fullWidth: true,
  });

  return { form, control: form.control, field, submit, problem, saving: mutation.isPending, readOnly };
}

interface SectionFormProps {
  label: string;
  submit: (event?: FormEvent) => Promise<void>;
  problem: string | null;
  saving: boolean;
  readOnly: boolean;
  children: ReactNode;
}

/** The form of a section: its fields, the message of a refused save, and its own Save button. */
export function SectionForm({ label, submit, problem, saving, readOnly, children }: SectionFormProps) {
  const { t } = useTranslation();
  return (
    <StackedForm label={label} onSubmit={submit}>
      {children}
      <FormError message={problem ? t(problem) : null} />
      {readOnly ? null : (
        <Box>
          <SubmitButton disabled={saving}>{t('registration.save')}</SubmitButton>
        </Box>
      )}
    </StackedForm>
  );
}
