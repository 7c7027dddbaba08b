import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { error, fakeApi, queriesTo, type FakeHandler } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { CATEGORIES, lecturer, PATHS, requestDetail, requestPage, requestRow, stats, student, STUDENT_PATHS, studentRequest } from './requests-fixtures';

const ROWS = [
  requestRow(),
  requestRow({
    id: 502,
    REQUEST_ID: '0201@2024-000043',
    REQUEST_OBJECT: 'December fees short',
    REQUEST_STATUS: 'VALIDATED_BILLED',
    subcategory: { id: 21, code: '0201', name: 'Amount received', nameFr: 'Montant perçu', categoryName: 'Payment', categoryNameFr: 'Paiement' },
    unit: null,
    CLASS_ID: null,
    className: null,
    REQUEST_PBLM_DATE: null,
    REQUEST_PBLM_HOUR_START: null,
    REQUEST_PBLM_HOUR_END: null,
    filedAt: '2024-01-12T09:30:00.000Z',
    signedAt: '2024-01-13T09:30:00.000Z',
    stage: 'FINISHED',
  }),
];

const routes = (overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> => ({
  [`GET ${PATHS.categories}`]: { body: CATEGORIES },
  [`GET ${PATHS.stats}`]: { body: stats() },
  [`GET ${PATHS.list}`]: { body: requestPage(ROWS, 2) },
  ...overrides,
});

const table = () => screen.findByRole('table', { name: 'The requests you filed' });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const counters = () => screen.getByRole('list', { name: 'Your requests by status' });

describe('my requests', () => {
  it('shows the counters, the monthly average and chart, and the list with every column', async () => {
    fakeApi(routes());
    renderApp('/requests', { user: lecturer() });
    expect(await screen.findByRole('heading', { level: 1, name: 'My requests' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(counters())
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['14All', '3Registered', '2In progress', '6Validated', '2Rejected', '1Closed']),
    );
    expect(screen.getByRole('heading', { name: 'Monthly average over the last twelve months: 1.2' })).toBeInTheDocument();
    expect(await screen.findByText('Requests filed in each of the last twelve months')).toBeInTheDocument();
    expect(screen.getByText('January 2024: 5')).toBeInTheDocument();

    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(cells(rows[0]!)).toEqual([
      '0101@2024-000042',
      'Session of 10 January not recorded',
      'Registered',
      'Teaching session not recorded',
      'GL1/J',
      '10/01/2024',
      '15/01/2024',
      'Awaiting signature',
    ]);
    expect(cells(rows[1]!)).toEqual(['0201@2024-000043', 'December fees short', 'Validated and billed', 'Amount received', '—', '—', '12/01/2024', 'Finished']);
    expect(Object.fromEntries(queriesTo(PATHS.list)[0]!)).toEqual({ page: '1', pageSize: '20' });
    expect(screen.getByRole('link', { name: 'New request' })).toHaveAttribute('href', '/requests/new');
  });

  it('links each counter that counts one status to the list filtered by it', async () => {
    fakeApi(routes());
    const { user, location } = renderApp('/requests?search=fees', { user: lecturer() });
    await table();
    await waitFor(() => expect(within(counters()).getAllByRole('listitem')).toHaveLength(6));
    // validated and rejected count several statuses: no link
    expect(
      within(counters())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['14All', '3Registered', '2In progress', '1Closed']);
    await user.click(within(counters()).getByRole('link', { name: /Registered/ }));
    await waitFor(() => expect(queriesTo(PATHS.list).at(-1)?.get('status')).toBe('REGISTERED'));
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({ search: 'fees', status: 'REGISTERED' });
    expect(within(counters()).getByRole('link', { name: /Registered/ })).toHaveAttribute('aria-current', 'true');
    await user.click(within(counters()).getByRole('link', { name: /All/ }));
    await waitFor(() => expect(location().search).toBe('?search=fees'));
  });

  it('searches and filters by status and sub-category, kept in the URL', async () => {
    fakeApi(routes());
    const { user, location } = renderApp('/requests', { user: lecturer() });
    await table();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Validated and billed' }));
    await waitFor(() => expect(queriesTo(PATHS.list).at(-1)?.get('status')).toBe('VALIDATED_BILLED'));
    await user.click(screen.getByRole('combobox', { name: 'Sub-category' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Amount received' }));
    await waitFor(() => expect(queriesTo(PATHS.list).at(-1)?.get('subcategory')).toBe('21'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'fees');
    await waitFor(() => expect(queriesTo(PATHS.list).at(-1)?.get('search')).toBe('fees'));
    expect(Object.fromEntries(queriesTo(PATHS.list).at(-1)!)).toEqual({
      status: 'VALIDATED_BILLED',
      subcategory: '21',
      search: 'fees',
      page: '1',
      pageSize: '20',
    });
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({ status: 'VALIDATED_BILLED', subcategory: '21', search: 'fees' });
  });

  it('pages through the list', async () => {
    fakeApi(routes({ [`GET ${PATHS.list}`]: { body: requestPage(ROWS, 45) } }));
    const { user, location } = renderApp('/requests', { user: lecturer() });
    await table();
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the next page' }));
    await waitFor(() => expect(queriesTo(PATHS.list).at(-1)?.get('page')).toBe('2'));
    expect(location().search).toBe('?page=2');
  });

  it('opens a request from its row', async () => {
    fakeApi(routes({ 'GET /api/requests/501': { body: requestDetail() } }));
    const { user, location } = renderApp('/requests?status=REGISTERED', { user: lecturer() });
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    await user.click(within(rows[0]!).getByText('Session of 10 January not recorded'));
    expect(location().pathname).toBe('/requests/501');
    expect(await screen.findByRole('heading', { level: 1, name: '0101@2024-000042' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to my requests' }));
    expect(location().pathname + location().search).toBe('/requests?status=REGISTERED');
  });

  it('says when there is no request yet, and when none matches', async () => {
    const api = fakeApi(routes({ [`GET ${PATHS.list}`]: { body: requestPage([]) } }));
    const { unmount } = renderApp('/requests', { user: lecturer() });
    expect(await within(await table()).findByText('You have not filed any request yet.')).toBeInTheDocument();
    unmount();
    api.set(`GET ${PATHS.list}`, { body: requestPage([]) });
    renderApp('/requests?status=CLOSED', { user: lecturer() });
    expect(await within(await table()).findByText('No request matches these filters.')).toBeInTheDocument();
  });

  it('says why the list or the figures could not be loaded, translated', async () => {
    fakeApi(routes({ [`GET ${PATHS.list}`]: { networkError: true }, [`GET ${PATHS.stats}`]: error(503, 'SERVICE_UNAVAILABLE') }));
    renderApp('/requests', { user: lecturer() });
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(expect.arrayContaining(['Connection fail. please try again'])),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('reads in French: the sub-category in the reader’s language, the average with a comma', async () => {
    fakeApi(routes());
    renderApp('/requests', { user: lecturer() });
    await table();
    await changeLanguage('fr');
    const rows = within(await screen.findByRole('table', { name: 'Les requêtes que vous avez déposées' }))
      .getAllByRole('row')
      .slice(1);
    expect(cells(rows[0]!)).toEqual([
      '0101@2024-000042',
      'Session of 10 January not recorded',
      'Enregistrée',
      'Cours non enregistré',
      'GL1/J',
      '10/01/2024',
      '15/01/2024',
      'En attente de signature',
    ]);
    expect(await screen.findByRole('heading', { name: 'Moyenne mensuelle sur les douze derniers mois\u00a0: 1,2' })).toBeInTheDocument();
  });

  it("is a student's too (decision 41): their counters and their requests, as a lecturer's", async () => {
    const api = fakeApi(
      routes({
        [`GET ${STUDENT_PATHS.stats}`]: {
          body: stats({ totalDone: 1, totalRegistered: 1, totalProcessing: 0, totalValidated: 0, totalRejected: 0, totalClose: 0 }),
        },
        [`GET ${PATHS.list}`]: { body: requestPage([studentRequest()]) },
      }),
    );
    renderApp('/requests', { user: student() });
    await waitFor(() =>
      expect(
        within(counters())
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['1All', '1Registered', '0In progress', '0Validated', '0Rejected', '0Closed']),
    );
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(cells(rows[0]!).slice(0, 5)).toEqual(['1201@2024-000050', 'Mid-term grade', 'Registered', 'Grade dispute', 'BTS1 GSI/J A']);
    expect(api.to('GET', STUDENT_PATHS.stats)).toHaveLength(1);
  });

  it('is not for office accounts: they go to their profile', async () => {
    const api = fakeApi(routes({ 'GET /api/students/46': { body: DEMO_PEOPLE.admissions() } }));
    const { location } = renderApp('/requests', { user: DEMO_PEOPLE.admissions() });
    await waitFor(() => expect(location().pathname).toBe('/profile'));
    expect(api.to('GET', PATHS.list)).toHaveLength(0);
  });
});
