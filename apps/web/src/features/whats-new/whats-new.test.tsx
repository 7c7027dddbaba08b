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
    const titles = () =>
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
    expect(titles()).toEqual([
      'Sign in with a password or with a code',
      "Students' sign-in",
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
      // issue 13: the students, the lecturers' reviews and the academic office's enrolment and evaluation
      'Your student file',
      'Your class',
      'Enrolment',
      'Evaluations',
      'Reviews',
      'Enrolment sessions',
      'Question forms and evaluation sessions',
      'A linked mail account',
    ]);
    expect(within(dialog).getByText(/sign in with an e-mailed code; the devices you signed in from are recognised/)).toBeInTheDocument();
    expect(within(dialog).getByText(/take the photo with the camera or upload it, register the fingerprints/)).toBeInTheDocument();
    expect(within(dialog).getByText(/The catalogue .*, the choice sessions .* and the assignments/)).toBeInTheDocument();
    expect(within(dialog).getByText(/diplomas and formations, last job, remuneration, payment mode and documents/)).toBeInTheDocument();
    expect(within(dialog).getByText(/sign it at the lecturers’ service within 7 days/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Students file theirs to their school .*, with nothing to print nor sign/)).toBeInTheDocument();
    expect(within(dialog).getByText(/transmittal batches with a printable slip/)).toBeInTheDocument();
    expect(within(dialog).getByText(/A history of your activity, newest first: your sign-ins/)).toBeInTheDocument();
    expect(within(dialog).getByText(/A private calendar address puts the timetable in a phone’s calendar/)).toBeInTheDocument();
    // the students' pages
    expect(
      within(dialog).getByText(/their matricule, the e-mail address the university holds for them and their password, then the 6-digit code/),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(/admission data, disability, sports and languages; and upload their CV \(PDF\), birth certificate, diplomas/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/their class, its subjects with their hours and credits and who teaches each part/)).toBeInTheDocument();
    expect(within(dialog).getByText(/apply to a class or to optional subjects within their seats/)).toBeInTheDocument();
    expect(within(dialog).getByText(/evaluate each of their subjects and lecturers once, .* results show only from 5 answers/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/it is linked once you type the code sent to it, and an address already linked to someone else is refused/),
    ).toBeInTheDocument();
    // the lecturers' reviews and the office's enrolment and evaluation
    expect(within(dialog).getByText(/once at least 5 students have answered; nobody else's/)).toBeInTheDocument();
    expect(within(dialog).getByText(/accepts, waitlists or refuses the applications/)).toBeInTheDocument();
    expect(within(dialog).getByText(/builds question forms .* and opens evaluation sessions over classes/)).toBeInTheDocument();
    // nothing left to interpolate
    expect(within(dialog).queryByText(/{{/)).not.toBeInTheDocument();

    await changeLanguage('fr');
    const french = await screen.findByRole('dialog', { name: 'Nouveautés de la version 1.0.0' });
    for (const title of [
      'Vos requêtes',
      'Votre emploi du temps',
      'Le traitement des requêtes par les services',
      'Choix des matières',
      "Bureaux d'identification",
      'Le service des ressources humaines',
      'Le service de la scolarité',
      'Une connexion plus sûre',
      'Votre activité',
      'La connexion des étudiants',
      'Votre dossier étudiant',
      'Votre classe',
      'Les inscriptions',
      'Les évaluations',
      'Les avis des étudiants',
      "Les sessions d'inscription",
      "Questionnaires et sessions d'évaluation",
      'Un compte de messagerie lié',
    ]) {
      expect(within(french).getByText(title)).toBeInTheDocument();
    }
    expect(within(french).getAllByRole('listitem')).toHaveLength(23);
    expect(within(french).getByText(/les résultats ne s'affichent qu'à partir de 5 réponses/)).toBeInTheDocument();
  });

  it('does not open by itself for visitors who are not signed in', async () => {
    fakeApi();
    renderApp('/login', { whatsNewUnseen: true });
    await screen.findByRole('heading', { name: 'Sign in' });
    await screen.findByText('Version 1.0.0');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
