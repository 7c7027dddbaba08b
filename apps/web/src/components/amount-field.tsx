import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../lib/form';
import { formatCurrency } from '../lib/format';

type Props<T extends FieldValues, TOut extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  name: FieldPath<T>;
  control: Control<T, unknown, TOut>;
};

/**
 * An amount in CFA francs: digits only while typing, written de-DE style under the field
 * (`150.000 FCFA`) so that a wrong number of zeros shows at once.
 */
export function AmountField<T extends FieldValues, TOut extends FieldValues = T>({ name, control, helperText, slotProps, ...props }: Props<T, TOut>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const value = field.value === null || field.value === undefined ? '' : String(field.value);
  const message = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={value}
      onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 12))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={message ? t(messageKey(message)) : value ? formatCurrency(Number(value)) : helperText}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric' },
        input: { endAdornment: <InputAdornment position="end">FCFA</InputAdornment> },
      }}
    />
  );
}
