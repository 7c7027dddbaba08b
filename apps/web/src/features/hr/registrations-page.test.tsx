import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { fakeApi, pageOf as page, person, queriesTo } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { hrUser, row } from './hr-fixtures';

const LIST = '/api/hr/registrations';

/** What the page shows for a missing item: the wizard's message when it exists, else "<label>: not provided". */
const missingText = (field: string, label: string) => i18n.t([`missing.${field}`, 'hr.missingField'], { name: label });

describe('registrations list (HR)', () => {
  it('sends the filters and the search to the server and keeps them in the URL', async () => {
    fakeApi({ [`GET ${LIST}`]: { body: page([row()]) } });
    const { user, location } = renderApp('/hr/registrations?status=VACATAIRE', { user: hrUser() });
    expect(await screen.findByRole('link', { name: 'Nkoulou Jean' })).toBeInTheDocument();
    expect(Object.fromEntries(queriesTo(LIST)[0]!)).toEqual({ status: 'VACATAIRE', page: '1', pageSize: '20' });
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Lecturer (part-time)');

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Closed' }));
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('closed')).toBe('yes'));
    expect(new URLSearchParams(location().search).get('closed')).toBe('yes');

    await user.click(screen.getByRole('combobox', { name: 'Data' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Missing data' }));
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('missing')).toBe('yes'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nkoulou');
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('search')).toBe('nkoulou'));
    // typed letter by letter, not asked letter by letter: the search waits for a pause
    // (once in practice; a slow machine may pause between two letters)
    expect(queriesTo(LIST).filter((query) => query.has('search')).length).toBeLessThan('nkoulou'.length);
    expect(Object.fromEntries(queriesTo(LIST).at(-1)!)).toEqual({
      search: 'nkoulou',
      status: 'VACATAIRE',
      closed: 'yes',
      missing: 'yes',
      page: '1',
      pageSize: '20',
    });
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({ status: 'VACATAIRE', closed: 'yes', missing: 'yes', search: 'nkoulou' });
  });

  it('shows each registration with its translated category, state, missing items and last update', async () => {
    fakeApi({
      [`GET ${LIST}`]: {
        body: page([
          row(),
          row({
            id: 43,
            MATRICULE: 'P0043',
            FIRSTNAME: 'Brigitte',
            LASTNAME: 'Essomba',
            STATUS: 'PERMANENT',
            ACTIVED: false,
            CLOSED_AT: null,
            missing: ['LIVING_TOWN', 'CV_LINK'],
            updatedAt: '2024-02-01T08:00:00',
          }),
          row({ id: 44, MATRICULE: 'P0044', FIRSTNAME: 'Paul', LASTNAME: 'Tchana', STATUS: null, ACTIVED: false, missing: ['STATUS'] }),
        ]),
      },
    });
    const { user } = renderApp('/hr/registrations', { user: hrUser() });
    const table = await screen.findByRole('table', { name: 'Staff registrations' });
    const [, first, second, third] = within(table).getAllByRole('row');

    expect(within(first!).getByText('P0042')).toBeInTheDocument();
    expect(within(first!).getByText('Lecturer (part-time)')).toBeInTheDocument();
    expect(within(first!).getByText('Closed')).toBeInTheDocument();
    expect(within(first!).getByText('Complete')).toBeInTheDocument();
    expect(within(first!).getByText('05/03/2024')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Nkoulou Jean' })).toHaveAttribute('href', '/hr/registrations/42');

    expect(within(second!).getByText('Permanent (full-time)')).toBeInTheDocument();
    expect(within(second!).getByText('In progress')).toBeInTheDocument();
    expect(within(second!).getByText('01/02/2024')).toBeInTheDocument();
    const count = within(second!).getByLabelText('Missing: 2');
    expect(count).toHaveTextContent('2');
    await user.hover(count);
    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByText(missingText('LIVING_TOWN', 'Living town'))).toBeInTheDocument();
    expect(within(tooltip).getByText(missingText('CV_LINK', 'CV'))).toBeInTheDocument();

    expect(within(third!).getByText('—')).toBeInTheDocument();
    expect(within(third!).getByLabelText('Missing: 1')).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    fakeApi({ [`GET ${LIST}`]: { body: page([]) } });
    renderApp('/hr/registrations?search=zzz', { user: hrUser() });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('zzz');
  });

  it('exports the filtered list as CSV through a plain link, without the paging', async () => {
    fakeApi({ [`GET ${LIST}`]: { body: page([row()], 45, 2) } });
    renderApp('/hr/registrations?search=jean&status=STAGIAIRE&closed=no&missing=yes&page=2', { user: hrUser() });
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/api/hr/registrations/export?search=jean&status=STAGIAIRE&closed=no&missing=yes');
    expect(link).toHaveAttribute('download');
  });

  it('pages through the results and starts again from page 1 when a filter changes', async () => {
    fakeApi({ [`GET ${LIST}`]: { body: page([row()], 45) } });
    const { user, location } = renderApp('/hr/registrations', { user: hrUser() });
    expect(await screen.findByText('1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the next page' }));
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('page')).toBe('2'));
    expect(new URLSearchParams(location().search).get('page')).toBe('2');

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Internship' }));
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('status')).toBe('STAGIAIRE'));
    expect(queriesTo(LIST).at(-1)?.get('page')).toBe('1');
    expect(new URLSearchParams(location().search).has('page')).toBe(false);
  });

  it('is for the human resources service and the administrators only', async () => {
    const api = fakeApi({ [`GET ${LIST}`]: { body: page([row()]) } });
    renderApp('/hr/registrations', { user: person({ KIND: 'STAFF', ROLES: [] }) });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', LIST)).toHaveLength(0);
  });

  it('lets an administrator in', async () => {
    fakeApi({ [`GET ${LIST}`]: { body: page([row()]) } });
    renderApp('/hr/registrations', { user: hrUser({ ROLES: ['ADMIN'] }) });
    expect(await screen.findByRole('heading', { name: 'Staff registrations' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Nkoulou Jean' })).toBeInTheDocument();
  });

  it('sends people who are not signed in to /login', async () => {
    fakeApi();
    const { location } = renderApp('/hr/registrations');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });
});
