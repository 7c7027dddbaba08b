import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface Props<T extends FieldValues, TOut extends FieldValues> {
  name: FieldPath<T>;
  control: Control<T, unknown, TOut>;
  label: ReactNode;
  disabled?: boolean;
  /** called after the value changed (a dialog to open, a field to clear) */
  onChecked?: (checked: boolean) => void;
}

/** A yes/no box bound to react-hook-form: the value is `true` or `false`. */
export function CheckboxField<T extends FieldValues, TOut extends FieldValues = T>({ name, control, label, disabled, onChecked }: Props<T, TOut>) {
  const { field } = useController({ name, control });
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={
        <Checkbox
          name={field.name}
          checked={field.value === true}
          onChange={(event) => {
            field.onChange(event.target.checked);
            onChecked?.(event.target.checked);
          }}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
        />
      }
    />
  );
}
