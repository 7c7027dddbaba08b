import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ChoosePasswordForm } from '@portal/contract';
import { PASSWORD_MIN } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { FormError } from '../../components/form-error';
import { StackedForm, SubmitButton } from '../../components/form-parts';
import { FormTextField } from '../../components/form-text-field';
import { Page } from '../../components/page';
import { errorKey, isApiError } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form';
import { confirmEmail } from './auth-api';

type PasswordInput = z.input<typeof ChoosePasswordForm>;

/** Answers after which the link is useless: register again. */
const DEAD_LINK = new Set(['CONFIRMATION_EXPIRED', 'CONFIRMATION_INVALID']);

/**
 * Opened from the e-mailed link. Nothing is sent on load (mail previewers open links):
 * the person chooses a password and presses Confirm.
 */
export default function EmailConfirmationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm<PasswordInput, unknown, ChoosePasswordForm>({
    resolver: zodResolver(ChoosePasswordForm),
    defaultValues: { password: '', confirm: '' },
  });
  const mutation = useMutation({
    mutationFn: confirmEmail,
    onError: (error) => applyFieldErrors(error, form.setError, ['password']),
  });

  const submit = form.handleSubmit((values) => mutation.mutate({ token, password: values.password }));
  const deadLink = !token || (isApiError(mutation.error) && DEAD_LINK.has(mutation.error.code));
  const deadKey = !token ? 'errors.CONFIRMATION_INVALID' : mutation.error ? errorKey(mutation.error) : null;

  if (mutation.data) {
    return (
      <Page title={t('confirmation.title')} maxWidth="sm">
        <Card>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="success" sx={{ width: '100%' }}>
              {t('confirmation.done')}
            </Alert>
            <Typography>{t('confirmation.identifiers', { matricule: mutation.data.MATRICULE })}</Typography>
            {mutation.data.USERNAME ? <Typography>{t('confirmation.username', { username: mutation.data.USERNAME })}</Typography> : null}
            <Button component={RouterLink} to="/login" variant="contained">
              {t('confirmation.toLogin')}
            </Button>
          </Stack>
        </Card>
      </Page>
    );
  }

  if (deadLink) {
    return (
      <Page title={t('confirmation.title')} maxWidth="sm">
        <FormError message={t(deadKey ?? 'errors.CONFIRMATION_INVALID')} link={{ to: '/register', label: t('confirmation.registerAgain') }} />
      </Page>
    );
  }

  return (
    <Page title={t('confirmation.title')} maxWidth="sm" intro={t('confirmation.intro', { min: PASSWORD_MIN })}>
      <Card>
        <StackedForm label={t('confirmation.title')} onSubmit={submit}>
          <FormTextField
            control={form.control}
            name="password"
            id="confirm-password"
            type="password"
            label={t('confirmation.password')}
            autoComplete="new-password"
            helperText={t('confirmation.passwordHelp', { min: PASSWORD_MIN })}
            required
            fullWidth
          />
          <FormTextField
            control={form.control}
            name="confirm"
            id="confirm-password-again"
            type="password"
            label={t('confirmation.confirm')}
            autoComplete="new-password"
            required
            fullWidth
          />
          <FormError message={mutation.error ? t(errorKey(mutation.error)) : null} />
          <SubmitButton disabled={mutation.isPending}>{t('confirmation.submit')}</SubmitButton>
        </StackedForm>
      </Card>
    </Page>
  );
}
