import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, type To } from 'react-router';

/** Where a navigation goes, as a pathname (relative paths resolved against the current one). */
function targetPath(to: To, current: string): string {
  if (typeof to !== 'string') return to.pathname ?? current;
  try {
    return new URL(to, `http://app${current}`).pathname;
  } catch {
    return to;
  }
}

/** Navigations that always go through: the sign-in page (the session is over, nothing can be saved). */
const ALWAYS_ALLOWED = new Set(['/login']);

/**
 * Asks before leaving a page that holds unsaved changes: the browser's own prompt when the
 * tab is closed or reloaded, and a question of ours for navigation inside the app (links,
 * menus). The app uses declarative routing (no data router, hence no `useBlocker`): the
 * router's navigator is wrapped while `when` is true. The browser's back button is not held.
 */
export function useLeaveGuard(when: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const pathRef = useRef(pathname);

  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (!when) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  useEffect(() => {
    if (!when) return undefined;
    const { push, replace } = navigator;
    const hold =
      (go: typeof push): typeof push =>
      (to, state, opts) => {
        const target = targetPath(to, pathRef.current);
        if (target === pathRef.current || ALWAYS_ALLOWED.has(target)) {
          go.call(navigator, to, state, opts);
          return;
        }
        setPending(() => () => go.call(navigator, to, state, opts));
      };
    navigator.push = hold(push);
    navigator.replace = hold(replace);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
    };
  }, [when, navigator]);

  const stay = useCallback(() => setPending(null), []);
  const leave = useCallback(() => {
    const go = pending;
    setPending(null);
    go?.();
  }, [pending]);

  return { asking: pending !== null, stay, leave };
}
