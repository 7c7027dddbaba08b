// The step after the registration is sent (decision 65): the answer says nothing of the address, the
// mail does. Its code, typed here in the browser that sent the registration, opens the file; its link
// does the same. Until the code is confirmed the page keeps the form, the draft and the chosen files,
// so that going back to the form (another address, a mail that never came) loses nothing.
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CandidateConfirm, CandidateFile } from '@portal/contract';
import { CANDIDATE_CODE_LENGTH } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { FormError } from '../../components/form-error';
import { StackedForm, SubmitButton } from '../../components/form-parts';
import { FormTextField } from '../../components/form-text-field';
import { errorKey, isApiError } from '../../lib/api';
import { applyFieldErrors, useFormSubmit } from '../../lib/form';
import { useCountdown } from '../../lib/use-countdown';
import { messageWithWait } from '../../lib/wait-message';
import { confirmCandidate } from './candidates-api';

type CodeValues = { code: string };
/** The contract's check, from the chunk the form's own check has already loaded. */
const resolver: Resolver<CodeValues, unknown, CandidateConfirm> = async (values, context, options) =>
  (await import('./register-schema')).codeResolver(values, context, options);

export interface RegisterConfirmProps {
  /** the address the registration was sent with, as typed */
  email: string;
  /** how long the code may be typed, in seconds (the 202's `codeExpiresIn`) */
  expiresIn: number;
  onConfirmed: (file: CandidateFile) => void;
  onBack: () => void;
}

/** "Check your mail": the mailed code, typed here, opens the file; or back to the form, every value kept. */
export function RegisterConfirm({ email, expiresIn, onConfirmed, onBack }: RegisterConfirmProps) {
  const { t } = useTranslation();
  // too many wrong codes: the server's wait (Retry-After), the mailed link meanwhile
  const wait = useCountdown(0);
  const form = useForm<CodeValues, unknown, CandidateConfirm>({ resolver, defaultValues: { code: '' } });
  const { submit, messageKey, setMessageKey } = useFormSubmit(
    form,
    (values) => confirm.mutate(values.code),
    // the field says what is wrong with the code it holds; the alert only what concerns the step
    (errors) => (errors.code ? null : 'errors.VALIDATION_FAILED'),
  );
  const confirm = useMutation({
    mutationFn: confirmCandidate,
    onSuccess: onConfirmed,
    onError: (error) => {
      if (isApiError(error) && error.code === 'CANDIDATE_CODE_INVALID') {
        // said once, under the field, which keeps what was typed and gets the focus
        setMessageKey(null);
        form.setError('code', { type: 'server', message: 'errors.CANDIDATE_CODE_INVALID' }, { shouldFocus: true });
        return;
      }
      if (isApiError(error) && error.code === 'TOO_MANY_REQUESTS' && error.retryAfter) wait.start(error.retryAfter);
      if (!applyFieldErrors(error, form.setError, ['code'])) setMessageKey(errorKey(error));
    },
  });
  const locked = messageKey === 'errors.TOO_MANY_REQUESTS';
  const message = messageKey ? messageWithWait(t, messageKey, wait.remaining) : null;

  return (
    <Card>
      <StackedForm label={t('candidates.register.confirm.formLabel')} onSubmit={submit}>
        <Typography variant="h6" component="h2">
          {t('candidates.register.confirm.title')}
        </Typography>
        <Typography role="status" sx={{ wordBreak: 'break-word' }}>
          {t('candidates.register.confirm.help', { email })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('candidates.register.confirm.validity', { count: Math.max(1, Math.round(expiresIn / 60)) })}
        </Typography>
        <FormTextField
          control={form.control}
          name="code"
          id="candidate-code"
          label={t('candidates.register.confirm.code')}
          autoComplete="one-time-code"
          required
          fullWidth
          autoFocus
          slotProps={{
            // room for the spaces a phone's keyboard or a pasted "123 456" adds (the check drops them)
            htmlInput: { inputMode: 'numeric', maxLength: CANDIDATE_CODE_LENGTH * 2, style: { letterSpacing: '0.4em', fontSize: '1.4rem' } },
          }}
        />
        <FormError message={message && locked ? `${message} ${t('candidates.register.confirm.useLink')}` : message} />
        <SubmitButton disabled={confirm.isPending || (locked && wait.running)}>{t('candidates.register.confirm.submit')}</SubmitButton>
        <Button variant="text" onClick={onBack} disabled={confirm.isPending}>
          {t('candidates.register.confirm.back')}
        </Button>
      </StackedForm>
    </Card>
  );
}
