import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../lib/i18n';
import { queryKeys } from '../../lib/session';
import { fakeApi, person } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('language', () => {
  it('switches from the app bar on any page, remembers the choice and sets <html lang>', async () => {
    const api = fakeApi();
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await user.click(screen.getByRole('button', { name: 'French' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    // nobody signed in: nothing to save on the server
    expect(api.to('POST', '/api/settings')).toHaveLength(0);
  });

  it('saves the choice with the account when signed in', async () => {
    const api = fakeApi({ 'POST /api/settings': { body: { LANGUAGE: 'fr' } } });
    const { user, queryClient } = renderApp('/settings', { user: person() });
    const group = await screen.findByRole('radiogroup', { name: 'Language of the portal' });
    await user.click(within(group).getByRole('radio', { name: 'French' }));
    expect(await screen.findByText('Enregistré avec succès !')).toBeInTheDocument();
    expect(api.to('POST', '/api/settings')[0]?.body).toEqual({ LANGUAGE: 'fr' });
    expect(queryClient.getQueryData(queryKeys.session)).toMatchObject({ LANGUAGE: 'fr' });
    expect(screen.getByRole('heading', { name: 'Paramètres' })).toBeInTheDocument();
  });
});
