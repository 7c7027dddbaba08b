import MenuItem from '@mui/material/MenuItem';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, type BoundTextFieldProps } from '../../components/form-text-field';

type SelectFieldProps<T extends FieldValues, TOut extends FieldValues> = Omit<BoundTextFieldProps<T, TOut>, 'select' | 'children'> & {
  options: readonly string[];
  /** the words of a value; the value itself by default */
  optionLabel?: (value: string) => string;
  /** a first choice "Not specified" (the empty value) */
  none?: boolean;
};

/** A choice among values, with "Not specified" (the empty value) first when the field may stay empty. */
export function SelectField<T extends FieldValues, TOut extends FieldValues = T>({ options, optionLabel, none, ...props }: SelectFieldProps<T, TOut>) {
  const { t } = useTranslation();
  return (
    <FormTextField select {...props}>
      {none ? <MenuItem value="">{t('registration.none')}</MenuItem> : null}
      {options.map((value) => (
        <MenuItem key={value} value={value}>
          {optionLabel ? optionLabel(value) : value}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
