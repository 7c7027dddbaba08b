import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error, fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { CLOSED_ENTRANCE, ENTRANCES_PATH, officeHandlers, officeUser, OPEN_ENTRANCE, studentUser } from './admissions-fixtures';
import { openSelect } from '../../test/select';

type User = ReturnType<typeof renderApp>['user'];
const PAGE = '/admissions/entrances';
const entrancesTable = () => screen.findByRole('table', { name: 'Entrance exams' });
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
async function choose(user: User, label: string | RegExp, options: (string | RegExp)[], scope: HTMLElement) {
  const listbox = await openSelect(user, within(scope).getByRole('combobox', { name: label }));
  for (const option of options) await user.click(within(listbox).getByRole('option', { name: option }));
  // a multiple choice stays open: close it
  if (screen.queryByRole('listbox')) await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

describe('the entrance exams (the admissions office)', () => {
  it('lists the entrances with their fee, days, state and counts, and counts the candidates of one', async () => {
    const lapsed = { ...OPEN_ENTRANCE, Entrance_ID: 3, Entrance_Name: 'Entrance exam, spring', Entrance_Registration_Limit_Date: '2026-03-01', OPEN: false };
    fakeApi(officeHandlers({ [`GET ${ENTRANCES_PATH}`]: { body: [OPEN_ENTRANCE, CLOSED_ENTRANCE, lapsed] } }));
    const { user } = renderApp(PAGE, { user: officeUser() });
    expect(await screen.findByRole('heading', { name: 'Entrance exams', level: 1 })).toBeInTheDocument();
    const table = await entrancesTable();
    expect(cells(rowOf(table, 'Entrance exam, first session'))).toEqual([
      'Entrance exam, first session',
      '2026-2027',
      'School of Computer Science',
      '25.000 FCFA',
      '10/07/2026',
      '15/07/2026 – 17/07/2026',
      'Open',
      '3',
      '2',
      'ChangeCountsCandidatesClose now',
    ]);
    expect(cells(rowOf(table, 'Entrance exam, 2025')).slice(3, 10)).toEqual([
      '15.000 FCFA',
      '10/07/2025',
      '20/07/2025',
      'Closed',
      '0',
      '0',
      'ChangeCountsCandidatesReopen',
    ]);
    // past its deadline, not closed by hand: closed, and nothing to close
    expect(cells(rowOf(table, 'Entrance exam, spring')).slice(6)).toEqual(['Closed', '3', '2', 'ChangeCountsCandidates']);
    expect(
      within(rowOf(table, 'Entrance exam, first session')).getByRole('link', { name: 'Show the candidates of Entrance exam, first session' }),
    ).toHaveAttribute('href', '/admissions/candidates?entrance=5');

    await user.click(screen.getByRole('button', { name: 'Count the candidates of Entrance exam, first session' }));
    const perSpeciality = await screen.findByRole('table', { name: 'Per speciality (first choice)' });
    expect(within(perSpeciality).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Computer systems management', 'BTS', '2', '1'],
      ['Software engineering', 'BTS', '1', '1'],
      ['All', '3', '2'],
    ]);
    const perDay = screen.getByRole('table', { name: 'Per day of registration' });
    expect(within(perDay).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['01/06/2026', '2', '1'],
      ['02/06/2026', '1', '1'],
      ['All', '3', '2'],
    ]);
  });

  it('creates an entrance: checked here (year, specialities), then a field the server refuses is shown, then it is created', async () => {
    let posts = 0;
    const api = fakeApi(
      officeHandlers({
        [`POST ${ENTRANCES_PATH}`]: (request) => {
          posts += 1;
          if (posts === 1) return error(400, 'VALIDATION_FAILED', { fields: { NAME: 'validation.tooLong' } });
          return { status: 201, body: { ...OPEN_ENTRANCE, Entrance_ID: 6, Entrance_Name: (request.body as { NAME: string }).NAME } };
        },
      }),
    );
    const { user } = renderApp(PAGE, { user: officeUser() });
    await entrancesTable();
    await user.click(screen.getByRole('button', { name: 'New entrance exam' }));
    const dialog = await screen.findByRole('dialog', { name: 'New entrance exam' });
    const box = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    await user.type(await within(dialog).findByRole('textbox', { name: /^Name/ }), 'Too long a name');
    await user.type(box(/^Academic year/), '2026-2O27');
    await user.type(box(/^School/), 'SCS');
    await user.type(box(/^Registration fee/), '30000');
    await user.type(box(/^Registration deadline/), '31082026');
    await user.type(box(/^First exam day/), '07092026');
    await user.type(box(/^Last exam day/), '08092026');

    // a mistyped year and no speciality yet: refused here, nothing sent
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(box(/^Academic year/)).toHaveAccessibleDescription('This value is not valid');
    expect(api.to('POST', ENTRANCES_PATH)).toHaveLength(0);

    await user.clear(box(/^Academic year/));
    await user.type(box(/^Academic year/), '2026-2027');
    await choose(user, 'Cycle 1', ['Higher technician certificate'], dialog);
    await choose(user, /^Specialities of cycle 1/, ['GSI – Computer systems management', 'SWE – Software engineering'], dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add a cycle' }));
    await choose(user, 'Cycle 2', ['Higher national diploma'], dialog);
    await choose(user, /^Specialities of cycle 2/, ['SWE – Software engineering'], dialog);
    expect(within(dialog).queryByText('This field is required')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    // the server refuses the name: said on the field and above the buttons
    expect(await within(dialog).findByText('Fill correctly the blanks to continue')).toBeInTheDocument();
    expect(box(/^Name/)).toHaveAccessibleDescription('This value is too long');
    await user.clear(box(/^Name/));
    await user.type(box(/^Name/), 'Second session');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.to('POST', ENTRANCES_PATH)).toHaveLength(2));
    expect(api.to('POST', ENTRANCES_PATH)[1]!.body).toEqual({
      NAME: 'Second session',
      YEAR_NAME: '2026-2027',
      SCHOOL_NAME: 'SCS',
      AMOUNT: 30000,
      REGISTRATION_LIMIT_DATE: '2026-08-31',
      EVALUATION_BEGIN_DATE: '2026-09-07',
      EVALUATION_END_DATE: '2026-09-08',
      SPECIALITIES: [
        { CYCLE_ID: 21, BRANCH_ID: 11 },
        { CYCLE_ID: 21, BRANCH_ID: 12 },
        { CYCLE_ID: 22, BRANCH_ID: 12 },
      ],
    });
    expect(await screen.findByText('Entrance exam “Second session” created !')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('changes an entrance with its specialities as they are, and says when a chosen speciality cannot go', async () => {
    const api = fakeApi(officeHandlers({ [`PUT ${ENTRANCES_PATH}/5`]: error(409, 'ENTRANCE_HAS_CANDIDATES') }));
    const { user } = renderApp(PAGE, { user: officeUser() });
    await entrancesTable();
    await user.click(screen.getByRole('button', { name: 'Change Entrance exam, first session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the entrance exam' });
    expect(await within(dialog).findByRole('textbox', { name: /^Registration deadline/ })).toHaveValue('10/07/2026');
    expect(within(dialog).getByRole('combobox', { name: 'Cycle 1' })).toHaveTextContent('Higher technician certificate');
    expect(within(dialog).getByRole('combobox', { name: /^Specialities of cycle 1/ })).toHaveTextContent('GSI, SWE');
    expect(within(dialog).getByRole('combobox', { name: /^Specialities of cycle 2/ })).toHaveTextContent('SWE');
    // the office removes the BTS's GSI, which candidates chose
    await choose(user, /^Specialities of cycle 1/, ['GSI – Computer systems management'], dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Candidates have registered for this speciality; it cannot be removed');
    expect(api.to('PUT', `${ENTRANCES_PATH}/5`).map((r) => (r.body as { SPECIALITIES: unknown }).SPECIALITIES)).toEqual([
      [
        { CYCLE_ID: 21, BRANCH_ID: 12 },
        { CYCLE_ID: 22, BRANCH_ID: 12 },
      ],
    ]);
  });

  it('closes the registration of an entrance after a confirmation', async () => {
    const api = fakeApi(
      officeHandlers({ [`POST ${ENTRANCES_PATH}/5/close`]: { body: { ...OPEN_ENTRANCE, OPEN: false, closedAt: '2026-06-20T10:00:00.000Z' } } }),
    );
    const { user } = renderApp(PAGE, { user: officeUser() });
    await entrancesTable();
    await user.click(screen.getByRole('button', { name: 'Close the registration of Entrance exam, first session now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this registration now?' });
    expect(within(dialog).getByText(/although its deadline is 10\/07\/2026/)).toBeInTheDocument();
    const reads = api.to('GET', ENTRANCES_PATH).length;
    await user.click(within(dialog).getByRole('button', { name: 'Close now' }));
    await waitFor(() => expect(api.to('POST', `${ENTRANCES_PATH}/5/close`)).toHaveLength(1));
    expect(await screen.findByText('Registration for “Entrance exam, first session” closed !')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET', ENTRANCES_PATH).length).toBeGreaterThan(reads));
  });

  it('says in French when registration is closed by the time the office acts', async () => {
    fakeApi(officeHandlers({ [`POST ${ENTRANCES_PATH}/4/reopen`]: error(409, 'ENTRANCE_CLOSED') }));
    const { user } = renderApp(PAGE, { user: officeUser() });
    await entrancesTable();
    await act(() => changeLanguage('fr'));
    expect(await screen.findByRole('heading', { name: "Concours d'entrée", level: 1 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: "Concours d'entrée" });
    expect(cells(rowOf(table, 'Entrance exam, first session')).slice(3, 7)).toEqual(['25.000 FCFA', '10/07/2026', '15/07/2026 – 17/07/2026', 'Ouvertes']);
    await user.click(screen.getByRole('button', { name: 'Rouvrir les inscriptions à Entrance exam, 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rouvrir ces inscriptions\u00a0?' });
    // its deadline is past: reopening alone lets nobody register
    expect(within(dialog).getByText(/^La date limite de « Entrance exam, 2025 », le 10\/07\/2025, est passée/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Rouvrir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Les inscriptions à ce concours sont closes');
  });

  it('is not found for a student, who sends no request', async () => {
    const api = fakeApi(officeHandlers());
    renderApp(PAGE, { user: studentUser() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', ENTRANCES_PATH)).toHaveLength(0);
  });
});
