import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EnrolmentOfferChange, EnrolmentOfferInput, type OfficeEnrolmentOffer } from '@portal/contract';
import { ENROLMENT_OFFER_KINDS, MAX_OFFER_CAPACITY } from '@portal/contract/rules';
import { useDialogForm } from '../../components/dialog-form';
import { FormDialog } from '../../components/form-dialog-frame';
import { FormTextField } from '../../components/form-text-field';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { errorKey } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form';
import { inLanguage } from '../../lib/names';
import { addOffer, changeOffer, enrolmentKeys, useClasses, useClassSubjects } from './enrolment-api';
import { contractResolver, toNumber } from '../../lib/contract-resolver';
import { offerFullName } from './labels';

type AddValues = { KIND: string; CLASS_ID: string; SUBJECT_CLASS_ID: string; SUBJECT_ID: string; CAPACITY: string };
const ADD_FIELDS = ['KIND', 'CLASS_ID', 'SUBJECT_ID', 'CAPACITY'] as const;

const capacityProps = { slotProps: { htmlInput: { inputMode: 'numeric' as const, maxLength: String(MAX_OFFER_CAPACITY).length } } };

/** Offers a class, or an optional subject (chosen within the class it is taught in), with its capacity. */
export function AddOfferDialog({ sessionId, onClose }: { sessionId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const classes = useClasses();
  const { form, mutation, submit, message } = useDialogForm({
    defaultValues: { KIND: 'CLASS', CLASS_ID: '', SUBJECT_CLASS_ID: '', SUBJECT_ID: '', CAPACITY: '' },
    resolver: contractResolver<typeof EnrolmentOfferInput, AddValues>(EnrolmentOfferInput, (values) => ({
      KIND: values.KIND,
      ...(values.KIND === 'CLASS' ? { CLASS_ID: toNumber(values.CLASS_ID) } : { SUBJECT_ID: toNumber(values.SUBJECT_ID) }),
      CAPACITY: toNumber(values.CAPACITY),
    })),
    fields: ADD_FIELDS,
    save: (body: z.output<typeof EnrolmentOfferInput>) => addOffer(sessionId, body),
    invalidate: enrolmentKeys.all,
    done: (offer) => ({ key: 'enrolment.office.notify.offerAdded', values: { name: offerFullName(offer, i18n.language) } }),
    sayFirst: true,
    onSaved: onClose,
    invalid: null,
  });
  const kind = form.watch('KIND');
  const subjectClass = toNumber(form.watch('SUBJECT_CLASS_ID'));
  const subjects = useClassSubjects(kind === 'SUBJECT' && typeof subjectClass === 'number' ? subjectClass : null);
  const classOptions = [...(classes.data ?? [])].sort((a, b) => a.CODE.localeCompare(b.CODE));
  const classItems = classOptions.map((item) => (
    <MenuItem key={item.id} value={String(item.id)}>
      {item.CODE}
    </MenuItem>
  ));
  return (
    <FormDialog
      title={t('enrolment.office.offer.add')}
      pending={mutation.isPending}
      message={message}
      submitLabel={t('enrolment.office.offer.create')}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <LoadStatus error={classes.error} loading={classes.isPending} />
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <FormTextField
            control={form.control}
            name="KIND"
            id="enrolment-offer-kind"
            label={t('enrolment.office.fields.KIND')}
            select
            required
            fullWidth
            size="small"
          >
            {ENROLMENT_OFFER_KINDS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`enrolment.kind.${value}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        {kind === 'CLASS' ? (
          <Grid size={12}>
            <FormTextField
              control={form.control}
              name="CLASS_ID"
              id="enrolment-offer-class"
              label={t('enrolment.office.fields.CLASS_ID')}
              select
              required
              fullWidth
              size="small"
            >
              {classItems}
            </FormTextField>
          </Grid>
        ) : (
          <>
            <Grid size={12}>
              <FormTextField
                control={form.control}
                name="SUBJECT_CLASS_ID"
                id="enrolment-offer-subject-class"
                label={t('enrolment.office.fields.SUBJECT_CLASS_ID')}
                select
                fullWidth
                size="small"
              >
                {classItems}
              </FormTextField>
            </Grid>
            <Grid size={12}>
              <FormTextField
                control={form.control}
                name="SUBJECT_ID"
                id="enrolment-offer-subject"
                label={t('enrolment.office.fields.SUBJECT_ID')}
                select
                required
                fullWidth
                size="small"
                disabled={!subjects.data}
                helperText={subjects.data ? undefined : t('enrolment.office.offer.classFirst')}
              >
                {(subjects.data?.rows ?? []).map((subject) => (
                  <MenuItem key={subject.id} value={String(subject.id)}>
                    {`${subject.CODE} – ${inLanguage(i18n.language, subject.NAME, subject.NAME_FR)}`}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
          </>
        )}
        <Grid size={12}>
          <FormTextField
            control={form.control}
            name="CAPACITY"
            id="enrolment-offer-capacity"
            label={t('enrolment.office.fields.CAPACITY')}
            helperText={t('enrolment.office.offer.capacityHelp', { total: MAX_OFFER_CAPACITY })}
            required
            fullWidth
            size="small"
            {...capacityProps}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}

/** Changes an offer's capacity: never below the seats held (the server says so). */
export function CapacityDialog({ sessionId, offer, onClose }: { sessionId: number; offer: OfficeEnrolmentOffer; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<{ CAPACITY: string }, unknown, z.output<typeof EnrolmentOfferChange>>({
    defaultValues: { CAPACITY: String(offer.capacity) },
    resolver: contractResolver<typeof EnrolmentOfferChange, { CAPACITY: string }>(EnrolmentOfferChange, (values) => ({ CAPACITY: toNumber(values.CAPACITY) })),
  });
  const mutation = useMutation({
    mutationFn: (body: z.output<typeof EnrolmentOfferChange>) => changeOffer(sessionId, offer.id, body),
    onSuccess: async () => {
      notify('enrolment.office.notify.capacitySaved', 'success');
      await queryClient.invalidateQueries({ queryKey: enrolmentKeys.all });
      onClose();
    },
    onError: (error) => {
      applyFieldErrors(error, form.setError, ['CAPACITY']);
      setMessage(errorKey(error));
      void queryClient.invalidateQueries({ queryKey: enrolmentKeys.all });
    },
  });
  const submit = form.handleSubmit((body) => {
    setMessage(null);
    mutation.mutate(body);
  });
  return (
    <FormDialog
      title={t('enrolment.office.offer.capacityTitle')}
      pending={mutation.isPending}
      message={message}
      submitLabel={t('enrolment.office.offer.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography sx={{ mb: 2 }}>{t('enrolment.office.offer.capacityText', { name: offerFullName(offer, i18n.language), count: offer.seatsTaken })}</Typography>
      <FormTextField
        control={form.control}
        name="CAPACITY"
        id="enrolment-offer-new-capacity"
        label={t('enrolment.office.fields.CAPACITY')}
        required
        fullWidth
        size="small"
        autoFocus
        {...capacityProps}
      />
    </FormDialog>
  );
}
