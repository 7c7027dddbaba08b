import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { fakeApi, person, queriesTo } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { CLASSES, hoursRow, officeUser } from './planning-fixtures';

const HOURS = '/api/lessons/hours';
const ROWS = [
  hoursRow({ planned: 34.5, validated: 18, billed: 12 }),
  hoursRow({
    lecturer: { id: 43, FIRSTNAME: 'Brigitte', LASTNAME: 'Essomba', MATRICULE: 'P0043' },
    part: 'TD',
    volume: 20,
    planned: 12,
    validated: 10,
    billed: 3.67,
  }),
];
const handlers = () => ({ [`GET ${HOURS}`]: { body: { rows: ROWS } }, 'GET /api/academic/classes': { body: CLASSES } });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('teaching hours', () => {
  it('shows the hours per lecturer, subject and part against the volume, flags hours planned beyond it, and exports with the filters', async () => {
    fakeApi(handlers());
    const { user, location } = renderApp('/academic/lessons/hours?from=2026-11-01&to=2026-11-30&classId=11', { user: officeUser() });
    const table = await screen.findByRole('table', { name: 'Teaching hours' });
    expect(screen.getByRole('heading', { name: 'Teaching hours', level: 1 })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Lecturer', 'Subject', 'Class', 'Part', 'Hourly volume', 'Planned', 'Validated', 'Billed']);
    expect(rowsOf(table)).toEqual([
      ['Nkoulou JeanP0042', 'INF101 – Introduction to programming', 'GL1/J', 'Lecture (CM)', '30', '34.54.5 h over the volume', '18', '12'],
      ['Essomba BrigitteP0043', 'INF101 – Introduction to programming', 'GL1/J', 'Tutorial (TD)', '20', '12', '10', '3.67'],
    ]);
    const [over, within_] = within(table).getAllByRole('row').slice(1);
    expect(over).toHaveAttribute('data-over', 'true');
    expect(within_).not.toHaveAttribute('data-over');
    expect(screen.getByRole('status')).toHaveTextContent('1 line plans more hours than the volume');
    expect(Object.fromEntries(queriesTo(HOURS)[0]!)).toEqual({ from: '2026-11-01', to: '2026-11-30', classId: '11' });
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('01/11/2026');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Class' })).toHaveTextContent('GL1/J'));

    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/lessons/hours/export?from=2026-11-01&to=2026-11-30&classId=11&format=csv',
    );
    expect(screen.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute(
      'href',
      '/api/lessons/hours/export?from=2026-11-01&to=2026-11-30&classId=11&format=xlsx',
    );
    expect(screen.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute('download');

    await user.click(screen.getByRole('combobox', { name: 'Lecturer' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All lecturers', 'Essomba Brigitte (P0043)', 'Nkoulou Jean (P0042)']);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Nkoulou Jean (P0042)' }));
    await waitFor(() =>
      expect(Object.fromEntries(queriesTo(HOURS).at(-1)!)).toEqual({ from: '2026-11-01', to: '2026-11-30', lecturerId: '42', classId: '11' }),
    );
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({ from: '2026-11-01', to: '2026-11-30', classId: '11', lecturerId: '42' });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/lessons/hours/export?from=2026-11-01&to=2026-11-30&lecturerId=42&classId=11&format=csv',
    );

    const to = screen.getByRole('textbox', { name: 'To' });
    await user.clear(to);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/api/lessons/hours/export?from=2026-11-01&lecturerId=42&classId=11&format=csv',
      ),
    );
    await user.type(to, '15112026');
    await waitFor(() => expect(queriesTo(HOURS).at(-1)?.get('to')).toBe('2026-11-15'));

    await act(() => changeLanguage('fr'));
    expect(rowsOf(screen.getByRole('table', { name: 'Heures d’enseignement' }))[0]!.slice(3, 6)).toEqual([
      'Cours magistral (CM)',
      '30',
      '34,54,5 h au-delà du volume',
    ]);
  });

  it('exports everything without filters', async () => {
    fakeApi(handlers());
    renderApp('/academic/lessons/hours', { user: officeUser() });
    await screen.findByRole('table', { name: 'Teaching hours' });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/lessons/hours/export?format=csv');
    expect(Object.fromEntries(queriesTo(HOURS)[0]!)).toEqual({});
  });

  it('is not found for a lecturer', async () => {
    const api = fakeApi(handlers());
    renderApp('/academic/lessons/hours', { user: person({ KIND: 'STAFF', ROLES: [], STATUS: 'PERMANENT' }) });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', HOURS)).toHaveLength(0);
  });
});
