import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { dmyDate, matricule, PersonKind, type SignUpBody, type SignUpResponse } from '@portal/contract';
import { PERSON_KINDS, V } from '@portal/contract/rules';
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
import { sendConfirmationLink, signUp } from './auth-api';

/** Staff give their matricule; students also their birthdate, typed dd/mm/yyyy. */
export const RegisterForm = z
  .object({ kind: PersonKind, matricule, birthdate: z.string() })
  .superRefine((value, ctx) => {
    if (value.kind !== 'STUDENT') return;
    const parsed = dmyDate.safeParse(value.birthdate);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['birthdate'], message: parsed.error.issues[0]?.message ?? V.date });
  })
  .transform(
    (value): SignUpBody => ({
      matricule: value.matricule,
      ...(value.kind === 'STUDENT' ? { birthdate: dmyDate.parse(value.birthdate) } : {}),
    }),
  );
type RegisterInput = z.input<typeof RegisterForm>;

interface Found {
  person: SignUpResponse;
  body: SignUpBody;
}

function SignUpStep({ onFound }: { onFound: (found: Found) => void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<unknown>(null);
  const form = useForm<RegisterInput, unknown, SignUpBody>({
    resolver: zodResolver(RegisterForm),
    defaultValues: { kind: 'STAFF', matricule: '', birthdate: '' },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });

  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: (person, body) => onFound({ person, body }),
    onError: (error) => {
      setProblem(error);
      if (isApiError(error) && error.code === 'BIRTHDATE_REQUIRED') {
        form.setValue('kind', 'STUDENT');
        form.setError('birthdate', { type: 'server', message: 'errors.BIRTHDATE_REQUIRED' }, { shouldFocus: true });
      }
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

  const exists = isApiError(problem) && problem.code === 'ACCOUNT_EXISTS';

  return (
    <StackedForm label={t('register.title')} onSubmit={submit}>
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="register-kind-label">{t('register.kind')}</FormLabel>
            <RadioGroup row aria-labelledby="register-kind-label" name={field.name} value={field.value} onChange={field.onChange}>
              {PERSON_KINDS.map((value) => (
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
      <FormError message={problem ? t(errorKey(problem)) : null} link={exists ? { to: '/login', label: t('register.signIn') } : null} />
      <SubmitButton disabled={mutation.isPending}>{t('register.search')}</SubmitButton>
    </StackedForm>
  );
}

function ConfirmStep({ found, onRestart }: { found: Found; onRestart: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { person, body } = found;
  const mutation = useMutation({
    mutationFn: sendConfirmationLink,
    onSuccess: (response) => navigate('/emailing-sent', { state: { email: response.EMAIL || person.EMAIL } }),
  });

  return (
    <Stack spacing={2.5}>
      <Typography>{t('register.found')}</Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1 }}>
        <Typography component="dt" sx={{ fontWeight: 600 }}>
          {t('person.fields.name')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {`${person.FIRSTNAME} ${person.LASTNAME}`}
        </Typography>
        <Typography component="dt" sx={{ fontWeight: 600 }}>
          {t('person.fields.MATRICULE')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {person.MATRICULE}
        </Typography>
        <Typography component="dt" sx={{ fontWeight: 600 }}>
          {t('person.fields.KIND')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {t(`person.kind.${person.KIND}`)}
        </Typography>
        <Typography component="dt" sx={{ fontWeight: 600 }}>
          {t('person.fields.EMAIL')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {person.EMAIL}
        </Typography>
      </Box>
      <Typography sx={{ color: 'text.secondary' }}>{t('register.linkExplain', LIMITS)}</Typography>
      <FormError message={mutation.error ? t(errorKey(mutation.error)) : null} />
      <Button variant="contained" size="large" disabled={mutation.isPending} onClick={() => mutation.mutate(body)}>
        {t('register.sendLink')}
      </Button>
      <Button onClick={onRestart}>{t('register.notMe')}</Button>
    </Stack>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const [found, setFound] = useState<Found | null>(null);

  return (
    <Page title={t('register.title')} maxWidth="sm" intro={t('register.intro')}>
      <Card>
        {found ? <ConfirmStep found={found} onRestart={() => setFound(null)} /> : <SignUpStep onFound={setFound} />}
      </Card>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('register.haveAccount')} <AppLink to="/login">{t('register.signIn')}</AppLink>
      </Typography>
    </Page>
  );
}
