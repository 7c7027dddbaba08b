import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PHONE_CODES } from '@portal/contract/rules';
import { FormTextField } from './form-text-field';

interface Props<T extends FieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  /** the calling code's field (`+237`) */
  codeName: FieldPath<T>;
  /** the national number's field */
  numberName: FieldPath<T>;
  label: string;
  id: string;
  disabled?: boolean;
  required?: boolean;
}

/** A phone number: the country calling code (Cameroon first) and the national number. */
export function PhoneField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  codeName,
  numberName,
  label,
  id,
  disabled,
  required,
}: Props<T, TOut>) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '110px 1fr', gap: 1, alignItems: 'start' }}>
      <FormTextField control={control} name={codeName} id={`${id}-code`} label={t('common.phoneCode')} select disabled={disabled}>
        {PHONE_CODES.map((code) => (
          <MenuItem key={code} value={code}>
            {code}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name={numberName}
        id={id}
        label={label}
        type="tel"
        autoComplete="tel-national"
        disabled={disabled}
        required={required}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }}
      />
    </Box>
  );
}
