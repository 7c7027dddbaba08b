import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../lib/form';
import { LIMITS } from '../lib/limits';

/** Digits typed as a date become `dd/mm/yyyy` while typing: `12031999` → `12/03/1999`. */
export function maskDmy(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  let out = digits.slice(0, 2);
  if (digits.length > 2) out += `/${digits.slice(2, 4)}`;
  if (digits.length > 4) out += `/${digits.slice(4, 8)}`;
  return out;
}

type Props<T extends FieldValues, TOut extends FieldValues = T> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'type'> & {
  name: FieldPath<T>;
  control: Control<T, unknown, TOut>;
};

/**
 * A date typed as dd/mm/yyyy in a plain text field (the form's schema turns it into
 * `YYYY-MM-DD` with the contract's `dmyDate`).
 */
export function DateField<T extends FieldValues, TOut extends FieldValues = T>({ name, control, helperText, slotProps, ...props }: Props<T, TOut>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(maskDmy(event.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={message ? t(messageKey(message), LIMITS) : (helperText ?? t('common.dateFormat'))}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', placeholder: t('common.datePlaceholder'), maxLength: 10 },
      }}
    />
  );
}
