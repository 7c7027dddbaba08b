import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ContactForm } from '@portal/contract';
import { CONTACT_OBJECTS } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { useNotify } from '../../components/notify';
import { FormError } from '../../components/form-error';
import { StackedForm, SubmitButton } from '../../components/form-parts';
import { FormTextField } from '../../components/form-text-field';
import { Page } from '../../components/page';
import { errorKey, isApiError } from '../../lib/api';
import { useCountdown } from '../../lib/use-countdown';
import { messageWithWait } from '../../lib/wait-message';
import { applyFieldErrors, useFormSubmit } from '../../lib/form';
import { useSession } from '../../lib/session';
import { sendContact } from './contact-api';

type ContactInput = z.input<typeof ContactForm>;

export default function ContactPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { user } = useSession();
  // A page that sends the person here may choose the object (`/contact?object=CLASS_ABSENT`).
  const [params] = useSearchParams();
  const asked = params.get('object') ?? '';
  const form = useForm<ContactInput, unknown, ContactForm>({
    resolver: zodResolver(ContactForm),
    defaultValues: { OBJECT: (CONTACT_OBJECTS as readonly string[]).includes(asked) ? asked : '', MESSAGE: '' },
  });
  const { submit, messageKey, setMessageKey } = useFormSubmit(form, (values) => mutation.mutate(values), 'errors.CONTACT_INCOMPLETE');
  // Messages are limited per hour (decision 23): past the limit, the time to wait is shown.
  const wait = useCountdown(0);
  const mutation = useMutation({
    mutationFn: sendContact,
    onSuccess: () => {
      form.reset();
      notify('contact.sent', 'success');
    },
    onError: (error) => {
      setMessageKey(errorKey(error));
      if (isApiError(error) && error.status === 429 && error.retryAfter) wait.start(error.retryAfter);
      applyFieldErrors(error, form.setError, ['OBJECT', 'MESSAGE']);
    },
  });

  const readOnly = { input: { readOnly: true } } as const;
  const prefilled = [
    { id: 'contact-name', label: t('person.fields.name'), value: user ? `${user.FIRSTNAME} ${user.LASTNAME}` : '' },
    { id: 'contact-email', label: t('person.fields.EMAIL'), value: user?.EMAIL ?? '' },
    { id: 'contact-matricule', label: t('person.fields.MATRICULE'), value: user?.MATRICULE ?? '' },
    { id: 'contact-phone', label: t('person.fields.PHONE_NUMBER'), value: user?.PHONE_NUMBER ?? '' },
  ];

  return (
    <Page title={t('contact.title')} maxWidth="sm" intro={t('contact.intro')}>
      <Card>
        <StackedForm label={t('contact.title')} onSubmit={submit}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            {prefilled.map((field) => (
              <TextField key={field.id} id={field.id} label={field.label} value={field.value} slotProps={readOnly} size="small" />
            ))}
          </Box>
          <FormTextField control={form.control} name="OBJECT" id="contact-object" label={t('contact.object')} select required fullWidth>
            {CONTACT_OBJECTS.map((key) => (
              <MenuItem key={key} value={key}>
                {t(`contact.objects.${key}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={form.control} name="MESSAGE" id="contact-message" label={t('contact.message')} multiline minRows={5} required fullWidth />
          <FormError message={messageKey ? messageWithWait(t, messageKey, wait.remaining) : null} />
          <SubmitButton disabled={mutation.isPending}>{t('contact.send')}</SubmitButton>
        </StackedForm>
      </Card>
    </Page>
  );
}
