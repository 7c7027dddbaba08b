import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/session';
import { error, fakeApi, person } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('session-expired dialog', () => {
  it('opens on a 401 of an authenticated call; OK clears the user and goes to /login', async () => {
    fakeApi({ 'GET /api/students/7': error(401, 'UNAUTHENTICATED') });
    const { user, location, queryClient } = renderApp('/profile', { user: person() });
    const dialog = await screen.findByRole('dialog', { name: 'Session time expired' });
    expect(within(dialog).getByText('Your session time has been expired')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
    expect(queryClient.getQueryData(queryKeys.session)).toBeNull();
    expect(queryClient.getQueryData(queryKeys.person(7))).toBeUndefined();
  });

  it('stays closed when the boot-time session probe answers 401', async () => {
    const api = fakeApi();
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.to('GET', '/api/auth/session')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Session time expired' })).not.toBeInTheDocument();
  });
});
