import { can, type Permission } from '@portal/contract/rules';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { errorKey } from '../lib/api';
import { useSession } from '../lib/session';

/**
 * The session could not be checked (the server or its database is away: 503 DATABASE_UNAVAILABLE,
 * or no network): say so, translated, with a way to try again, instead of sending a signed-in
 * person to the sign-in page.
 */
function SessionUnavailable({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={retry}>
          {t('common.retry')}
        </Button>
      }
    >
      {t(errorKey(error))}
    </Alert>
  );
}

/** Pages for signed-in people: everyone else goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, pending, query } = useSession();
  const location = useLocation();
  if (pending) return <PageLoader />;
  if (!user && query.isError) return <SessionUnavailable error={query.error} retry={() => void query.refetch()} />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** Sign-in and registration pages: someone already signed in goes to their profile. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, pending } = useSession();
  if (pending) return <PageLoader />;
  if (user) return <Navigate to="/profile" replace />;
  return children;
}

/**
 * Pages for those who hold `permission`, inside `RequireAuth`: anyone else gets `denied` (the
 * app's not-found page for the back office, the profile for the staff's own pages). The
 * server refuses them too (403).
 */
export function RequirePermission({ permission, children, denied }: { permission: Permission; children: ReactNode; denied: ReactNode }) {
  const { user, pending } = useSession();
  if (pending) return <PageLoader />;
  return can(user, permission) ? children : denied;
}
