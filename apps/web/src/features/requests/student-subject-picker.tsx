import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { RequestBody } from '@portal/contract';
import { useEffect } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api';
import { inLanguage } from '../../lib/names';
import { Picker } from './assigned-pickers';
import type { RequestFormValues } from './request-form-values';
import { useStudentSubjects } from './requests-api';

type FormControl = Control<RequestFormValues, unknown, RequestBody>;

/**
 * What a student's request is about (decision 41): their own class, shown and not chosen, and a
 * subject among their class's and their optional ones. The class is set in the form (a draft naming
 * another is corrected); without one on their file, the page says so.
 */
export function StudentSubjectPicker({
  control,
  setValue,
  required,
}: {
  control: FormControl;
  setValue: UseFormSetValue<RequestFormValues>;
  required: boolean;
}) {
  const { t, i18n } = useTranslation();
  const answer = useStudentSubjects(true);
  const chosenClass = useWatch({ control, name: 'CLASS_ID' });
  const klass = answer.data?.class ?? null;
  const own = klass ? String(klass.CLASS_ID) : '';

  // The class is the student's: keep it in the form's values (what the checks and the filing read).
  useEffect(() => {
    if (answer.data && chosenClass !== own) setValue('CLASS_ID', own);
  }, [answer.data, chosenClass, own, setValue]);

  const subjects = answer.data?.subjects ?? [];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      <TextField
        id="request-own-class"
        label={t('requests.form.ownClass')}
        value={klass ? `${klass.code} · ${t(`requests.form.shift.${klass.shift}`)}` : ''}
        helperText={t('requests.form.ownClassHelp')}
        fullWidth
        slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
      />
      <Picker
        name="SUBJECT_ID"
        control={control}
        label={t('requests.field.SUBJECT_ID')}
        required={required}
        disabled={subjects.length === 0}
        options={subjects.map((item) => ({
          value: String(item.SUBJECT_ID),
          label: `${item.code} – ${inLanguage(i18n.language, item.name, item.nameFr)}${item.optional ? ` (${t('requests.form.optionalSubject')})` : ''}`,
        }))}
      />
      {answer.error ? (
        <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
          {t(errorKey(answer.error))}
        </Alert>
      ) : null}
      {answer.data && !klass ? (
        <Alert severity="warning" role="alert" sx={{ gridColumn: '1 / -1' }}>
          {t('requests.form.noOwnClass')}
        </Alert>
      ) : null}
      {answer.data && klass && subjects.length === 0 ? (
        <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
          {t('requests.form.noOwnSubject')}
        </Alert>
      ) : null}
    </Box>
  );
}
