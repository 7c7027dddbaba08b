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

  it('says when the server is busy signing others in, and when to try again', async () => {
    fakeApi({ 'POST /api/auth/students/': error(503, 'SERVER_BUSY', { retryAfter: 4 }) });
    await fillAndSubmit('ST2024001', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many people are using the portal at this moment\. Try again in 4\ss\.$/);
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

describe('the student sign-in', () => {
  async function fillStudent(view: ReturnType<typeof renderApp>, values: { matricule?: string; email?: string; password?: string }) {
    const { user } = view;
    const matricule = await screen.findByLabelText(/^Matricule/);
    if (values.matricule) await user.type(matricule, values.matricule);
    if (values.email) await user.type(screen.getByLabelText(/^E-mail address/), values.email);
    if (values.password) await user.type(screen.getByLabelText(/^Password/), values.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it('keeps the staff forms by default, and offers the student form, remembered in the URL', async () => {
    fakeApi();
    const { user, location } = renderApp('/login');
    expect(await screen.findByLabelText(/Matricule or username/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'With a password' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Staff' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByLabelText(/^E-mail address/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Student' }));
    expect(location().search).toBe('?as=student');
    expect(screen.getByRole('button', { name: 'Student' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('form', { name: 'Student sign-in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Matricule/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail address/)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByText(/Use your matricule, the e-mail address the university holds for you and your password/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Staff' }));
    expect(location().search).toBe('');
    expect(screen.getByLabelText(/Matricule or username/)).toBeInTheDocument();
  });

  it('refuses empty or missing fields with the specification message, without calling the server', async () => {
    const api = fakeApi();
    const view = renderApp('/login?as=student');
    await fillStudent(view, {});
    expect(await screen.findByText('Fill correctly the blanks to continue')).toBeInTheDocument();
    await fillStudent(view, { matricule: 'ST24A001', email: 'amina@univ.example.cm' });
    expect(await screen.findByText('Fill correctly the blanks to continue')).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/student/sign-in')).toHaveLength(0);
    expect(api.to('POST', '/api/auth/students/')).toHaveLength(0);
  });

  it('posts matricule, e-mail and password to the student sign-in, then goes to the code step', async () => {
    const api = fakeApi({
      'POST /api/auth/student/sign-in': { body: { message: 'sent', STUDENT_ID: 48, MATRICULE: 'ST24A001', EMAIL: 'a***@portal.example', resendAfter: 60 } },
    });
    const view = renderApp('/login?as=student');
    await fillStudent(view, { matricule: 'st24a001', email: ' Amina@Portal.example ', password: 'secret-pass' });
    expect(await screen.findByRole('heading', { name: 'Verification code' })).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/student/sign-in')[0]?.body).toEqual({ matricule: 'ST24A001', email: 'amina@portal.example', password: 'secret-pass' });
    expect(api.to('POST', '/api/auth/students/')).toHaveLength(0);
    expect(view.location().pathname).toBe('/verification-code');
    expect(view.location().state).toEqual({ matricule: 'ST24A001', email: 'a***@portal.example', studentId: 48, resendAfter: 60 });
  });

  it('says the account is not activated on a 401, and the credentials are wrong otherwise', async () => {
    fakeApi({ 'POST /api/auth/student/sign-in': error(401, 'ACCOUNT_INACTIVE') });
    const view = renderApp('/login?as=student');
    await fillStudent(view, { matricule: 'ST24A001', email: 'amina@portal.example', password: 'secret-pass' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is not actived');
    expect(screen.queryByText('Session time expired')).not.toBeInTheDocument();
    view.unmount();

    fakeApi({ 'POST /api/auth/student/sign-in': error(400, 'INVALID_CREDENTIALS') });
    await fillStudent(renderApp('/login?as=student'), { matricule: 'ST24A001', email: 'amina@portal.example', password: 'wrong-pass' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Matricule or password incorrect');
  });

  it('says it in French, with the lockout time left', async () => {
    await changeLanguage('fr');
    fakeApi({ 'POST /api/auth/student/sign-in': error(429, 'ACCOUNT_LOCKED', { retryAfter: 58 }) });
    const { user } = renderApp('/login?as=student');
    expect(await screen.findByRole('button', { name: 'Étudiant' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText(/^Matricule/), 'ST24A001');
    await user.type(screen.getByLabelText(/^Adresse e-mail/), 'amina@portal.example');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Trop de connexions échouées avec un mot de passe\. Réessayez dans 58\ss\.$/);
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
  });
});
