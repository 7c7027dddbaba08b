import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, type FieldError, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EvaluationSessionInput, type CatalogueClass, type EvaluationSession, type EvaluationSessionChange } from '@portal/contract';
import { dmyToIso, isoToDmy, V } from '@portal/contract/rules';
import { DateField } from '../../components/date-field';
import { useDialogForm } from '../../components/dialog-form';
import { FormDialog } from '../../components/form-dialog-frame';
import { FormTextField } from '../../components/form-text-field';
import { messageKey } from '../../lib/form';
import { inLanguage } from '../../lib/names';
import { changeEvaluationSession, createEvaluationSession, evaluationKeys, useClasses, useQuestionForms } from './evaluation-api';

interface Values {
  name: string;
  nameFr: string;
  /** the form's id, as chosen in the select */
  formId: string;
  /** dd/mm/yyyy */
  startDate: string;
  /** dd/mm/yyyy */
  endDate: string;
  classIds: number[];
}

const day = (value: string) => (value.trim() === '' ? undefined : (dmyToIso(value.trim()) ?? value));

/** The typed values as the API's body: days as yyyy-mm-dd (left as typed when unreadable, so that they fail). */
export const toSessionInput = (values: Values) => ({
  name: values.name,
  nameFr: values.nameFr,
  formId: values.formId === '' ? undefined : Number(values.formId),
  startDate: day(values.startDate),
  endDate: day(values.endDate),
  classIds: values.classIds,
});

/** Checks with the contract's EvaluationSessionInput; a blank field reads "This field is required". */
const resolver: Resolver<Values, unknown, z.output<typeof EvaluationSessionInput>> = async (values, context, options) => {
  const validate = zodResolver(EvaluationSessionInput as never) as unknown as Resolver<FieldValues, unknown, z.output<typeof EvaluationSessionInput>>;
  const result = await validate(toSessionInput(values) as FieldValues, context, options as never);
  for (const [name, error] of Object.entries(result.errors as Record<string, FieldError | undefined>)) {
    const value: unknown = values[name as keyof Values];
    if (error && ((typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0))) error.message = V.required;
  }
  return result as never;
};

const toValues = (session: EvaluationSession | null): Values => ({
  name: session?.name ?? '',
  nameFr: session?.nameFr ?? '',
  formId: session ? String(session.form.id) : '',
  startDate: session ? isoToDmy(session.startDate) : '',
  endDate: session ? isoToDmy(session.endDate) : '',
  classIds: session?.classes.map((item) => item.id) ?? [],
});

/** What changed, as the PATCH body: an unchanged form or start date is not sent (a started session refuses any). */
function changes(before: Values, body: z.output<typeof EvaluationSessionInput>): EvaluationSessionChange {
  const was = toSessionInput(before);
  const out: EvaluationSessionChange = {};
  if (body.name !== was.name) out.name = body.name;
  if (body.nameFr !== was.nameFr) out.nameFr = body.nameFr;
  if (body.formId !== was.formId) out.formId = body.formId;
  if (body.startDate !== was.startDate) out.startDate = body.startDate;
  if (body.endDate !== was.endDate) out.endDate = body.endDate;
  if ([...body.classIds].sort().join() !== [...was.classIds].sort().join()) out.classIds = body.classIds;
  return out;
}

const KNOWN: Path<Values>[] = ['name', 'nameFr', 'formId', 'startDate', 'endDate', 'classIds'];

/**
 * Creates or changes an evaluation session: its names, its form, its days (dd/mm/yyyy) and the
 * classes it covers. Once started, its form and first day stay, and classes can only be added.
 */
