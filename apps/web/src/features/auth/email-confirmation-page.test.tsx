import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error, fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const TOKEN = 'tok_0123456789abcdef';

async function choosePassword(password: string, confirm: string) {
  const view = renderApp(`/email-confirmation?token=${TOKEN}`);
  await view.user.type(await screen.findByLabelText(/^New password/), password);
  await view.user.type(screen.getByLabelText(/^Type the password again/), confirm);
  await view.user.click(screen.getByRole('button', { name: 'Confirm' }));
  return view;
}

describe('e-mail confirmation page', () => {
  it('does not call the server on load', async () => {
    const api = fakeApi();
    renderApp(`/email-confirmation?token=${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/student/email-confirmation')).toHaveLength(0);
  });

  it('checks the two passwords with the contract rules', async () => {
    const api = fakeApi();
    await choosePassword('short', 'short');
    expect(await screen.findByText('The password must have 8 to 128 characters')).toBeInTheDocument();
    await screen.findByLabelText(/^New password/);
    expect(api.to('POST', '/api/auth/student/email-confirmation')).toHaveLength(0);
  });

  it('refuses two different passwords', async () => {
    fakeApi();
    await choosePassword('long-enough-1', 'long-enough-2');
    expect(await screen.findByText('The two passwords are different')).toBeInTheDocument();
  });

  it('confirms with the token and the password, then offers to sign in', async () => {
    const api = fakeApi({ 'POST /api/auth/student/email-confirmation': { body: { MATRICULE: 'ST2024001', USERNAME: 'amina.n' } } });
    await choosePassword('long-enough-1', 'long-enough-1');
    expect(await screen.findByText('Your e-mail address is confirmed and your account is active.')).toBeInTheDocument();
    expect(screen.getByText('Your username is amina.n.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(api.to('POST', '/api/auth/student/email-confirmation')[0]?.body).toEqual({ token: TOKEN, password: 'long-enough-1' });
  });

  it('sends back to registration when the link has expired', async () => {
    fakeApi({ 'POST /api/auth/student/email-confirmation': error(401, 'CONFIRMATION_EXPIRED') });
    await choosePassword('long-enough-1', 'long-enough-1');
    expect(await screen.findByText('The time allowed to the confirmation has expired; register again')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute('href', '/register');
    expect(screen.queryByText('Session time expired')).not.toBeInTheDocument();
  });

  it('puts a weak-password answer on the password field', async () => {
    fakeApi({ 'POST /api/auth/student/email-confirmation': error(400, 'VALIDATION_FAILED', { fields: { password: 'validation.passwordWeak' } }) });
    await choosePassword('password1', 'password1');
    expect(await screen.findByText('This password is too easy to guess; choose another one')).toBeInTheDocument();
  });

  it('says the link is invalid without a token', async () => {
    fakeApi();
    renderApp('/email-confirmation');
    expect(await screen.findByText('This confirmation link is not valid')).toBeInTheDocument();
  });
});
