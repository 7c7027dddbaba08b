import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../lib/i18n';
import { queryKeys } from '../../lib/session';
import { fakeApi, person } from '../../test/fake-api';
import { DEMO_PEOPLE } from '../../test/demo-people';
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

describe('the weekly planning mail', () => {
  it('is on by default, and switching it off saves false under WEEKLY_PLANNING_MAIL', async () => {
    const api = fakeApi({
      'GET /api/settings': { body: { LANGUAGE: 'en' } },
      'POST /api/settings': (request) => ({ body: { LANGUAGE: 'en', ...(request.body as object) } }),
    });
    const { user, queryClient } = renderApp('/settings', { user: DEMO_PEOPLE.permanent() });
    const mail = await screen.findByRole('switch', { name: 'Weekly planning mail' });
    await waitFor(() => expect(mail).toBeEnabled());
    expect(mail).toBeChecked();
    expect(mail).toHaveAccessibleDescription('Every Saturday, an e-mail with your lessons of the coming week.');
    await user.click(mail);
    expect(await screen.findByText('Successly saved !')).toBeInTheDocument();
    expect(api.to('POST', '/api/settings').map((request) => request.body)).toEqual([{ WEEKLY_PLANNING_MAIL: false }]);
    expect(mail).not.toBeChecked();
    expect(queryClient.getQueryData(queryKeys.settings)).toEqual({ LANGUAGE: 'en', WEEKLY_PLANNING_MAIL: false });
  });

  it('shows what is saved: off for a student who turned it off, and turns it back on', async () => {
    const api = fakeApi({
      'GET /api/settings': { body: { WEEKLY_PLANNING_MAIL: false } },
      'POST /api/settings': (request) => ({ body: request.body }),
    });
    const { user } = renderApp('/settings', { user: DEMO_PEOPLE.student() });
    const mail = await screen.findByRole('switch', { name: 'Weekly planning mail' });
    await waitFor(() => expect(mail).toBeEnabled());
    expect(mail).not.toBeChecked();
    await user.click(mail);
    await waitFor(() => expect(mail).toBeChecked());
    expect(api.to('POST', '/api/settings')[0]?.body).toEqual({ WEEKLY_PLANNING_MAIL: true });
  });

  it('is offered only to whoever has a timetable', async () => {
    const api = fakeApi({ 'GET /api/settings': { body: {} } });
    renderApp('/settings', { user: DEMO_PEOPLE.academic() });
    await screen.findByRole('radiogroup', { name: 'Language of the portal' });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(api.to('GET', '/api/settings')).toHaveLength(0);
  });
});
