import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useForm, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EntranceInput, type Catalogue, type OfficeEntrance } from '@portal/contract';
import { ENTRANCE_AMOUNT_MAX, isoToDmy } from '@portal/contract/rules';
import { DateField } from '../../components/date-field';
import { FormDialog } from '../../components/form-dialog-frame';
import { FormTextField } from '../../components/form-text-field';
import { useNotify } from '../../components/notify';
import { errorKey, isApiError } from '../../lib/api';
import { contractResolver, toIsoDay, toNumber } from '../../lib/contract-resolver';
import { applyFieldErrors, messageKey } from '../../lib/form';
import { inLanguage } from '../../lib/names';
import { admissionsKeys, saveEntrance } from './admissions-api';

/** The specialities of one cycle: the cycle, then the branches offered in it (ids as text). */
type CycleRow = { cycle: string; branches: string[] };
type TextPart = {
  NAME: string;
  YEAR_NAME: string;
  SCHOOL_NAME: string;
  AMOUNT: string;
  REGISTRATION_LIMIT_DATE: string;
  EVALUATION_BEGIN_DATE: string;
  EVALUATION_END_DATE: string;
};
type Values = TextPart & { SPECIALITIES: CycleRow[] };
type Output = z.output<typeof EntranceInput>;

const FIELDS = ['NAME', 'YEAR_NAME', 'SCHOOL_NAME', 'AMOUNT', 'REGISTRATION_LIMIT_DATE', 'EVALUATION_BEGIN_DATE', 'EVALUATION_END_DATE'] as const;

/** The form's cycles, each with its branches: the rows of the entrance's specialities (a branch is known by its abbreviation). */
function rowsOf(entrance: OfficeEntrance | null, catalogue: Catalogue): CycleRow[] {
  if (!entrance || entrance.specialities.length === 0) return [{ cycle: '', branches: [] }];
  const rows = new Map<number, string[]>();
  for (const speciality of entrance.specialities) {
    const branch = catalogue.branches.find((item) => item.ABBREVIATION === speciality.SPECIALITY_CODE);
    if (!branch) continue;
    rows.set(speciality.CYCLE_ID, [...(rows.get(speciality.CYCLE_ID) ?? []), String(branch.id)]);
  }
  return [...rows].map(([cycle, branches]) => ({ cycle: String(cycle), branches }));
}

const toValues = (entrance: OfficeEntrance | null, catalogue: Catalogue): Values => ({
  NAME: entrance?.Entrance_Name ?? '',
  YEAR_NAME: entrance?.Year_Name ?? '',
  SCHOOL_NAME: entrance?.School_Name ?? '',
  AMOUNT: entrance ? String(entrance.Entrance_Registration_Amount) : '',
  REGISTRATION_LIMIT_DATE: isoToDmy(entrance?.Entrance_Registration_Limit_Date),
  EVALUATION_BEGIN_DATE: isoToDmy(entrance?.Entrance_Evaluation_Begin_Date),
  EVALUATION_END_DATE: isoToDmy(entrance?.Entrance_Evaluation_End_Date),
  SPECIALITIES: rowsOf(entrance, catalogue),
});

const toInput = (values: Values) => ({
  NAME: values.NAME,
  YEAR_NAME: values.YEAR_NAME,
  SCHOOL_NAME: values.SCHOOL_NAME,
  AMOUNT: toNumber(values.AMOUNT),
  REGISTRATION_LIMIT_DATE: toIsoDay(values.REGISTRATION_LIMIT_DATE),
  EVALUATION_BEGIN_DATE: toIsoDay(values.EVALUATION_BEGIN_DATE),
  EVALUATION_END_DATE: toIsoDay(values.EVALUATION_END_DATE),
  SPECIALITIES: values.SPECIALITIES.flatMap((row) =>
    row.cycle ? row.branches.map((branch) => ({ CYCLE_ID: Number(row.cycle), BRANCH_ID: Number(branch) })) : [],
  ),
});

