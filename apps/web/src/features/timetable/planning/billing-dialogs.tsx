import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BillingPeriodInput, LessonBillingInput, type BillingPeriod } from '@portal/contract';
import { isoToDmy } from '@portal/contract/rules';
import { DateField } from '../../../components/date-field';
import { OfficeTable } from '../../../components/office-table';
import { FormDialogError } from '../../../components/form-dialog';
import { FormDialog } from '../../../components/form-dialog-frame';
import { FormTextField } from '../../../components/form-text-field';
import { LoadStatus } from '../../../components/load-status';
import { useNotify } from '../../../components/notify';
import { errorKey, isApiError } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/form';
import { toIsoDay } from '../../../lib/contract-resolver';
import { contractResolver, toId } from './form-resolver';
import { billLessons, createBillingPeriod, planningKeys, useBillingPeriods } from './planning-api';

/** A billing period in a few words: `November 2026 (01/11/2026 – 30/11/2026)`. */
const periodLabel = (period: BillingPeriod) => `${period.name} (${isoToDmy(period.beginDate)} – ${isoToDmy(period.endDate)})`;

/** Bills the lessons chosen into a billing period: validated lessons dated within it. */
export function BillDialog({ lessonIds, onDone, onClose }: { lessonIds: number[]; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const periods = useBillingPeriods();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<{ BILLING_PERIOD_ID: string }, unknown, z.output<typeof LessonBillingInput>>({
    defaultValues: { BILLING_PERIOD_ID: '' },
    resolver: contractResolver<typeof LessonBillingInput, { BILLING_PERIOD_ID: string }>(LessonBillingInput, (values) => ({
      BILLING_PERIOD_ID: toId(values.BILLING_PERIOD_ID),
      LESSON_IDS: lessonIds,
    })),
  });
  const mutation = useMutation({
    mutationFn: billLessons,
    onSuccess: async (answer) => {
      notify('planning.notify.billed', 'success', { count: answer.changed });
      await queryClient.invalidateQueries({ queryKey: planningKeys.all });
      onDone();
    },
    onError: (error) => {
      setMessage(errorKey(error));
      void queryClient.invalidateQueries({ queryKey: planningKeys.all });
    },
  });
  const submit = form.handleSubmit((body) => {
    setMessage(null);
    mutation.mutate(body);
  });
  const list = periods.data ?? [];
  return (
    <FormDialog
      title={t('planning.bill.title', { count: lessonIds.length })}
      pending={mutation.isPending}
      message={message}
      submitLabel={t('planning.bill.submit')}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('planning.bill.intro')}</Typography>
      <LoadStatus error={periods.error} loading={periods.isPending} />
      <FormTextField
        control={form.control}
        name="BILLING_PERIOD_ID"
        id="planning-bill-period"
        label={t('planning.bill.period')}
        select
        required
        fullWidth
        size="small"
        disabled={list.length === 0}
        helperText={periods.data && list.length === 0 ? t('planning.bill.noPeriod') : undefined}
      >
        {list.map((period) => (
          <MenuItem key={period.id} value={String(period.id)}>
            {periodLabel(period)}
          </MenuItem>
        ))}
      </FormTextField>
    </FormDialog>
  );
}

type PeriodValues = { NAME: string; BEGIN_DATE: string; END_DATE: string };
const PERIOD_FIELDS = ['NAME', 'BEGIN_DATE', 'END_DATE'] as const;

/** The billing periods, with what each billed, and a new one (periods never overlap). */
export function BillingPeriodsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const titleId = useId();
  const formTitleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const periods = useBillingPeriods();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<PeriodValues, unknown, z.output<typeof BillingPeriodInput>>({
    defaultValues: { NAME: '', BEGIN_DATE: '', END_DATE: '' },
    resolver: contractResolver<typeof BillingPeriodInput, PeriodValues>(BillingPeriodInput, (values) => ({
      NAME: values.NAME,
      BEGIN_DATE: toIsoDay(values.BEGIN_DATE),
      END_DATE: toIsoDay(values.END_DATE),
    })),
  });
  const mutation = useMutation({
    mutationFn: createBillingPeriod,
    onSuccess: async (period) => {
      notify('planning.notify.periodCreated', 'success', { name: period.name });
      form.reset();
      await queryClient.invalidateQueries({ queryKey: planningKeys.periods });
    },
    onError: (error) => {
      applyFieldErrors(error, form.setError, PERIOD_FIELDS);
      if (isApiError(error) && error.code === 'BILLING_PERIOD_OVERLAP') {
        form.setError('BEGIN_DATE', { type: 'server', message: 'errors.BILLING_PERIOD_OVERLAP' });
        form.setError('END_DATE', { type: 'server', message: 'errors.BILLING_PERIOD_OVERLAP' }, { shouldFocus: true });
      }
      if (isApiError(error) && error.code === 'ALREADY_EXISTS')
        form.setError('NAME', { type: 'server', message: 'errors.ALREADY_EXISTS' }, { shouldFocus: true });
      setMessage(errorKey(error));
    },
  });
  const submit = form.handleSubmit((body) => {
    setMessage(null);
    mutation.mutate(body);
  });

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('planning.periods.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('planning.periods.intro')}</Typography>
        <LoadStatus error={periods.error} loading={periods.isPending} />
        {periods.data ? (
          <OfficeTable
            bare
            noHover
            sx={{ mb: 3 }}
            label={t('planning.periods.title')}
            minWidth={560}
            rows={periods.data}
            rowKey={(period) => period.id}
            empty={t('planning.periods.empty')}
            columns={[
              { header: t('planning.periods.columns.name'), sx: { fontWeight: 600 }, cell: (period) => period.name },
              { header: t('planning.periods.columns.begin'), sx: { whiteSpace: 'nowrap' }, cell: (period) => isoToDmy(period.beginDate) },
              { header: t('planning.periods.columns.end'), sx: { whiteSpace: 'nowrap' }, cell: (period) => isoToDmy(period.endDate) },
              { header: t('planning.periods.columns.lessons'), align: 'right', cell: (period) => period.billedLessons },
              { header: t('planning.periods.columns.hours'), align: 'right', cell: (period) => period.billedHours },
            ]}
          />
        ) : null}
        <Box component="form" noValidate aria-labelledby={formTitleId} onSubmit={(event) => void submit(event)}>
          <Typography id={formTitleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('planning.periods.add')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={form.control}
                name="NAME"
                id="planning-period-name"
                label={t('planning.periods.fields.NAME')}
                required
                fullWidth
                size="small"
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <DateField
                control={form.control}
                name="BEGIN_DATE"
                id="planning-period-begin"
                label={t('planning.periods.fields.BEGIN_DATE')}
                required
                fullWidth
                size="small"
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <DateField
                control={form.control}
                name="END_DATE"
                id="planning-period-end"
                label={t('planning.periods.fields.END_DATE')}
                required
                fullWidth
                size="small"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 2 }}>
              <Button type="submit" variant="contained" fullWidth disabled={mutation.isPending}>
                {t('planning.periods.create')}
              </Button>
            </Grid>
          </Grid>
          <FormDialogError messageKey={message} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
