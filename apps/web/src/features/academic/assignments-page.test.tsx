import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AssignmentPage } from '@portal/contract';
import { error, fakeApi, person, queriesTo } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { academicUser, applicant, assignmentPage, session, subjectRow } from './academic-fixtures';

const LIST = '/api/academic/assignments';
const SESSIONS = '/api/academic/sessions';
const OLD = session({ id: 2, DESIGNATION: 'Subject choices, semester 2, 2023-2024', CURRENT: false, MANUAL_CLOSURE: true });

const PAGE = assignmentPage([
  {
    Subject: subjectRow({ ASSIGNED: ['TD'] }),
    applicants: [
      applicant(),
      applicant({
        CHOICE_ID: 302,
        CATEGORY: 'TD',
        AFFECTATION: 1,
        HOURS: 20,
        EMPLOYEE_ID: 43,
        MATRICULE: 'P0043',
        FIRSTNAME: 'Brigitte',
        LASTNAME: 'Essomba',
        STATUS: 'PERMANENT',
        CLOSED: false,
        CONFIRMED_HOURS: 20,
        CHOSEN_HOURS: 20,
        TOTAL_HOURS: 300,
      }),
      applicant({ CHOICE_ID: 303, AFFECTATION: 2, EMPLOYEE_ID: 44, MATRICULE: 'S0044', FIRSTNAME: 'Paul', LASTNAME: 'Tchana', STATUS: null }),
    ],
  },
]);

