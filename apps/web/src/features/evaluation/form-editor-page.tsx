import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionForm, QuestionFormInput } from '@portal/contract';
import { MAX_FORM_SECTIONS, MAX_QUESTION_OPTIONS, QUESTION_TYPES, type QuestionType } from '@portal/contract/rules';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm, useFormState, useWatch, type Control, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FormTextField } from '../../components/form-text-field';
import { LeaveGuard } from '../../components/leave-guard';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { Page } from '../../components/page';
import { errorKey, isApiError } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form';
import { inLanguage } from '../../lib/names';
import { duplicateQuestionForm, evaluationKeys, saveQuestionForm, useQuestionForm } from './evaluation-api';
import { arrayErrorOf, EMPTY_FORM, formResolver, newOption, newQuestion, newSection, toContent, toValues, type FormValues } from './form-values';

// The preview (the student's answering component in a dialog) loads when it is first opened.
const PreviewDialog = lazy(() => import('./preview-dialog'));

type FormControl = Control<FormValues, unknown, QuestionFormInput>;
type QuestionPath = `content.sections.${number}.questions.${number}`;

/** Up, down and remove buttons of an item of a list, each named for what it moves. */
function ItemTools({
  index,
  count,
  onMove,
  onRemove,
  names,
  disabled,
}: {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  names: { up: string; down: string; remove: string };
  disabled: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      <IconButton aria-label={names.up} title={names.up} disabled={disabled || index === 0} onClick={() => onMove(index, index - 1)}>
        <ArrowUpwardOutlined fontSize="small" />
      </IconButton>
      <IconButton aria-label={names.down} title={names.down} disabled={disabled || index === count - 1} onClick={() => onMove(index, index + 1)}>
        <ArrowDownwardOutlined fontSize="small" />
      </IconButton>
      <IconButton aria-label={names.remove} title={names.remove} disabled={disabled || count === 1} onClick={onRemove} color="error">
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** The message of a list's own error (no question in a section, too few options ...). */
function ListError({ control, name, messages }: { control: FormControl; name: string; messages: Record<string, string> }) {
  const { t } = useTranslation();
  const { errors } = useFormState({ control, name: name as Path<FormValues> });
  const key = arrayErrorOf(errors, name);
  if (!key) return null;
  return (
    <FormHelperText error sx={{ mx: 0 }}>
      {t(messages[key] ?? key)}
    </FormHelperText>
  );
}

/** The two labels of an item side by side (one above the other on a phone). */
function Labels({
  control,
  base,
  id,
  english,
  french,
  disabled,
}: {
  control: FormControl;
  base: string;
  id: string;
  english: string;
  french: string;
  disabled: boolean;
}) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5, flex: 1, minWidth: 0 }}>
      <FormTextField
        control={control}
        name={`${base}.label` as Path<FormValues>}
        id={`${id}-label`}
        label={english}
        required
        fullWidth
        size="small"
        disabled={disabled}
      />
      <FormTextField
        control={control}
        name={`${base}.labelFr` as Path<FormValues>}
        id={`${id}-label-fr`}
        label={french}
        required
        fullWidth
        size="small"
        disabled={disabled}
      />
    </Box>
  );
}

