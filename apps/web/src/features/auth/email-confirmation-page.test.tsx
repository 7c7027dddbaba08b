import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error, fakeApi, type FakeHandler } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const TOKEN = 'tok_0123456789abcdef';
const CHECK = 'GET /api/auth/student/email-confirmation';
const LIVE: Record<string, FakeHandler> = { [CHECK]: { body: { usable: true } } };

async function choosePassword(password: string, confirm: string) {
  const view = renderApp(`/email-confirmation?token=${TOKEN}`);
  await view.user.type(await screen.findByLabelText(/^New password/), password);
  await view.user.type(screen.getByLabelText(/^Type the password again/), confirm);
  await view.user.click(screen.getByRole('button', { name: 'Confirm' }));
  return view;
}

/** The used-or-expired state: said once, two ways forward, no password form. */
function expectDeadLink() {
  expect(screen.getByRole('alert')).toHaveTextContent('This link has already been used or has expired.');
  expect(screen.getByText(/If you already chose your password with it, your account is active: sign in/)).toBeInTheDocument();
  const main = within(screen.getByRole('main'));
  expect(main.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  expect(main.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/register');
  expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
}

describe('e-mail confirmation page', () => {
  it('checks on load that the link can be used, without using it, then shows the form', async () => {
    const api = fakeApi(LIVE);
    renderApp(`/email-confirmation?token=${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(api.to('GET', '/api/auth/student/email-confirmation')).toHaveLength(1);
    expect(api.to('POST', '/api/auth/student/email-confirmation')).toHaveLength(0);
  });

  it('says at once that a used or expired link cannot be used, with the ways forward and no form', async () => {
    const api = fakeApi({ [CHECK]: { body: { usable: false } } });
    renderApp(`/email-confirmation?token=${TOKEN}`);
    expect(await screen.findByText('This link has already been used or has expired.')).toBeInTheDocument();
    expectDeadLink();
    expect(api.to('POST', '/api/auth/student/email-confirmation')).toHaveLength(0);
  });

  it('says it in French too', async () => {
    await changeLanguage('fr');
    fakeApi({ [CHECK]: { body: { usable: false } } });
    renderApp(`/email-confirmation?token=${TOKEN}`);
    expect(await screen.findByText('Ce lien a déjà été utilisé ou a expiré.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/register');
  });

  it('still offers the form when the link cannot be checked (offline, too many checks)', async () => {
    fakeApi({ [CHECK]: error(429, 'TOO_MANY_REQUESTS', { retryAfter: 60 }) });
    renderApp(`/email-confirmation?token=${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('checks the two passwords with the contract rules', async () => {
    const api = fakeApi(LIVE);
    await choosePassword('short', 'short');
    expect(await screen.findByText('The password must have 8 to 128 characters')).toBeInTheDocument();
    await screen.findByLabelText(/^New password/);
    expect(api.to('POST', '/api/auth/student/email-confirmation')).toHaveLength(0);
  });

  it('refuses two different passwords', async () => {
    fakeApi(LIVE);
    await choosePassword('long-enough-1', 'long-enough-2');
    expect(await screen.findByText('The two passwords are different')).toBeInTheDocument();
  });

  it('confirms with the token and the password, then offers to sign in', async () => {
    const api = fakeApi({ ...LIVE, 'POST /api/auth/student/email-confirmation': { body: { MATRICULE: 'ST2024001', USERNAME: 'amina.n' } } });
    await choosePassword('long-enough-1', 'long-enough-1');
    expect(await screen.findByText('Your e-mail address is confirmed and your account is active.')).toBeInTheDocument();
    expect(screen.getByText('Your username is amina.n.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(api.to('POST', '/api/auth/student/email-confirmation')[0]?.body).toEqual({ token: TOKEN, password: 'long-enough-1' });
  });

  it('shows the used-or-expired state when the link expires while the form is open', async () => {
    fakeApi({ ...LIVE, 'POST /api/auth/student/email-confirmation': error(401, 'CONFIRMATION_EXPIRED') });
    await choosePassword('long-enough-1', 'long-enough-1');
    expect(await screen.findByText('This link has already been used or has expired.')).toBeInTheDocument();
    expectDeadLink();
    expect(screen.queryByText('Session time expired')).not.toBeInTheDocument();
  });

  it('puts a weak-password answer on the password field, once', async () => {
    fakeApi({ ...LIVE, 'POST /api/auth/student/email-confirmation': error(400, 'VALIDATION_FAILED', { fields: { password: 'validation.passwordWeak' } }) });
    await choosePassword('password1', 'password1');
    expect(await screen.findAllByText('This password is too easy to guess; choose another one')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why a password holding the name or matricule is refused, once, on the field', async () => {
    fakeApi({
      ...LIVE,
      'POST /api/auth/student/email-confirmation': error(400, 'PASSWORD_PERSONAL', { fields: { password: 'validation.passwordPersonal' } }),
    });
    await choosePassword('Nkoulou-2024!', 'Nkoulou-2024!');
    const message = 'The password must not contain your name or matricule; choose another one';
    expect(await screen.findAllByText(message)).toHaveLength(1);
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(message);
    expect(screen.queryByText(/too easy to guess/)).not.toBeInTheDocument();
  });

  it('says the link cannot be used without a token', async () => {
    const api = fakeApi();
    renderApp('/email-confirmation');
    expect(await screen.findByText('This link has already been used or has expired.')).toBeInTheDocument();
    expectDeadLink();
    expect(api.to('GET', '/api/auth/student/email-confirmation')).toHaveLength(0);
  });
});
