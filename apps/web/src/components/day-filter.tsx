import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dmyToIso, isoToDmy } from '@portal/contract/rules';
import { maskDmy } from './date-field';

/**
 * A day filter typed dd/mm/yyyy: the filter follows once it is a real date (and, for the end,
 * not before the start). An optional filter is lifted when emptied; a required one keeps its
 * last day.
 */
export function DayFilter({
  id,
  label,
  value,
  min,
  optional,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  optional?: boolean;
  onChange: (iso: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(isoToDmy(value));
  const [seen, setSeen] = useState(value);
  // The day changed from elsewhere (Back, a link): show it.
  if (value !== seen) {
    setSeen(value);
    setText(isoToDmy(value));
  }
  const iso = dmyToIso(text);
  const problem = text.length === 10 && !iso ? 'validation.date' : iso && min && iso < min ? 'validation.endBeforeStart' : null;
  return (
    <TextField
      id={id}
      size="small"
      label={label}
      value={text}
      error={problem !== null}
      helperText={t(problem ?? 'common.dateFormat')}
      onChange={(event) => {
        const next = maskDmy(event.target.value);
        setText(next);
        const day = next === '' && optional ? '' : dmyToIso(next);
        if (day === '' || (day && !(min && day < min))) {
          setSeen(day);
          onChange(day);
        }
      }}
      slotProps={{ htmlInput: { inputMode: 'numeric', placeholder: t('common.datePlaceholder'), maxLength: 10 } }}
      sx={{ flex: '1 1 150px' }}
    />
  );
}
