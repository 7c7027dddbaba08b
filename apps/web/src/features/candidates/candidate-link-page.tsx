// "Open my file": a candidate gives the address they registered with and gets a link by mail
// (`POST /candidate/auth-email`). The answer is the same whether the address is known or not, so
// the page says the same thing whatever happens, except when the request never left the device.
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CandidateAuthEmail } from '@portal/contract';
import { CANDIDATE_LINK_TTL_SECONDS } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { FormError } from '../../components/form-error';
import { StackedForm, SubmitButton } from '../../components/form-parts';
import { FormTextField } from '../../components/form-text-field';
import { Page } from '../../components/page';
import { AppLink } from '../../components/router-link';
import { isApiError } from '../../lib/api';
import { requestCandidateLink } from './candidates-api';

type LinkValues = { email: string };
const loadSchema = () => import('./link-schema');
/** The contract's check, loaded with its first use. */
const resolver: Resolver<LinkValues, unknown, CandidateAuthEmail> = async (values, context, options) =>
  (await loadSchema()).linkResolver(values, context, options);
const LINK_HOURS = CANDIDATE_LINK_TTL_SECONDS / 3600;

export default function CandidateLinkPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [offline, setOffline] = useState(false);
  const form = useForm<LinkValues, unknown, CandidateAuthEmail>({ resolver, defaultValues: { email: '' } });
  useEffect(() => {
    loadSchema().catch(() => undefined);
  }, []);
  const mutation = useMutation({
    mutationFn: (body: CandidateAuthEmail) => requestCandidateLink(body.email),
    onSuccess: () => setSent(true),
    // nothing of the answer may tell whether the address is known: only a request that never got out is said
    onError: (error) => {
      if (isApiError(error) && error.code === 'NETWORK') setOffline(true);
      else setSent(true);
    },
  });
  const submit = form.handleSubmit((body) => {
    setOffline(false);
    mutation.mutate(body);
  });

  return (
    <Page title={t('candidates.link.title')} maxWidth="xs" intro={sent ? undefined : t('candidates.link.intro')}>
      <Card>
        {sent ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <MarkEmailReadOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
            <Typography role="status">{t('candidates.link.sent')}</Typography>
            <Typography>{t('candidates.link.validity', { hours: LINK_HOURS })}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('candidates.link.spam')}
            </Typography>
            <AppLink to="/candidate/register">{t('candidates.link.toRegister')}</AppLink>
          </Stack>
        ) : (
          <StackedForm label={t('candidates.link.title')} onSubmit={submit}>
            <FormTextField
              control={form.control}
              name="email"
              id="candidate-link-email"
              label={t('candidates.fields.EMAIL')}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              fullWidth
            />
            <FormError message={offline ? t('errors.NETWORK') : null} />
            <SubmitButton disabled={mutation.isPending}>{t('candidates.link.submit')}</SubmitButton>
            <Typography variant="body2">
              {t('candidates.link.notRegistered')} <AppLink to="/candidate/register">{t('candidates.link.toRegister')}</AppLink>
            </Typography>
          </StackedForm>
        )}
      </Card>
    </Page>
  );
}
