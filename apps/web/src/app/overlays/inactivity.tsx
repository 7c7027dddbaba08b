import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionAnswer } from '@portal/contract';
import { SESSION_IDLE_SECONDS } from '@portal/contract/rules';
import { api, reportUnauthorized } from '../../lib/api';
import { setSignedIn } from '../../lib/session';
import { useCountdown } from '../../lib/use-countdown';
import { useConfirmLogout, useLogout } from './logout';
import SimpleDialog from '../../components/simple-dialog';

/** Seconds the 'Timeout activity' dialog waits before closing the session. */
export const IDLE_WARNING_SECONDS = 20;
/** The server's idle expiry follows activity: touch it at most once a minute. */
export const SERVER_TOUCH_INTERVAL_MS = 60_000;
/** Other tabs of the portal hear about activity through this (non-sensitive) storage key. */
export const ACTIVITY_STORAGE_KEY = 'lastActivity';
const ACTIVITY_BROADCAST_MS = 10_000;
const ACTIVITY_EVENTS = ['click', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

type Phase = 'active' | 'warning' | 'confirm';

/**
 * Mounted only while someone is signed in. After SESSION_IDLE_SECONDS without a click, key,
 * touch or scroll it asks whether to keep the activity; the answer closes or keeps the session.
 */
export default function InactivityGuard() {
  const queryClient = useQueryClient();
  const logout = useLogout();
  const confirmLogout = useConfirmLogout();
  const [phase, setPhase] = useState<Phase>('active');
  const lastTouch = useRef(Date.now());
  const lastBroadcast = useRef(0);

  const touchServer = useCallback(
    (force = false) => {
      const now = Date.now();
      if (!force && now - lastTouch.current < SERVER_TOUCH_INTERVAL_MS) return;
      lastTouch.current = now;
      // a 401 here opens the session-expired dialog through the api client; so does no session
      // at all (null: another tab signed out, and the cookie went with it)
      api<SessionAnswer>('/api/auth/session')
        .then((record) => (record ? setSignedIn(queryClient, record) : reportUnauthorized()))
        .catch(() => undefined);
    },
    [queryClient],
  );

  useEffect(() => {
    if (phase !== 'active') return undefined;
    let timer = setTimeout(() => setPhase('warning'), SESSION_IDLE_SECONDS * 1000);
    const rearm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setPhase('warning'), SESSION_IDLE_SECONDS * 1000);
    };
    const onActivity = () => {
      rearm();
      touchServer();
      const now = Date.now();
      if (now - lastBroadcast.current >= ACTIVITY_BROADCAST_MS) {
        lastBroadcast.current = now;
        try {
          localStorage.setItem(ACTIVITY_STORAGE_KEY, String(now));
        } catch {
          // storage disabled: other tabs simply do not hear about it
        }
      }
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACTIVITY_STORAGE_KEY) rearm();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      window.removeEventListener('storage', onStorage);
    };
  }, [phase, touchServer]);

  const stay = useCallback(() => {
    setPhase('active');
    touchServer(true);
  }, [touchServer]);

  const close = useCallback(() => {
    setPhase('confirm');
    confirmLogout({ onCancel: stay });
  }, [confirmLogout, stay]);

  const timeout = useCallback(() => {
    void logout('idle');
  }, [logout]);

  return phase === 'warning' ? <IdleWarningDialog onStay={stay} onClose={close} onTimeout={timeout} /> : null;
}

interface IdleWarningProps {
  onStay: () => void;
  onClose: () => void;
  onTimeout: () => void;
}

function IdleWarningDialog({ onStay, onClose, onTimeout }: IdleWarningProps) {
  const { t } = useTranslation();
  const { remaining } = useCountdown(IDLE_WARNING_SECONDS);
  const fired = useRef(false);

  useEffect(() => {
    if (remaining > 0 || fired.current) return;
    fired.current = true;
    onTimeout();
  }, [remaining, onTimeout]);

  return (
    <SimpleDialog
      open
      title={t('inactivity.title')}
      text={t('inactivity.text')}
      actions={
        <>
          <Button onClick={onClose}>{t('inactivity.close', { seconds: remaining })}</Button>
          <Button onClick={onStay} variant="contained" autoFocus>
            {t('inactivity.stay')}
          </Button>
        </>
      }
    />
  );
}
