import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error, fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

async function fillAndSubmit(identifier: string, password: string) {
  const view = renderApp('/login');
  const { user } = view;
  const identifierField = await screen.findByLabelText(/Matricule or username/);
  if (identifier) await user.type(identifierField, identifier);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return view;
}

describe('login form', () => {
  it('refuses empty fields without calling the server', async () => {
    const api = fakeApi();
    await fillAndSubmit('', '');
    expect(await screen.findByText('Fill correctly the blanks to continue')).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/students/')).toHaveLength(0);
  });

  it('refuses a missing password without calling the server', async () => {
    const api = fakeApi();
    await fillAndSubmit('ST2024001', '');
    expect(await screen.findByText('Fill correctly the blanks to continue')).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/students/')).toHaveLength(0);
  });

  it('says the account is not activated on a 401', async () => {
    const api = fakeApi({ 'POST /api/auth/students/': error(401, 'ACCOUNT_INACTIVE') });
    await fillAndSubmit('ST2024001', 'secret-pass');
    expect(await screen.findByText('Your account is not actived')).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/students/')[0]?.body).toEqual({ identifier: 'ST2024001', password: 'secret-pass' });
    // a 401 at sign-in is an answer, not an expired session
    expect(screen.queryByText('Session time expired')).not.toBeInTheDocument();
  });

  it('says the credentials are wrong on a 400', async () => {
    fakeApi({ 'POST /api/auth/students/': error(400, 'INVALID_CREDENTIALS') });
    await fillAndSubmit('ST2024001', 'wrong-pass');
    expect(await screen.findByText('Matricule or password incorrect')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a code by e-mail' })).not.toBeInTheDocument();
  });

  it('says the connection failed when fetch rejects', async () => {
    fakeApi({ 'POST /api/auth/students/': { networkError: true } });
    await fillAndSubmit('ST2024001', 'secret-pass');
    expect(await screen.findByText('Connection fail. please try again')).toBeInTheDocument();
  });

  it('shows the lockout with its countdown on a 429', async () => {
    fakeApi({ 'POST /api/auth/students/': error(429, 'ACCOUNT_LOCKED', { retryAfter: 90 }) });
    await fillAndSubmit('ST2024001', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many failed sign-ins with a password\. Try again in 1:30\.$/);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  it('says the lockout in one French sentence, with the time left', async () => {
    await changeLanguage('fr');
    fakeApi({ 'POST /api/auth/students/': error(429, 'TOO_MANY_REQUESTS', { retryAfter: 58 }) });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText(/Matricule ou nom d'utilisateur/), 'ST2024001');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Trop de tentatives\. Réessayez dans 58\ss\.$/);
  });

  it('offers the e-mailed code while the password is locked, keeping the identifier', async () => {
    const api = fakeApi({
      'POST /api/auth/students/': error(429, 'ACCOUNT_LOCKED', { retryAfter: 600 }),
      'POST /api/auth/code-request': { body: { message: 'sent', resendAfter: 60 } },
    });
    const { user, location } = await fillAndSubmit('ST2024001', 'secret-pass');
    expect(await screen.findByText(/You can still sign in now with a code/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in with a code by e-mail' }));
    expect(screen.getByRole('tab', { name: 'With a code by e-mail' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/Matricule or username/)).toHaveValue('ST2024001');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('heading', { name: 'Verification code' })).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/code-request')[0]?.body).toEqual({ identifier: 'ST2024001' });
    expect(location().state).toEqual({ matricule: 'ST2024001', resendAfter: 60 });
  });

  it('offers the e-mailed code when the address is throttled, not for a wrong password', async () => {
    fakeApi({ 'POST /api/auth/students/': error(429, 'TOO_MANY_REQUESTS', { retryAfter: 300 }) });
    await fillAndSubmit('ST2024001', 'secret-pass');
    expect(await screen.findByRole('button', { name: 'Sign in with a code by e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^Too many attempts\. Try again in 5:00\.$/);
  });

  it('goes to /verification-code with the masked e-mail on a 200', async () => {
    fakeApi({
      'POST /api/auth/students/': {
        body: { message: 'sent', STUDENT_ID: 7, MATRICULE: 'ST2024001', EMAIL: 'a***@univ.example.cm', resendAfter: 60 },
      },
    });
    const { location } = await fillAndSubmit('st2024001', 'secret-pass');
    expect(await screen.findByRole('heading', { name: 'Verification code' })).toBeInTheDocument();
    expect(location().pathname).toBe('/verification-code');
    expect(location().state).toEqual({ matricule: 'ST2024001', email: 'a***@univ.example.cm', studentId: 7, resendAfter: 60 });
    expect(screen.getByText(/a\*\*\*@univ\.example\.cm/)).toBeInTheDocument();
  });

  it('asks for a code by e-mail in the second mode', async () => {
    const api = fakeApi({
      'POST /api/auth/code-request': { body: { message: 'sent', resendAfter: 60 } },
    });
    const { user, location } = renderApp('/login');
    await user.click(await screen.findByRole('tab', { name: 'With a code by e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('Fill correctly the blanks to continue')).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/code-request')).toHaveLength(0);
    await user.type(screen.getByLabelText(/Matricule or username/), 'ST2024001');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('heading', { name: 'Verification code' })).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/code-request')[0]?.body).toEqual({ identifier: 'ST2024001' });
    expect(location().pathname).toBe('/verification-code');
  });
});
