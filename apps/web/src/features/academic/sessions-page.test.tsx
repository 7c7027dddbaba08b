import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error, fakeApi, person } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { academicUser, session } from './academic-fixtures';

const LIST = '/api/academic/sessions';
const dialog = () => screen.getByRole('dialog');
const group = (name: string) => within(dialog()).getByRole('group', { name });
const box = (scope: HTMLElement, name: string) => within(scope).getByRole('textbox', { name: new RegExp(`^${name}`) });
/** The English designation's box, not the French one's. */
const DESIGNATION = 'Designation(?! \\()';

const CLOSED = session({
  id: 2,
  DESIGNATION: 'Subject choices, semester 2, 2023-2024',
  START_DATE: '2024-01-31T23:00:00.000Z',
  END_DATE: null,
  MANUAL_CLOSURE: true,
  CURRENT: false,
  APPLICATIONS: 30,
  CLOSED_APPLICATIONS: 28,
  CHOICES: 90,
  CONFIRMED: 75,
});

describe('choice sessions', () => {
  it('lists the sessions with their days (university time), state and counts', async () => {
    fakeApi({ [`GET ${LIST}`]: { body: [session(), CLOSED] } });
    renderApp('/academic/sessions', { user: academicUser() });
    const table = await screen.findByRole('table', { name: 'Choice sessions' });
    const [, current, closed] = within(table).getAllByRole('row');
    expect(
      within(current!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Subject choices, semester 1, 2024-2025', '01/09/2024', '30/09/2024', 'Current', '12', '5', '40', '9', 'EditClose']);
    expect(
      within(closed!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Subject choices, semester 2, 2023-2024', '01/02/2024', 'No last day', 'Closed', '30', '28', '90', '75', 'EditReopen']);
  });

  it('creates a session: days typed dd/mm/yyyy go as yyyy-mm-dd, the limits and caps to their fields', async () => {
    const api = fakeApi({ [`GET ${LIST}`]: { body: [] }, [`POST ${LIST}`]: { status: 201, body: session({ id: 3 }) } });
    const { user } = renderApp('/academic/sessions', { user: academicUser() });
    expect(await screen.findByText('No session yet')).toBeInTheDocument();
    const listed = api.to('GET', LIST).length;
    await user.click(screen.getByRole('button', { name: 'New session' }));
    await screen.findByRole('dialog');
    await user.type(box(dialog(), DESIGNATION), 'Semester 1, 2024-2025');
    await user.type(box(dialog(), 'Designation \\(French\\)'), 'Semestre 1, 2024-2025');
    await user.type(box(dialog(), 'First day'), '01092024');
    expect(box(dialog(), 'First day')).toHaveValue('01/09/2024');
    await user.type(box(dialog(), 'Last day'), '30/09/2024');
    const limits: [string, string, string][] = [
      ['Levels 1 and 2', 'Day', '3'],
      ['Levels 1 and 2', 'Evening', '2'],
      ['Level 3', 'Day', '4'],
      ['Level 3', 'Evening', '1'],
      ['Levels 4 and 5', 'Day', '5'],
      ['Levels 4 and 5', 'Evening', '0'],
    ];
    for (const [name, shift, value] of limits) await user.type(box(group(name), shift), value);
    const hours = group('Hourly volume allowed');
    await user.type(box(hours, 'Permanent'), '300');
    await user.type(box(hours, 'Lecturer'), '200');
    await user.type(box(hours, 'Internship'), '120');
    await user.type(box(hours, 'Support staff'), '60');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST', LIST).map((request) => request.body)).toEqual([
      {
        DESIGNATION: 'Semester 1, 2024-2025',
        DESIGNATION_FR: 'Semestre 1, 2024-2025',
        START_DATE: '2024-09-01',
        END_DATE: '2024-09-30',
        LIMITS: { LEVEL12_J: 3, LEVEL12_S: 2, LEVEL3_J: 4, LEVEL3_S: 1, LEVEL45_J: 5, LEVEL45_S: 0 },
        HOURS: { PERMANENT: 300, VACATAIRE: 200, STAGIAIRE: 120, STAFF: 60 },
      },
    ]);
    await waitFor(() => expect(api.to('GET', LIST).length).toBeGreaterThan(listed));
  });

  it('checks the days and the numbers before sending', async () => {
    const api = fakeApi({ [`GET ${LIST}`]: { body: [] } });
    const { user } = renderApp('/academic/sessions', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'New session' }));
    await screen.findByRole('dialog');
    await user.type(box(dialog(), DESIGNATION), 'Semester 1');
    await user.type(box(dialog(), 'First day'), '31022024');
    await user.type(box(group('Level 3'), 'Day'), '51');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('Enter a real date as dd/mm/yyyy')).toBeInTheDocument();
    expect(box(group('Level 3'), 'Day')).toHaveAccessibleDescription('This value is not valid');
    expect(box(group('Level 3'), 'Evening')).toHaveAccessibleDescription('This field is required');
    expect(box(group('Hourly volume allowed'), 'Permanent')).toHaveAccessibleDescription('This field is required');

    expect(api.to('POST', LIST)).toHaveLength(0);
  });

  it('refuses a last day before the first (once the rest is right)', async () => {
    const api = fakeApi({ [`GET ${LIST}`]: { body: [] } });
    const { user } = renderApp('/academic/sessions', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'New session' }));
    await screen.findByRole('dialog');
    await user.type(box(dialog(), DESIGNATION), 'Semester 1');
    await user.type(box(dialog(), 'First day'), '10/09/2024');
    await user.type(box(dialog(), 'Last day'), '09/09/2024');
    for (const name of ['Levels 1 and 2', 'Level 3', 'Levels 4 and 5']) for (const shift of ['Day', 'Evening']) await user.type(box(group(name), shift), '1');
    for (const name of ['Permanent', 'Lecturer', 'Internship', 'Support staff']) await user.type(box(group('Hourly volume allowed'), name), '100');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(box(dialog(), 'Last day')).toHaveAccessibleDescription('The end date is before the start date'));
    expect(api.to('POST', LIST)).toHaveLength(0);
  });

  it('edits a session with its current values, sends no end day when it is cleared, and shows an overlap', async () => {
    const api = fakeApi({ [`GET ${LIST}`]: { body: [session()] }, [`PATCH ${LIST}/1`]: error(409, 'SESSION_OVERLAP') });
    const { user } = renderApp('/academic/sessions', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByRole('dialog');
    expect(box(dialog(), DESIGNATION)).toHaveValue('Subject choices, semester 1, 2024-2025');
    expect(box(dialog(), 'Designation \\(French\\)')).toHaveValue('Choix des matières, semestre 1, 2024-2025');
    await user.clear(box(dialog(), 'Designation \\(French\\)'));
    expect(box(dialog(), 'First day')).toHaveValue('01/09/2024');
    expect(box(dialog(), 'Last day')).toHaveValue('30/09/2024');
    expect(box(group('Levels 1 and 2'), 'Day')).toHaveValue('3');
    expect(box(group('Level 3'), 'Evening')).toHaveValue('1');
    expect(box(group('Levels 4 and 5'), 'Day')).toHaveValue('2');
    expect(box(group('Hourly volume allowed'), 'Internship')).toHaveValue('120');

    await user.clear(box(dialog(), 'Last day'));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Another session is open over these dates; close it first');
    expect(api.to('PATCH', `${LIST}/1`).map((request) => request.body)).toEqual([
      {
        DESIGNATION: 'Subject choices, semester 1, 2024-2025',
        // an emptied French designation goes as none: the server takes the English one
        DESIGNATION_FR: null,
        START_DATE: '2024-09-01',
        END_DATE: null,
        LIMITS: { LEVEL12_J: 3, LEVEL12_S: 2, LEVEL3_J: 2, LEVEL3_S: 1, LEVEL45_J: 2, LEVEL45_S: 1 },
        HOURS: { PERMANENT: 300, VACATAIRE: 200, STAGIAIRE: 120, STAFF: 60 },
      },
    ]);
  });

  it('closes and reopens a session after asking', async () => {
    const api = fakeApi({
      [`GET ${LIST}`]: { body: [session(), CLOSED] },
      [`POST ${LIST}/1/close`]: { body: session({ MANUAL_CLOSURE: true, CURRENT: false }) },
      [`POST ${LIST}/2/reopen`]: error(409, 'SESSION_OVERLAP'),
    });
    const { user } = renderApp('/academic/sessions', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(within(dialog()).getByRole('heading', { name: 'Close the session “Subject choices, semester 1, 2024-2025”?' })).toBeInTheDocument();
    const listed = api.to('GET', LIST).length;
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST', `${LIST}/1/close`)).toHaveLength(1);
    await waitFor(() => expect(api.to('GET', LIST).length).toBeGreaterThan(listed));

    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Reopen' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Another session is open over these dates; close it first');
    expect(api.to('POST', `${LIST}/2/reopen`)).toHaveLength(1);
  });

  it('is not found for a lecturer', async () => {
    const api = fakeApi({ [`GET ${LIST}`]: { body: [session()] } });
    renderApp('/academic/sessions', { user: person({ KIND: 'STAFF', ROLES: [], STATUS: 'PERMANENT' }) });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', LIST)).toHaveLength(0);
  });
});
