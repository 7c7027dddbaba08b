import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { error, fakeApi, person } from '../test/fake-api';
import { renderApp } from '../test/render-app';

const AWAY = 'The portal cannot reach its database at the moment; try again in a minute';

/** Issue 9, finding 4: while the database is away the server answers 503 DATABASE_UNAVAILABLE at once; the web says so. */
describe('the database away', () => {
  it('a signed-in page says so (translated) instead of sending the person to the sign-in page, and recovers on Try again', async () => {
    let away = true;
    const api = fakeApi({ 'GET /api/auth/session': () => (away ? error(503, 'DATABASE_UNAVAILABLE', { retryAfter: 30 }) : { body: person() }) });
    const view = renderApp('/profile');
    // The session probe is retried twice (1 s, then 2 s) before the message shows.
    expect(await screen.findByText(AWAY)).toBeInTheDocument();
    expect(view.location().pathname).toBe('/profile');
    expect(api.to('GET', '/api/auth/session').length).toBeGreaterThanOrEqual(3);
    away = false;
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByText('Amina', { exact: false })).length).toBeGreaterThan(0);
    expect(screen.queryByText(AWAY)).not.toBeInTheDocument();
  });

  it('the sign-in form shows the error in French too', async () => {
    fakeApi({ 'POST /api/auth/students/': error(503, 'DATABASE_UNAVAILABLE', { retryAfter: 30 }) });
    await changeLanguage('fr');
    const view = renderApp('/login');
    await view.user.type(await screen.findByLabelText(/Matricule/), 'ST2024001');
    await view.user.type(screen.getByLabelText(/^Mot de passe/), 'secret-pass');
    await view.user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText(/Le portail ne peut pas joindre sa base de données pour le moment/)).toBeInTheDocument();
  });
});