export default function SessionDialog({ session, onClose }: { session: EvaluationSession | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const forms = useQuestionForms();
  const classes = useClasses();
  const initial = toValues(session);
  const { form, dialog } = useDialogForm({
    defaultValues: initial,
    resolver,
    fields: KNOWN,
    save: (body: z.output<typeof EvaluationSessionInput>) =>
      session ? changeEvaluationSession(session.id, changes(initial, body)) : createEvaluationSession(body),
    invalidate: evaluationKeys.all,
    done: session ? 'evaluation.notify.sessionSaved' : 'evaluation.notify.sessionCreated',
    onSaved: onClose,
  });
  const started = session !== null && session.state !== 'UPCOMING';
  const kept = new Set(started ? initial.classIds : []);
  const classField = useController({ control: form.control, name: 'classIds' });
  const formField = useController({ control: form.control, name: 'formId' });

  const classList: CatalogueClass[] = classes.data ?? [];
  const chosen = classList.filter((item) => classField.field.value.includes(item.id));
  // a class of the session the catalogue no longer lists still shows by its code
  const missing = session?.classes.filter((item) => classField.field.value.includes(item.id) && !classList.some((known) => known.id === item.id)) ?? [];
  const classError = classField.fieldState.error?.message;
  const formError = formField.fieldState.error?.message;
  const formOptions = forms.data?.forms ?? [];

  return (
    <FormDialog
      title={t(session ? 'evaluation.sessions.edit' : 'evaluation.sessions.add')}
      {...dialog}
      submitLabel={t('evaluation.sessions.save')}
      onClose={onClose}
      maxWidth="sm"
      phoneFullScreen
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
        <FormTextField
          control={form.control}
          name="name"
          id="evaluation-session-name"
          label={t('evaluation.sessions.fields.name')}
          required
          fullWidth
          size="small"
          autoFocus
          sx={{ gridColumn: '1 / -1' }}
        />
        <FormTextField
          control={form.control}
          name="nameFr"
          id="evaluation-session-name-fr"
          label={t('evaluation.sessions.fields.nameFr')}
          required
          fullWidth
          size="small"
          sx={{ gridColumn: '1 / -1' }}
        />
        <TextField
          select
          // a native select: the phone's own picker, and no menu to load beside the classes' list
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          id="evaluation-session-form"
          label={t('evaluation.sessions.fields.form')}
          required
          fullWidth
          size="small"
          disabled={started}
          value={formOptions.some((item) => String(item.id) === formField.field.value) || formField.field.value === '' ? formField.field.value : ''}
          onChange={(event) => formField.field.onChange(event.target.value)}
          onBlur={formField.field.onBlur}
          inputRef={formField.field.ref}
          error={Boolean(formError)}
          helperText={formError ? t(messageKey(formError)) : started ? t('evaluation.sessions.startedForm') : undefined}
          sx={{ gridColumn: '1 / -1' }}
        >
          <option value="" disabled>
            {t('evaluation.sessions.chooseForm')}
          </option>
          {formOptions.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {inLanguage(i18n.language, item.name, item.nameFr)}
            </option>
          ))}
        </TextField>
        <DateField
          control={form.control}
          name="startDate"
          id="evaluation-session-start"
          label={t('evaluation.sessions.fields.startDate')}
          required
          fullWidth
          size="small"
          disabled={started}
        />
        <DateField
          control={form.control}
          name="endDate"
          id="evaluation-session-end"
          label={t('evaluation.sessions.fields.endDate')}
          required
          fullWidth
          size="small"
        />
        <Autocomplete
          multiple
          id="evaluation-session-classes"
          options={classList}
          value={chosen}
          loading={classes.isPending}
          loadingText={t('common.loading')}
          noOptionsText={t('evaluation.sessions.noClass')}
          disableCloseOnSelect
          getOptionLabel={(option) => option.CODE}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_event, options) => classField.field.onChange([...new Set([...kept, ...options.map((option) => option.id)])])}
          onBlur={classField.field.onBlur}
          renderValue={(values, getItemProps) =>
            values.map((option, index) => {
              const { key, onDelete, ...props } = getItemProps({ index });
              return <Chip key={key} {...props} size="small" label={option.CODE} onDelete={kept.has(option.id) ? undefined : onDelete} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('evaluation.sessions.fields.classes')}
              required
              size="small"
              error={Boolean(classError)}
              helperText={classError ? t(messageKey(classError)) : started ? t('evaluation.sessions.startedClasses') : t('evaluation.sessions.classesHelp')}
            />
          )}
          sx={{ gridColumn: '1 / -1' }}
        />
        {missing.length > 0 ? (
          <Typography variant="body2" sx={{ gridColumn: '1 / -1', color: 'text.secondary' }}>
            {t('evaluation.sessions.otherClasses', { value: missing.map((item) => item.code).join(', ') })}
          </Typography>
        ) : null}
      </Box>
    </FormDialog>
  );
}
