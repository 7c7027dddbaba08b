import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isoToDmy } from '@portal/contract/rules';
import { fakeApi, queriesTo } from '../../test/fake-api';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { renderApp } from '../../test/render-app';
import { currentMonth } from './office-api';
import { CATEGORIES, report, requestConfig } from './office-fixtures';

const REPORT = '/api/requests/reports';

const choose = async (user: ReturnType<typeof renderApp>['user'], box: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: box }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
};

describe('the current month of the report', () => {
  it('runs from the first to the last day of the month, on the university’s calendar', () => {
    expect(currentMonth(new Date('2026-02-10T12:00:00Z'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(currentMonth(new Date('2028-02-29T12:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    // 23:30 UTC on 31 January is already 1 February at the university (UTC+1)
    expect(currentMonth(new Date('2026-01-31T23:30:00Z'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(currentMonth(new Date('2026-12-31T12:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('requests report', () => {
  it('shows the current month by default: its counts, its rows and the export links', async () => {
    fakeApi({ [`GET ${REPORT}`]: { body: report() }, 'GET /api/request-categories': { body: CATEGORIES } });
    renderApp('/office/requests/report', { user: DEMO_PEOPLE.finance() });
    const month = currentMonth();
    expect(await screen.findByText('3 requests')).toBeInTheDocument();
    expect(Object.fromEntries(queriesTo(REPORT)[0]!)).toEqual({ from: month.from, to: month.to, page: '1', pageSize: '20' });
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue(isoToDmy(month.from));
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue(isoToDmy(month.to));

    const counts = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .map((row) => row.textContent);
    expect(counts('By status')).toEqual(['Registered1', 'Validated2']);
    expect(counts('By category')).toEqual(['Teaching claims3']);
    expect(counts('By unit')).toEqual(["Lecturers' service1", 'Back with its author2']);
    expect(counts('By regime')).toEqual(['Day classes2', 'Evening classes1']);

    const rows = within(screen.getByRole('table', { name: 'Requests of the period' })).getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'REQ-2026-0101',
      '10/03/2026',
      'Fouda AliceVAC0001',
      'Teaching claims · Missing hours',
      'BTS1 GSI/J A (Day classes)',
      'Validated',
      'Back with the lecturer',
      'Validate (14/03/2026 15:00)',
    ]);

    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/requests/reports/export?from=${month.from}&to=${month.to}&format=csv`,
    );
    expect(screen.getByRole('link', { name: 'Export Excel' })).toHaveAttribute(
      'href',
      `/api/requests/reports/export?from=${month.from}&to=${month.to}&format=xlsx`,
    );
    // a unit's own requests: no unit to choose
    expect(screen.queryByRole('combobox', { name: 'Unit' })).not.toBeInTheDocument();
  });

  it('sends the period, category, status and regime to the server, keeps them in the URL and exports the same selection', async () => {
    fakeApi({ [`GET ${REPORT}`]: { body: report() }, 'GET /api/request-categories': { body: CATEGORIES } });
    const { user, location } = renderApp('/office/requests/report?from=2026-03-01&to=2026-03-31&page=2', { user: DEMO_PEOPLE.seng() });
    await screen.findByText('3 requests');
    expect(queriesTo(REPORT)[0]!.get('page')).toBe('2');
    const from = screen.getByRole('textbox', { name: 'From' });
    expect(from).toHaveValue('01/03/2026');
    await user.clear(from);
    await user.type(from, '15022026');
    await waitFor(() => expect(queriesTo(REPORT).at(-1)?.get('from')).toBe('2026-02-15'));

    // an end before the start is not sent
    const to = screen.getByRole('textbox', { name: 'To' });
    await user.clear(to);
    await user.type(to, '01022026');
    expect(await screen.findByText('The end date is before the start date')).toBeInTheDocument();
    expect(queriesTo(REPORT).at(-1)?.get('to')).toBe('2026-03-31');
    await user.clear(to);
    await user.type(to, '28022026');
    await waitFor(() => expect(queriesTo(REPORT).at(-1)?.get('to')).toBe('2026-02-28'));

    await choose(user, 'Category', 'Teaching claims');
    await choose(user, 'Status', 'Validated');
    await choose(user, 'Regime', 'Evening classes');
    await waitFor(() => expect(queriesTo(REPORT).at(-1)?.get('regime')).toBe('EVENING'));
    expect(Object.fromEntries(queriesTo(REPORT).at(-1)!)).toEqual({
      from: '2026-02-15',
      to: '2026-02-28',
      category: '1',
      status: 'VALIDATED',
      regime: 'EVENING',
      page: '1',
      pageSize: '20',
    });
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
      from: '2026-02-15',
      to: '2026-02-28',
      category: '1',
      status: 'VALIDATED',
      regime: 'EVENING',
    });
    expect(screen.getByRole('link', { name: 'Export Excel' })).toHaveAttribute(
      'href',
      '/api/requests/reports/export?from=2026-02-15&to=2026-02-28&category=1&status=VALIDATED&regime=EVENING&format=xlsx',
    );
  });

  it('lets administrators choose the unit', async () => {
    fakeApi({ [`GET ${REPORT}`]: { body: report() }, 'GET /api/request-config': { body: requestConfig() } });
    const { user } = renderApp('/office/requests/report?from=2026-03-01&to=2026-03-31', { user: DEMO_PEOPLE.admin() });
    await screen.findByText('3 requests');
    await choose(user, 'Unit', 'FIN – Finance');
    await waitFor(() => expect(queriesTo(REPORT).at(-1)?.get('unit')).toBe('3'));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/requests/reports/export?from=2026-03-01&to=2026-03-31&unit=3&format=csv',
    );
  });

  it('says when the period has no request', async () => {
    fakeApi({
      [`GET ${REPORT}`]: { body: report({ total: 0, byStatus: [], byCategory: [], byUnit: [], byRegime: [], rows: [] }) },
      'GET /api/request-categories': { body: CATEGORIES },
    });
    renderApp('/office/requests/report', { user: DEMO_PEOPLE.seng() });
    expect(await screen.findByText('No request was filed in this period with these filters.')).toBeInTheDocument();
    expect(screen.getAllByText('None')).toHaveLength(4);
  });

  it('is for the units and the administrators only', async () => {
    const api = fakeApi({ [`GET ${REPORT}`]: { body: report() } });
    renderApp('/office/requests/report', { user: DEMO_PEOPLE.identification() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', REPORT)).toHaveLength(0);
  });
});