// The contract's resolver reads the text fields; the cycles and branches go along as they are.
const resolver = contractResolver<typeof EntranceInput, TextPart>(EntranceInput, (values) => toInput(values as Values)) as unknown as Resolver<
  Values,
  unknown,
  Output
>;

/** The specialities offered: per cycle, the branches chosen in it; a cycle appears once. */
function SpecialitiesField({ control, catalogue }: { control: Control<Values, unknown, Output>; catalogue: Catalogue }) {
  const { t, i18n } = useTranslation();
  const { field, fieldState } = useController({ name: 'SPECIALITIES', control });
  const rows = field.value;
  const change = (index: number, row: CycleRow) => field.onChange(rows.map((item, i) => (i === index ? row : item)));
  const cycleName = (id: string) => {
    const cycle = catalogue.cycles.find((item) => String(item.id) === id);
    return cycle ? inLanguage(i18n.language, cycle.NAME, cycle.NAME_FR) : '';
  };
  const branchName = (id: string) => {
    const branch = catalogue.branches.find((item) => String(item.id) === id);
    return branch ? `${branch.ABBREVIATION} – ${inLanguage(i18n.language, branch.NAME, branch.NAME_FR)}` : '';
  };
  const branches = [...catalogue.branches].sort((a, b) => a.ABBREVIATION.localeCompare(b.ABBREVIATION));
  const unused = catalogue.cycles.filter((cycle) => !rows.some((row) => row.cycle === String(cycle.id)));
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('admissions.entrance.specialities')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('admissions.entrance.specialitiesHelp')}
      </Typography>
      {rows.map((row, index) => {
        const position = index + 1;
        return (
          <Box key={index} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
            <TextField
              select
              size="small"
              id={`admissions-entrance-cycle-${position}`}
              label={t('admissions.entrance.cycle', { position })}
              value={row.cycle}
              onChange={(event) => change(index, { cycle: event.target.value, branches: row.branches })}
              sx={{ flex: '1 1 180px' }}
            >
              {catalogue.cycles
                .filter((cycle) => String(cycle.id) === row.cycle || unused.includes(cycle))
                .map((cycle) => (
                  <MenuItem key={cycle.id} value={String(cycle.id)}>
                    {inLanguage(i18n.language, cycle.NAME, cycle.NAME_FR)}
                  </MenuItem>
                ))}
            </TextField>
            <TextField
              select
              size="small"
              id={`admissions-entrance-branches-${position}`}
              label={t('admissions.entrance.branches', { position })}
              value={row.branches}
              disabled={!row.cycle}
              helperText={row.cycle ? t('admissions.entrance.branchesHelp', { name: cycleName(row.cycle) }) : t('admissions.entrance.cycleFirst')}
              onChange={(event) => {
                const value = event.target.value as unknown as string[] | string;
                change(index, { cycle: row.cycle, branches: typeof value === 'string' ? value.split(',') : value });
              }}
              slotProps={{
                select: { multiple: true, renderValue: (selected) => (selected as string[]).map((id) => branchName(id).split(' – ')[0]).join(', ') },
              }}
              sx={{ flex: '2 1 260px' }}
            >
              {branches.map((branch) => (
                <MenuItem key={branch.id} value={String(branch.id)}>
                  {branchName(String(branch.id))}
                </MenuItem>
              ))}
            </TextField>
            <IconButton
              aria-label={t('admissions.entrance.removeCycle', { position })}
              onClick={() => field.onChange(rows.length > 1 ? rows.filter((_, i) => i !== index) : [{ cycle: '', branches: [] }])}
            >
              <DeleteOutlined />
            </IconButton>
          </Box>
        );
      })}
      <Button size="small" startIcon={<AddOutlined />} disabled={unused.length === 0} onClick={() => field.onChange([...rows, { cycle: '', branches: [] }])}>
        {t('admissions.entrance.addCycle')}
      </Button>
      {fieldState.error?.message ? (
        <FormHelperText error role="alert">
          {t(messageKey(fieldState.error.message))}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

function EntranceForm({ entrance, catalogue, onClose }: { entrance: OfficeEntrance | null; catalogue: Catalogue; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({ defaultValues: toValues(entrance, catalogue), resolver });
  const mutation = useMutation({
    mutationFn: (body: Output) => saveEntrance(entrance?.Entrance_ID ?? null, body),
    onSuccess: async (saved) => {
      notify(entrance ? 'admissions.entrances.notify.saved' : 'admissions.entrances.notify.created', 'success', { name: saved.Entrance_Name });
      await queryClient.invalidateQueries({ queryKey: admissionsKeys.all });
      onClose();
    },
    onError: (error) => {
      applyFieldErrors(error, form.setError, FIELDS);
      const specialities = isApiError(error) ? Object.entries(error.fields).find(([path]) => path.startsWith('SPECIALITIES')) : undefined;
      if (specialities) form.setError('SPECIALITIES', { type: 'server', message: specialities[1] });
      setMessage(errorKey(error));
    },
  });
  const submit = form.handleSubmit((body) => {
    setMessage(null);
    mutation.mutate(body);
  });
  const text = (name: (typeof FIELDS)[number], id: string, size: 12 | 6, extra: { helperText?: string; numeric?: boolean } = {}) => (
    <Grid size={{ xs: 12, sm: size }}>
      <FormTextField
        control={form.control}
        name={name}
        id={id}
        label={t(`admissions.entrance.fields.${name}`)}
        helperText={extra.helperText}
        required
        fullWidth
        size="small"
        {...(extra.numeric ? { slotProps: { htmlInput: { inputMode: 'numeric' as const, maxLength: String(ENTRANCE_AMOUNT_MAX).length } } } : {})}
      />
    </Grid>
  );
  const day = (name: 'REGISTRATION_LIMIT_DATE' | 'EVALUATION_BEGIN_DATE' | 'EVALUATION_END_DATE', id: string) => (
    <Grid size={{ xs: 12, sm: 4 }}>
      <DateField control={form.control} name={name} id={id} label={t(`admissions.entrance.fields.${name}`)} required fullWidth size="small" />
    </Grid>
  );
  return (
    <FormDialog
      title={t(entrance ? 'admissions.entrance.editTitle' : 'admissions.entrance.addTitle')}
      pending={mutation.isPending}
      message={message}
      submitLabel={t(entrance ? 'admissions.entrance.save' : 'admissions.entrance.create')}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="md"
      phoneFullScreen
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        {text('NAME', 'admissions-entrance-name', 12)}
        {text('YEAR_NAME', 'admissions-entrance-year', 6, { helperText: t('admissions.entrance.yearHelp') })}
        {text('SCHOOL_NAME', 'admissions-entrance-school', 6)}
        {text('AMOUNT', 'admissions-entrance-amount', 6, { helperText: t('admissions.entrance.amountHelp'), numeric: true })}
        {day('REGISTRATION_LIMIT_DATE', 'admissions-entrance-deadline')}
        {day('EVALUATION_BEGIN_DATE', 'admissions-entrance-exam-begin')}
        {day('EVALUATION_END_DATE', 'admissions-entrance-exam-end')}
        <Grid size={12}>
          <SpecialitiesField control={form.control} catalogue={catalogue} />
        </Grid>
      </Grid>
    </FormDialog>
  );
}

/**
 * Creates or changes an entrance: its name, year, school, fee, deadline, exam days and the
 * specialities offered per cycle, chosen in the catalogue (loaded by the page before it opens).
 */
export default function EntranceDialog({ entrance, catalogue, onClose }: { entrance: OfficeEntrance | null; catalogue: Catalogue; onClose: () => void }) {
  return <EntranceForm entrance={entrance} catalogue={catalogue} onClose={onClose} />;
}
