import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setUnauthorizedListener } from '../../lib/api';
import { clearUserData, currentUser } from '../../lib/session';
import { LazySimpleDialog, useMountedOnce } from '../../components/lazy';

/**
 * Opens when an authenticated call answers 401 while someone is signed in. OK forgets the
 * person and goes to /login. Nobody signed in (for example the boot-time probe): nothing.
 */
export function SessionExpiredDialog() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const mounted = useMountedOnce(open);

  useEffect(() => {
    setUnauthorizedListener(() => {
      if (currentUser(queryClient)) setOpen(true);
    });
    return () => setUnauthorizedListener(null);
  }, [queryClient]);

  const ok = () => {
    setOpen(false);
    clearUserData(queryClient);
    navigate('/login', { replace: true });
  };

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LazySimpleDialog
        open={open}
        raised
        title={t('sessionExpired.title')}
        text={t('sessionExpired.text')}
        actions={
          <Button onClick={ok} variant="contained" autoFocus>
            {t('common.ok')}
          </Button>
        }
      />
    </Suspense>
  );
}
