import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, type Control, type FieldPath, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { CodeRequestBody, SignInBody, type SignInResponse } from '@portal/contract';
import { Card } from '../../components/card';
import { FormError } from '../../components/form-error';
import { StackedForm, SubmitButton } from '../../components/form-parts';
import { FormTextField } from '../../components/form-text-field';
import { Page } from '../../components/page';
import { AppLink } from '../../components/router-link';
import { isApiError } from '../../lib/api';
import { applyFieldErrors, useFormSubmit } from '../../lib/form';
import { useCountdown } from '../../lib/use-countdown';
import { messageWithWait } from '../../lib/wait-message';
import { requestCode, signIn, type VerificationState } from './auth-api';

type Mode = 'password' | 'code';

/** Password answers after which the e-mailed code is the way in (decision 23): the account's password lock, the address limit. */
const USE_CODE_INSTEAD = new Set(['ACCOUNT_LOCKED', 'TOO_MANY_REQUESTS']);

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

/**
 * Sends a sign-in form (either way of signing in): the message of a failure, the lockout
 * countdown, the server's field messages, then the verification step.
 */
function useSignIn<TIn extends { identifier: string }, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  send: (values: TOut) => Promise<SignInResponse>,
  fields: readonly Path<TIn>[],
) {
  const navigate = useNavigate();
  const lock = useCountdown(0);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const { submit, messageKey, setMessageKey } = useFormSubmit(form, (values) => {
    setErrorCode(null);
    mutation.mutate(values);
  }, 'errors.VALIDATION_FAILED');
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (response) => {
      const state: VerificationState = {
        matricule: response.MATRICULE ?? String(form.getValues('identifier' as Path<TIn>)).trim().toUpperCase(),
        email: response.EMAIL,
        studentId: response.STUDENT_ID,
        resendAfter: response.resendAfter,
      };
      navigate('/verification-code', { state });
    },
    onError: (error) => {
      setMessageKey(signInErrorKey(error));
      setErrorCode(isApiError(error) ? error.code : null);
      if (isApiError(error) && error.retryAfter && error.status === 429) lock.start(error.retryAfter);
      applyFieldErrors(error, form.setError, fields);
    },
  });
  return { submit, messageKey, errorCode, lockRemaining: lock.remaining, busy: mutation.isPending || lock.running };
}

/** A sign-in form: its fields, the message of a failure (with the time left of a lockout), the submit button. */
function SignInForm({ label, signIn, submitLabel, children, after }: { label: string; signIn: ReturnType<typeof useSignIn>; submitLabel: string; children: ReactNode; after?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <StackedForm label={label} onSubmit={signIn.submit}>
      {children}
      <FormError message={signIn.messageKey ? messageWithWait(t, signIn.messageKey, signIn.lockRemaining) : null} />
      <SubmitButton disabled={signIn.busy}>{submitLabel}</SubmitButton>
      {after}
    </StackedForm>
  );
}

function IdentifierField<T extends { identifier: string }, TOut extends FieldValues>({ control, id }: { control: Control<T, unknown, TOut>; id: string }) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name={'identifier' as FieldPath<T>}
      id={id}
      label={t('login.identifier')}
      autoComplete="username"
      autoCapitalize="characters"
      required
      fullWidth
    />
  );
}

type PasswordInput = z.input<typeof SignInBody>;

function PasswordSignInForm({ onUseCode }: { onUseCode: (identifier: string) => void }) {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm<PasswordInput, unknown, SignInBody>({
    resolver: zodResolver(SignInBody),
    defaultValues: { identifier: '', password: '' },
  });
  const sending = useSignIn(form, signIn, ['identifier', 'password']);
  const useCode =
    sending.errorCode && USE_CODE_INSTEAD.has(sending.errorCode) ? (
      <>
        <Typography variant="body2">{t('login.lockedUseCode')}</Typography>
        <Button variant="outlined" onClick={() => onUseCode(form.getValues('identifier'))}>
          {t('login.useCode')}
        </Button>
      </>
    ) : null;

  return (
    <SignInForm label={t('login.passwordTab')} signIn={sending} submitLabel={t('login.submit')} after={useCode}>
      <IdentifierField control={form.control} id="login-identifier" />
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
                <IconButton onClick={() => setShowPassword((v) => !v)} edge="end" aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}>
                  {showPassword ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </SignInForm>
  );
}

type CodeInput = z.input<typeof CodeRequestBody>;

function CodeRequestForm({ identifier }: { identifier: string }) {
  const { t } = useTranslation();
  const form = useForm<CodeInput, unknown, CodeRequestBody>({
    resolver: zodResolver(CodeRequestBody),
    defaultValues: { identifier },
  });
  const sending = useSignIn(form, requestCode, ['identifier']);

  return (
    <SignInForm label={t('login.codeTab')} signIn={sending} submitLabel={t('login.sendCode')}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('login.codeHelp')}
      </Typography>
      <IdentifierField control={form.control} id="code-identifier" />
    </SignInForm>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('password');
  const [identifier, setIdentifier] = useState('');
  const useCode = (typed: string) => {
    setIdentifier(typed);
    setMode('code');
  };

  return (
    <Page title={t('login.title')} maxWidth="xs" intro={t('login.intro')}>
      <Card>
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
          {mode === 'password' ? <PasswordSignInForm onUseCode={useCode} /> : <CodeRequestForm identifier={identifier} />}
        </div>
      </Card>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('login.noAccount')} <AppLink to="/register">{t('login.register')}</AppLink>
      </Typography>
    </Page>
  );
}
