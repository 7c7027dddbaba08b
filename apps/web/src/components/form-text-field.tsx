import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../lib/form';
import { LIMITS } from '../lib/limits';

type Props<T extends FieldValues, TOut extends FieldValues = T> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  name: FieldPath<T>;
  control: Control<T, unknown, TOut>;
};

/**
 * A text field bound to react-hook-form. Error messages are translation keys (the
 * contract's `validation.*`, or a server `fields` entry) and are translated here.
 */
export function FormTextField<T extends FieldValues, TOut extends FieldValues = T>({ name, control, helperText, ...props }: Props<T, TOut>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={message ? t(messageKey(message), LIMITS) : helperText}
    />
  );
}
