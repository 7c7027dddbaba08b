import { lazy, useState } from 'react';

/**
 * Views shared by pages and the app's overlays that are not part of the initial bundle: each
 * is loaded the first time it shows (and prefetched once the page is idle, so it then shows at once).
 */
export const sharedLoaders = {
  dialog: () => import('./simple-dialog'),
  snackbar: () => import('./snackbar-view'),
};

export const LazySimpleDialog = lazy(sharedLoaders.dialog);
export const LazySnackbarView = lazy(sharedLoaders.snackbar);

/** True from the first time `value` is true: a lazy view stays mounted so that it can animate out. */
export function useMountedOnce(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
