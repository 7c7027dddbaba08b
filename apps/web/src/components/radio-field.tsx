import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../lib/form';

export interface RadioOption<V> {
  value: V;
  label: string;
}

interface Props<T extends FieldValues, TOut extends FieldValues, V> {
  name: FieldPath<T>;
  control: Control<T, unknown, TOut>;
  label: string;
  options: readonly RadioOption<V>[];
  disabled?: boolean;
  required?: boolean;
  row?: boolean;
  helperText?: string;
}

/**
 * One choice among a few, as radio buttons in a labelled group. Values may be strings or
 * booleans (a yes/no question); nothing chosen is `null`, and "required" reads as such.
 */
export function RadioField<T extends FieldValues, TOut extends FieldValues = T, V extends string | boolean = string>({
  name,
  control,
  label,
  options,
  disabled,
  required,
  row = true,
  helperText,
}: Props<T, TOut, V>) {
  const { t } = useTranslation();
  const labelId = useId();
  const { field, fieldState } = useController({ name, control });
  const empty = field.value === null || field.value === undefined || field.value === '';
  const message = fieldState.error?.message;
  const text = message ? t(empty ? 'validation.required' : messageKey(message)) : helperText;
  return (
    <FormControl error={Boolean(fieldState.error)} disabled={disabled} required={required}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        row={row}
        aria-labelledby={labelId}
        name={field.name}
        value={empty ? '' : String(field.value)}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value);
          field.onChange(chosen ? chosen.value : null);
        }}
        onBlur={field.onBlur}
      >
        {options.map((option) => (
          <FormControlLabel key={String(option.value)} value={String(option.value)} control={<Radio />} label={option.label} />
        ))}
      </RadioGroup>
      {text ? <FormHelperText>{text}</FormHelperText> : null}
    </FormControl>
  );
}
