import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Card } from '../../components/card';
import { Page } from '../../components/page';
import { AppLink } from '../../components/router-link';
import { LIMITS } from '../../lib/limits';
import { useMeta } from '../../lib/session';

export default function EmailingSentPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const meta = useMeta();
  const state = location.state as { email?: unknown; kind?: unknown } | null;
  const email = typeof state?.email === 'string' ? state.email : null;
  // Worded for what was typed, true whatever the records hold (decision 23): never "unknown matricule".
  const kind = state?.kind === 'STUDENT' ? 'Student' : state?.kind === 'STAFF' ? 'Staff' : '';

  return (
    <Page title={t('emailingSent.title')} maxWidth="sm">
      <Card>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <MarkEmailReadOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
          <Typography>{email ? t('emailingSent.sentTo', { email }) : t(`emailingSent.sent${kind}`)}</Typography>
          <Typography>{t('emailingSent.validity', LIMITS)}</Typography>
          <Typography>{t('emailingSent.existing')}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('emailingSent.spam')}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t(`emailingSent.nothing${kind}`)}</Typography>
          {meta.data?.devMailbox ? (
            <Alert severity="info">
              {t('emailingSent.devMailbox')}{' '}
              <Link href="/dev/mailbox" target="_blank" rel="noopener">
                {t('emailingSent.devMailboxLink')}
              </Link>
            </Alert>
          ) : null}
          <AppLink to="/login">{t('emailingSent.toLogin')}</AppLink>
        </Stack>
      </Card>
    </Page>
  );
}
