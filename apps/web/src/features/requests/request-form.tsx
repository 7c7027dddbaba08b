import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import type { RequestBody, RequestDetail, RequestSubcategory } from '@portal/contract';
import {
  dmyToIso,
  isoWeekOf,
  LESSON_SLOTS,
  minutesOf,
  universityDayOf,
  UPLOAD_TYPES,
  type FieldPresence,
  type RequestAudience,
  type RequestFieldGroup,
} from '@portal/contract/rules';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Control, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { FileButton, UploadProgress } from '../../components/file-upload';
import { FormError } from '../../components/form-error';
import { FormTextField, useTextFieldBinding } from '../../components/form-text-field';
import { errorKey, isApiError } from '../../lib/api';
import { acceptOf, checkFile, MAX_UPLOAD_MB } from '../../lib/files';
import { applyFieldErrors, messageKey, useFormSubmit } from '../../lib/form';
import { AssignedPickers } from './assigned-pickers';
import type { DraftAttachment } from './request-draft';
import { requestResolver } from './request-form-schema';
import { REQUEST_FORM_FIELDS, type RequestFormValues } from './request-form-values';
import { labelled } from './request-labels';
import { fileRequest, uploadRequestAttachment } from './requests-api';
import { StudentSubjectPicker } from './student-subject-picker';
import { WeekPanel } from './week-panel';

type FormControl = Control<RequestFormValues, unknown, RequestBody>;
type NumberField = Exclude<
  (typeof REQUEST_FORM_FIELDS)[number],
  | 'REQUEST_OBJECT'
  | 'DESCRIPTION'
  | 'CONTRACT_NUMBER'
  | 'REQUEST_FILE'
  | 'REQUEST_PBLM_DATE'
  | 'REQUEST_PBLM_HOUR_START'
  | 'REQUEST_PBLM_HOUR_END'
  | 'CLASS_ID'
  | 'SUBJECT_ID'
>;

/** A group of the form: its heading, and its fields side by side on a wide screen. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 600, mb: 1, p: 0 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>{children}</Box>
    </Box>
  );
}

/** The unit each amount field is typed in. */
const UNITS: Partial<Record<NumberField, string>> = {
  VH_DISPLAYED: 'h',
  VH_EXPECTED: 'h',
  TH_DISPLAYED: 'FCFA',
  TH_EXPECTED: 'FCFA',
  TI_DISPLAYED: '%',
  TI_EXPECTED: '%',
  AMOUNT_RECEIVED: 'FCFA',
  AMOUNT_EXPECTED: 'FCFA',
};

function NumberInput({ control, name, required }: { control: FormControl; name: NumberField; required: boolean }) {
  const { t } = useTranslation();
  const unit = UNITS[name];
  const whole = name === 'REPRO_COPY_NUMBER' || name === 'REPRO_STUDENT_COUNT';
  return (
    <FormTextField
      control={control}
      name={name}
      id={`request-${name}`}
      label={t(`requests.field.${name}`)}
      required={required}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: whole ? 'numeric' : 'decimal' },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}

