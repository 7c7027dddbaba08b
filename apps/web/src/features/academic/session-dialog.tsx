import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApplicationSessionInput, type HourlyCaps, type ApplicationSessionSummary } from '@portal/contract';
import {
  dmyToIso,
  GROUP_LIMIT_NAMES,
  groupLimit,
  groupLimitName,
  isoToDmy,
  lastSessionDayOf,
  LEVEL_GROUP_KEYS,
  SHIFT_GROUPS,
  STAFF_STATUSES,
  universityDayOf,
  type GroupLimitName,
} from '@portal/contract/rules';
import { useDialogForm } from '../../components/dialog-form';
import { DateField } from '../../components/date-field';
import { FormDialogActions, FormDialogError } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { academicKeys, saveSession } from './academic-api';
import { contractResolver, toNumber } from '../../lib/contract-resolver';

interface Values {
  DESIGNATION: string;
  /** optional: the English designation stands in when empty (decision 30) */
  DESIGNATION_FR: string;
  /** dd/mm/yyyy */
  START_DATE: string;
  /** dd/mm/yyyy, or empty: no end */
  END_DATE: string;
  LIMITS: Record<GroupLimitName, string>;
  HOURS: Record<keyof HourlyCaps, string>;
  [key: string]: string | Record<string, string>;
}

const mapValues = <K extends string>(record: Record<K, string>) =>
  Object.fromEntries(Object.entries<string>(record).map(([key, value]) => [key, toNumber(value)]));

/** The typed text as the API's body: days as yyyy-mm-dd (left as typed when not a date, so that it fails), numbers as numbers. */
export function toApplicationSessionInput(values: Values) {
  const day = (value: string) => (value.trim() === '' ? undefined : (dmyToIso(value) ?? value));
  return {
    DESIGNATION: values.DESIGNATION,
    DESIGNATION_FR: values.DESIGNATION_FR.trim() === '' ? null : values.DESIGNATION_FR,
    START_DATE: day(values.START_DATE),
    END_DATE: day(values.END_DATE) ?? null,
    LIMITS: mapValues(values.LIMITS),
    HOURS: mapValues(values.HOURS),
  };
}

/** A session as the form shows it: its days dd/mm/yyyy (university time) and the limit of each level group. */
function toValues(session: ApplicationSessionSummary | null): Values {
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  return {
    DESIGNATION: session?.DESIGNATION ?? '',
    DESIGNATION_FR: session?.DESIGNATION_FR ?? '',
    START_DATE: session ? isoToDmy(universityDayOf(session.START_DATE)) : '',
    END_DATE: session?.END_DATE ? isoToDmy(lastSessionDayOf(session.END_DATE)) : '',
    LIMITS: Object.fromEntries(
      LEVEL_GROUP_KEYS.flatMap((group) =>
        SHIFT_GROUPS.map((shift) => [groupLimitName(group, shift), text(session ? groupLimit(session.SubjectConstraint, group, shift) : undefined)]),
      ),
    ) as Record<GroupLimitName, string>,
    HOURS: Object.fromEntries(STAFF_STATUSES.map((status) => [status, text(session?.HOURS[status])])) as Record<keyof HourlyCaps, string>,
  };
}

const KNOWN_FIELDS = [
  'DESIGNATION',
  'DESIGNATION_FR',
  'START_DATE',
  'END_DATE',
  ...GROUP_LIMIT_NAMES.map((name) => `LIMITS.${name}`),
  ...STAFF_STATUSES.map((status) => `HOURS.${status}`),
] as Path<Values>[];

/** Creates or edits a choice session: its days, the subject limits per level group and shift, and the hours per staff category. */
export default function SessionDialog({ session, onClose }: { session: ApplicationSessionSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { form, mutation, submit, message } = useDialogForm({
    defaultValues: toValues(session),
    resolver: contractResolver<typeof ApplicationSessionInput, Values>(ApplicationSessionInput, toApplicationSessionInput, ['END_DATE']),
    fields: KNOWN_FIELDS,
    save: (body: ApplicationSessionInput) => saveSession(session?.id ?? null, body),
    invalidate: academicKeys.all,
    done: session ? 'academic.notify.saved' : 'academic.notify.created',
    onSaved: onClose,
    invalid: null,
  });
  const legend = { component: 'legend', variant: 'subtitle2', sx: { mb: 1, p: 0 } } as const;
  const fieldset = { component: 'fieldset', sx: { border: 0, m: 0, p: 0, minWidth: 0 } } as const;

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t(session ? 'academic.sessions.edit' : 'academic.sessions.add')}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={12}>
              <FormTextField
                control={form.control}
                name="DESIGNATION"
                id="academic-session-designation"
                label={t('academic.fields.DESIGNATION')}
                required
                fullWidth
                size="small"
                autoFocus
              />
            </Grid>
            <Grid size={12}>
              <FormTextField
                control={form.control}
                name="DESIGNATION_FR"
                id="academic-session-designation-fr"
                label={t('academic.fields.DESIGNATION_FR')}
                helperText={t('academic.frenchNameHelp')}
                fullWidth
                size="small"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <DateField
                control={form.control}
                name="START_DATE"
                id="academic-session-start"
                label={t('academic.fields.START_DATE')}
                required
                fullWidth
                size="small"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <DateField
                control={form.control}
                name="END_DATE"
                id="academic-session-end"
                label={t('academic.fields.END_DATE')}
                helperText={t('academic.sessions.endHelp')}
                fullWidth
                size="small"
              />
            </Grid>
          </Grid>

          <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 0.5, fontWeight: 600 }}>
            {t('academic.sessions.limits')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('academic.sessions.limitsHelp')}
          </Typography>
          <Grid container spacing={2}>
            {LEVEL_GROUP_KEYS.map((group) => (
              <Grid key={group} size={{ xs: 12, sm: 4 }}>
                <Box {...fieldset}>
                  <Typography {...legend}>{t(`academic.groups.${group}`)}</Typography>
                  <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
                    {SHIFT_GROUPS.map((shift) => (
                      <FormTextField
                        key={shift}
                        control={form.control}
                        name={`LIMITS.${groupLimitName(group, shift)}`}
                        id={`academic-session-limit-${group}-${shift}`}
                        label={t(`academic.shifts.${shift}`)}
                        required
                        size="small"
                        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                      />
                    ))}
                  </Box>
                </Box>
              </Grid>
            ))}
          </Grid>

          <Box {...fieldset} sx={{ ...fieldset.sx, mt: 3 }}>
            <Typography {...legend} variant="subtitle1" sx={{ ...legend.sx, mb: 0.5, fontWeight: 600 }}>
              {t('academic.sessions.hours')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              {t('academic.sessions.hoursHelp')}
            </Typography>
            <Grid container spacing={2}>
              {STAFF_STATUSES.map((status) => (
                <Grid key={status} size={{ xs: 6, sm: 3 }}>
                  <FormTextField
                    control={form.control}
                    name={`HOURS.${status}`}
                    id={`academic-session-hours-${status}`}
                    label={t(`person.status.${status}`)}
                    required
                    fullWidth
                    size="small"
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  />
                </Grid>
              ))}
            </Grid>
          </Box>

          <FormDialogError messageKey={message} />
        </DialogContent>
        <FormDialogActions pending={mutation.isPending} onCancel={onClose} submitLabel={t('academic.save')} />
      </Box>
    </Dialog>
  );
}
