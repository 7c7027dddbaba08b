import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useController, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LessonChange, LessonInput, type CatalogueClass, type CatalogueSubject, type LessonConflict, type PlannedLesson } from '@portal/contract';
import { CHOICE_CATEGORIES, isoToDmy, LESSON_REPEAT_MAX_WEEKS, LESSON_SLOTS } from '@portal/contract/rules';
import { DateField } from '../../../components/date-field';
import { FormDialog } from '../../../components/form-dialog-frame';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/notify';
import { errorKey, isApiError } from '../../../lib/api';
import { applyFieldErrors, messageKey } from '../../../lib/form';
import { toIsoDay } from '../../../lib/contract-resolver';
import { contractResolver, toId } from './form-resolver';
import { conflictText, partLabel, subjectLabel, timeRange } from './labels';
import { changeLesson, lecturerLabel, planLesson, planningKeys, useAssignedLecturers, useSubjectSearch } from './planning-api';

interface Values {
  /** the class whose subjects are searched (the lesson's class is its subject's) */
  CLASS_ID: string;
  SUBJECT_ID: string;
  PART: string;
  LECTURER_ID: string;
  LESSON_DATE: string;
  BEGIN_TIME: string;
  END_TIME: string;
  ROOM: string;
  BUILDING: string;
  CAMPUS: string;
  REPEAT_UNTIL: string;
}

/** What the form sends: a new lesson (with its repetition) or a change. */
type Body = z.output<typeof LessonInput>;

const FIELDS: readonly Path<Values>[] = [
  'SUBJECT_ID',
  'PART',
  'LECTURER_ID',
  'LESSON_DATE',
  'BEGIN_TIME',
  'END_TIME',
  'ROOM',
  'BUILDING',
  'CAMPUS',
  'REPEAT_UNTIL',
];

/** A subject the form may plan: the catalogue's, or the lesson's own when it is changed. */
interface SubjectOption {
  id: number;
  code: string;
  name: string;
  nameFr: string;
  classId: number;
  classCode: string;
  /** its volume per part, when known */
  hours: Record<string, number> | null;
}

const fromCatalogue = (subject: CatalogueSubject): SubjectOption => ({
  id: subject.id,
  code: subject.CODE,
  name: subject.NAME,
  nameFr: subject.NAME_FR,
  classId: subject.CLASS_ID,
  classCode: subject.CLASS_CODE,
  hours: { CM: subject.HOURS_CM, TD: subject.HOURS_TD, TP: subject.HOURS_TP },
});

const fromLesson = (lesson: PlannedLesson): SubjectOption => ({ ...lesson.subject, classId: lesson.class.id, classCode: lesson.class.code, hours: null });

const toInput = (values: Values, repeat: boolean) => ({
  SUBJECT_ID: toId(values.SUBJECT_ID),
  PART: values.PART || undefined,
  LECTURER_ID: toId(values.LECTURER_ID),
  LESSON_DATE: toIsoDay(values.LESSON_DATE),
  BEGIN_TIME: values.BEGIN_TIME.trim() || undefined,
  END_TIME: values.END_TIME.trim() || undefined,
  ROOM: values.ROOM,
  BUILDING: values.BUILDING,
  CAMPUS: values.CAMPUS,
  ...(repeat ? { REPEAT_UNTIL: toIsoDay(values.REPEAT_UNTIL) ?? null } : {}),
});

function defaultsOf(lesson: PlannedLesson | null, classId: number | '', date: string): Values {
  if (!lesson) {
    return {
      CLASS_ID: String(classId),
      SUBJECT_ID: '',
      PART: '',
      LECTURER_ID: '',
      LESSON_DATE: isoToDmy(date),
      BEGIN_TIME: '',
      END_TIME: '',
      ROOM: '',
      BUILDING: '',
      CAMPUS: '',
      REPEAT_UNTIL: '',
    };
  }
  return {
    CLASS_ID: String(lesson.class.id),
    SUBJECT_ID: String(lesson.subject.id),
    PART: lesson.part,
    LECTURER_ID: String(lesson.lecturer.id),
    LESSON_DATE: isoToDmy(lesson.date),
    BEGIN_TIME: lesson.begin,
    END_TIME: lesson.end,
    ROOM: lesson.room ?? '',
    BUILDING: lesson.building ?? '',
    CAMPUS: lesson.campus ?? '',
    REPEAT_UNTIL: '',
  };
}

/** A value that follows another after a pause (the search follows the typing). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface Props {
  /** null: a new lesson */
  lesson: PlannedLesson | null;
  classes: readonly CatalogueClass[];
  /** the class the page shows, searched first for a new lesson */
  classId: number | '';
  /** the day a new lesson starts on (the week's Monday) */
  date: string;
  onClose: () => void;
}

/**
 * Plans a lesson (once, or every week until a date) or changes a pending one. The subject is
 * searched among a class's subjects, the lecturer chosen among those assigned to its part; a
 * conflict names the other lesson and keeps what was typed.
 */
