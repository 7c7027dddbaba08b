import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, type Control, type FieldPath, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { CodeRequestBody, SignInBody, StudentSignInBody, type SignInResponse } from '@portal/contract';
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
import { requestCode, signIn, studentSignIn, type VerificationState } from './auth-api';

type Mode = 'password' | 'code';

/** Who signs in: staff (a matricule or username, with a password or a code) or a student (matricule, e-mail and password); `?as=student` in the URL. */
type Audience = 'staff' | 'student';
const AUDIENCE_PARAM = 'as';

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
 * Sends a sign-in form (any way of signing in): the message of a failure, the lockout
 * countdown, the server's field messages, then the verification step. `identifier` names the
 * field that holds the matricule (or username) typed.
 */
function useSignIn<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  send: (values: TOut) => Promise<SignInResponse>,
  fields: readonly Path<TIn>[],
  identifier: Path<TIn>,
) {
  const navigate = useNavigate();
  const lock = useCountdown(0);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const { submit, messageKey, setMessageKey } = useFormSubmit(
    form,
    (values) => {
      setErrorCode(null);
      mutation.mutate(values);
    },
    'errors.VALIDATION_FAILED',
  );
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (response) => {
      const state: VerificationState = {
        matricule: response.MATRICULE ?? String(form.getValues(identifier)).trim().toUpperCase(),
        email: response.EMAIL,
        studentId: response.STUDENT_ID,
        resendAfter: response.resendAfter,
      };
      navigate('/verification-code', { state });
    },
    onError: (error) => {
      setMessageKey(signInErrorKey(error));
      setErrorCode(isApiError(error) ? error.code : null);
      if (isApiError(error) && error.retryAfter && (error.status === 429 || error.code === 'SERVER_BUSY')) lock.start(error.retryAfter);
      applyFieldErrors(error, form.setError, fields);
    },
  });
  return { submit, messageKey, errorCode, lockRemaining: lock.remaining, busy: mutation.isPending || lock.running };
}

/** A sign-in form: its fields, the message of a failure (with the time left of a lockout), the submit button. */
function SignInForm({
  label,
  signIn,
  submitLabel,
  children,
  after,
}: {
  label: string;
  signIn: ReturnType<typeof useSignIn>;
  submitLabel: string;
  children: ReactNode;
  after?: ReactNode;
}) {
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

/** The password, with a button that shows it. */
function PasswordField<T extends { password: string }, TOut extends FieldValues>({ control, id }: { control: Control<T, unknown, TOut>; id: string }) {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  return (
    <FormTextField
      control={control}
      name={'password' as FieldPath<T>}
      id={id}
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
  );
}

type PasswordInput = z.input<typeof SignInBody>;

function PasswordSignInForm({ onUseCode }: { onUseCode: (identifier: string) => void }) {
  const { t } = useTranslation();
  const form = useForm<PasswordInput, unknown, SignInBody>({
    resolver: zodResolver(SignInBody),
    defaultValues: { identifier: '', password: '' },
  });
  const sending = useSignIn(form, signIn, ['identifier', 'password'], 'identifier');
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
      <PasswordField control={form.control} id="login-password" />
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
  const sending = useSignIn(form, requestCode, ['identifier'], 'identifier');

  return (
    <SignInForm label={t('login.codeTab')} signIn={sending} submitLabel={t('login.sendCode')}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('login.codeHelp')}
      </Typography>
      <IdentifierField control={form.control} id="code-identifier" />
    </SignInForm>
  );
}

type StudentInput = z.input<typeof StudentSignInBody>;

/** The students' sign-in of the specification: matricule, the e-mail address on file and the password, then the mailed code. */
function StudentSignInForm() {
  const { t } = useTranslation();
  const form = useForm<StudentInput, unknown, StudentSignInBody>({
    resolver: zodResolver(StudentSignInBody),
    defaultValues: { matricule: '', email: '', password: '' },
  });
  const sending = useSignIn(form, studentSignIn, ['matricule', 'email', 'password'], 'matricule');

  return (
    <SignInForm label={t('login.studentForm')} signIn={sending} submitLabel={t('login.submit')}>
      <FormTextField
        control={form.control}
        name="matricule"
        id="student-matricule"
        label={t('login.matricule')}
        autoComplete="username"
        autoCapitalize="characters"
        required
        fullWidth
      />
      <FormTextField
        control={form.control}
        name="email"
        id="student-email"
        label={t('login.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        fullWidth
      />
      <PasswordField control={form.control} id="student-password" />
    </SignInForm>
  );
}

/** The staff's two ways in: a password, or a code mailed to the address on file. */
function StaffSignIn() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('password');
  const [identifier, setIdentifier] = useState('');
  const useCode = (typed: string) => {
    setIdentifier(typed);
    setMode('code');
  };
  return (
    <>
      <Tabs value={mode} onChange={(_event, value: Mode) => setMode(value)} variant="fullWidth" aria-label={t('login.modes')} sx={{ mb: 3 }}>
        <Tab value="password" label={t('login.passwordTab')} id="login-tab-password" aria-controls="login-panel" />
        <Tab value="code" label={t('login.codeTab')} id="login-tab-code" aria-controls="login-panel" />
      </Tabs>
      <div role="tabpanel" id="login-panel" aria-labelledby={`login-tab-${mode}`}>
        {mode === 'password' ? <PasswordSignInForm onUseCode={useCode} /> : <CodeRequestForm identifier={identifier} />}
      </div>
    </>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const audience: Audience = params.get(AUDIENCE_PARAM) === 'student' ? 'student' : 'staff';
  const choose = (next: Audience | null) => {
    if (!next || next === audience) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'student') updated.set(AUDIENCE_PARAM, 'student');
        else updated.delete(AUDIENCE_PARAM);
        return updated;
      },
      { replace: true },
    );
  };

  return (
    <Page title={t('login.title')} maxWidth="xs" intro={t(audience === 'student' ? 'login.studentIntro' : 'login.intro')}>
      <Card>
        <ToggleButtonGroup
          value={audience}
          exclusive
          fullWidth
          color="primary"
          onChange={(_event, next: Audience | null) => choose(next)}
          aria-label={t('login.audience')}
          sx={{ mb: 3 }}
        >
          <ToggleButton value="staff">{t('login.asStaff')}</ToggleButton>
          <ToggleButton value="student">{t('login.asStudent')}</ToggleButton>
        </ToggleButtonGroup>
        {/* each form is its own, so that switching starts it afresh */}
        {audience === 'student' ? <StudentSignInForm key="student" /> : <StaffSignIn key="staff" />}
      </Card>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('login.noAccount')} <AppLink to="/register">{t('login.register')}</AppLink>
      </Typography>
      <Typography sx={{ mt: 1, textAlign: 'center' }}>
        <AppLink to="/candidate/register">{t('candidates.register.fromLogin')}</AppLink>
      </Typography>
    </Page>
  );
}
