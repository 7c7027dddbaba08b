import TextField from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTextFieldBinding, type BoundTextFieldProps } from './form-text-field';

/** Digits typed as a date become `dd/mm/yyyy` while typing: `12031999` → `12/03/1999`. */
export function maskDmy(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  let out = digits.slice(0, 2);
  if (digits.length > 2) out += `/${digits.slice(2, 4)}`;
  if (digits.length > 4) out += `/${digits.slice(4, 8)}`;
  return out;
}

type Props<T extends FieldValues, TOut extends FieldValues = T> = Omit<BoundTextFieldProps<T, TOut>, 'type'>;

/**
 * A date typed as dd/mm/yyyy in a plain text field (the form's schema turns it into
 * `YYYY-MM-DD` with the contract's `dmyDate`).
 */
export function DateField<T extends FieldValues, TOut extends FieldValues = T>({ name, control, helperText, slotProps, ...props }: Props<T, TOut>) {
  const { t } = useTranslation();
  const { field, props: bound } = useTextFieldBinding(name, control, helperText ?? t('common.dateFormat'));
  return (
    <TextField
      {...props}
      {...bound}
      onChange={(event) => field.onChange(maskDmy(event.target.value))}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', placeholder: t('common.datePlaceholder'), maxLength: 10 },
      }}
    />
  );
}
