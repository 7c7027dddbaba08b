import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { CodeVerificationBody } from '@portal/contract';
import { SIGN_CODE_LENGTH, SIGN_CODE_RESEND_SECONDS } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { useNotify } from '../../components/notify';
import { FormError } from '../../components/form-error';
import { StackedForm, SubmitButton } from '../../components/form-parts';
import { FormTextField } from '../../components/form-text-field';
import { Page } from '../../components/page';
import { AppLink } from '../../components/router-link';
import { errorKey, isApiError } from '../../lib/api';
import { useFormSubmit } from '../../lib/form';
import { formatSeconds } from '../../lib/format';
import { LIMITS } from '../../lib/limits';
import { changeLanguage } from '../../lib/i18n';
import { setSignedIn } from '../../lib/session';
import { useCountdown } from '../../lib/use-countdown';
import { messageWithWait } from '../../lib/wait-message';
import { isVerificationState, resendCode, verifyCode, type VerificationState } from './auth-api';

const CodeForm = CodeVerificationBody.pick({ SIGN_CODE: true });
type CodeInput = z.input<typeof CodeForm>;
type CodeOutput = z.output<typeof CodeForm>;

/** Codes after which the person must start again from the sign-in page. */
const RESTART_CODES = new Set(['CODE_EXPIRED', 'CODE_ATTEMPTS_EXCEEDED']);

export default function VerificationCodePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const state: VerificationState = isVerificationState(location.state) ? location.state : {};
  const resend = useCountdown(state.resendAfter ?? SIGN_CODE_RESEND_SECONDS);
  const [mustRestart, setMustRestart] = useState(false);
  // The account's code checks are limited (decision 23): wait out the delay the server names.
  const wait = useCountdown(0);

  const form = useForm<CodeInput, unknown, CodeOutput>({
    resolver: zodResolver(CodeForm),
    defaultValues: { SIGN_CODE: '' },
  });

  const { submit, messageKey, setMessageKey } = useFormSubmit(
    form,
    (values) => verify.mutate({ SIGN_CODE: values.SIGN_CODE, STUDENT_ID: state.studentId }),
    // the field says what is wrong with the code it holds; the alert only what concerns the form
    (errors) => (errors.SIGN_CODE ? null : 'errors.VALIDATION_FAILED'),
  );
  const verify = useMutation({
    mutationFn: verifyCode,
    onSuccess: async (user) => {
      const record = setSignedIn(queryClient, user);
      await changeLanguage(record.LANGUAGE).catch(() => undefined);
      navigate('/profile', { replace: true });
    },
    onError: (error) => {
      const key = errorKey(error);
      const restart = isApiError(error) && RESTART_CODES.has(error.code);
      setMustRestart(restart);
      if (isApiError(error) && error.code === 'CODE_LOCKED' && error.retryAfter) wait.start(error.retryAfter);
      if (!restart && key === 'errors.CODE_INCORRECT') {
        // said once, under the field it concerns (which gets the focus), not again in the alert
        setMessageKey(null);
        form.setError('SIGN_CODE', { type: 'server', message: 'errors.CODE_INCORRECT' }, { shouldFocus: true });
      } else {
        setMessageKey(key);
      }
    },
  });

  const resendMutation = useMutation({
    mutationFn: resendCode,
    onSuccess: (response) => {
      resend.start(response.resendAfter);
      notify('verification.resent', 'success');
    },
    onError: (error) => {
      if (isApiError(error) && error.retryAfter) resend.start(error.retryAfter);
      if (isApiError(error) && RESTART_CODES.has(error.code)) setMustRestart(true);
      setMessageKey(errorKey(error));
    },
  });

  return (
    <Page title={t('verification.title')} maxWidth="xs">
      <Typography sx={{ mb: 2 }}>
        {state.email ? t('verification.sentTo', { ...LIMITS, email: state.email }) : t('verification.sentToAddress', LIMITS)}
      </Typography>
      {state.matricule ? (
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('verification.forMatricule', { matricule: state.matricule })}</Typography>
      ) : null}
      <Card>
        <StackedForm label={t('verification.title')} onSubmit={submit}>
          <FormTextField
            control={form.control}
            name="SIGN_CODE"
            id="sign-code"
            label={t('verification.code')}
            autoComplete="one-time-code"
            required
            fullWidth
            autoFocus
            disabled={mustRestart}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                maxLength: SIGN_CODE_LENGTH,
                pattern: '[0-9]*',
                style: { letterSpacing: '0.4em', fontSize: '1.4rem' },
              },
            }}
          />
          <FormError
            message={messageKey ? messageWithWait(t, messageKey, wait.remaining, LIMITS) : null}
            link={mustRestart ? { to: '/login', label: t('verification.backToLogin') } : null}
          />
          <SubmitButton disabled={verify.isPending || mustRestart || wait.running}>{t('verification.submit')}</SubmitButton>
          <Button variant="outlined" onClick={() => resendMutation.mutate()} disabled={resend.running || resendMutation.isPending || mustRestart}>
            {resend.running ? t('verification.resendIn', { time: formatSeconds(resend.remaining) }) : t('verification.resend')}
          </Button>
        </StackedForm>
      </Card>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <AppLink to="/login">{t('verification.backToLogin')}</AppLink>
      </Typography>
    </Page>
  );
}
