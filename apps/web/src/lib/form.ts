import { useState } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api';

/**
 * The translation key of a field message: the contract's keys (`validation.*`) and error
 * codes (`errors.*`) as they are; anything else (a library's English text) reads as invalid.
 */
export function messageKey(message: string): string {
  return /^(validation|errors)\.[\w.-]+$/.test(message) ? message : 'validation.invalid';
}

/**
 * Puts the server's `fields` (path → `validation.*` key) on the form fields that exist.
 * Returns true when at least one field got a message.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
  rename: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const [path, key] of Object.entries(error.fields)) {
    const target = rename[path] ?? (known as readonly string[]).find((name) => name === path);
    if (!target) continue;
    setError(target as Path<T>, { type: 'server', message: key });
    applied = true;
  }
  return applied;
}

/**
 * The submit of a form and the message shown over its button (a translation key): none while
 * the checked values go to `send`, `invalid` (a key, or a key from the errors) when the form
 * does not pass its checks. The send's own failure sets the message with `setMessageKey`.
 */
export function useFormSubmit<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  send: (values: TOut) => void,
  invalid: string | null | ((errors: FieldErrors<TIn>) => string | null),
) {
  const [messageKey, setMessageKey] = useState<string | null>(null);
  const submit = form.handleSubmit(
    (values) => {
      setMessageKey(null);
      send(values);
    },
    (errors) => setMessageKey(typeof invalid === 'function' ? invalid(errors) : invalid),
  );
  return { submit, messageKey, setMessageKey };
}
