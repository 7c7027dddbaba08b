import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_SECONDS } from '@portal/contract/rules';
import { queryKeys } from '../../lib/session';
import { fakeApi, person } from '../../test/fake-api';
import { preloadPages, renderApp } from '../../test/render-app';

const IDLE_MS = SESSION_IDLE_SECONDS * 1000;

async function signedInAtSettings() {
  const api = fakeApi({
    'GET /api/auth/session': { body: person() },
    'POST /api/auth/logout': { status: 204 },
  });
  const view = renderApp('/settings', { user: person(), fakeTimers: true });
  await screen.findByRole('heading', { name: 'Settings' });
  return { ...view, api };
}

const idleDialog = () => screen.queryByRole('dialog', { name: 'Timeout activity' });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('inactivity', () => {
  beforeAll(preloadPages);
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('asks whether to keep the activity after 1800 s without interaction', async () => {
    await signedInAtSettings();
    advance(IDLE_MS - 1000);
    expect(idleDialog()).not.toBeInTheDocument();
    advance(1000);
    expect(idleDialog()).toBeInTheDocument();
    expect(screen.getByText(/Do you want to keep the activity\?/)).toBeInTheDocument();
    expect(SESSION_IDLE_SECONDS).toBe(1800);
  });

  it('does not ask when there was interaction, and touches the server at most once a minute', async () => {
    const { api } = await signedInAtSettings();
    advance(1000 * 1000);
    fireEvent.click(document.body);
    fireEvent.keyDown(document.body, { key: 'a' });
    advance(1000 * 1000);
    expect(idleDialog()).not.toBeInTheDocument();
    expect(api.to('GET', '/api/auth/session')).toHaveLength(1);
    fireEvent.scroll(window);
    advance(30 * 1000);
    fireEvent.touchStart(document.body);
    expect(api.to('GET', '/api/auth/session')).toHaveLength(2);
    advance(IDLE_MS - 1000);
    expect(idleDialog()).not.toBeInTheDocument();
    advance(1000);
    expect(idleDialog()).toBeInTheDocument();
  });

  it('counts the Close button down from 20 to 0, then closes the session', async () => {
    const { api, location, queryClient } = await signedInAtSettings();
    advance(IDLE_MS);
    expect(screen.getByRole('button', { name: 'Close (20)' })).toBeInTheDocument();
    advance(1000);
    expect(screen.getByRole('button', { name: 'Close (19)' })).toBeInTheDocument();
    advance(18 * 1000);
    expect(screen.getByRole('button', { name: 'Close (1)' })).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/logout')).toHaveLength(0);
    advance(1000);
    expect(await screen.findByText('You were signed out after a period of inactivity !')).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/logout')).toHaveLength(1);
    expect(location().pathname).toBe('/login');
    expect(queryClient.getQueryData(queryKeys.session)).toBeNull();
    expect(idleDialog()).not.toBeInTheDocument();
  });

  it('Stay cancels the closure and starts a new idle period', async () => {
    const { api, user } = await signedInAtSettings();
    advance(IDLE_MS);
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(idleDialog()).not.toBeInTheDocument();
    advance(30 * 1000);
    expect(api.to('POST', '/api/auth/logout')).toHaveLength(0);
    advance(IDLE_MS - 31 * 1000);
    expect(idleDialog()).not.toBeInTheDocument();
    advance(2000);
    expect(idleDialog()).toBeInTheDocument();
  });

  it('Close opens the log-out confirmation; cancel keeps the session, log out ends it', async () => {
    const { api, user, location } = await signedInAtSettings();
    advance(IDLE_MS);
    await user.click(screen.getByRole('button', { name: /^Close \(/ }));
    expect(idleDialog()).not.toBeInTheDocument();
    const confirm = await screen.findByRole('dialog', { name: 'Log out' });
    expect(confirm).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    advance(60 * 1000);
    expect(api.to('POST', '/api/auth/logout')).toHaveLength(0);
    expect(location().pathname).toBe('/settings');

    advance(IDLE_MS);
    await user.click(screen.getByRole('button', { name: /^Close \(/ }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/logout')).toHaveLength(1);
  });

  it('does not run when nobody is signed in', async () => {
    fakeApi();
    renderApp('/settings', { fakeTimers: true });
    await screen.findByRole('heading', { name: 'Settings' });
    advance(IDLE_MS * 2);
    expect(idleDialog()).not.toBeInTheDocument();
  });
});