const applicantsTable = () => screen.findByRole('table', { name: 'Applicants for INF101' });
async function applicantRow(name: string) {
  const table = await applicantsTable();
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('assignments', () => {
  it("lists the current session's subjects with their applicants", async () => {
    fakeApi({ [`GET ${SESSIONS}`]: { body: [session(), OLD] }, [`GET ${LIST}`]: { body: PAGE } });
    renderApp('/academic/assignments', { user: academicUser() });
    const section = await screen.findByRole('region', { name: 'INF101 – Introduction to programming' });
    expect(within(section).getByText('GL1/J · Day · Computer Science · Lecture (CM) 30 h · Tutorial (TD) 20 h')).toBeInTheDocument();
    expect(within(section).getByText('Assigned: Tutorial (TD)')).toBeInTheDocument();
    expect(Object.fromEntries(queriesTo(LIST)[0]!)).toEqual({ state: 'open', page: '1', pageSize: '20' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Session' })).toHaveTextContent('Subject choices, semester 1, 2024-2025 (current)'));

    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(await applicantRow('Nkoulou Jean'))).toEqual([
      'Nkoulou Jean',
      'P0042',
      'Lecturer (part-time)',
      'Lecture (CM)',
      '30',
      'Closed',
      '20 / 80 / 200',
      'Selected',
      'ConfirmDecline',
    ]);
    expect(cells(await applicantRow('Essomba Brigitte'))).toEqual([
      'Essomba Brigitte',
      'P0043',
      'Permanent (full-time)',
      'Tutorial (TD)',
      '20',
      'In progress',
      '20 / 20 / 300',
      'Confirmed',
      'DeclineReset',
    ]);
    expect(cells(await applicantRow('Tchana Paul'))).toEqual([
      'Tchana Paul',
      'S0044',
      '—',
      'Lecture (CM)',
      '30',
      'Closed',
      '20 / 80 / 200',
      'Declined',
      'ConfirmReset',
    ]);
  });

  it('confirms a choice at its URL, then reads the page again', async () => {
    const confirmed: AssignmentPage = {
      ...PAGE,
      rows: [{ ...PAGE.rows[0]!, applicants: [applicant({ AFFECTATION: 1, CONFIRMED_HOURS: 50 }), ...PAGE.rows[0]!.applicants.slice(1)] }],
    };
    const api = fakeApi({
      [`GET ${SESSIONS}`]: { body: [session()] },
      [`GET ${LIST}`]: { body: PAGE },
      'POST /api/academic/choices/301/confirm': { body: {} },
    });
    const { user } = renderApp('/academic/assignments', { user: academicUser() });
    const row = await applicantRow('Nkoulou Jean');
    api.set(`GET ${LIST}`, { body: confirmed });
    await user.click(within(row).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(row).getByText('Confirmed')).toBeInTheDocument());
    expect(within(row).getByText('50 / 80 / 200')).toBeInTheDocument();
    expect(api.to('POST', '/api/academic/choices/301/confirm')).toHaveLength(1);
    expect(api.to('GET', LIST)).toHaveLength(2);
    expect(await screen.findByText('Choice confirmed !')).toBeInTheDocument();
  });

  it('declines and resets choices at their URLs', async () => {
    const api = fakeApi({
      [`GET ${SESSIONS}`]: { body: [session()] },
      [`GET ${LIST}`]: { body: PAGE },
      'POST /api/academic/choices/302/decline': { body: {} },
      'POST /api/academic/choices/303/reset': { body: {} },
    });
    const { user } = renderApp('/academic/assignments', { user: academicUser() });
    await user.click(within(await applicantRow('Essomba Brigitte')).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(api.to('POST', '/api/academic/choices/302/decline')).toHaveLength(1));
    await user.click(within(await applicantRow('Tchana Paul')).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(api.to('POST', '/api/academic/choices/303/reset')).toHaveLength(1));
    await waitFor(() => expect(api.to('GET', LIST)).toHaveLength(3));
  });

  it('says when the part is already assigned to someone else', async () => {
    fakeApi({
      [`GET ${SESSIONS}`]: { body: [session()] },
      [`GET ${LIST}`]: { body: PAGE },
      'POST /api/academic/choices/303/confirm': error(409, 'ALREADY_ASSIGNED'),
    });
    const { user } = renderApp('/academic/assignments', { user: academicUser() });
    await user.click(within(await applicantRow('Tchana Paul')).getByRole('button', { name: 'Confirm' }));
    const section = screen.getByRole('region', { name: 'INF101 – Introduction to programming' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('This part of the subject is already assigned to another lecturer');
    expect(within(await applicantRow('Tchana Paul')).getByText('Declined')).toBeInTheDocument();
  });

  it('filters by session, state and search, and exports the chosen session', async () => {
    fakeApi({ [`GET ${SESSIONS}`]: { body: [session(), OLD] }, [`GET ${LIST}`]: { body: PAGE } });
    const { user, location } = renderApp('/academic/assignments', { user: academicUser() });
    const link = await screen.findByRole('link', { name: 'Export assignments (CSV)' });
    expect(link).toHaveAttribute('href', '/api/academic/assignments/export?session=1');
    expect(link).toHaveAttribute('download');

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Session' })).toHaveTextContent('(current)'));
    await user.click(screen.getByRole('combobox', { name: 'Session' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Subject choices, semester 2, 2023-2024' }));
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('session')).toBe('2'));
    expect(screen.getByRole('link', { name: 'Export assignments (CSV)' })).toHaveAttribute('href', '/api/academic/assignments/export?session=2');

    await user.click(screen.getByRole('combobox', { name: 'Subjects' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'All' }));
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('state')).toBe('all'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nkoulou');
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('search')).toBe('nkoulou'));
    expect(Object.fromEntries(queriesTo(LIST).at(-1)!)).toEqual({ session: '2', search: 'nkoulou', state: 'all', page: '1', pageSize: '20' });
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({ session: '2', state: 'all', search: 'nkoulou' });
  });

  it('says when no session is open', async () => {
    fakeApi({ [`GET ${SESSIONS}`]: { body: [OLD] }, [`GET ${LIST}`]: { body: assignmentPage([], { session: null }) } });
    renderApp('/academic/assignments', { user: academicUser() });
    expect(await screen.findByText('No session is open at the moment: choose a session.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export assignments (CSV)' })).not.toBeInTheDocument();
  });

  it('is not found for a lecturer', async () => {
    const api = fakeApi({ [`GET ${LIST}`]: { body: PAGE } });
    renderApp('/academic/assignments', { user: person({ KIND: 'STAFF', ROLES: [], STATUS: 'VACATAIRE' }) });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', LIST)).toHaveLength(0);
  });
});
