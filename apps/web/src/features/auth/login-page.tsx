import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { CodeRequestBody, SignInBody, type SignInResponse } from '@portal/contract';
import { FormTextField } from '../../components/form-text-field';
import { Page } from '../../components/page';
import { AppLink } from '../../components/router-link';
import { isApiError } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form';
import { formatSeconds } from '../../lib/format';
import { useCountdown } from '../../lib/use-countdown';
import { requestCode, signIn, type VerificationState } from './auth-api';

type Mode = 'password' | 'code';

/** The message of a failed sign-in, as the specification words it. */
export function signInErrorKey(error: unknown): string {
  if (!isApiError(error)) return 'errors.INTERNAL';
  if (error.code === 'NETWORK') return 'errors.NETWORK';
  if (error.status === 401) return 'errors.ACCOUNT_INACTIVE';
  if (error.status === 429 || error.status >= 500 || error.code === 'VALIDATION_FAILED' || error.code === 'CSRF_REJECTED') {
    return `errors.${error.code}`;
  }
  return 'errors.INVALID_CREDENTIALS';
}

/** Shared by both ways of signing in: error message, lockout countdown, next step. */
function useSignInOutcome(identifier: () => string) {
  const navigate = useNavigate();
  const lock = useCountdown(0);
  const [messageKey, setMessageKey] = useState<string | null>(null);

  const succeeded = (response: SignInResponse) => {
    const state: VerificationState = {
      matricule: response.MATRICULE ?? identifier().trim().toUpperCase(),
      email: response.EMAIL,
      studentId: response.STUDENT_ID,
      resendAfter: response.resendAfter,
    };
    navigate('/verification-code', { state });
  };

  const failed = (error: unknown) => {
    setMessageKey(signInErrorKey(error));
    if (isApiError(error) && error.retryAfter && error.status === 429) lock.start(error.retryAfter);
  };

  return { messageKey, setMessageKey, lock, succeeded, failed };
}

function OutcomeAlert({ messageKey, lockRemaining }: { messageKey: string | null; lockRemaining: number }) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  return (
    <Alert severity="error" role="alert">
      {t(messageKey)}
      {lockRemaining > 0 ? ` ${t('common.retryIn', { time: formatSeconds(lockRemaining) })}` : null}
    </Alert>
  );
}

type PasswordInput = z.input<typeof SignInBody>;

function PasswordSignInForm() {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm<PasswordInput, unknown, SignInBody>({
    resolver: zodResolver(SignInBody),
    defaultValues: { identifier: '', password: '' },
  });
  const outcome = useSignInOutcome(() => form.getValues('identifier'));
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: outcome.succeeded,
    onError: (error) => {
      outcome.failed(error);
      applyFieldErrors(error, form.setError, ['identifier', 'password']);
    },
  });

  const submit = form.handleSubmit(
    (values) => {
      outcome.setMessageKey(null);
      mutation.mutate(values);
    },
    () => outcome.setMessageKey('errors.VALIDATION_FAILED'),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('login.passwordTab')}>
      <Stack spacing={2.5}>
        <FormTextField
          control={form.control}
          name="identifier"
          id="login-identifier"
          label={t('login.identifier')}
          autoComplete="username"
          autoCapitalize="characters"
          required
          fullWidth
        />
        <FormTextField
          control={form.control}
          name="password"
          id="login-password"
          label={t('login.password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          required
          fullWidth
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    onClick={() => setShowPassword((v) => !v)}
                    edge="end"
                    aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                  >
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <OutcomeAlert messageKey={outcome.messageKey} lockRemaining={outcome.lock.remaining} />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending || outcome.lock.running}>
          {t('login.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

type CodeInput = z.input<typeof CodeRequestBody>;

function CodeRequestForm() {
  const { t } = useTranslation();
  const form = useForm<CodeInput, unknown, CodeRequestBody>({
    resolver: zodResolver(CodeRequestBody),
    defaultValues: { identifier: '' },
  });
  const outcome = useSignInOutcome(() => form.getValues('identifier'));
  const mutation = useMutation({
    mutationFn: requestCode,
    onSuccess: outcome.succeeded,
    onError: (error) => {
      outcome.failed(error);
      applyFieldErrors(error, form.setError, ['identifier']);
    },
  });

  const submit = form.handleSubmit(
    (values) => {
      outcome.setMessageKey(null);
      mutation.mutate(values);
    },
    () => outcome.setMessageKey('errors.VALIDATION_FAILED'),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('login.codeTab')}>
      <Stack spacing={2.5}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('login.codeHelp')}
        </Typography>
        <FormTextField
          control={form.control}
          name="identifier"
          id="code-identifier"
          label={t('login.identifier')}
          autoComplete="username"
          autoCapitalize="characters"
          required
          fullWidth
        />
        <OutcomeAlert messageKey={outcome.messageKey} lockRemaining={outcome.lock.remaining} />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending || outcome.lock.running}>
          {t('login.sendCode')}
        </Button>
      </Stack>
    </Box>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('password');

  return (
    <Page title={t('login.title')} maxWidth="xs">
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('login.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Tabs
          value={mode}
          onChange={(_event, value: Mode) => setMode(value)}
          variant="fullWidth"
          aria-label={t('login.modes')}
          sx={{ mb: 3 }}
        >
          <Tab value="password" label={t('login.passwordTab')} id="login-tab-password" aria-controls="login-panel" />
          <Tab value="code" label={t('login.codeTab')} id="login-tab-code" aria-controls="login-panel" />
        </Tabs>
        <div role="tabpanel" id="login-panel" aria-labelledby={`login-tab-${mode}`}>
          {mode === 'password' ? <PasswordSignInForm /> : <CodeRequestForm />}
        </div>
      </Paper>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('login.noAccount')} <AppLink to="/register">{t('login.register')}</AppLink>
      </Typography>
    </Page>
  );
}
