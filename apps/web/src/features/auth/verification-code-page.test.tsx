import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@portal/contract';
import { queryKeys } from '../../lib/session';
import { error, fakeApi, person } from '../../test/fake-api';
import { preloadPages, renderApp } from '../../test/render-app';

const state = { matricule: 'ST2024001', email: 'a***@univ.example.cm', studentId: 7, resendAfter: 60 };

describe('verification code form', () => {
  beforeAll(preloadPages);

  it('refuses an empty code without calling the server', async () => {
    const api = fakeApi();
    const { user } = renderApp('/verification-code', { state });
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.to('POST', '/api/auth/student/code-verification')).toHaveLength(0);
  });

  it('shows the wrong-code message once, under the input it marks', async () => {
    const api = fakeApi({ 'POST /api/auth/student/code-verification': error(400, 'CODE_INCORRECT') });
    const { user } = renderApp('/verification-code', { state });
    const input = await screen.findByLabelText(/Code received by e-mail/);
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findAllByText('The code you entered is incorrect')).toHaveLength(1);
    expect(input).toHaveAccessibleDescription('The code you entered is incorrect');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('POST', '/api/auth/student/code-verification')[0]?.body).toEqual({ SIGN_CODE: '123456', STUDENT_ID: 7 });
  });

  it('says once that a code has six digits', async () => {
    const api = fakeApi();
    const { user } = renderApp('/verification-code', { state });
    await user.type(await screen.findByLabelText(/Code received by e-mail/), '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findAllByText('The code has 6 digits')).toHaveLength(1);
    expect(api.to('POST', '/api/auth/student/code-verification')).toHaveLength(0);
  });

  it("waits out the account's code delay the server names, without sending back to sign-in", async () => {
    fakeApi({ 'POST /api/auth/student/code-verification': error(429, 'CODE_LOCKED', { retryAfter: 20 }) });
    const { user, location } = renderApp('/verification-code', { state });
    await user.type(await screen.findByLabelText(/Code received by e-mail/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many wrong codes for this account\. Try again in 20\ss\.$/);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(location().pathname).toBe('/verification-code');
  });

  it('sends back to sign-in when the code has expired', async () => {
    fakeApi({ 'POST /api/auth/student/code-verification': error(400, 'CODE_EXPIRED') });
    const { user, location } = renderApp('/verification-code', { state });
    await user.type(await screen.findByLabelText(/Code received by e-mail/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code has expired; sign in again')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    const links = screen.getAllByRole('link', { name: 'Back to sign in' });
    await user.click(links[0]!);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it('keeps the user in the query cache only and goes to /profile', async () => {
    const record = person();
    const signedIn: SessionUser = { ...record, TOKEN: 'secret-bearer-token' };
    fakeApi({
      'POST /api/auth/student/code-verification': { body: signedIn },
      'GET /api/students/7': { body: record },
    });
    const { user, location, queryClient } = renderApp('/verification-code', { state });
    await user.type(await screen.findByLabelText(/Code received by e-mail/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
    expect(location().pathname).toBe('/profile');
    expect(queryClient.getQueryData(queryKeys.session)).toEqual(record);
    expect(JSON.stringify(queryClient.getQueryData(queryKeys.session))).not.toContain('secret-bearer-token');
    const stored = [...Object.values(localStorage), ...Object.values(sessionStorage), document.cookie].join(' ');
    expect(stored).not.toContain('secret-bearer-token');
    expect(stored).not.toContain(record.EMAIL);
    expect(await screen.findByText('Nkoulou')).toBeInTheDocument();
  });

  it('applies the language saved with the account after sign-in', async () => {
    const record = person({ LANGUAGE: 'fr' });
    fakeApi({
      'POST /api/auth/student/code-verification': { body: { ...record, TOKEN: 't' } },
      'GET /api/students/7': { body: record },
    });
    const { user } = renderApp('/verification-code', { state });
    await user.type(await screen.findByLabelText(/Code received by e-mail/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Mon profil' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('counts down before the code can be re-sent, then re-sends it', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /api/auth/code-resend': { body: { message: 'sent', resendAfter: 60 } } });
    const { user } = renderApp('/verification-code', { state: { ...state, resendAfter: 3 }, fakeTimers: true });
    const resend = await screen.findByRole('button', { name: 'Re-send the code (3\u00a0s)' });
    expect(resend).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Re-send the code (2\u00a0s)' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(2000));
    const ready = screen.getByRole('button', { name: 'Re-send the code' });
    expect(ready).toBeEnabled();
    await user.click(ready);
    expect(await screen.findByRole('button', { name: 'Re-send the code (1:00)' })).toBeDisabled();
    expect(api.to('POST', '/api/auth/code-resend')).toHaveLength(1);
    expect(screen.getByText('A new code has been sent !')).toBeInTheDocument();
  });

  it('waits as long as the server says when re-sending is too soon', async () => {
    vi.useFakeTimers();
    fakeApi({ 'POST /api/auth/code-resend': error(429, 'RESEND_TOO_SOON', { retryAfter: 42 }) });
    const { user } = renderApp('/verification-code', { state: { ...state, resendAfter: 1 }, fakeTimers: true });
    await screen.findByRole('button', { name: 'Re-send the code (1\u00a0s)' });
    act(() => vi.advanceTimersByTime(1000));
    await user.click(screen.getByRole('button', { name: 'Re-send the code' }));
    expect(await screen.findByRole('button', { name: 'Re-send the code (42\u00a0s)' })).toBeDisabled();
    expect(screen.getByText('Wait a minute before asking for a new code')).toBeInTheDocument();
  });
});
