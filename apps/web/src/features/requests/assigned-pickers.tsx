import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { RequestBody } from '@portal/contract';
import type { ContactObject } from '@portal/contract/rules';
import { useEffect } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useTextFieldBinding } from '../../components/form-text-field';
import { errorKey } from '../../lib/api';
import { inLanguage } from '../../lib/names';
import type { RequestFormValues } from './request-form-values';
import { useAssignedClasses, useAssignedSchools, useAssignedSubjects } from './requests-api';

type FormControl = Control<RequestFormValues, unknown, RequestBody>;

interface PickerProps {
  name: 'school' | 'CLASS_ID' | 'SUBJECT_ID';
  control: FormControl;
  label: string;
  required: boolean;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  /** called after the choice changed (the pickers below it are emptied) */
  onPicked?: () => void;
}

/** A choice among options bound to the form (the school, the class, the subject); a value not among them shows empty. */
export function Picker({ name, control, label, required, options, disabled, onPicked }: PickerProps) {
  const { props } = useTextFieldBinding(name, control, undefined);
  // a value not (or not yet) among the options shows empty rather than a warning
  const value = options.some((option) => option.value === props.value) ? props.value : '';
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => {
        props.onChange(event);
        onPicked?.();
      }}
      id={`request-${name}`}
      select
      fullWidth
      label={label}
      required={required}
      disabled={disabled}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** When there is a single choice and nothing is chosen yet, it is taken at once (`dirty`: the form counts it as a change). */
function useSingleChoice(
  setValue: UseFormSetValue<RequestFormValues>,
  name: PickerProps['name'],
  chosen: string,
  values: readonly string[] | undefined,
  dirty: boolean,
) {
  const only = values?.length === 1 ? values[0] : undefined;
  useEffect(() => {
    if (only !== undefined && !chosen) setValue(name, only, dirty ? { shouldDirty: true } : undefined);
  }, [only, chosen, name, dirty, setValue]);
}

/** "Class absent for request" / "Subject absent for request", with the way to tell the support (the contact form, its object chosen). */
function Absent({ object }: { object: Extract<ContactObject, 'CLASS_ABSENT' | 'SUBJECT_ABSENT'> }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button component={RouterLink} to={`/contact?object=${object}`} color="inherit" size="small">
          {t('requests.form.tellSupport')}
        </Button>
      }
    >
      {t(object === 'CLASS_ABSENT' ? 'requests.form.classAbsent' : 'requests.form.subjectAbsent')}
    </Alert>
  );
}

/**
 * The class and the subject a request is about, among those assigned to the lecturer: the school
 * (branch), then its classes, then the class's subjects. A single choice is taken at once. When
 * nothing is assigned, the page says so ("Class absent for request", "Subject absent for request")
 * and leads to the contact form.
 */
export function AssignedPickers({
  person,
  control,
  setValue,
  required,
}: {
  person: number;
  control: FormControl;
  setValue: UseFormSetValue<RequestFormValues>;
  required: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [school, classText] = useWatch({ control, name: ['school', 'CLASS_ID'] });
  const classId = /^\d+$/.test(classText) ? Number(classText) : null;
  const schools = useAssignedSchools(person, true);
  const classes = useAssignedClasses(person, school);
  const subjects = useAssignedSubjects(person, classId);

  // One school, class or subject: it is the one.
  useSingleChoice(
    setValue,
    'school',
    school,
    schools.data?.map((item) => item.BRANCH_ABREVIATION),
    false,
  );
  useSingleChoice(
    setValue,
    'CLASS_ID',
    classText,
    classes.data?.map((item) => String(item.CLASS_ID)),
    true,
  );
  const subjectText = useWatch({ control, name: 'SUBJECT_ID' });
  useSingleChoice(
    setValue,
    'SUBJECT_ID',
    subjectText,
    subjects.data?.map((item) => String(item.SUBJECT_ID)),
    true,
  );

  const failed = schools.error ?? classes.error ?? subjects.error;
  const noClass = schools.data?.length === 0 || classes.data?.length === 0;
  const noSubject = !noClass && subjects.data?.length === 0;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Picker
          name="school"
          control={control}
          label={t('requests.form.school')}
          required={required}
          disabled={!schools.data || schools.data.length === 0}
          options={(schools.data ?? []).map((item) => ({
            value: item.BRANCH_ABREVIATION,
            label: `${item.BRANCH_ABREVIATION} – ${inLanguage(i18n.language, item.name, item.nameFr)}`,
          }))}
          onPicked={() => {
            setValue('CLASS_ID', '', { shouldDirty: true });
            setValue('SUBJECT_ID', '', { shouldDirty: true });
          }}
        />
      </Box>
      <Picker
        name="CLASS_ID"
        control={control}
        label={t('requests.field.CLASS_ID')}
        required={required}
        disabled={!classes.data || classes.data.length === 0}
        options={(classes.data ?? []).map((item) => ({ value: String(item.CLASS_ID), label: `${item.code} · ${t(`requests.form.shift.${item.shift}`)}` }))}
        onPicked={() => setValue('SUBJECT_ID', '', { shouldDirty: true })}
      />
      <Picker
        name="SUBJECT_ID"
        control={control}
        label={t('requests.field.SUBJECT_ID')}
        required={required}
        disabled={!subjects.data || subjects.data.length === 0}
        options={(subjects.data ?? []).map((item) => ({
          value: String(item.SUBJECT_ID),
          label: `${item.code} – ${inLanguage(i18n.language, item.name, item.nameFr)}`,
        }))}
      />
      {failed ? (
        <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
          {t(errorKey(failed))}
        </Alert>
      ) : null}
      {noClass ? (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Absent object="CLASS_ABSENT" />
        </Box>
      ) : null}
      {noSubject ? (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Absent object="SUBJECT_ABSENT" />
        </Box>
      ) : null}
    </Box>
  );
}
