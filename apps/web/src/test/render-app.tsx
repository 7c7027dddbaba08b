import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { vi } from 'vitest';
import type { PersonRecord } from '@portal/contract';
import { overlayLoaders } from '../app/overlays/lazy';
import { AppProviders } from '../app/providers';
import { AppRoutes, pageLoaders } from '../app/routes';
import { stepLoaders } from '../features/registration/steps';
import { WHATS_NEW_STORAGE_KEY } from '../features/whats-new/whats-new';
import { createQueryClient, queryKeys } from '../lib/session';
import { META } from './fake-api';

interface Options {
  /** someone already signed in (as after a sign-in); otherwise the app asks the (fake) server */
  user?: PersonRecord;
  state?: unknown;
  /** leave the What's New panel unseen so it opens */
  whatsNewUnseen?: boolean;
  fakeTimers?: boolean;
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

/** Renders the real application (routes, providers, overlays) at a path, in memory. */
export function renderApp(path: string, options: Options = {}) {
  if (!options.whatsNewUnseen) localStorage.setItem(WHATS_NEW_STORAGE_KEY, META.version);
  const queryClient = createQueryClient();
  if (options.user) queryClient.setQueryData(queryKeys.session, options.user);
  const url = new URL(path, 'http://localhost');
  let current: Location | null = null;
  const user = userEvent.setup(options.fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : { delay: null });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: url.pathname, search: url.search, hash: url.hash, state: options.state }]}>
        <AppRoutes />
        <LocationProbe onChange={(location) => (current = location)} />
      </MemoryRouter>
    </AppProviders>,
  );
  const location = (): Location => {
    if (!current) throw new Error('no location yet');
    return current;
  };
  return { ...view, location, queryClient, user };
}

/**
 * Loads every page's, overlay's and registration step's module once, so that tests running on fake timers do not
 * wait on the (real-time) first import of a lazy module.
 */
export async function preloadPages(): Promise<void> {
  await Promise.all([...Object.values(pageLoaders), ...Object.values(overlayLoaders), ...Object.values(stepLoaders)].map((load) => load()));
}
