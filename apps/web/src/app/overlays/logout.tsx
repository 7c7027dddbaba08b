import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { clearUserData } from '../../lib/session';
import { LazySimpleDialog, useMountedOnce } from '../../components/lazy';
import { useNotify } from '../../components/notify';

export type LogoutReason = 'user' | 'idle';

/** Ends the session on the server, forgets the person, goes to /login and says so. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  return useCallback(
    async (reason: LogoutReason = 'user') => {
      try {
        await api<void>('/api/auth/logout', { method: 'POST', anonymous: true });
      } catch {
        // the session may already be gone on the server: the client forgets it anyway
      }
      clearUserData(queryClient);
      navigate('/login', { replace: true });
      notify(reason === 'idle' ? 'notify.loggedOutIdle' : 'notify.loggedOut', 'info');
    },
    [navigate, notify, queryClient],
  );
}

interface ConfirmOptions {
  /** called when the person keeps the session */
  onCancel?: () => void;
}

type ConfirmLogout = (options?: ConfirmOptions) => void;
const LogoutContext = createContext<ConfirmLogout | null>(null);

/** The auto-logout confirmation dialog, shared by the user menu and the inactivity dialog. */
export function LogoutConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const mounted = useMountedOnce(open);
  const options = useRef<ConfirmOptions>({});

  const confirmLogout = useCallback<ConfirmLogout>((next = {}) => {
    options.current = next;
    setOpen(true);
  }, []);

  const cancel = () => {
    setOpen(false);
    options.current.onCancel?.();
  };
  const confirm = () => {
    setOpen(false);
    void logout('user');
  };

  return (
    <LogoutContext.Provider value={confirmLogout}>
      {children}
      {mounted ? (
        <Suspense fallback={null}>
          <LazySimpleDialog
            open={open}
            onClose={cancel}
            title={t('logout.title')}
            text={t('logout.text')}
            actions={
              <>
                <Button onClick={cancel} autoFocus>
                  {t('common.cancel')}
                </Button>
                <Button onClick={confirm} color="error" variant="contained">
                  {t('logout.confirm')}
                </Button>
              </>
            }
          />
        </Suspense>
      ) : null}
    </LogoutContext.Provider>
  );
}

export function useConfirmLogout(): ConfirmLogout {
  const confirm = useContext(LogoutContext);
  if (!confirm) throw new Error('useConfirmLogout() needs a LogoutConfirmProvider');
  return confirm;
}
