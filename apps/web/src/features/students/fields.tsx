import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, type BoundTextFieldProps } from '../../components/form-text-field';
import { messageKey } from '../../lib/form';
import { LIMITS } from '../../lib/limits';

type SelectProps<T extends FieldValues> = Omit<BoundTextFieldProps<T>, 'select' | 'children'> & {
  options: readonly string[];
  /** the words of a value */
  optionLabel: (value: string) => string;
  /** a first choice "None" (the empty value), when the field may stay empty */
  none?: boolean;
};

/** A choice among values, named in the reader's language. */
export function SelectField<T extends FieldValues>({ options, optionLabel, none, ...props }: SelectProps<T>) {
  const { t } = useTranslation();
  return (
    <FormTextField select fullWidth {...props}>
      {none ? <MenuItem value="">{t('studentFile.none')}</MenuItem> : null}
      {options.map((value) => (
        <MenuItem key={value} value={value}>
          {optionLabel(value)}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

interface BoundProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: string;
  disabled?: boolean;
}

/** Several choices among values (the other languages), each named in the reader's language. */
export function MultiSelectField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  disabled,
  options,
  optionLabel,
  helperText,
}: BoundProps<T> & { options: readonly string[]; optionLabel: (value: string) => string; helperText?: string }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const values: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const message = fieldState.error?.message;
  return (
    <TextField
      id={id}
      label={label}
      select
      fullWidth
      disabled={disabled}
      name={field.name}
      value={values}
      onChange={(event) => {
        const next = event.target.value as unknown;
        field.onChange(typeof next === 'string' ? next.split(',') : next);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={message ? t(messageKey(message), LIMITS) : helperText}
      slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as string[]).map(optionLabel).join(', ') } }}
    >
      {options.map((value) => (
        <MenuItem key={value} value={value}>
          {optionLabel(value)}
        </MenuItem>
      ))}
    </TextField>
  );
}
