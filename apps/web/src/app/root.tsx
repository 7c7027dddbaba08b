import { Suspense, useEffect, useRef } from 'react';
import { WhatsNewProvider } from '../features/whats-new/whats-new';
import { changeLanguage, currentLanguage, isLanguage } from '../lib/i18n';
import { useSession } from '../lib/session';
import { Layout } from './layout';
import { LazyInactivityGuard, prefetchOverlays } from './overlays/lazy';
import { LoadingBackdrop } from './overlays/loading-backdrop';
import { LogoutConfirmProvider } from './overlays/logout';
import { NotifyProvider } from '../components/notify';
import { SessionExpiredDialog } from './overlays/session-expired-dialog';

const PREFETCH_DELAY_MS = 3000;

/** Once a person is known (sign-in or a session found at boot), their saved language applies. */
function useSessionLanguage(): void {
  const { user } = useSession();
  const appliedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!user) {
      appliedFor.current = null;
      return;
    }
    if (appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    if (isLanguage(user.LANGUAGE) && user.LANGUAGE !== currentLanguage()) changeLanguage(user.LANGUAGE).catch(() => undefined);
  }, [user]);
}

/** Overlay code is fetched once the first page is shown, so that a dialog never waits for the network. */
function usePrefetchOverlays(): void {
  useEffect(() => {
    const timer = setTimeout(prefetchOverlays, PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
}

/** The application shell inside the router: global overlays around the layout. */
export function Root() {
  const { user } = useSession();
  useSessionLanguage();
  usePrefetchOverlays();
  return (
    <NotifyProvider>
      <LogoutConfirmProvider>
        <WhatsNewProvider>
          <Layout />
          {user ? (
            <Suspense fallback={null}>
              <LazyInactivityGuard key={user.id} />
            </Suspense>
          ) : null}
          <SessionExpiredDialog />
          <LoadingBackdrop />
        </WhatsNewProvider>
      </LogoutConfirmProvider>
    </NotifyProvider>
  );
}
