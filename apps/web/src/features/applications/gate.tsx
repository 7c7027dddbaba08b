import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ApplicationSession, PersonRecord } from '@portal/contract';
import { PageLoader } from '../../components/page-loader';
import { errorKey } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useCurrentApplicationSession } from './applications-api';

/** "Check for new session": asks the server again. */
export function CheckApplicationSessionButton({ onCheck, busy }: { onCheck: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Button variant="outlined" startIcon={<RefreshOutlined />} onClick={onCheck} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
      {t('applications.checkSession')}
    </Button>
  );
}

/** The steps before the choices: registration closed (ACTIVED), then identification complete (IDENTIFIED). */
function PersonGate({ person, onCheck, checking }: { person: PersonRecord; onCheck: () => void; checking: boolean }) {
  const { t } = useTranslation();
  if (!person.ACTIVED) {
    return (
      <Alert severity="info" role="status" action={null}>
        <AlertTitle>{t('applications.gate.registrationTitle')}</AlertTitle>
        <Typography sx={{ mb: 1.5 }}>{t('applications.gate.registrationText')}</Typography>
        <Button component={RouterLink} to="/registration" variant="contained">
          {t('applications.gate.registrationLink')}
        </Button>
      </Alert>
    );
  }
  return (
    <Alert severity="info" role="status">
      <AlertTitle>{t('applications.gate.identificationTitle')}</AlertTitle>
      <Typography sx={{ mb: 1.5 }}>{t('applications.gate.identificationText')}</Typography>
      <Button variant="outlined" startIcon={<RefreshOutlined />} onClick={onCheck} disabled={checking}>
        {t('applications.gate.checkAgain')}
      </Button>
    </Alert>
  );
}

function ApplicationSessionGate({ person, children }: { person: PersonRecord; children: (session: ApplicationSession, person: PersonRecord) => ReactNode }) {
  const { t } = useTranslation();
  const session = useCurrentApplicationSession();
  if (session.isPending) return <PageLoader />;
  if (session.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error" role="alert">
          {t(errorKey(session.error))}
        </Alert>
        <CheckApplicationSessionButton onCheck={() => void session.refetch()} busy={session.isFetching} />
      </Stack>
    );
  }
  if (!session.data) {
    return (
      <Stack spacing={2}>
        <Alert severity="info" role="status">
          <AlertTitle>{t('errors.NO_ACTIVE_SESSION')}</AlertTitle>
          {t('applications.noSession')}
        </Alert>
        <CheckApplicationSessionButton onCheck={() => void session.refetch()} busy={session.isFetching} />
      </Stack>
    );
  }
  return children(session.data, person);
}

/**
 * What the choice pages show before their content: the missing step of the person, or that no
 * session is open; with both in order, `children` gets the open session.
 */
export function ChoiceGate({ children }: { children: (session: ApplicationSession, person: PersonRecord) => ReactNode }) {
  const { user, query } = useSession();
  if (!user) return <PageLoader />;
  if (!user.ACTIVED || !user.IDENTIFIED) return <PersonGate person={user} onCheck={() => void query.refetch()} checking={query.isFetching} />;
  return <ApplicationSessionGate person={user}>{children}</ApplicationSessionGate>;
}
