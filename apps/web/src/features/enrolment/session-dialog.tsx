import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EnrolmentSessionInput, type EnrolmentSession } from '@portal/contract';
import { isoToDmy, MAX_ENROLMENT_APPLICATIONS } from '@portal/contract/rules';
import { DateField } from '../../components/date-field';
import { useDialogForm } from '../../components/dialog-form';
import { FormDialog } from '../../components/form-dialog-frame';
import { FormTextField } from '../../components/form-text-field';
import { enrolmentKeys, saveEnrolmentSession } from './enrolment-api';
import { contractResolver, toIsoDay, toNumber } from '../../lib/contract-resolver';

type Values = { NAME: string; NAME_FR: string; START_DATE: string; END_DATE: string; MAX_APPLICATIONS: string };
const FIELDS = ['NAME', 'NAME_FR', 'START_DATE', 'END_DATE', 'MAX_APPLICATIONS'] as const;
const LIMITS = Array.from({ length: MAX_ENROLMENT_APPLICATIONS }, (_, i) => String(i + 1));

const toValues = (session: EnrolmentSession | null): Values => ({
  NAME: session?.name ?? '',
  NAME_FR: session?.nameFr ?? '',
  START_DATE: session ? isoToDmy(session.startDate) : '',
  END_DATE: session ? isoToDmy(session.endDate) : '',
  MAX_APPLICATIONS: String(session?.maxApplications ?? 3),
});

/** Opens or changes an enrolment session: its names in both languages, its days (dd/mm/yyyy) and how many offers a student may apply to. */
export default function SessionDialog({
  session,
  onSaved,
  onClose,
}: {
  session: EnrolmentSession | null;
  onSaved: (session: EnrolmentSession) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { form, mutation, submit, message } = useDialogForm({
    defaultValues: toValues(session),
    resolver: contractResolver<typeof EnrolmentSessionInput, Values>(EnrolmentSessionInput, (values) => ({
      NAME: values.NAME,
      NAME_FR: values.NAME_FR,
      START_DATE: toIsoDay(values.START_DATE),
      END_DATE: toIsoDay(values.END_DATE),
      MAX_APPLICATIONS: toNumber(values.MAX_APPLICATIONS),
    })),
    fields: FIELDS,
    save: (body: z.output<typeof EnrolmentSessionInput>) => saveEnrolmentSession(session?.id ?? null, body),
    invalidate: enrolmentKeys.all,
    done: session ? 'enrolment.office.notify.sessionSaved' : 'enrolment.office.notify.sessionCreated',
    sayFirst: true,
    onSaved,
    invalid: null,
  });
  return (
    <FormDialog
      title={t(session ? 'enrolment.office.session.edit' : 'enrolment.office.session.add')}
      pending={mutation.isPending}
      message={message}
      submitLabel={t(session ? 'enrolment.office.session.save' : 'enrolment.office.session.create')}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <FormTextField
            control={form.control}
            name="NAME"
            id="enrolment-session-name"
            label={t('enrolment.office.fields.NAME')}
            required
            fullWidth
            size="small"
            autoFocus
          />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={form.control}
            name="NAME_FR"
            id="enrolment-session-name-fr"
            label={t('enrolment.office.fields.NAME_FR')}
            required
            fullWidth
            size="small"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateField
            control={form.control}
            name="START_DATE"
            id="enrolment-session-start"
            label={t('enrolment.office.fields.START_DATE')}
            required
            fullWidth
            size="small"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateField
            control={form.control}
            name="END_DATE"
            id="enrolment-session-end"
            label={t('enrolment.office.fields.END_DATE')}
            required
            fullWidth
            size="small"
          />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={form.control}
            name="MAX_APPLICATIONS"
            id="enrolment-session-max"
            label={t('enrolment.office.fields.MAX_APPLICATIONS')}
            helperText={t('enrolment.office.session.maxHelp')}
            select
            required
            fullWidth
            size="small"
          >
            {LIMITS.map((value) => (
              <MenuItem key={value} value={value}>
                {value}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
      </Grid>
    </FormDialog>
  );
}
