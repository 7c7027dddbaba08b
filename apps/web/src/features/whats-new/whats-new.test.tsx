import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { fakeApi, person } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { WHATS_NEW_STORAGE_KEY } from './whats-new';

describe("What's New", () => {
  it('opens once per version after sign-in and is reopened from the footer', async () => {
    fakeApi({ 'GET /api/students/7': { body: person() } });
    const { user, unmount } = renderApp('/profile', { user: person(), whatsNewUnseen: true });
    const dialog = await screen.findByRole('dialog', { name: "What's New in version 1.0.0" });
    expect(within(dialog).getByText('Sign in with a password or with a code')).toBeInTheDocument();
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

  it('lists what the portal does today, in English and in French', async () => {
    fakeApi({ 'GET /api/students/7': { body: person() } });
    renderApp('/profile', { user: person(), whatsNewUnseen: true });
    const dialog = await screen.findByRole('dialog', { name: "What's New in version 1.0.0" });
    const titles = () => within(dialog).getAllByRole('listitem').map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
    expect(titles()).toEqual([
      'Sign in with a password or with a code',
      'Create your account',
      'Safer sign-in',
      'Your HR registration',
      'Identification offices',
      'Subject choices',
      'The human resources back office',
      'The academic office',
      'Your requests',
      'Processing requests in the units',
      'Your activity',
      'Your profile, contact and settings',
      'Automatic sign-out',
      'Your schedule',
    ]);
    expect(within(dialog).getByText(/sign in with an e-mailed code; the devices you signed in from are recognised/)).toBeInTheDocument();
    expect(within(dialog).getByText(/take the photo with the camera or upload it, register the fingerprints/)).toBeInTheDocument();
    expect(within(dialog).getByText(/The catalogue .*, the choice sessions .* and the assignments/)).toBeInTheDocument();
    expect(within(dialog).getByText(/diplomas and formations, last job, remuneration, payment mode and documents/)).toBeInTheDocument();
    expect(within(dialog).getByText(/sign it at the lecturers’ service within 7 days/)).toBeInTheDocument();
    expect(within(dialog).getByText(/transmittal batches with a printable slip/)).toBeInTheDocument();
    expect(within(dialog).getByText(/A history of your activity, newest first: your sign-ins/)).toBeInTheDocument();
    expect(within(dialog).getByText(/A private calendar address puts the timetable in a phone’s calendar/)).toBeInTheDocument();

    await changeLanguage('fr');
    const french = await screen.findByRole('dialog', { name: 'Nouveautés de la version 1.0.0' });
    for (const title of ['Vos requêtes', 'Votre emploi du temps', 'Le traitement des requêtes par les services', 'Choix des matières', "Bureaux d'identification", 'Le service des ressources humaines', 'Le service de la scolarité', 'Une connexion plus sûre', 'Votre activité']) {
      expect(within(french).getByText(title)).toBeInTheDocument();
    }
  });

  it('does not open by itself for visitors who are not signed in', async () => {
    fakeApi();
    renderApp('/login', { whatsNewUnseen: true });
    await screen.findByRole('heading', { name: 'Sign in' });
    await screen.findByText('Version 1.0.0');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
