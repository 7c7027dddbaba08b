import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LessonImportReport } from '@portal/contract';
import { LESSON_IMPORT_COLUMNS } from '@portal/contract/rules';
import { changeLanguage } from '../../../lib/i18n';
import { error, fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { officeUser, planningHandlers, WEEK } from './planning-fixtures';

const IMPORT = '/api/lessons/import';
const dialog = () => screen.getByRole('dialog');
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const CHECKED: LessonImportReport = {
  created: 5,
  dryRun: true,
  rejected: [
    { LINE: 3, REASON: 'LECTURER_UNKNOWN', COLUMN: 'LECTURER', OTHER: null },
    { LINE: 6, REASON: 'CONFLICT_ROOM', COLUMN: 'ROOM', OTHER: 'INF201 CM, BTS1 GSI/J A, 2026-11-23 08:00-09:50, room B12' },
  ],
};

async function openImport() {
  const view = renderApp(`/academic/lessons?week=${WEEK}`, { user: officeUser() });
  await view.user.click(await screen.findByRole('button', { name: 'Import lessons' }));
  await screen.findByRole('dialog', { name: 'Import lessons from a file' });
  return view;
}

describe('lesson planning: the import', () => {
  it('lists the columns and offers their template, checks the file first, then imports it, the rejected lines translated', async () => {
    const api = fakeApi(planningHandlers());
    let calls = 0;
    api.set(`POST ${IMPORT}`, () => ({ body: calls++ === 0 ? CHECKED : { ...CHECKED, dryRun: false } }));
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const { user } = await openImport();

    const template = within(dialog()).getByRole('link', { name: 'Download the template (CSV)' });
    expect(decodeURIComponent(template.getAttribute('href')!.split(',')[1]!)).toBe(
      'DATE;BEGIN;END;CLASS_CODE;SUBJECT_CODE;PART;LECTURER;ROOM;BUILDING;CAMPUS\r\n',
    );
    expect(template).toHaveAttribute('download', 'lessons-template.csv');
    const columns = within(within(dialog()).getByRole('list', { name: 'Columns of the file' })).getAllByRole('listitem');
    expect(columns.map((item) => item.textContent?.split(':')[0])).toEqual([...LESSON_IMPORT_COLUMNS]);
    expect(columns[6]).toHaveTextContent('LECTURER: matricule of a lecturer assigned to this part of the subject');
    expect(columns[7]).toHaveTextContent('ROOM: room (optional)');
    expect(within(dialog()).getByRole('button', { name: 'Import' })).toBeDisabled();

    const file = new File(['DATE;BEGIN;END\n'], 'week48.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await user.upload(within(dialog()).getByLabelText('Choose a file'), file);
    expect(within(dialog()).getByText('week48.xlsx')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Check' }));

    const checked = await within(dialog()).findByRole('status');
    expect(checked).toHaveTextContent('Check done: nothing was saved yet.');
    expect(
      within(checked)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lessons to plan: 5', 'Lines rejected: 2']);
    expect(open).toHaveBeenLastCalledWith('POST', '/api/lessons/import?dryRun=true');
    expect(api.to('POST', IMPORT)[0]!.body).toEqual({ FILE: { name: 'week48.xlsx', type: file.type, size: file.size } });
    expect(rowsOf(within(dialog()).getByRole('table', { name: 'Rejected lines' }))).toEqual([
      ['3', 'No lecturer has this matricule', 'LECTURER', '—'],
      ['6', 'The room is already taken at this time', 'ROOM', 'INF201 CM, BTS1 GSI/J A, 2026-11-23 08:00-09:50, room B12'],
    ]);

    const listed = api.to('GET', '/api/lessons').length;
    await user.click(within(dialog()).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(within(dialog()).getByRole('status')).toHaveTextContent('Import done.'));
    expect(
      within(within(dialog()).getByRole('status'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lessons planned: 5', 'Lines rejected: 2']);
    expect(open).toHaveBeenLastCalledWith('POST', '/api/lessons/import?dryRun=false');
    expect(await screen.findByText('5 lessons imported !')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET', '/api/lessons').length).toBeGreaterThan(listed));
    // imported: checked again before another import
    expect(within(dialog()).getByRole('button', { name: 'Import' })).toBeDisabled();

    await act(() => changeLanguage('fr'));
    expect(rowsOf(within(dialog()).getByRole('table', { name: 'Lignes rejetées' })).map((row) => row[1])).toEqual([
      'Aucun enseignant n’a ce matricule',
      'La salle est déjà occupée à cette heure',
    ]);
  });

  it('says when the file cannot be read, and imports nothing', async () => {
    fakeApi({ ...planningHandlers(), [`POST ${IMPORT}`]: error(400, 'CSV_INVALID') });
    const { user } = await openImport();
    await user.upload(within(dialog()).getByLabelText('Choose a file'), new File(['nonsense'], 'x.csv', { type: 'text/csv' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Check' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('The file is not a readable CSV with the expected columns');
    expect(within(dialog()).getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
