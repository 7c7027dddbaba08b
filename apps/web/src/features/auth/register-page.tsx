import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { dmyDate, matricule, PersonKind, type SignUpBody } from '@portal/contract';
import { SIGN_UP_KINDS, V } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { DateField } from '../../components/date-field';
import { FormError } from '../../components/form-error';
import { StackedForm, SubmitButton } from '../../components/form-parts';
import { FormTextField } from '../../components/form-text-field';
import { Page } from '../../components/page';
import { AppLink } from '../../components/router-link';
import { errorKey, isApiError } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form';
import { LIMITS } from '../../lib/limits';
import { useCountdown } from '../../lib/use-countdown';
import { messageWithWait } from '../../lib/wait-message';
import { signUp } from './auth-api';

/** Staff give their matricule; students also their birthdate, typed dd/mm/yyyy. */
export const RegisterForm = z
  .object({ kind: PersonKind, matricule, birthdate: z.string() })
  .superRefine((value, ctx) => {
    if (value.kind !== 'STUDENT') return;
    const parsed = dmyDate.safeParse(value.birthdate);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['birthdate'], message: parsed.error.issues[0]?.message ?? V.date });
  })
  .transform((value): SignUpBody => ({
    matricule: value.matricule,
    ...(value.kind === 'STUDENT' ? { birthdate: dmyDate.parse(value.birthdate) } : {}),
  }));
type RegisterInput = z.input<typeof RegisterForm>;

/**
 * One step: the matricule (and a student's birthdate) go to the server, which mails a link to
 * the address on file if they match someone; the answer is the same for everyone (decision 23),
 * so the page always goes on to /emailing-sent.
 */
function SignUpStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<unknown>(null);
  const form = useForm<RegisterInput, unknown, SignUpBody>({
    resolver: zodResolver(RegisterForm),
    defaultValues: { kind: 'STAFF', matricule: '', birthdate: '' },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const wait = useCountdown(0);

  const mutation = useMutation({
    mutationFn: signUp,
    // the next page words its answer for what was typed: a student gave a birthdate too
    onSuccess: () => navigate('/emailing-sent', { state: { kind: form.getValues('kind') } }),
    onError: (error) => {
      setProblem(error);
      if (isApiError(error) && (error.status === 429 || error.code === 'SERVER_BUSY') && error.retryAfter) wait.start(error.retryAfter);
      applyFieldErrors(error, form.setError, ['matricule', 'birthdate']);
    },
  });

  const submit = form.handleSubmit(
    (body) => {
      setProblem(null);
      mutation.mutate(body);
    },
    () => setProblem(null),
  );

  return (
    <StackedForm label={t('register.title')} onSubmit={submit}>
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="register-kind-label">{t('register.kind')}</FormLabel>
            <RadioGroup row aria-labelledby="register-kind-label" name={field.name} value={field.value} onChange={field.onChange}>
              {SIGN_UP_KINDS.map((value) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={t(`person.kind.${value}`)} />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      <FormTextField
        control={form.control}
        name="matricule"
        id="register-matricule"
        label={t('register.matricule')}
        autoCapitalize="characters"
        autoComplete="username"
        required
        fullWidth
      />
      {kind === 'STUDENT' ? (
        <DateField control={form.control} name="birthdate" id="register-birthdate" label={t('register.birthdate')} required fullWidth />
      ) : null}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t(kind === 'STUDENT' ? 'register.linkExplainStudent' : 'register.linkExplain', LIMITS)}
      </Typography>
      <FormError message={problem ? messageWithWait(t, errorKey(problem), wait.remaining) : null} />
      <SubmitButton disabled={mutation.isPending || wait.running}>{t('register.sendLink')}</SubmitButton>
    </StackedForm>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation();

  return (
    <Page title={t('register.title')} maxWidth="sm" intro={t('register.intro')}>
      <Card>
        <SignUpStep />
      </Card>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('register.haveAccount')} <AppLink to="/login">{t('register.signIn')}</AppLink>
      </Typography>
    </Page>
  );
}
