import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HrSectionExtra, SECTION_SCHEMAS, type PersonRecord, type SavedSection } from '@portal/contract';
import { isoToDmy, keepPayModeFields } from '@portal/contract/rules';
import { phoneFullScreenSx } from '../../components/phone-full-screen';
import { useNotify } from '../../components/notify';
import { DateField } from '../../components/date-field';
import { FormDialogActions, FormDialogError } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { errorKey } from '../../lib/api';
import { applyFieldErrors, useFormSubmit } from '../../lib/form';
import { REASON_MIN } from '../../lib/reason';
import { fieldLabel, optionLabel, sectionLabel } from './labels';
import { OPTION_LISTS } from './options';
import { correctSection, hrKeys } from './hr-api';
import { editableFields, fieldsForPayMode, type FieldDef } from './sections';

/** Everything is typed as text; yes / no choices are `yes`, `no` or empty (unknown). */
type FormValues = Record<string, string>;
type Output = Record<string, unknown>;

/** The record's stored values as the form shows them: dates dd/mm/yyyy, numbers as text. */
export function formDefaults(fields: readonly FieldDef[], record: PersonRecord): FormValues {
  const values: FormValues = { reason: '' };
  for (const field of fields) {
    const value = (record as Record<string, unknown>)[field.name];
    if (value === null || value === undefined) values[field.name] = '';
    else if (field.kind === 'bool') values[field.name] = value ? 'yes' : 'no';
    else if (field.kind === 'date') values[field.name] = isoToDmy(String(value));
    else values[field.name] = String(value);
  }
  return values;
}

/** The contract's section schema and the reason, fed with booleans where the form has yes / no. */
function sectionResolver(section: SavedSection, fields: readonly FieldDef[]): Resolver<FormValues, unknown, Output> {
  const validate = zodResolver(SECTION_SCHEMAS[section].and(HrSectionExtra)) as unknown as Resolver<Output, unknown, Output>;
  const bools = fields.filter((field) => field.kind === 'bool').map((field) => field.name);
  return (values, context, options) => {
    const input: Output = { ...values };
    for (const name of bools) input[name] = values[name] === 'yes' ? true : values[name] === 'no' ? false : null;
    return validate(input, context, options as never) as ReturnType<Resolver<FormValues, unknown, Output>>;
  };
}

/** The whole screen on a phone, by CSS alone (no media query hook in this chunk). */
const PHONE_FULL_SCREEN = phoneFullScreenSx(900);

function SectionField({ field, control }: { field: FieldDef; control: Control<FormValues, unknown, Output> }) {
  const { t } = useTranslation();
  const label = fieldLabel(t, field.name);
  const id = `hr-correct-${field.name}`;
  const required = field.required ?? false;
  if (field.kind === 'date') return <DateField control={control} name={field.name} id={id} label={label} size="small" fullWidth />;
  if (field.kind === 'enum' || field.kind === 'bool') {
    const options = field.kind === 'bool' ? (['yes', 'no'] as const) : field.options ? OPTION_LISTS[field.options] : [];
    return (
      <FormTextField control={control} name={field.name} id={id} label={label} size="small" select fullWidth required={required}>
        {required ? null : (
          <MenuItem value="">
            <em>{t('hr.notProvided')}</em>
          </MenuItem>
        )}
        {options.map((option) => (
          <MenuItem key={option} value={option}>
            {field.kind === 'bool' ? t(`hr.${option}`) : optionLabel(t, field, option)}
          </MenuItem>
        ))}
      </FormTextField>
    );
  }
  return (
    <FormTextField
      control={control}
      name={field.name}
      id={id}
      label={label}
      size="small"
      fullWidth
      required={required}
      multiline={field.kind === 'multiline'}
      minRows={field.kind === 'multiline' ? 2 : undefined}
      slotProps={field.kind === 'int' || field.kind === 'money' ? { htmlInput: { inputMode: 'numeric' } } : undefined}
    />
  );
}

/**
 * The human resources service corrects one section of a registration, closed or not: the
 * section's form (the contract's schema) and a reason, both kept in the audit trail.
 */
export default function CorrectDialog({ id, section, record, onClose }: { id: number; section: SavedSection; record: PersonRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fields = useMemo(() => editableFields(section), [section]);
  const resolver = useMemo(() => sectionResolver(section, fields), [section, fields]);
  const form = useForm<FormValues, unknown, Output>({ resolver, defaultValues: formDefaults(fields, record) });
  const { submit, messageKey, setMessageKey } = useFormSubmit(form, (values) => mutation.mutate(values), 'errors.VALIDATION_FAILED');
  // The payment-mode section shows and sends the chosen mode's data only, as the wizard's step and the server do.
  const payMode = useWatch({ control: form.control, name: 'PAYMODE' });
  const shown = useMemo(() => fieldsForPayMode(fields, payMode), [fields, payMode]);
  const mutation = useMutation({
    mutationFn: (body: Output) => correctSection(id, section, section === 'pay-mode' ? keepPayModeFields(body) : body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: hrKeys.all });
      notify('notify.saved', 'success');
      onClose();
    },
    onError: (error) => {
      applyFieldErrors(error, form.setError, [...fields.map((field) => field.name), 'reason']);
      setMessageKey(errorKey(error));
    },
  });
  const name = sectionLabel(t, section);

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="md" scroll="paper" sx={PHONE_FULL_SCREEN}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
        <DialogTitle>{t('hr.correct.title', { name })}</DialogTitle>
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 2 }}>{t(record.ACTIVED ? 'hr.correct.textClosed' : 'hr.correct.textOpen')}</DialogContentText>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
            {shown.map((field) => (
              <Box key={field.name} sx={field.kind === 'multiline' ? { gridColumn: '1 / -1' } : undefined}>
                <SectionField field={field} control={form.control} />
              </Box>
            ))}
          </Box>
          <FormTextField
            control={form.control}
            name="reason"
            id="hr-correct-reason"
            label={t('hr.reason.label')}
            helperText={t('hr.reason.help', { min: REASON_MIN })}
            required
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 3 }}
          />
          <FormDialogError messageKey={messageKey} />
        </DialogContent>
        <FormDialogActions pending={mutation.isPending} onCancel={onClose} submitLabel={t('hr.correct.save')} />
      </Box>
    </Dialog>
  );
}
