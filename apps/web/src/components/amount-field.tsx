import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import { formatCurrency } from '../lib/format';
import { useTextFieldBinding, type BoundTextFieldProps } from './form-text-field';

/**
 * An amount in CFA francs: digits only while typing, written de-DE style under the field
 * (`150.000 FCFA`) so that a wrong number of zeros shows at once.
 */
export function AmountField<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  helperText,
  slotProps,
  ...props
}: BoundTextFieldProps<T, TOut>) {
  const { field, message, props: bound } = useTextFieldBinding(name, control, helperText);
  const value = field.value === null || field.value === undefined ? '' : String(field.value);
  return (
    <TextField
      {...props}
      {...bound}
      value={value}
      onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 12))}
      helperText={message ?? (value ? formatCurrency(Number(value)) : helperText)}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric' },
        input: { endAdornment: <InputAdornment position="end">FCFA</InputAdornment> },
      }}
    />
  );
}
