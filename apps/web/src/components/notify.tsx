import type { AlertColor } from '@mui/material/Alert';
import { createContext, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySnackbarView, useMountedOnce } from './lazy';

export const SNACKBAR_AUTO_HIDE_MS = 6000;

export type Notify = (key: string, severity?: AlertColor, params?: Record<string, unknown>) => void;

const NotifyContext = createContext<Notify | null>(null);

interface Message {
  id: number;
  key: string;
  severity: AlertColor;
  params: Record<string, unknown> | undefined;
}

/** The global snackbar: a translated message followed by ' !', hidden after 6000 ms. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<Message | null>(null);
  const [open, setOpen] = useState(false);
  const mounted = useMountedOnce(message !== null);

  const notify = useCallback<Notify>((key, severity = 'info', params) => {
    setMessage((previous) => ({ id: (previous?.id ?? 0) + 1, key, severity, params }));
    setOpen(true);
  }, []);

  const close = useCallback((_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  }, []);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {mounted && message ? (
        <Suspense fallback={null}>
          <LazySnackbarView
            id={message.id}
            open={open}
            text={`${t(message.key, message.params)} !`}
            severity={message.severity}
            autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify() needs a NotifyProvider');
  return notify;
}
