import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useMountedOnce } from '../../components/lazy';
import { useMeta, useSession } from '../../lib/session';

/** The panel's code, loaded the first time it shows (the app prefetches it with the other overlays). */
export const whatsNewLoader = () => import('./whats-new-dialog');
const LazyWhatsNewDialog = lazy(whatsNewLoader);

/** The last application version whose What's New the person has seen (not sensitive). */
export const WHATS_NEW_STORAGE_KEY = 'whatsNewSeen';

function seenVersion(): string | null {
  try {
    return localStorage.getItem(WHATS_NEW_STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberVersion(version: string): void {
  try {
    localStorage.setItem(WHATS_NEW_STORAGE_KEY, version);
  } catch {
    // storage disabled: the panel shows again next time
  }
}

const WhatsNewContext = createContext<(() => void) | null>(null);

/** Shows the What's New panel once per application version after sign-in; the footer reopens it. */
export function WhatsNewProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const meta = useMeta();
  const version = meta.data?.version;
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(seenVersion);

  const autoOpen = Boolean(user && version && dismissed !== version);
  const shown = open || autoOpen;
  const mounted = useMountedOnce(shown);

  const close = useCallback(() => {
    setOpen(false);
    if (version) {
      rememberVersion(version);
      setDismissed(version);
    }
  }, [version]);
  const reopen = useCallback(() => setOpen(true), []);

  useEffect(() => {
    // once shown, the version counts as seen even if the page is left without closing the panel
    if (autoOpen && version) rememberVersion(version);
  }, [autoOpen, version]);

  return (
    <WhatsNewContext.Provider value={reopen}>
      {children}
      {mounted ? (
        <Suspense fallback={null}>
          <LazyWhatsNewDialog open={shown} version={version ?? ''} onClose={close} />
        </Suspense>
      ) : null}
    </WhatsNewContext.Provider>
  );
}

export function useOpenWhatsNew(): () => void {
  const open = useContext(WhatsNewContext);
  if (!open) throw new Error('useOpenWhatsNew() needs a WhatsNewProvider');
  return open;
}
