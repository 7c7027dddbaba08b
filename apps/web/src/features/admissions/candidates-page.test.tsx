import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error, fakeApi, queriesTo } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { CANDIDATES_PATH, candidatePage, DECISIONS_PATH, IMPORT_PATH, officeHandlers, officeUser, ROWS, studentUser } from './admissions-fixtures';
import { choose } from '../../test/select';

type User = ReturnType<typeof renderApp>['user'];
const PAGE = '/admissions/candidates';
const candidatesTable = () => screen.findByRole('table', { name: 'Candidates' });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
function rowOf(table: HTMLElement, text: string) {
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}
async function chooseLabelled(user: User, label: string | RegExp, option: string | RegExp, scope: HTMLElement | null = null) {
  await choose(user, (scope ? within(scope) : screen).getByRole('combobox', { name: label }), option);
}
const lastQuery = () => Object.fromEntries(queriesTo(CANDIDATES_PATH).at(-1)!);

describe('the candidates (the admissions office)', () => {
  it('lists the candidates with their choices, fee, documents and decision, each opening its file', async () => {
    fakeApi(officeHandlers());
    renderApp(PAGE, { user: officeUser() });
    expect(await screen.findByRole('heading', { name: 'Candidates', level: 1 })).toBeInTheDocument();
    const table = await candidatesTable();
    expect(cells(rowOf(table, 'C27000001'))).toEqual([
      '',
      'C27000001',
      'Abena Sandrinesandrine.abena@example.cm',
      'Entrance exam, first session',
      'BTS GSIthen HND SWE',
      'Paid',
      'Complete',
      'No decision',
      '01/06/2026',
    ]);
    expect(cells(rowOf(table, 'C27000003')).slice(5, 7)).toEqual(['Not paid', 'Incomplete']);
    expect(within(rowOf(table, 'C27000001')).getByRole('link', { name: 'Abena Sandrine' })).toHaveAttribute('href', '/admissions/candidates/901');
    expect(lastQuery()).toEqual({ page: '1', pageSize: '20' });
  });

  it('keeps the entrance, speciality, documents, decision and search filters in the URL and asks for them; the exports follow', async () => {
    fakeApi(officeHandlers());
    const { user, location } = renderApp(PAGE, { user: officeUser() });
    await candidatesTable();
    // a speciality is one of an entrance's: none to choose before the entrance
    expect(screen.getByRole('combobox', { name: 'Speciality' })).toHaveAttribute('aria-disabled', 'true');
    await chooseLabelled(user, 'Entrance exam', 'Entrance exam, first session (2026-2027)');
    await chooseLabelled(user, 'Speciality', 'Software engineering (Higher national diploma)');
    await chooseLabelled(user, 'Documents', 'Incomplete');
    await chooseLabelled(user, 'Decision', 'No decision yet');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Fouda');
    const expected = { entrance: '5', speciality: '403', documents: 'incomplete', decision: 'NONE', search: 'Fouda' };
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual(expected));
    await waitFor(() => expect(lastQuery()).toEqual({ ...expected, page: '1', pageSize: '20' }));
    expect(screen.getByRole('link', { name: 'Export (CSV)' })).toHaveAttribute(
      'href',
      '/api/admissions/candidates/export?format=csv&entrance=5&speciality=403&documents=incomplete&decision=NONE&search=Fouda',
    );
    expect(screen.getByRole('link', { name: 'Export (Excel)' })).toHaveAttribute(
      'href',
      '/api/admissions/candidates/export?format=xlsx&entrance=5&speciality=403&documents=incomplete&decision=NONE&search=Fouda',
    );
    // another entrance lifts the speciality
    await chooseLabelled(user, 'Entrance exam', 'All entrance exams');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({ documents: 'incomplete', decision: 'NONE', search: 'Fouda' }),
    );
  });

  it('filters on the paid fee, from the URL too', async () => {
    fakeApi(officeHandlers({ [`GET ${CANDIDATES_PATH}`]: { body: candidatePage([ROWS[2]!]) } }));
    const { user, location } = renderApp(`${PAGE}?paid=true`, { user: officeUser() });
    await candidatesTable();
    expect(screen.getByRole('combobox', { name: 'Fee' })).toHaveTextContent('Paid');
    await waitFor(() => expect(lastQuery()).toEqual({ paid: 'true', page: '1', pageSize: '20' }));
    await chooseLabelled(user, 'Fee', 'Not paid');
    await waitFor(() => expect(new URLSearchParams(location().search).get('paid')).toBe('false'));
    await waitFor(() => expect(lastQuery()).toEqual({ paid: 'false', page: '1', pageSize: '20' }));
    expect(screen.getByRole('link', { name: 'Export (CSV)' })).toHaveAttribute('href', '/api/admissions/candidates/export?format=csv&paid=false');
  });

  it('admits two ticked candidates for their first choice, and says how many were recorded and mailed', async () => {
    const api = fakeApi(officeHandlers({ [`POST ${DECISIONS_PATH}`]: { body: { recorded: 2, mailed: 2, unchanged: 0 } } }));
    const { user } = renderApp(PAGE, { user: officeUser() });
    const table = await candidatesTable();
    const selection = screen.getByRole('group', { name: 'Decision on the candidates chosen' });
    expect(within(selection).getByRole('button', { name: 'Admit' })).toBeDisabled();
    await user.click(within(rowOf(table, 'C27000001')).getByRole('checkbox', { name: 'Choose Abena Sandrine (C27000001)' }));
    await user.click(within(rowOf(table, 'C27000002')).getByRole('checkbox'));
    expect(within(selection).getByText('2 candidates chosen')).toBeInTheDocument();
    await user.click(within(selection).getByRole('button', { name: 'Admit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Admit these candidates?' });
    expect(within(dialog).getByText('The 2 candidates chosen will be admitted and each mailed the decision.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Speciality' })).toHaveTextContent("Each candidate's first choice");
    const reads = api.to('GET', CANDIDATES_PATH).length;
    await user.click(within(dialog).getByRole('button', { name: 'Admit' }));
    await waitFor(() =>
      expect(api.to('POST', DECISIONS_PATH).map((r) => r.body)).toEqual([
        {
          decisions: [
            { CANDIDATE_NUMBER: 'C27000001', DECISION: 'ADMITTED', SPECIALITY_ID: 401 },
            { CANDIDATE_NUMBER: 'C27000002', DECISION: 'ADMITTED', SPECIALITY_ID: 402 },
          ],
        },
      ]),
    );
    expect(await screen.findByText('2 decisions recorded, 2 mailed !')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET', CANDIDATES_PATH).length).toBeGreaterThan(reads));
    expect(within(selection).getByText('Choose candidates to decide on several at once.')).toBeInTheDocument();
  });

  it('refuses a ticked candidate without naming a speciality', async () => {
    const api = fakeApi(officeHandlers({ [`POST ${DECISIONS_PATH}`]: { body: { recorded: 1, mailed: 1, unchanged: 0 } } }));
    const { user } = renderApp(`${PAGE}?entrance=5&speciality=401`, { user: officeUser() });
    const table = await candidatesTable();
    await user.click(within(rowOf(table, 'C27000003')).getByRole('checkbox'));
    await user.click(within(screen.getByRole('group', { name: 'Decision on the candidates chosen' })).getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse this candidate?' });
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() =>
      expect(api.to('POST', DECISIONS_PATH).map((r) => r.body)).toEqual([
        { decisions: [{ CANDIDATE_NUMBER: 'C27000003', DECISION: 'REFUSED', SPECIALITY_ID: null }] },
      ]),
    );
    expect(await screen.findByText('1 decision recorded, 1 mailed !')).toBeInTheDocument();
  });

  it('puts a selection on the waiting list for a speciality of the entrance, and names the candidates the server refused', async () => {
    const api = fakeApi(officeHandlers({ [`POST ${DECISIONS_PATH}`]: error(400, 'DECISION_IMPORT_INVALID', { fields: { 'line 2': 'validation.invalid' } }) }));
    const { user } = renderApp(`${PAGE}?entrance=5`, { user: officeUser() });
    const table = await candidatesTable();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Speciality' })).not.toHaveAttribute('aria-disabled'));
    await user.click(screen.getByRole('checkbox', { name: 'Choose every candidate of the page' }));
    await user.click(within(rowOf(table, 'C27000003')).getByRole('checkbox'));
    await user.click(within(screen.getByRole('group', { name: 'Decision on the candidates chosen' })).getByRole('button', { name: 'Waiting list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Put these candidates on the waiting list?' });
    await chooseLabelled(user, 'Speciality', 'Software engineering (Higher national diploma)', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Waiting list' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No decision was recorded; correct these first:');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bello Ibrahim (C27000002): This value is not valid']);
    expect(api.to('POST', DECISIONS_PATH).map((r) => r.body)).toEqual([
      {
        decisions: [
          { CANDIDATE_NUMBER: 'C27000001', DECISION: 'WAITING_LIST', SPECIALITY_ID: 403 },
          { CANDIDATE_NUMBER: 'C27000002', DECISION: 'WAITING_LIST', SPECIALITY_ID: 403 },
        ],
      },
    ]);
  });

  it('imports decisions from a file, showing each bad line when the file is refused, then the result', async () => {
    let sent = 0;
    const api = fakeApi(
      officeHandlers({
        [`POST ${IMPORT_PATH}`]: () => {
          sent += 1;
          return sent === 1
            ? error(400, 'DECISION_IMPORT_INVALID', { fields: { 'line 7': 'validation.invalid', 'line 3': 'errors.NOT_FOUND' } })
            : { body: { recorded: 40, mailed: 38, unchanged: 2 } };
        },
      }),
    );
    const { user } = renderApp(PAGE, { user: officeUser() });
    await candidatesTable();
    await user.click(screen.getByRole('button', { name: 'Import decisions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import decisions from a file' });
    expect(within(dialog).getByRole('list', { name: 'Columns of the file' })).toHaveTextContent('CANDIDATE_NUMBER');
    // nothing chosen: nothing sent
    await user.click(within(dialog).getByRole('button', { name: 'Import and mail' }));
    expect(await within(dialog).findByText('Choose a file first')).toBeInTheDocument();
    const file = new File(['CANDIDATE_NUMBER;DECISION\nC27000001;ADMITTED\n'], 'decisions.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('Choose a file'), file);
    expect(within(dialog).getByText('decisions.csv')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import and mail' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Some lines of the file are not valid; nothing was imported');
    expect(
      within(within(dialog).getByRole('list', { name: 'Wrong lines' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 3: No element to show', 'Line 7: This value is not valid']);
    expect(api.to('POST', IMPORT_PATH)[0]!.body).toEqual({ FILE: { name: 'decisions.csv', type: 'text/csv', size: file.size } });
    // the file fixed and sent again
    await user.upload(within(dialog).getByLabelText('Choose a file'), file);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import and mail' }));
    expect(await screen.findByText('40 decisions recorded, 38 mailed !')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not found for a student, who sends no request', async () => {
    const api = fakeApi(officeHandlers());
    renderApp(PAGE, { user: studentUser() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', CANDIDATES_PATH)).toHaveLength(0);
  });
});
