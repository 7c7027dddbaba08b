import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { fakeApi, pageOf as page, queriesTo } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { agent, lecturer, row } from './identification-fixtures';

const LIST = '/api/identification/persons';

describe('identification list', () => {
  it('searches by matricule or name after a pause in the typing, and keeps the search in the URL', async () => {
    fakeApi({ [`GET ${LIST}`]: { body: page([row()]) } });
    const { user, location } = renderApp('/identification', { user: agent() });
    expect(await screen.findByRole('link', { name: 'Nkoulou Jean' })).toBeInTheDocument();
    expect(Object.fromEntries(queriesTo(LIST)[0]!)).toEqual({ page: '1', pageSize: '20' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'PER0003');
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('search')).toBe('PER0003'));
    // typed letter by letter, not asked letter by letter
    expect(queriesTo(LIST).filter((query) => query.has('search')).length).toBeLessThan('PER0003'.length);
    expect(new URLSearchParams(location().search).get('search')).toBe('PER0003');
  });

  it('filters complete and not complete identifications', async () => {
    fakeApi({ [`GET ${LIST}`]: { body: page([row()]) } });
    const { user, location } = renderApp('/identification?search=nkoulou', { user: agent() });
    await screen.findByRole('link', { name: 'Nkoulou Jean' });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('nkoulou');

    await user.click(screen.getByRole('combobox', { name: 'Identification' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Not complete' }));
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('complete')).toBe('no'));
    expect(Object.fromEntries(queriesTo(LIST).at(-1)!)).toEqual({ search: 'nkoulou', complete: 'no', page: '1', pageSize: '20' });
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({ search: 'nkoulou', complete: 'no' });

    await user.click(screen.getByRole('combobox', { name: 'Identification' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Complete' }));
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('complete')).toBe('yes'));

    await user.click(screen.getByRole('combobox', { name: 'Identification' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'All' }));
    // back to the first list (already in the cache): the URL drops the filter
    await waitFor(() => expect(new URLSearchParams(location().search).has('complete')).toBe(false));
    expect(screen.getByRole('combobox', { name: 'Identification' })).toHaveTextContent('All');
  });

  it('shows each person with category, registration, photo, fingerprints and completion, linking to the person', async () => {
    fakeApi({
      [`GET ${LIST}`]: {
        body: page([
          row(),
          row({
            PERSON_ID: 43,
            MATRICULE: 'PER0001',
            FIRSTNAME: 'Brigitte',
            LASTNAME: 'Essomba',
            STATUS: 'VACATAIRE',
            ACTIVED: false,
            HAS_PHOTO: false,
            FINGER_COUNT: 0,
            COMPLETED_AT: null,
          }),
          row({ PERSON_ID: 44, MATRICULE: 'ST24A001', STATUS: null, FIRSTNAME: 'Awa', LASTNAME: 'Biya' }),
        ]),
      },
    });
    renderApp('/identification', { user: agent() });
    const table = await screen.findByRole('table', { name: 'Identification' });
    const [header, first, second, third] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Matricule', 'Name', 'Category', 'Registration', 'Photo', 'Fingerprints', 'Identification complete']);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['PER0003', 'Nkoulou Jean', 'Permanent (full-time)', 'Closed', 'Yes', '4', '05/03/2024']);
    expect(within(first!).getByRole('link', { name: 'Nkoulou Jean' })).toHaveAttribute('href', '/identification/42');
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['PER0001', 'Essomba Brigitte', 'Lecturer (part-time)', 'Not closed', 'No', '0', 'Not complete']);
    expect(within(third!).getByText('—')).toBeInTheDocument();
  });

  it('pages through the results and starts again from page 1 when a filter changes', async () => {
    fakeApi({ [`GET ${LIST}`]: { body: page([row()], 45) } });
    const { user, location } = renderApp('/identification', { user: agent() });
    expect(await screen.findByText('1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the next page' }));
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('page')).toBe('2'));
    expect(new URLSearchParams(location().search).get('page')).toBe('2');

    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: '50' }));
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('pageSize')).toBe('50'));
    expect(queriesTo(LIST).at(-1)?.get('page')).toBe('1');

    await user.click(screen.getByRole('combobox', { name: 'Identification' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Complete' }));
    await waitFor(() => expect(queriesTo(LIST).at(-1)?.get('complete')).toBe('yes'));
    expect(queriesTo(LIST).at(-1)?.get('page')).toBe('1');
    expect(new URLSearchParams(location().search).has('page')).toBe(false);
  });

  it('says when nothing matches', async () => {
    fakeApi({ [`GET ${LIST}`]: { body: page([]) } });
    renderApp('/identification?search=zzz', { user: agent() });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await changeLanguage('fr');
    fakeApi({ [`GET ${LIST}`]: { body: page([row({ COMPLETED_AT: null, HAS_PHOTO: false })]) } });
    renderApp('/identification', { user: agent({ LANGUAGE: 'fr' }) });
    const table = await screen.findByRole('table', { name: 'Identification' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('Clôturée')).toBeInTheDocument();
    expect(within(first).getByText('Non')).toBeInTheDocument();
    expect(within(first).getByText('Non terminée')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toBeInTheDocument();
  });

  it('shows the server refusal', async () => {
    fakeApi({ [`GET ${LIST}`]: { status: 403, body: { code: 'FORBIDDEN', message: 'no' } } });
    renderApp('/identification', { user: agent() });
    expect(await screen.findByRole('alert')).toHaveTextContent(/./);
  });

  it('gives a lecturer the not-found page, without asking the server', async () => {
    const api = fakeApi({ [`GET ${LIST}`]: { body: page([row()]) } });
    renderApp('/identification', { user: lecturer() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', LIST)).toHaveLength(0);
  });

  it('lets an administrator in', async () => {
    fakeApi({ [`GET ${LIST}`]: { body: page([row()]) } });
    renderApp('/identification', { user: agent({ ROLES: ['ADMIN'] }) });
    expect(await screen.findByRole('link', { name: 'Nkoulou Jean' })).toBeInTheDocument();
  });
});
