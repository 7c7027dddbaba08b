import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ArchivedApplication, Choice, ApplicationSessionChoice } from '@portal/contract';
import { error, fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { ALGORITHMS, application, choice, COMPILERS, DATABASES, lecturer } from './applications-fixtures';

const archived = (overrides: Partial<ArchivedApplication>): ArchivedApplication => ({
  ...application(),
  DESIGNATION: 'Subject choices, semester 1, 2023-2024',
  DESIGNATION_FR: 'Choix des matières, semestre 1, 2023-2024',
  START_DATE: '2023-08-31T23:00:00.000Z',
  END_DATE: '2023-10-31T23:00:00.000Z',
  choices: [],
  ...overrides,
});

const inSession = (of: Choice, id: number, designation: string): ApplicationSessionChoice => ({
  ...of,
  SESSION_APPLICATION_ID: id,
  DESIGNATION: designation,
  DESIGNATION_FR: `FR ${designation}`,
  CLOSED: true,
});

const S1 = 'Subject choices, semester 1, 2023-2024';
const S2 = 'Subject choices, semester 2, 2022-2023';

describe('history and archived assignments', () => {
  it('lists the past applications with their session, dates, closed state and choices', async () => {
    const api = fakeApi({
      'GET /api/applications/all/42': {
        body: [
          archived({ id: 11, CLOSED: false, choices: [choice(ALGORITHMS, 'CM', 1), choice(DATABASES, 'TD')] }),
          archived({
            id: 8,
            DESIGNATION: S2,
            START_DATE: '2023-01-31T23:00:00.000Z',
            END_DATE: '2023-03-31T22:00:00.000Z',
            CLOSED: true,
            CLOSED_AT: '2023-03-20T10:00:00.000Z',
            TOTAL_HOURS: 300,
            choices: [choice(COMPILERS, 'TP', 2)],
          }),
        ],
      },
    });
    renderApp('/courses/archive', { user: lecturer() });
    expect(await screen.findByRole('tab', { name: 'Past applications' })).toHaveAttribute('aria-selected', 'true');
    const first = await screen.findByRole('region', { name: S1 });
    expect(within(first).getByText('Open')).toBeInTheDocument();
    expect(within(first).getByText('From 01/09/2023 to 31/10/2023 · 200 h allowed')).toBeInTheDocument();
    const rows = within(within(first).getByRole('table', { name: `Choices of ${S1}` })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['LevelClassSubjectPartHoursState', '1GL1/JAlgorithmsCM30 hConfirmed', '1GL1/JDatabasesTD10 hSelected']);

    const second = screen.getByRole('region', { name: S2 });
    expect(within(second).getByText('Closed on 20/03/2023')).toBeInTheDocument();
    expect(within(second).getByText('From 01/02/2023 to 31/03/2023 · 300 h allowed')).toBeInTheDocument();
    expect(within(second).getByRole('row', { name: /Compilers/ })).toHaveTextContent('Declined');
    // the other tabs load when opened
    expect(api.to('GET', '/api/applications/affectations/42')).toHaveLength(0);
  });

  it('groups the archived assignments by session', async () => {
    fakeApi({
      'GET /api/applications/all/42': { body: [] },
      'GET /api/applications/affectations/42': {
        body: [inSession(choice(ALGORITHMS, 'CM', 1), 3, S1), inSession(choice(COMPILERS, 'TD', 1), 2, S2), inSession(choice(DATABASES, 'CM', 1), 3, S1)],
      },
    });
    const { user } = renderApp('/courses/archive', { user: lecturer() });
    expect(await screen.findByText('No element to show')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Archived assignments' }));
    const first = await screen.findByRole('region', { name: S1 });
    expect(
      within(first)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[2]!.textContent),
    ).toEqual(['Algorithms', 'Databases']);
    const second = screen.getByRole('region', { name: S2 });
    expect(within(second).getAllByRole('row')).toHaveLength(2);
    expect(within(second).getByText('Compilers')).toBeInTheDocument();
  });

  it('shows the older choices, and says when a tab has nothing', async () => {
    const api = fakeApi({
      'GET /api/applications/all/42': { body: [] },
      'GET /api/applications/affectations/42': { body: [] },
      'GET /api/applications-choices/older/42': { body: [inSession(choice(DATABASES, 'TP', 2), 2, S2)] },
    });
    const { user } = renderApp('/courses/archive', { user: lecturer() });
    expect(await screen.findByText('No element to show')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Archived assignments' }));
    await waitFor(() => expect(api.to('GET', '/api/applications/affectations/42')).toHaveLength(1));
    expect(await screen.findByText('No element to show')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Older choices' }));
    const region = await screen.findByRole('region', { name: S2 });
    expect(within(region).getByRole('row', { name: /Databases/ })).toHaveTextContent('1GL1/JDatabasesTP10 hDeclined');
  });

  it('shows a failure translated', async () => {
    fakeApi({ 'GET /api/applications/all/42': error(403, 'FORBIDDEN') });
    renderApp('/courses/archive', { user: lecturer() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Action denied');
  });
});
