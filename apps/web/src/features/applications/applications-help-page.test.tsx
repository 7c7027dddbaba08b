import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { APPLICATION_PATH, application, coursesApi, lecturer, session, SESSION_PATH } from './applications-fixtures';

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

describe('choice session rules (courses/help)', () => {
  it('shows the session, its limits per level group and shift, the allowed volumes and the tax rates', async () => {
    coursesApi({
      current: session({
        SubjectConstraint: {
          id: 4,
          LEVEL1_J: 3,
          LEVEL2_J: 3,
          LEVEL3_J: 2,
          LEVEL4_J: 1,
          LEVEL5_J: 1,
          LEVEL1_S: 2,
          LEVEL2_S: 2,
          LEVEL3_S: 1,
          LEVEL4_S: 1,
          LEVEL5_S: 1,
        },
      }),
    });
    renderApp('/courses/help', { user: lecturer({ NIU: null }) });
    expect(await screen.findByRole('heading', { name: 'Subject choices, semester 1, 2023-2024' })).toBeInTheDocument();
    expect(screen.getByText('From 01/09/2023 to 31/10/2023')).toBeInTheDocument();

    expect(rowTexts(screen.getByRole('table', { name: 'Subjects per level and shift' }))).toEqual([
      ['Levels', 'Day classes', 'Evening and night classes'],
      ['Levels 1-2', '3 subjects', '2 subjects'],
      ['Level 3', '2 subjects', '1 subject'],
      ['Levels 4-5', '1 subject', '1 subject'],
    ]);
    expect(screen.getByText('As Lecturer (part-time), you may choose up to 200 h in all.')).toBeInTheDocument();
    expect(rowTexts(screen.getByRole('table', { name: 'Allowed hourly volume' }))).toEqual([
      ['Category', 'Allowed volume'],
      ['Permanent (full-time)', '300 h'],
      ['Lecturer (part-time) (your category)', '200 h'],
      ['Internship', '120 h'],
      ['Support staff', '60 h'],
    ]);
    expect(screen.getByText('The tax withheld is 5.5 % with an NIU (taxpayer number) on file, and 16.5 % without one.')).toBeInTheDocument();
    expect(screen.getByText(/No NIU on file: the tax rate is 16.5 %/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How confirmation works' })).toBeInTheDocument();
  });

  it('starts the application and goes to the choices', async () => {
    let created = false;
    const api = coursesApi(
      { app: null },
      {
        'POST /api/applications/init': () => {
          created = true;
          return { status: 201, body: application() };
        },
        [`GET ${APPLICATION_PATH}`]: () => (created ? { body: application() } : { status: 204 }),
      },
    );
    const { user, location } = renderApp('/courses', { user: lecturer() });
    // no application yet: the rules first
    const start = await screen.findByRole('button', { name: 'Start choosing' });
    expect(location().pathname).toBe('/courses/help');
    await user.click(start);
    await waitFor(() => expect(api.to('POST', '/api/applications/init')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'My choices' })).toBeInTheDocument();
    expect(location().pathname).toBe('/courses');
    expect(await screen.findByRole('table', { name: 'Subjects offered' })).toBeInTheDocument();
  });

  it('says why the application cannot start, translated', async () => {
    coursesApi({ app: null }, { 'POST /api/applications/init': error(403, 'NOT_ELIGIBLE') });
    const { user, location } = renderApp('/courses/help', { user: lecturer() });
    await changeLanguage('fr');
    await user.click(await screen.findByRole('button', { name: 'Commencer mes choix' }));
    expect(await screen.findByText("Seuls les personnels enseignants et d'appui choisissent des matières")).toBeInTheDocument();
    expect(location().pathname).toBe('/courses/help');
  });

  it('has the same gate as the choices: registration first', async () => {
    const api = coursesApi();
    renderApp('/courses/help', { user: lecturer({ ACTIVED: false }) });
    expect(await screen.findByText('Your registration is not closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start choosing' })).not.toBeInTheDocument();
    expect(api.to('GET', SESSION_PATH)).toHaveLength(0);
  });

  it('has the same gate as the choices: no active session', async () => {
    coursesApi({ current: null });
    renderApp('/courses/help', { user: lecturer() });
    expect(await screen.findByText('No active session')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check for new session' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start choosing' })).not.toBeInTheDocument();
  });
});
