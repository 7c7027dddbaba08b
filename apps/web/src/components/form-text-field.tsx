import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../lib/form';
import { LIMITS } from '../lib/limits';

/** The props of a text field bound to react-hook-form: the field's name and the form's control instead of a value. */
export type BoundTextFieldProps<T extends FieldValues, TOut extends FieldValues = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  name: FieldPath<T>;
  control: Control<T, unknown, TOut>;
};

/**
 * The props that bind a MUI text field to a field of react-hook-form. Error messages are
 * translation keys (the contract's `validation.*`, or a server `fields` entry) and are
 * translated here; without one, the field shows `helperText`.
 */
export function useTextFieldBinding<T extends FieldValues, TOut extends FieldValues>(
  name: FieldPath<T>,
  control: Control<T, unknown, TOut>,
  helperText: ReactNode,
) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const message = fieldState.error?.message ? t(messageKey(fieldState.error.message), LIMITS) : undefined;
  return {
    field,
    /** the field's message, translated */
    message,
    props: {
      name: field.name,
      value: field.value ?? '',
      onChange: field.onChange,
      onBlur: field.onBlur,
      inputRef: field.ref,
      error: Boolean(fieldState.error),
      helperText: message ?? helperText,
    },
  };
}

/** A text field bound to react-hook-form, its error messages translated. */
export function FormTextField<T extends FieldValues, TOut extends FieldValues = T>({ name, control, helperText, ...props }: BoundTextFieldProps<T, TOut>) {
  const binding = useTextFieldBinding(name, control, helperText);
  return <TextField {...props} {...binding.props} />;
}