/** A time of the slot chosen among those offered; a value not among them shows empty. */
function SlotSelect({
  control,
  name,
  label,
  required,
  times,
  onPicked,
}: {
  control: FormControl;
  name: 'REQUEST_PBLM_HOUR_START' | 'REQUEST_PBLM_HOUR_END';
  label: string;
  required: boolean;
  times: readonly string[];
  onPicked?: (time: string) => void;
}) {
  const { props } = useTextFieldBinding(name, control, undefined);
  return (
    <TextField
      {...props}
      value={times.includes(props.value) ? props.value : ''}
      onChange={(event) => {
        props.onChange(event);
        onPicked?.(event.target.value);
      }}
      id={`request-${name}`}
      label={label}
      required={required}
      select
      fullWidth
    >
      {times.map((time) => (
        <MenuItem key={time} value={time}>
          {time}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The problem date (dd/mm/yyyy, not in the future; a student's reads as the date of the examination or problem), its ISO week shown, and the time slot: a start, then an end after it. */
function DateAndSlot({
  control,
  required,
  setValue,
  getValues,
  dateLabel,
}: {
  control: FormControl;
  required: boolean;
  setValue: UseFormSetValue<RequestFormValues>;
  getValues: UseFormGetValues<RequestFormValues>;
  dateLabel: string;
}) {
  const { t } = useTranslation();
  const [date, start] = useWatch({ control, name: ['REQUEST_PBLM_DATE', 'REQUEST_PBLM_HOUR_START'] });
  const day = dmyToIso(date.trim());
  return (
    <>
      <DateField control={control} name="REQUEST_PBLM_DATE" id="request-REQUEST_PBLM_DATE" label={dateLabel} required={required} fullWidth />
      <TextField
        id="request-week"
        label={t('requests.field.REQUEST_PBLM_WEEK')}
        value={day ? isoWeekOf(day) : ''}
        fullWidth
        slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
        helperText={t('requests.form.weekHelp')}
      />
      <SlotSelect
        control={control}
        name="REQUEST_PBLM_HOUR_START"
        label={t('requests.field.REQUEST_PBLM_HOUR_START')}
        required={required}
        times={LESSON_SLOTS.map((slot) => slot.start)}
        onPicked={(next) => {
          // the ends offered are those after the start: an end no longer after it is emptied
          const end = getValues('REQUEST_PBLM_HOUR_END');
          if (end && minutesOf(end) <= minutesOf(next)) setValue('REQUEST_PBLM_HOUR_END', '', { shouldDirty: true });
        }}
      />
      <SlotSelect
        control={control}
        name="REQUEST_PBLM_HOUR_END"
        label={t('requests.field.REQUEST_PBLM_HOUR_END')}
        required={required}
        times={LESSON_SLOTS.map((slot) => slot.end).filter((time) => !start || minutesOf(time) > minutesOf(start))}
      />
    </>
  );
}

/** The attachment: a PDF or an image, checked here, sent at once with its progress; filing names it by its id. */
function AttachmentInput({
  attachment,
  required,
  error,
  onChange,
}: {
  attachment: DraftAttachment | null;
  required: boolean;
  error: string | undefined;
  onChange: (next: DraftAttachment | null) => void;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sending = useMutation({
    mutationFn: (file: File) => uploadRequestAttachment(file, setProgress),
    meta: { backdrop: false },
    onSuccess: (answer) => {
      setProgress(null);
      onChange({ id: answer.id, name: answer.name });
    },
    onError: (failure) => {
      setProgress(null);
      setProblem(errorKey(failure));
    },
  });
  const choose = (file: File) => {
    setProblem(null);
    const refused = checkFile(file, UPLOAD_TYPES, 'errors.FILE_TYPE_REFUSED');
    if (refused) {
      setProblem(refused);
      return;
    }
    sending.mutate(file);
  };
  const label = `${t('requests.field.REQUEST_FILE')}${required ? ' *' : ''}`;
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 600, mb: 1, p: 0 }}>
        {label}
      </Typography>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {attachment ? <Chip icon={<AttachFileOutlined />} label={attachment.name} variant="outlined" sx={{ maxWidth: '100%' }} /> : null}
          <FileButton
            label={attachment ? t('requests.form.replaceFile') : t('requests.form.chooseFile')}
            inputLabel={t('requests.field.REQUEST_FILE')}
            accept={acceptOf(UPLOAD_TYPES)}
            disabled={sending.isPending}
            onFile={choose}
          />
          {attachment ? (
            <Button size="small" color="inherit" startIcon={<DeleteOutlined />} onClick={() => onChange(null)} disabled={sending.isPending}>
              {t('requests.form.removeFile')}
            </Button>
          ) : null}
        </Stack>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('requests.form.fileHelp', { maxMb: MAX_UPLOAD_MB })}
        </Typography>
        {progress !== null ? <UploadProgress percent={progress} label={t('requests.form.uploading')} /> : null}
        {problem ? (
          <Alert severity="error" role="alert">
            {t(problem, { maxMb: MAX_UPLOAD_MB })}
          </Alert>
        ) : null}
        {error ? <FormHelperText error>{t(messageKey(error))}</FormHelperText> : null}
      </Stack>
    </Box>
  );
}

interface RequestFormProps {
  person: number;
  subcategory: RequestSubcategory;
  /** who files under its category: a student names their own class and one of their subjects (decision 41), a lecturer their assigned ones */
  audience: RequestAudience;
  /** what the form starts with: the draft's values */
  initial: RequestFormValues;
  initialAttachment: DraftAttachment | null;
  /** every change, to keep the draft */
  onChange: (values: RequestFormValues, attachment: DraftAttachment | null) => void;
  onFiled: (request: RequestDetail) => void;
  onBack: () => void;
}

/** Whether the group is on the form, and whether it must be given. */
const presence = (value: FieldPresence) => ({ shown: value !== 'HIDDEN', required: value === 'REQUIRED' });

/**
 * The details of a request: exactly the groups its sub-category's display configuration shows
 * (required ones marked), checked by the contract's RequestBody and the configuration, then
 * filed. With TIME_TABLE, the week of the problem date stands beside the form (below it on a phone).
 */
export default function RequestForm({ person, subcategory, audience, initial, initialAttachment, onChange, onFiled, onBack }: RequestFormProps) {
  const { t, i18n } = useTranslation();
  const display = subcategory.REQUEST_DISPCONFIG;
  const resolver = useMemo(() => requestResolver(subcategory.id, display, () => universityDayOf(new Date())), [subcategory.id, display]);
  const form = useForm<RequestFormValues, unknown, RequestBody>({ resolver, defaultValues: initial });
  const { control, setValue } = form;
  const [attachment, setAttachment] = useState<DraftAttachment | null>(initialAttachment);
  const attachmentRef = useRef(attachment);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const subscription = form.watch((values) => onChangeRef.current(values as RequestFormValues, attachmentRef.current));
    return () => subscription.unsubscribe();
  }, [form]);

  const changeAttachment = (next: DraftAttachment | null) => {
    attachmentRef.current = next;
    setAttachment(next);
    setValue('REQUEST_FILE', next?.id ?? '', { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  const filing = useMutation({
    mutationFn: fileRequest,
    onSuccess: (request) => onFiled(request),
    onError: (error) => {
      setMessageKey(errorKey(error));
      applyFieldErrors(error, form.setError, REQUEST_FORM_FIELDS);
      if (isApiError(error) && error.code === 'REQUEST_ATTACHMENT_INVALID') {
        changeAttachment(null);
        form.setError('REQUEST_FILE', { type: 'server', message: 'errors.REQUEST_ATTACHMENT_INVALID' });
      }
    },
  });
  const { submit, messageKey: problem, setMessageKey } = useFormSubmit(form, (body) => filing.mutate(body), 'errors.VALIDATION_FAILED');
  const fileError = form.formState.errors.REQUEST_FILE?.message;

  const group = (name: RequestFieldGroup) => presence(display[name]);
  const pair = (name: 'VH' | 'TH' | 'TI' | 'AMOUNT' | 'REPRO', fields: readonly [NumberField, NumberField]) => {
    const { shown, required } = group(name);
    if (!shown) return null;
    return (
      <Group title={t(`requests.form.group.${name}`)}>
        {fields.map((field) => (
          <NumberInput key={field} control={control} name={field} required={required} />
        ))}
      </Group>
    );
  };

  const fields = (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('requests.new.detailsTitle')}>
      <Stack spacing={3}>
        <FormTextField
          control={control}
          name="REQUEST_OBJECT"
          id="request-REQUEST_OBJECT"
          label={t('requests.field.REQUEST_OBJECT')}
          helperText={t('requests.form.titleHelp')}
          required
          fullWidth
        />
        {group('CLASS_ID').shown ? (
          <Group title={t('requests.form.group.CLASS_ID')}>
            <Box sx={{ gridColumn: '1 / -1' }}>
              {audience === 'STUDENT' ? (
                <StudentSubjectPicker control={control} setValue={setValue} required={group('CLASS_ID').required} />
              ) : (
                <AssignedPickers person={person} control={control} setValue={setValue} required={group('CLASS_ID').required} />
              )}
            </Box>
          </Group>
        ) : null}
        {group('REQUEST_PBLM_DATE').shown ? (
          <Group title={t('requests.form.group.REQUEST_PBLM_DATE')}>
            <DateAndSlot
              control={control}
              required={group('REQUEST_PBLM_DATE').required}
              setValue={setValue}
              getValues={form.getValues}
              dateLabel={t(audience === 'STUDENT' ? 'requests.form.studentDate' : 'requests.field.REQUEST_PBLM_DATE')}
            />
          </Group>
        ) : null}
        {group('CONTRACT_NUMBER').shown ? (
          <FormTextField
            control={control}
            name="CONTRACT_NUMBER"
            id="request-CONTRACT_NUMBER"
            label={t('requests.field.CONTRACT_NUMBER')}
            required={group('CONTRACT_NUMBER').required}
            fullWidth
          />
        ) : null}
        {pair('VH', ['VH_DISPLAYED', 'VH_EXPECTED'])}
        {pair('TH', ['TH_DISPLAYED', 'TH_EXPECTED'])}
        {pair('TI', ['TI_DISPLAYED', 'TI_EXPECTED'])}
        {pair('AMOUNT', ['AMOUNT_RECEIVED', 'AMOUNT_EXPECTED'])}
        {pair('REPRO', ['REPRO_COPY_NUMBER', 'REPRO_STUDENT_COUNT'])}
        {group('DESCRIPTION').shown ? (
          <FormTextField
            control={control}
            name="DESCRIPTION"
            id="request-DESCRIPTION"
            label={t('requests.field.DESCRIPTION')}
            required={group('DESCRIPTION').required}
            multiline
            minRows={4}
            fullWidth
          />
        ) : null}
        {group('FILE').shown ? (
          <AttachmentInput attachment={attachment} required={group('FILE').required} error={fileError} onChange={changeAttachment} />
        ) : null}
        <FormError message={problem ? t(problem) : null} />
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={onBack} disabled={filing.isPending}>
            {t('requests.new.back')}
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={filing.isPending}>
            {t('requests.new.file')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );

  const [dateText, start, end] = useWatch({ control, name: ['REQUEST_PBLM_DATE', 'REQUEST_PBLM_HOUR_START', 'REQUEST_PBLM_HOUR_END'] });
  const withWeek = display.TIME_TABLE;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: withWeek ? 'minmax(0, 7fr) minmax(0, 5fr)' : '1fr' }, gap: 3, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {labelled(subcategory, i18n.language)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          {t('requests.form.requiredNote')}
        </Typography>
        {fields}
      </Paper>
      {withWeek ? <WeekPanel day={dmyToIso(dateText.trim())} start={start} end={end} /> : null}
    </Box>
  );
}
