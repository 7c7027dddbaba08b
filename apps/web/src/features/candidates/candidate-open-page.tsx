// The mailed link's page (`/candidate/open#token=...`). The token sits in the fragment (never sent to
// a server with the page) and is used only when the candidate presses the button: a mail program
// that previews the link does not use it up. Used, it opens the candidate's file in this browser.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Card } from '../../components/card';
import { FormError } from '../../components/form-error';
import { Page } from '../../components/page';
import { AppLink } from '../../components/router-link';
import { errorKey, isApiError } from '../../lib/api';
import { candidateKeys, openCandidateLink } from './candidates-api';

/** The token of the link: `#token=...` (empty when the address was cut). */
function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
}

export default function CandidateOpenPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = tokenOf(location.hash);
  const mutation = useMutation({
    mutationFn: () => openCandidateLink(token),
    onSuccess: (file) => {
      queryClient.setQueryData(candidateKeys.me, file);
      // replaced, so that going back does not show a used link
      navigate('/candidate/file', { replace: true });
    },
  });
  const invalid = !token || (isApiError(mutation.error) && (mutation.error.code === 'CANDIDATE_LINK_INVALID' || mutation.error.code === 'VALIDATION_FAILED'));

  return (
    <Page title={t('candidates.open.title')} maxWidth="xs">
      <Card>
        {invalid ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="error" role="alert">
              {t('errors.CANDIDATE_LINK_INVALID')}
            </Alert>
            <AppLink to="/candidate/link">{t('candidates.open.newLink')}</AppLink>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>{t('candidates.open.intro')}</Typography>
            <FormError message={mutation.isError ? t(errorKey(mutation.error)) : null} />
            <Button variant="contained" size="large" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
              {t('candidates.open.submit')}
            </Button>
          </Stack>
        )}
      </Card>
    </Page>
  );
}
