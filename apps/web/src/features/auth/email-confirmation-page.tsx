import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
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
import { LIMITS } from '../../lib/limits';
import { checkConfirmation, confirmEmail } from './auth-api';

type PasswordInput = z.input<typeof ChoosePasswordForm>;

/** Answers after which the link is useless. */
const DEAD_LINK = new Set(['CONFIRMATION_EXPIRED', 'CONFIRMATION_INVALID']);

/** A link already used or expired: said at once, with the ways forward (sign in, or a new link); no form. */
function DeadLink() {
  const { t } = useTranslation();
  return (
    <Page title={t('confirmation.title')} maxWidth="sm">
      <Card>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="warning" role="alert" sx={{ width: '100%' }}>
            {t('confirmation.dead')}
          </Alert>
          <Typography>{t('confirmation.deadHelp', LIMITS)}</Typography>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/login" variant="contained">
              {t('confirmation.toLogin')}
            </Button>
            <Button component={RouterLink} to="/register" variant="outlined">
              {t('confirmation.newLink')}
            </Button>
          </Stack>
        </Stack>
      </Card>
    </Page>
  );
}

/**
 * Opened from the e-mailed link. On opening, the page asks whether the link can still be used
 * (a read that uses nothing up, so mail previewers opening links do no harm): a used or expired
 * link says so at once; a live one shows the password form, and the link is used only when the
 * person presses Confirm.
 */
export default function EmailConfirmationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm<PasswordInput, unknown, ChoosePasswordForm>({
    resolver: zodResolver(ChoosePasswordForm),
    defaultValues: { password: '', confirm: '' },
  });
  const check = useQuery({
    queryKey: ['confirmation-link', token],
    queryFn: () => checkConfirmation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const mutation = useMutation({
    mutationFn: confirmEmail,
    onError: (error) => applyFieldErrors(error, form.setError, ['password']),
  });

  const submit = form.handleSubmit((values) => mutation.mutate({ token, password: values.password }));
  // A message the server put on the password field is said there, not again over the button.
  const onField = isApiError(mutation.error) && Object.keys(mutation.error.fields).includes('password');

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

  // The check failing (offline, too many checks) does not stop the person: Confirm still answers.
  if (!token || check.data?.usable === false || (isApiError(mutation.error) && DEAD_LINK.has(mutation.error.code))) return <DeadLink />;

  if (check.isPending) {
    return (
      <Page title={t('confirmation.title')} maxWidth="sm">
        <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>{t('confirmation.checking')}</Typography>
        </Stack>
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
          <FormError message={mutation.error && !onField ? t(errorKey(mutation.error)) : null} />
          <SubmitButton disabled={mutation.isPending}>{t('confirmation.submit')}</SubmitButton>
        </StackedForm>
      </Card>
    </Page>
  );
}
