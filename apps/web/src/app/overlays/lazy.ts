import { lazy, useState } from 'react';

/**
 * Overlay views are not part of the initial bundle: each is loaded the first time it shows
 * (and prefetched once the page is idle, so it then shows at once).
 */
export const overlayLoaders = {
  dialog: () => import('./simple-dialog'),
  snackbar: () => import('./snackbar-view'),
  backdrop: () => import('./backdrop-view'),
  inactivity: () => import('./inactivity'),
  whatsNew: () => import('../../features/whats-new/whats-new-dialog'),
  signedInMenus: () => import('../signed-in-menus'),
};

export const LazySimpleDialog = lazy(overlayLoaders.dialog);
export const LazySnackbarView = lazy(overlayLoaders.snackbar);
export const LazyBackdropView = lazy(overlayLoaders.backdrop);
export const LazyInactivityGuard = lazy(overlayLoaders.inactivity);
export const LazyWhatsNewDialog = lazy(overlayLoaders.whatsNew);
export const LazySignedInMenus = lazy(overlayLoaders.signedInMenus);

/** Fetches the overlay code in the background; failures are ignored (it loads again when needed). */
export function prefetchOverlays(): void {
  for (const load of Object.values(overlayLoaders)) load().catch(() => undefined);
}

/** True from the first time `value` is true: a lazy view stays mounted so that it can animate out. */
export function useMountedOnce(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
