// One section of a person's file, saved on its own (the staff registration's steps, the student's
// file): a react-hook-form form resolved by the contract's schema of that section, sent by its own
// PATCH. On success the saved answer is stored and the form is clean again; on failure everything
// typed stays, with the server's field messages on their fields and a message over Save.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { RULE_CODES } from '@portal/contract/rules';
import { useNotify } from './notify';
import { errorKey, isApiError } from '../lib/api';
import { useFormSubmit } from '../lib/form';

/** The message of a refused save: a code of `codes` has one of its own; anything else reads 'An error has occured during saving'. */
export function sectionSaveErrorKey(error: unknown, codes: ReadonlySet<string>): string {
  return isApiError(error) && codes.has(error.code) ? errorKey(error) : 'errors.SAVE_FAILED';
}

/** The rule a client-side check stands for ('Fill your living town and precinct to continue'), else the generic message. */
export function sectionInvalidKey(errors: FieldErrors): string {
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

export interface SectionSaveOptions<K, TIn extends FieldValues, TOut, TSaved> {
  /** the section's name, as the page keeps which sections have changes not saved */
  section: K;
  /** the contract's section schema: it takes what is typed and answers the body's values */
  schema: z.ZodType<TOut, TIn>;
  /** the form's values now */
  defaults: TIn;
  /** the form's values from the saved answer (the form is reset to them) */
  valuesOf: (saved: TSaved) => TIn;
  /** the PATCH of the section */
  save: (values: TOut) => Promise<TSaved>;
  /** keeps the answer where the page reads it (before the form is reset) */
  store: (saved: TSaved) => void;
  /** what is read again once saved (the state of the whole file) */
  refresh?: () => Promise<unknown>;
  /** the codes whose message is shown as it is */
  saveCodes: ReadonlySet<string>;
  /** whether a path the server names is a field of this form */
  isField: (path: string) => boolean;
  /** tells the page the section has (or no longer has) changes not saved */
  reportDirty: (section: K, dirty: boolean) => void;
  /** nothing can be changed: the section never counts as changed */
  readOnly?: boolean;
  /** a refused save, beyond its message (a registration closed meanwhile) */
  onRefused?: (error: unknown) => void;
  /** return false to hold the save (a confirmation is asked first) */
  beforeSave?: (values: TOut) => boolean;
}

/** A section's form, its submit (checked, then saved), the message of a refusal and whether it is saving. */
export function useSectionSave<K, TIn extends FieldValues, TOut, TSaved>(options: SectionSaveOptions<K, TIn, TOut, TSaved>) {
  const { section, schema, defaults, valuesOf, save, store, refresh, saveCodes, isField, reportDirty, readOnly = false, onRefused, beforeSave } = options;
  const notify = useNotify();
  const form = useForm<TIn, unknown, TOut>({ resolver: zodResolver(schema), defaultValues: defaults as DefaultValues<TIn> });
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
    sectionInvalidKey,
  );
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async (saved) => {
      setProblem(null);
      store(saved);
      form.reset(valuesOf(saved));
      notify('notify.saved', 'success');
      await refresh?.();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return; // the session-expired dialog says it
      onRefused?.(error);
      setProblem(sectionSaveErrorKey(error, saveCodes));
      if (!isApiError(error)) return;
      let first = true;
      for (const [field, key] of Object.entries(error.fields)) {
        if (!isField(field)) continue;
        form.setError(field as Path<TIn>, { type: 'server', message: key }, { shouldFocus: first });
        first = false;
      }
    },
  });

  return { form, control: form.control, submit, problem, saving: mutation.isPending };
}