export default function LessonDialog({ lesson, classes, classId, date, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const creating = lesson === null;
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<LessonConflict | null>(null);
  const form = useForm<Values, unknown, Body>({
    defaultValues: defaultsOf(lesson, classId, date),
    resolver: creating
      ? contractResolver<typeof LessonInput, Values>(LessonInput, (values) => toInput(values, true), ['ROOM', 'BUILDING', 'CAMPUS', 'REPEAT_UNTIL'])
      : (contractResolver<typeof LessonChange, Values>(LessonChange, (values) => toInput(values, false), ['ROOM', 'BUILDING', 'CAMPUS']) as never),
  });
  const { control, setValue } = form;
  const [searchClass, part, begin, end] = useWatch({ control, name: ['CLASS_ID', 'PART', 'BEGIN_TIME', 'END_TIME'] });

  // The subject: searched as typed, among the chosen class's subjects.
  const subjectField = useController({ name: 'SUBJECT_ID', control });
  const [subject, setSubject] = useState<SubjectOption | null>(lesson ? fromLesson(lesson) : null);
  const [typed, setTyped] = useState(subject ? subjectLabel(subject, language) : '');
  const search = useDebounced(subject && typed === subjectLabel(subject, language) ? '' : typed.trim(), 300);
  const subjects = useSubjectSearch(searchClass ? Number(searchClass) : '', search);
  const found = (subjects.data?.rows ?? []).map(fromCatalogue);
  const options = subject && !found.some((option) => option.id === subject.id) ? [subject, ...found] : found;
  const shown = subject ? (found.find((option) => option.id === subject.id) ?? subject) : null;

  // The lecturer: one of those assigned to the subject's part.
  const assigned = useAssignedLecturers(subject, part);
  const lecturers = [...(assigned.lecturers ?? [])];
  if (lesson && subject?.id === lesson.subject.id && part === lesson.part && !lecturers.some((lecturer) => lecturer.id === lesson.lecturer.id))
    lecturers.unshift(lesson.lecturer);
  const lecturerId = useWatch({ control, name: 'LECTURER_ID' });
  /** the ids of the lecturers offered (null while they are being read), as one value the effect can follow */
  const offered = assigned.lecturers === null ? null : lecturers.map((lecturer) => `,${lecturer.id},`).join('');
  useEffect(() => {
    // a lecturer not assigned to the part now chosen is no longer a choice
    if (lecturerId && offered !== null && !offered.includes(`,${lecturerId},`)) setValue('LECTURER_ID', '');
  }, [lecturerId, offered, setValue]);
  useEffect(() => {
    // another class: its subjects, not the one chosen before
    if (subject && searchClass && Number(searchClass) !== subject.classId) {
      setSubject(null);
      setTyped('');
      setValue('SUBJECT_ID', '');
    }
  }, [searchClass, subject, setValue]);
  const lecturerHelp =
    !subject || !part
      ? t('planning.form.lecturerFirst')
      : assigned.lecturers === null
        ? t('planning.form.lecturersLoading')
        : lecturers.length === 0
          ? t('planning.form.noLecturer')
          : t('planning.form.lecturerHelp');

  const mutation = useMutation({
    /** answers how many lessons were saved (a repeated lesson is one a week) */
    mutationFn: async (body: Body): Promise<number> => {
      if (!lesson) return (await planLesson(body)).lessons.length;
      await changeLesson(lesson.id, body);
      return 1;
    },
    onSuccess: async (count) => {
      await queryClient.invalidateQueries({ queryKey: planningKeys.all });
      notify(creating ? 'planning.notify.planned' : 'planning.notify.saved', 'success', { count });
      onClose();
    },
    onError: (error) => {
      applyFieldErrors(error, form.setError, FIELDS);
      if (isApiError(error) && error.code === 'LESSON_CONFLICT' && error.conflict) {
        setConflict(error.conflict);
        return;
      }
      if (isApiError(error) && error.code === 'LESSON_NOT_ASSIGNED')
        form.setError('LECTURER_ID', { type: 'server', message: 'errors.LESSON_NOT_ASSIGNED' }, { shouldFocus: true });
      setMessage(errorKey(error));
    },
  });
  const submit = form.handleSubmit((values) => {
    setMessage(null);
    setConflict(null);
    mutation.mutate(values);
  });

  const setTimes = (from: string, to: string) => {
    const validate = form.formState.isSubmitted;
    setValue('BEGIN_TIME', from, { shouldValidate: validate, shouldDirty: true });
    setValue('END_TIME', to, { shouldValidate: validate, shouldDirty: true });
  };
  const subjectMessage = subjectField.fieldState.error?.message;
  const volume = (name: string) =>
    subject?.hours ? t('planning.form.partHours', { name: partLabel(t, name), count: subject.hours[name] ?? 0 }) : partLabel(t, name);

  return (
    <FormDialog
      title={t(creating ? 'planning.form.addTitle' : 'planning.form.editTitle')}
      pending={mutation.isPending}
      message={message}
      submitLabel={t(creating ? 'planning.form.add' : 'planning.form.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="CLASS_ID"
            id="planning-lesson-class"
            label={t('planning.form.class')}
            select
            fullWidth
            size="small"
            helperText={t('planning.form.classHelp')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('planning.filters.allClasses')}</MenuItem>
            {classes.map((item) => (
              <MenuItem key={item.id} value={String(item.id)}>
                {item.CODE}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <Autocomplete
            id="planning-lesson-subject"
            options={options}
            value={shown}
            inputValue={typed}
            filterOptions={(all) => all}
            loading={subjects.isFetching}
            loadingText={t('common.loading')}
            noOptionsText={t('planning.form.noSubject')}
            getOptionLabel={(option) => subjectLabel(option, language)}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props}>
                {`${subjectLabel(option, language)} (${option.classCode})`}
              </li>
            )}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onInputChange={(_event, value) => setTyped(value)}
            onChange={(_event, option) => {
              setSubject(option);
              subjectField.field.onChange(option ? String(option.id) : '');
              if (option) setValue('CLASS_ID', String(option.classId));
              setValue('LECTURER_ID', '');
            }}
            onBlur={subjectField.field.onBlur}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('planning.form.subject')}
                required
                size="small"
                name={subjectField.field.name}
                inputRef={subjectField.field.ref}
                error={Boolean(subjectMessage)}
                helperText={
                  subjectMessage
                    ? t(messageKey(subjectMessage))
                    : subject
                      ? t('planning.form.subjectOf', { name: subject.classCode })
                      : t('planning.form.subjectHelp')
                }
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="PART" id="planning-lesson-part" label={t('planning.form.part')} select required fullWidth size="small">
            {CHOICE_CATEGORIES.map((name) => (
              <MenuItem key={name} value={name}>
                {volume(name)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormTextField
            control={control}
            name="LECTURER_ID"
            id="planning-lesson-lecturer"
            label={t('planning.form.lecturer')}
            select
            required
            fullWidth
            size="small"
            disabled={lecturers.length === 0}
            helperText={lecturerHelp}
          >
            {lecturers.map((lecturer) => (
              <MenuItem key={lecturer.id} value={String(lecturer.id)}>
                {lecturerLabel(lecturer)}
              </MenuItem>
            ))}
          </FormTextField>
          {assigned.error ? (
            <Typography variant="caption" role="alert" sx={{ color: 'error.main' }}>
              {t(errorKey(assigned.error))}
            </Typography>
          ) : null}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <DateField control={control} name="LESSON_DATE" id="planning-lesson-date" label={t('planning.form.date')} required fullWidth size="small" />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <FormTextField
            control={control}
            name="BEGIN_TIME"
            id="planning-lesson-begin"
            label={t('planning.form.begin')}
            required
            fullWidth
            size="small"
            helperText={t('planning.form.timeFormat')}
            slotProps={{ htmlInput: { inputMode: 'numeric', placeholder: '08:00', maxLength: 5 } }}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <FormTextField
            control={control}
            name="END_TIME"
            id="planning-lesson-end"
            label={t('planning.form.end')}
            required
            fullWidth
            size="small"
            helperText={t('planning.form.timeFormat')}
            slotProps={{ htmlInput: { inputMode: 'numeric', placeholder: '09:50', maxLength: 5 } }}
          />
        </Grid>
        <Grid size={12}>
          <Box role="group" aria-label={t('planning.form.slots')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary', mr: 1 }}>
              {t('planning.form.slots')}
            </Typography>
            {LESSON_SLOTS.map((slot) => {
              const chosen = slot.start === begin && slot.end === end;
              return (
                <Button
                  key={slot.start}
                  size="small"
                  variant={chosen ? 'contained' : 'outlined'}
                  aria-pressed={chosen}
                  onClick={() => setTimes(slot.start, slot.end)}
                >
                  {timeRange(slot.start, slot.end)}
                </Button>
              );
            })}
          </Box>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="ROOM" id="planning-lesson-room" label={t('planning.form.room')} fullWidth size="small" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="BUILDING" id="planning-lesson-building" label={t('planning.form.building')} fullWidth size="small" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="CAMPUS" id="planning-lesson-campus" label={t('planning.form.campus')} fullWidth size="small" />
        </Grid>
        {creating ? (
          <Grid size={{ xs: 12, sm: 6 }}>
            <DateField
              control={control}
              name="REPEAT_UNTIL"
              id="planning-lesson-repeat"
              label={t('planning.form.repeatUntil')}
              fullWidth
              size="small"
              helperText={t('planning.form.repeatHelp', { count: LESSON_REPEAT_MAX_WEEKS })}
            />
          </Grid>
        ) : null}
      </Grid>
      {conflict ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          <AlertTitle>{t('planning.conflict.title')}</AlertTitle>
          {conflictText(t, conflict)}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
