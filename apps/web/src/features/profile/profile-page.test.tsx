import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { fakeApi, person } from '../../test/fake-api';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { renderApp } from '../../test/render-app';
import { countryName } from '../../lib/country';

describe('profile page', () => {
  it('shows the fresh record read-only, dates as dd/mm/yyyy and the category translated', async () => {
    const fresh = person({ KIND: 'STAFF', STATUS: 'VACATAIRE', PHONE_NUMBER: '+237 677000000', MATRICULE: 'P-0042' });
    fakeApi({ 'GET /api/students/7': { body: fresh } });
    renderApp('/profile', { user: person() });
    expect(await screen.findByText('+237 677000000')).toBeInTheDocument();
    expect(screen.getByText('03/07/2003')).toBeInTheDocument();
    expect(screen.getByText('Lecturer (part-time)')).toBeInTheDocument();
    expect(screen.getByText('P-0042')).toBeInTheDocument();
    expect(screen.getByText('Closed: changes go through the human resources service')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows whether a staff member is identified, with the office photo', async () => {
    fakeApi({ 'GET /api/students/7': { body: person({ KIND: 'STAFF', STATUS: 'PERMANENT', IDENTIFIED: true, PHOTO_LINK: '/api/files/photo-1' }) } });
    renderApp('/profile', { user: person({ KIND: 'STAFF', STATUS: 'PERMANENT' }) });
    expect(await screen.findByText('Photo and fingerprints registered by an identification office')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'My identification photo' })).toHaveAttribute('src', '/api/files/photo-1');
  });

  it('tells a staff member without identification where to go, and says nothing of it to students', async () => {
    fakeApi({ 'GET /api/students/7': { body: person({ KIND: 'STAFF', STATUS: 'VACATAIRE' }) } });
    const { unmount } = renderApp('/profile', { user: person({ KIND: 'STAFF', STATUS: 'VACATAIRE' }) });
    expect(await screen.findByText('Not yet: have your photo and fingerprints registered at an identification office')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'My identification photo' })).not.toBeInTheDocument();
    unmount();
    fakeApi({ 'GET /api/students/7': { body: person() } });
    renderApp('/profile', { user: person() });
    expect(await screen.findByText('03/07/2003')).toBeInTheDocument();
    expect(screen.queryByText('Identification')).not.toBeInTheDocument();
  });

  it('writes the last update with its weekday in French', async () => {
    const record = person({ LANGUAGE: 'fr', updatedAt: '2023-07-03T10:05:00' });
    fakeApi({ 'GET /api/students/7': { body: record } });
    await changeLanguage('fr');
    renderApp('/profile', { user: record });
    expect(await screen.findByRole('heading', { name: 'Mon profil' })).toBeInTheDocument();
    expect(await screen.findByText('lun. 03/07/2023 10:05')).toBeInTheDocument();
    expect(screen.getByText('Étudiant')).toBeInTheDocument();
  });

  it('sends people who are not signed in to /login', async () => {
    fakeApi();
    const { location } = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it('sends signed-in people who open /login to their profile', async () => {
    fakeApi({ 'GET /api/auth/session': { body: person() }, 'GET /api/students/7': { body: person() } });
    const { location } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
    expect(location().pathname).toBe('/profile');
  });
});

describe('profile page, by whom it belongs to (issue 10)', () => {
  it('speaks to a student as a student: no staff category, no registration state, the academic office for corrections', async () => {
    const student = DEMO_PEOPLE.student();
    fakeApi({ 'GET /api/students/48': { body: student } });
    renderApp('/profile', { user: student });
    expect(await screen.findByText('ST24A001')).toBeInTheDocument();
    expect(screen.getByText(/contact the academic office \(scolarité\)/)).toBeInTheDocument();
    expect(screen.queryByText(/human resources/)).not.toBeInTheDocument();
    expect(screen.queryByText('Category')).not.toBeInTheDocument();
    expect(screen.queryByText('In progress')).not.toBeInTheDocument();
    expect(screen.queryByText('Registration')).not.toBeInTheDocument();
    expect(screen.getByText('amina@univ.example.cm')).toBeInTheDocument();
  });

  it('gives an office account no staff wording, and its roles', async () => {
    const office = DEMO_PEOPLE.hr();
    fakeApi({ 'GET /api/students/43': { body: office } });
    renderApp('/profile', { user: office });
    expect(await screen.findByText('BO0001')).toBeInTheDocument();
    expect(screen.getByText(/contact the portal's administrator/)).toBeInTheDocument();
    expect(screen.queryByText(/human resources service/)).not.toBeInTheDocument();
    expect(screen.queryByText('Category')).not.toBeInTheDocument();
    expect(screen.queryByText('In progress')).not.toBeInTheDocument();
    expect(screen.getByText('Office account')).toBeInTheDocument();
  });

  it('keeps the staff wording for an employee', async () => {
    const lecturer = DEMO_PEOPLE.permanent();
    fakeApi({ 'GET /api/students/1': { body: lecturer } });
    renderApp('/profile', { user: lecturer });
    expect(await screen.findByText('In progress')).toBeInTheDocument();
    expect(screen.getByText(/contact the human resources service/)).toBeInTheDocument();
  });

  it('names the country in the reader’s language', async () => {
    const student = DEMO_PEOPLE.student({ LANGUAGE: 'fr' });
    fakeApi({ 'GET /api/students/48': { body: student } });
    await changeLanguage('fr');
    renderApp('/profile', { user: student });
    expect(await screen.findByText('Cameroun')).toBeInTheDocument();
    expect(screen.queryByText('Cameroon')).not.toBeInTheDocument();
    expect(countryName('Cameroon', 'en')).toBe('Cameroon');
    expect(countryName('CM', 'fr')).toBe('Cameroun');
    expect(countryName('Atlantis', 'fr')).toBe('Atlantis');
  });
});