function OptionsEditor({
  control,
  base,
  id,
  disabled,
}: {
  control: FormControl;
  base: `content.sections.${number}.questions.${number}`;
  id: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const options = useFieldArray({ control: control, name: `${base}.options` });
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0, mt: 1.5 }}>
      <Typography component="legend" variant="subtitle2" sx={{ p: 0, mb: 1 }}>
        {t('evaluation.editor.options')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('evaluation.editor.optionsHelp')}
      </Typography>
      <Stack spacing={1.5}>
        {options.fields.map((field, o) => (
          <Box
            key={field.id}
            role="group"
            aria-label={t('evaluation.editor.optionNumber', { number: o + 1 })}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          >
            <Labels
              control={control}
              base={`${base}.options.${o}`}
              id={`${id}-option-${o}`}
              english={t('evaluation.editor.optionLabel')}
              french={t('evaluation.editor.optionLabelFr')}
              disabled={disabled}
            />
            <FormTextField
              control={control}
              name={`${base}.options.${o}.mark`}
              id={`${id}-option-${o}-mark`}
              label={t('evaluation.editor.mark')}
              required
              size="small"
              disabled={disabled}
              sx={{ width: 96, flexShrink: 0 }}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <IconButton
              aria-label={t('evaluation.editor.removeOption', { number: o + 1 })}
              title={t('evaluation.editor.removeOption', { number: o + 1 })}
              disabled={disabled || options.fields.length <= 2}
              onClick={() => options.remove(o)}
              color="error"
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Stack>
      <ListError
        control={control}
        name={`${base}.options`}
        messages={{ 'validation.required': 'evaluation.editor.errors.options', 'validation.tooLong': 'evaluation.editor.errors.tooManyOptions' }}
      />
      <Button
        size="small"
        startIcon={<AddOutlined />}
        disabled={disabled || options.fields.length >= MAX_QUESTION_OPTIONS}
        onClick={() => options.append(newOption())}
        sx={{ mt: 1 }}
      >
        {t('evaluation.editor.addOption')}
      </Button>
    </Box>
  );
}

function QuestionEditor({
  control,
  s,
  q,
  count,
  onMove,
  onRemove,
  onChoice,
  disabled,
}: {
  control: FormControl;
  s: number;
  q: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  onChoice: (path: QuestionPath) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const base = `content.sections.${s}.questions.${q}` as const;
  const id = `form-s${s}-q${q}`;
  const type = useWatch({ control: control, name: `${base}.type` });
  const number = `${s + 1}.${q + 1}`;
  return (
    <Paper component="section" variant="outlined" aria-label={t('evaluation.editor.questionNumber', { number })} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography component="h3" variant="subtitle2" sx={{ flex: 1 }}>
          {t('evaluation.editor.questionNumber', { number })}
        </Typography>
        <ItemTools
          index={q}
          count={count}
          onMove={onMove}
          onRemove={onRemove}
          disabled={disabled}
          names={{
            up: t('evaluation.editor.moveQuestionUp', { number }),
            down: t('evaluation.editor.moveQuestionDown', { number }),
            remove: t('evaluation.editor.removeQuestion', { number }),
          }}
        />
      </Box>
      <Labels
        control={control}
        base={base}
        id={id}
        english={t('evaluation.editor.questionLabel')}
        french={t('evaluation.editor.questionLabelFr')}
        disabled={disabled}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 1.5 }}>
        <Controller
          control={control}
          name={`${base}.type`}
          render={({ field }) => (
            <TextField
              select
              id={`${id}-type`}
              label={t('evaluation.editor.type')}
              size="small"
              value={field.value}
              disabled={disabled}
              onChange={(event) => {
                field.onChange(event.target.value as QuestionType);
                if (event.target.value === 'CHOICE') onChoice(base);
              }}
              sx={{ minWidth: 220 }}
            >
              {QUESTION_TYPES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`evaluation.types.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name={`${base}.required`}
          render={({ field }) => (
            <FormControlLabel
              label={t('evaluation.editor.required')}
              disabled={disabled}
              control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
            />
          )}
        />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {t(`evaluation.typeHelp.${type}`)}
      </Typography>
      {type === 'CHOICE' ? <OptionsEditor control={control} base={base} id={id} disabled={disabled} /> : null}
    </Paper>
  );
}

function SectionEditor({
  control,
  s,
  count,
  onMove,
  onRemove,
  onChoice,
  disabled,
}: {
  control: FormControl;
  s: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  onChoice: (path: QuestionPath) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const questions = useFieldArray({ control: control, name: `content.sections.${s}.questions` });
  const number = s + 1;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={t('evaluation.editor.sectionNumber', { number })}
      sx={{ p: { xs: 1.5, sm: 2 }, bgcolor: 'action.hover' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1, fontSize: '1.1rem' }}>
          {t('evaluation.editor.sectionNumber', { number })}
        </Typography>
        <ItemTools
          index={s}
          count={count}
          onMove={onMove}
          onRemove={onRemove}
          disabled={disabled}
          names={{
            up: t('evaluation.editor.moveSectionUp', { number }),
            down: t('evaluation.editor.moveSectionDown', { number }),
            remove: t('evaluation.editor.removeSection', { number }),
          }}
        />
      </Box>
      <Labels
        control={control}
        base={`content.sections.${s}`}
        id={`form-s${s}`}
        english={t('evaluation.editor.sectionLabel')}
        french={t('evaluation.editor.sectionLabelFr')}
        disabled={disabled}
      />
      <Stack spacing={1.5} sx={{ mt: 2 }}>
        {questions.fields.map((field, q) => (
          <QuestionEditor
            key={field.id}
            control={control}
            s={s}
            q={q}
            count={questions.fields.length}
            onMove={questions.move}
            onRemove={() => questions.remove(q)}
            onChoice={onChoice}
            disabled={disabled}
          />
        ))}
      </Stack>
      <ListError
        control={control}
        name={`content.sections.${s}.questions`}
        messages={{ 'validation.required': 'evaluation.editor.errors.questions', 'validation.tooLong': 'evaluation.editor.errors.tooManyQuestions' }}
      />
      <Button startIcon={<AddOutlined />} disabled={disabled} onClick={() => questions.append(newQuestion())} sx={{ mt: 1.5 }}>
        {t('evaluation.editor.addQuestion')}
      </Button>
    </Paper>
  );
}

/** Every path the server may name in `fields`: the names, any label or mark of the content, and its lists (too few, too many). */
const serverPaths = (values: FormValues): Path<FormValues>[] =>
  [
    'name',
    'nameFr',
    'content.sections',
    ...values.content.sections.flatMap((section, s) => [
      `content.sections.${s}.label`,
      `content.sections.${s}.questions`,
      `content.sections.${s}.labelFr`,
      ...section.questions.flatMap((question, q) => [
        `content.sections.${s}.questions.${q}.label`,
        `content.sections.${s}.questions.${q}.labelFr`,
        `content.sections.${s}.questions.${q}.options`,
        ...question.options.flatMap((_, o) => [
          `content.sections.${s}.questions.${q}.options.${o}.label`,
          `content.sections.${s}.questions.${q}.options.${o}.labelFr`,
          `content.sections.${s}.questions.${q}.options.${o}.mark`,
        ]),
      ]),
    ]),
  ] as Path<FormValues>[];

/** The editor of one form (a new one when `saved` is null). */
function Editor({ saved }: { saved: QuestionForm | null }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, QuestionFormInput>({ defaultValues: saved ? toValues(saved) : EMPTY_FORM, resolver: formResolver as never });
  const sections = useFieldArray({ control: form.control, name: 'content.sections' });
  const [message, setMessage] = useState<string | null>(null);
  const [inUse, setInUse] = useState(saved?.inUse ?? false);
  const [preview, setPreview] = useState<ReturnType<typeof toContent> | null>(null);
  const [goTo, setGoTo] = useState<number | null>(null);
  const control = form.control;
  const frozen = Boolean(saved?.inUse);
  /** A question turned into a choice gets the two options it needs at least, blank. */
  const fillOptions = (path: QuestionPath) => {
    const current = form.getValues(`${path}.options`);
    if (current.length < 2)
      form.setValue(`${path}.options`, [...current, ...Array.from({ length: 2 - current.length }, () => newOption())], { shouldDirty: true });
  };

  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: QuestionFormInput }) => saveQuestionForm(id, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(evaluationKeys.form(answer.id), answer);
      await queryClient.invalidateQueries({ queryKey: evaluationKeys.forms });
      notify(saved && answer.id === saved.id ? 'evaluation.notify.saved' : 'evaluation.notify.created', 'success');
      form.reset(toValues(answer));
      if (!saved || answer.id !== saved.id) setGoTo(answer.id);
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'FORM_IN_USE') setInUse(true);
      applyFieldErrors(error, form.setError, serverPaths(form.getValues()));
      setMessage(errorKey(error));
    },
  });
  const duplicate = useMutation({
    mutationFn: duplicateQuestionForm,
    onSuccess: async (copy) => {
      await queryClient.invalidateQueries({ queryKey: evaluationKeys.forms });
      notify('evaluation.notify.duplicated', 'success');
      setGoTo(copy.id);
    },
    onError: (error) => setMessage(errorKey(error)),
  });

  // Saved as a new form or duplicated: open it, once the leave guard is off.
  useEffect(() => {
    if (goTo !== null && !form.formState.isDirty) navigate(`/academic/evaluation/forms/${goTo}`, { replace: true });
  }, [goTo, form.formState.isDirty, navigate]);

  const submit = form.handleSubmit(
    (body) => {
      setMessage(null);
      save.mutate({ id: saved ? saved.id : null, body });
    },
    () => setMessage('errors.VALIDATION_FAILED'),
  );
  const saveAsNew = form.handleSubmit(
    (body) => {
      setMessage(null);
      save.mutate({ id: null, body });
    },
    () => setMessage('errors.VALIDATION_FAILED'),
  );
  const pending = save.isPending || duplicate.isPending;
  const title = saved ? inLanguage(i18n.language, saved.name, saved.nameFr) : t('evaluation.editor.newTitle');

  return (
    <Page title={title} heading={title} maxWidth="lg" intro={t('evaluation.editor.intro')}>
      <LeaveGuard when={form.formState.isDirty && goTo === null} text={t('evaluation.editor.leave')} />
      <Button component={RouterLink} to="/academic/evaluation/forms" startIcon={<ArrowBack />} size="small" sx={{ mb: 2 }}>
        {t('evaluation.editor.back')}
      </Button>
      {frozen ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" disabled={pending} onClick={() => duplicate.mutate(saved!.id)}>
              {t('evaluation.editor.duplicate')}
            </Button>
          }
        >
          {t('evaluation.editor.frozen')}
        </Alert>
      ) : null}
      <Box component="form" noValidate aria-label={title} onSubmit={submit}>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
            <FormTextField
              control={form.control}
              name="name"
              id="form-name"
              label={t('evaluation.editor.name')}
              required
              fullWidth
              size="small"
              disabled={frozen}
            />
            <FormTextField
              control={form.control}
              name="nameFr"
              id="form-name-fr"
              label={t('evaluation.editor.nameFr')}
              required
              fullWidth
              size="small"
              disabled={frozen}
            />
          </Box>
        </Paper>
        <Stack spacing={2}>
          {sections.fields.map((field, s) => (
            <SectionEditor
              key={field.id}
              control={control}
              s={s}
              count={sections.fields.length}
              onMove={sections.move}
              onRemove={() => sections.remove(s)}
              onChoice={fillOptions}
              disabled={frozen}
            />
          ))}
        </Stack>
        <ListError
          control={control}
          name="content.sections"
          messages={{ 'validation.required': 'evaluation.editor.errors.sections', 'validation.tooLong': 'evaluation.editor.errors.tooManyQuestions' }}
        />
        <Button
          startIcon={<AddOutlined />}
          variant="outlined"
          disabled={frozen || sections.fields.length >= MAX_FORM_SECTIONS}
          onClick={() => sections.append(newSection())}
          sx={{ mt: 2 }}
        >
          {t('evaluation.editor.addSection')}
        </Button>
        {message ? (
          <Alert
            severity="error"
            role="alert"
            sx={{ mt: 2 }}
            action={
              inUse && !frozen ? (
                <Button color="inherit" size="small" disabled={pending} onClick={() => void saveAsNew()}>
                  {t('evaluation.editor.saveAsNew')}
                </Button>
              ) : undefined
            }
          >
            {t(message)}
          </Alert>
        ) : null}
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={1.5}
          sx={{ mt: 3, justifyContent: 'flex-end', position: 'sticky', bottom: 0, py: 1.5, bgcolor: 'background.default', zIndex: 1 }}
        >
          <Button startIcon={<VisibilityOutlined />} onClick={() => setPreview(toContent(form.getValues()))}>
            {t('evaluation.editor.preview')}
          </Button>
          {frozen ? null : (
            <Button type="submit" variant="contained" disabled={pending}>
              {t('evaluation.editor.save')}
            </Button>
          )}
        </Stack>
      </Box>
      {preview ? (
        <Suspense fallback={null}>
          <PreviewDialog content={preview} title={title} onClose={() => setPreview(null)} />
        </Suspense>
      ) : null}
    </Page>
  );
}

/**
 * `/academic/evaluation/forms/{id|new}`: a question form's names, sections and questions (choice
 * with marked options, 1-5 scale, comment), each in English and French and required or not,
 * checked with the contract's schema; a preview shows it exactly as a student answers it. A form
 * a started session uses is frozen: duplicate it (or save the changes as a new form).
 */
export default function FormEditorPage() {
  const { t } = useTranslation();
  const param = useParams().id ?? 'new';
  const id = param === 'new' ? null : Number(param);
  const valid = id !== null && Number.isInteger(id) && id > 0;
  const form = useQuestionForm(valid ? id : null);
  if (id === null) return <Editor key="new" saved={null} />;
  if (!form.data) {
    return (
      <Page title={t('evaluation.editor.title')}>
        {valid ? <LoadStatus error={form.error} loading={form.isPending} /> : <Alert severity="error">{t('errors.NOT_FOUND')}</Alert>}
      </Page>
    );
  }
  return <Editor key={form.data.id} saved={form.data} />;
}
