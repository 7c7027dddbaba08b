import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, person } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { WHATS_NEW_STORAGE_KEY } from './whats-new';

describe("What's New", () => {
  it('opens once per version after sign-in and is reopened from the footer', async () => {
    fakeApi({ 'GET /api/students/7': { body: person() } });
    const { user, unmount } = renderApp('/profile', { user: person(), whatsNewUnseen: true });
    const dialog = await screen.findByRole('dialog', { name: "What's New in version 1.0.0" });
    expect(within(dialog).getByText('Sign in safely')).toBeInTheDocument();
    expect(within(dialog).getByText(/then a 6-digit code sent by e-mail/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(localStorage.getItem(WHATS_NEW_STORAGE_KEY)).toBe('1.0.0');
    unmount();

    const again = renderApp('/profile', { user: person(), whatsNewUnseen: true });
    await screen.findByRole('heading', { name: 'My profile' });
    await screen.findByText('Version 1.0.0');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await again.user.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: "What's New" }));
    expect(screen.getByRole('dialog', { name: "What's New in version 1.0.0" })).toBeInTheDocument();
  });

  it('does not open by itself for visitors who are not signed in', async () => {
    fakeApi();
    renderApp('/login', { whatsNewUnseen: true });
    await screen.findByRole('heading', { name: 'Sign in' });
    await screen.findByText('Version 1.0.0');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
