import { lazy } from 'react';
import { sharedLoaders } from '../../components/lazy';
import { whatsNewLoader } from '../../features/whats-new/whats-new';

/**
 * Overlay views are not part of the initial bundle: each is loaded the first time it shows
 * (and prefetched once the page is idle, so it then shows at once).
 */
export const overlayLoaders = {
  ...sharedLoaders,
  backdrop: () => import('./backdrop-view'),
  inactivity: () => import('./inactivity'),
  whatsNew: whatsNewLoader,
  signedInMenus: () => import('../signed-in-menus'),
};

export const LazyBackdropView = lazy(overlayLoaders.backdrop);
export const LazyInactivityGuard = lazy(overlayLoaders.inactivity);
export const LazySignedInMenus = lazy(overlayLoaders.signedInMenus);

/** Fetches the overlay code in the background; failures are ignored (it loads again when needed). */
export function prefetchOverlays(): void {
  for (const load of Object.values(overlayLoaders)) load().catch(() => undefined);
}
