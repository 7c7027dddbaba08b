import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LESSON_STATUS_COLOURS } from '@portal/contract/rules';
import { changeLanguage } from '../../../lib/i18n';
import { error, fakeApi, person, queriesTo } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { lesson, officeUser, planningHandlers, WEEK } from './planning-fixtures';
import { choose, openSelect } from '../../../test/select';

type User = ReturnType<typeof renderApp>['user'];
const PAGE = `/academic/lessons?week=${WEEK}`;
const dialog = () => screen.getByRole('dialog');
const table = () => screen.findByRole('table', { name: 'Lessons of the week' });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
async function rowOf(text: string) {
  const row = within(await table())
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}
async function chooseLabelled(user: User, label: RegExp, option: string | RegExp) {
  await choose(user, within(dialog()).getByRole('combobox', { name: label }), option);
}

/** Fills the lesson form: INF101's lecture by Nkoulou on Tuesday 24/11/2026, 08:00–09:50 in B12 (Block B). */
async function fillLesson(user: User) {
  await screen.findByRole('dialog');
  await user.type(within(dialog()).getByRole('combobox', { name: /^Subject/ }), 'INF');
  // the subjects are searched once the typing pauses
  await waitFor(() => expect(queriesTo('/api/academic/subjects').map((query) => query.get('search'))).toContain('INF'));
  await user.click(await screen.findByRole('option', { name: 'INF101 – Introduction to programming (GL1/J)' }));
  await chooseLabelled(user, /^Part/, 'Lecture (CM), volume 30 h');
  const lecturer = within(dialog()).getByRole('combobox', { name: /^Lecturer/ });
  // only the lecturer confirmed for the lecture: not Essomba (tutorial), not Tchana (only selected)
  expect(
    within(await openSelect(user, lecturer))
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Nkoulou Jean (P0042)']);
  await user.click(screen.getByRole('option', { name: 'Nkoulou Jean (P0042)' }));
  const date = within(dialog()).getByRole('textbox', { name: /^Date/ });
  expect(date).toHaveValue('23/11/2026');
  await user.clear(date);
  await user.type(date, '24112026');
  await user.click(within(within(dialog()).getByRole('group', { name: 'Time slots' })).getByRole('button', { name: '08:00–09:50' }));
  expect(within(dialog()).getByRole('textbox', { name: /^Begins at/ })).toHaveValue('08:00');
  expect(within(dialog()).getByRole('textbox', { name: /^Ends at/ })).toHaveValue('09:50');
  await user.type(within(dialog()).getByRole('textbox', { name: /^Room/ }), 'B12');
  await user.type(within(dialog()).getByRole('textbox', { name: /^Building/ }), 'Block B');
}

const CONFLICT = {
  kind: 'ROOM',
  lesson: { id: 777, date: '2026-11-24', begin: '08:00', end: '09:50', subject: 'MTH102 TD', class: 'CF4/S', lecturer: 'Essomba Brigitte', room: 'B12' },
};

describe('lesson planning: the week', () => {
  it("lists the week's lessons with their class, subject, part, lecturer, room and status in its colour", async () => {
    fakeApi(planningHandlers());
    renderApp(PAGE, { user: officeUser() });
    await table();
    expect(screen.getByRole('heading', { name: 'Lesson planning', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Week of 23/11/2026 to 29/11/2026')).toBeInTheDocument();
    expect(cells(await rowOf('08:00–09:50'))).toEqual([
      '',
      'Mon 23/11/2026',
      '08:00–09:50',
      'GL1/J',
      'INF101 – Introduction to programming',
      'Lecture (CM)',
      'Nkoulou JeanP0042',
      'B12 · Block B',
      'Pending validation',
      'EditDelete',
    ]);
    const validated = await rowOf('MTH102 – Discrete mathematics');
    expect(cells(validated).slice(1)).toEqual([
      'Tue 24/11/2026',
      '10:10–12:00',
      'GL1/J',
      'MTH102 – Discrete mathematics',
      'Tutorial (TD)',
      'Essomba BrigitteP0043',
      '—',
      'Validated but not billed',
      '',
    ]);
    const billed = await rowOf('November 2026');
    expect(cells(billed)[8]).toBe('Validated and billedNovember 2026');
    // the status in the planning colours; a billed lesson is final: it cannot be chosen
    expect(within(validated).getByText('Validated but not billed').closest('[data-status]')).toHaveStyle({
      backgroundColor: LESSON_STATUS_COLOURS.ValidatedButNotBilled,
    });
    expect(within(billed).getByText('Validated and billed').closest('[data-status]')).toHaveStyle({
      backgroundColor: LESSON_STATUS_COLOURS.ValidatedAndBilled,
    });
    expect(within(billed).getByRole('checkbox')).toBeDisabled();
    expect(Object.fromEntries(queriesTo('/api/lessons')[0]!)).toEqual({ from: '2026-11-23', to: '2026-11-29', page: '1', pageSize: '20' });
  });

  it('goes from week to week and keeps the class, lecturer and status filters in the URL', async () => {
    fakeApi(planningHandlers());
    const { user, location } = renderApp(PAGE, { user: officeUser() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(screen.getByText('Week of 30/11/2026 to 06/12/2026')).toBeInTheDocument());
    await waitFor(() =>
      expect(
        queriesTo('/api/lessons').some((query) => query.get('from') === '2026-11-30' && query.get('to') === '2026-12-06' && query.get('pageSize') === '20'),
      ).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(() => expect(screen.getByText('Week of 16/11/2026 to 22/11/2026')).toBeInTheDocument());

    await user.click(screen.getByRole('combobox', { name: 'Class' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'GL1/J' }));
    await user.click(screen.getByRole('combobox', { name: 'Lecturer' }));
    // the week's lecturers, by name
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All lecturers', 'Essomba Brigitte (P0043)', 'Nkoulou Jean (P0042)']);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Nkoulou Jean (P0042)' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Pending validation' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
        week: '2026-11-16',
        classId: '11',
        lecturerId: '42',
        status: 'PendingValidation',
      }),
    );
    await waitFor(() =>
      expect(Object.fromEntries(queriesTo('/api/lessons').at(-1)!)).toEqual({
        from: '2026-11-16',
        to: '2026-11-22',
        classId: '11',
        lecturerId: '42',
        status: 'PendingValidation',
        page: '1',
        pageSize: '20',
      }),
    );
  });

  it('is not found for a lecturer, who sends no request', async () => {
    const api = fakeApi(planningHandlers());
    renderApp(PAGE, { user: person({ KIND: 'STAFF', ROLES: [], STATUS: 'VACATAIRE' }) });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', '/api/lessons')).toHaveLength(0);
  });
});

describe('lesson planning: planning a lesson', () => {
  it('plans a lesson every week until a date: the body sent is the typed lesson, and the list is read again', async () => {
    const api = fakeApi({ ...planningHandlers(), 'POST /api/lessons': { status: 201, body: { lessons: [1, 2, 3, 4].map((n) => lesson({ id: 600 + n })) } } });
    const { user } = renderApp(PAGE, { user: officeUser() });
    await table();
    const listed = api.to('GET', '/api/lessons').length;
    await user.click(screen.getByRole('button', { name: 'Plan a lesson' }));
    await fillLesson(user);
    await user.type(within(dialog()).getByRole('textbox', { name: /^Repeat every week until/ }), '14122026');
    await user.click(within(dialog()).getByRole('button', { name: 'Plan' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST', '/api/lessons').map((request) => request.body)).toEqual([
      {
        SUBJECT_ID: 21,
        PART: 'CM',
        LECTURER_ID: 42,
        LESSON_DATE: '2026-11-24',
        BEGIN_TIME: '08:00',
        END_TIME: '09:50',
        ROOM: 'B12',
        BUILDING: 'Block B',
        CAMPUS: null,
        REPEAT_UNTIL: '2026-12-14',
      },
    ]);
    // the subject was searched among the catalogue's; the lecturers among the session's assignments
    expect(Object.fromEntries(queriesTo('/api/academic/subjects').find((query) => query.get('search') === 'INF')!)).toEqual({
      search: 'INF',
      page: '1',
      pageSize: '20',
    });
    expect(Object.fromEntries(queriesTo('/api/academic/assignments')[0]!)).toEqual({
      session: '1',
      search: 'INF101',
      state: 'all',
      page: '1',
      pageSize: '100',
    });
    expect(await screen.findByText('4 lessons planned !')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET', '/api/lessons').length).toBeGreaterThan(listed));
  });

  it('searches the subjects of the class shown, and offers no lecturer before the part is chosen', async () => {
    fakeApi(planningHandlers());
    const { user } = renderApp(`${PAGE}&classId=12`, { user: officeUser() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Plan a lesson' }));
    await screen.findByRole('dialog');
    expect(within(dialog()).getByRole('combobox', { name: /^Class/ })).toHaveTextContent('CF4/S');
    await user.type(within(dialog()).getByRole('combobox', { name: /^Subject/ }), 'INF');
    await waitFor(() => expect(queriesTo('/api/academic/subjects').some((query) => query.get('search') === 'INF' && query.get('classId') === '12')).toBe(true));
    await user.click(await screen.findByRole('option', { name: 'INF101 – Introduction to programming (GL1/J)' }));
    // the subject's class becomes the class searched
    expect(within(dialog()).getByRole('combobox', { name: /^Class/ })).toHaveTextContent('GL1/J');
    const lecturer = within(dialog()).getByRole('combobox', { name: /^Lecturer/ });
    expect(lecturer).toHaveAttribute('aria-disabled', 'true');
    expect(lecturer).toHaveAccessibleDescription('Choose the subject and the part first');
    await chooseLabelled(user, /^Part/, 'Tutorial (TD), volume 20 h');
    await waitFor(() => expect(lecturer).not.toHaveAttribute('aria-disabled', 'true'));
    expect(
      within(await openSelect(user, lecturer))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Essomba Brigitte (P0043)']);
  });

  it("checks the form with the contract's rules before sending anything", async () => {
    const api = fakeApi(planningHandlers());
    const { user } = renderApp(PAGE, { user: officeUser() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Plan a lesson' }));
    await screen.findByRole('dialog');
    await user.clear(within(dialog()).getByRole('textbox', { name: /^Date/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Plan' }));
    await waitFor(() => expect(within(dialog()).getByRole('combobox', { name: /^Subject/ })).toHaveAccessibleDescription('This field is required'));
    for (const name of [/^Date/, /^Begins at/, /^Ends at/])
      expect(within(dialog()).getByRole('textbox', { name })).toHaveAccessibleDescription('This field is required');
    expect(within(dialog()).getByRole('combobox', { name: /^Part/ })).toHaveAccessibleDescription('This field is required');

    // everything typed, but a lesson before the day starts
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Plan a lesson' }));
    await fillLesson(user);
    const begin = within(dialog()).getByRole('textbox', { name: /^Begins at/ });
    await user.clear(begin);
    await user.type(begin, '07:30');
    await user.click(within(dialog()).getByRole('button', { name: 'Plan' }));
    await waitFor(() =>
      expect(within(dialog()).getByRole('textbox', { name: /^Ends at/ })).toHaveAccessibleDescription(
        'Between 08:00 and 21:30, on five-minute steps, ending after it begins',
      ),
    );
    expect(api.to('POST', '/api/lessons')).toHaveLength(0);
  });

  it('shows a conflict in the dialog, naming the other lesson in English and in French, and keeps what was typed', async () => {
    const api = fakeApi({ ...planningHandlers(), 'POST /api/lessons': error(409, 'LESSON_CONFLICT', { conflict: CONFLICT }) });
    const { user } = renderApp(PAGE, { user: officeUser() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Plan a lesson' }));
    await fillLesson(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Plan' }));

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('This lesson overlaps another one');
    expect(alert).toHaveTextContent('Same room: MTH102 TD, CF4/S, Essomba Brigitte, 24/11/2026 08:00–09:50, room B12');
    expect(api.to('POST', '/api/lessons')).toHaveLength(1);
    expect(within(dialog()).getByRole('combobox', { name: /^Subject/ })).toHaveValue('INF101 – Introduction to programming');
    expect(within(dialog()).getByRole('textbox', { name: /^Date/ })).toHaveValue('24/11/2026');
    expect(within(dialog()).getByRole('textbox', { name: /^Room/ })).toHaveValue('B12');

    await act(() => changeLanguage('fr'));
    const french = within(dialog()).getByRole('alert');
    expect(french).toHaveTextContent('Ce cours en chevauche un autre');
    expect(french.textContent).toContain('Même salle\u00a0: MTH102 TD, CF4/S, Essomba Brigitte, 24/11/2026 08:00–09:50, salle B12');

    // the other kinds, and the same lesson sent again once the room is changed
    api.set('POST /api/lessons', error(409, 'LESSON_CONFLICT', { conflict: { ...CONFLICT, kind: 'LECTURER' } }));
    await user.clear(within(dialog()).getByRole('textbox', { name: /^Salle/ }));
    await user.type(within(dialog()).getByRole('textbox', { name: /^Salle/ }), 'B14');
    await user.click(within(dialog()).getByRole('button', { name: 'Planifier' }));
    await waitFor(() => expect(api.to('POST', '/api/lessons')).toHaveLength(2));
    await waitFor(() => expect(within(dialog()).getByRole('alert').textContent).toContain('Même enseignant\u00a0: MTH102 TD, CF4/S'));
    expect(api.to('POST', '/api/lessons')[1]!.body).toMatchObject({ ROOM: 'B14', LECTURER_ID: 42, REPEAT_UNTIL: null });
  });

  it('says on the lecturer when they are not assigned to the part', async () => {
    fakeApi({ ...planningHandlers(), 'POST /api/lessons': error(409, 'LESSON_NOT_ASSIGNED') });
    const { user } = renderApp(PAGE, { user: officeUser() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Plan a lesson' }));
    await fillLesson(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Plan' }));
    const text = 'This lecturer is not assigned to this part of the subject: confirm the assignment first.';
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(text);
    expect(within(dialog()).getByRole('combobox', { name: /^Lecturer/ })).toHaveAccessibleDescription(text);
  });

  it('changes a pending lesson and deletes another', async () => {
    const api = fakeApi({
      ...planningHandlers(),
      'PATCH /api/lessons/501': { body: lesson({ begin: '10:10', end: '12:00' }) },
      'DELETE /api/lessons/501': { body: { changed: 1 } },
    });
    const { user } = renderApp(PAGE, { user: officeUser() });
    await table();
    // only a pending lesson may be changed or deleted
    expect(within(await rowOf('MTH102 – Discrete mathematics')).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit INF101, Mon 23/11/2026 08:00–09:50' }));
    await screen.findByRole('dialog');
    expect(within(dialog()).getByRole('heading', { name: 'Change a lesson' })).toBeInTheDocument();
    expect(within(dialog()).queryByRole('textbox', { name: /^Repeat/ })).not.toBeInTheDocument();
    await user.click(within(within(dialog()).getByRole('group', { name: 'Time slots' })).getByRole('button', { name: '10:10–12:00' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/lessons/501')).toHaveLength(1));
    expect(api.to('PATCH', '/api/lessons/501')[0]!.body).toEqual({
      SUBJECT_ID: 21,
      PART: 'CM',
      LECTURER_ID: 42,
      LESSON_DATE: '2026-11-23',
      BEGIN_TIME: '10:10',
      END_TIME: '12:00',
      ROOM: 'B12',
      BUILDING: 'Block B',
      CAMPUS: null,
    });
    expect(await screen.findByText('Lesson saved !')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete INF101, Mon 23/11/2026 08:00–09:50' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this lesson?' });
    expect(confirm).toHaveTextContent('INF101 – Introduction to programming, GL1/J, Mon 23/11/2026 08:00–09:50 will be deleted.');
    // a lesson planned once has no series to delete with it
    expect(within(confirm).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.to('DELETE', '/api/lessons/501')).toHaveLength(1));
    expect(queriesTo('/api/lessons/501').at(-1)?.toString()).toBe('');
    expect(await screen.findByText('1 lesson deleted !')).toBeInTheDocument();
  });

  it('deletes a weekly lesson with the following pending lessons of its series when asked', async () => {
    const weekly = lesson({ seriesId: '5b0c7a52-93c4-4f0e-9a4e-0d2b1f6f8a10' });
    const api = fakeApi({ ...planningHandlers([weekly]), 'DELETE /api/lessons/501': { body: { changed: 6 } } });
    const { user } = renderApp(PAGE, { user: officeUser() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete INF101, Mon 23/11/2026 08:00–09:50' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this lesson?' });
    await user.click(within(confirm).getByRole('checkbox', { name: 'Also delete the following pending lessons of its weekly series' }));
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.to('DELETE', '/api/lessons/501')).toHaveLength(1));
    expect(Object.fromEntries(queriesTo('/api/lessons/501')[0]!)).toEqual({ series: 'true' });
    expect(await screen.findByText('6 lessons deleted !')).toBeInTheDocument();
  });
});

describe('lesson planning: decisions and billing', () => {
  it('validates the pending lessons of the week of the class and lecturer shown: WEEK_OF and the filters are sent', async () => {
    const api = fakeApi({ ...planningHandlers(), 'POST /api/lessons/decisions': { body: { changed: 3 } } });
    const { user } = renderApp(`${PAGE}&classId=11&lecturerId=42`, { user: officeUser() });
    await table();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Lecturer' })).toHaveTextContent('Nkoulou Jean (P0042)'));
    const listed = api.to('GET', '/api/lessons').length;
    await user.click(screen.getByRole('button', { name: 'Validate the pending lessons of this week' }));
    const confirm = await screen.findByRole('dialog', { name: 'Validate the pending lessons of this week' });
    expect(confirm).toHaveTextContent(
      'Every lesson pending validation from 23/11/2026 to 29/11/2026 will be validated. Only the lessons of class GL1/J, lecturer Nkoulou Jean (P0042).',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(api.to('POST', '/api/lessons/decisions')).toHaveLength(1));
    expect(api.to('POST', '/api/lessons/decisions')[0]!.body).toEqual({ DECISION: 'VALIDATE', WEEK_OF: '2026-11-23', CLASS_ID: 11, LECTURER_ID: 42 });
    expect(await screen.findByText('3 lessons validated !')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET', '/api/lessons').length).toBeGreaterThan(listed));
  });

  it('refuses the whole week when no class or lecturer is chosen', async () => {
    const api = fakeApi({ ...planningHandlers(), 'POST /api/lessons/decisions': { body: { changed: 1 } } });
    const { user } = renderApp(PAGE, { user: officeUser() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Refuse the pending lessons of this week' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refuse the pending lessons of this week' });
    expect(
      within(confirm).getByText('Every lesson pending validation from 23/11/2026 to 29/11/2026 will be refused, and its time slot freed.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(api.to('POST', '/api/lessons/decisions')).toHaveLength(1));
    expect(api.to('POST', '/api/lessons/decisions')[0]!.body).toEqual({ DECISION: 'REFUSE', WEEK_OF: '2026-11-23' });
    expect(await screen.findByText('1 lesson refused !')).toBeInTheDocument();
  });

  it('validates or refuses the lessons chosen, and says when one was decided in the meantime', async () => {
    const api = fakeApi({ ...planningHandlers(), 'POST /api/lessons/decisions': error(409, 'LESSON_DECIDED') });
    const { user } = renderApp(PAGE, { user: officeUser() });
    await table();
    expect(screen.getByText('No lesson selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refuse' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select INF101, Mon 23/11/2026 08:00–09:50' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select MTH102, Tue 24/11/2026 10:10–12:00' }));
    expect(screen.getByText('2 lessons selected')).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Selected lessons' })).getByRole('button', { name: 'Refuse' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refuse the selected lessons' });
    expect(confirm).toHaveTextContent('The 2 selected lessons will be refused and their time slots freed.');
    await user.click(within(confirm).getByRole('button', { name: 'Refuse' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('This lesson was validated, refused or billed in the meantime: reload the list.');
    expect(api.to('POST', '/api/lessons/decisions')[0]!.body).toEqual({ DECISION: 'REFUSE', LESSON_IDS: [501, 502] });

    api.set('POST /api/lessons/decisions', { body: { changed: 2 } });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('group', { name: 'Selected lessons' })).getByRole('button', { name: 'Validate' }));
    const again = await screen.findByRole('dialog', { name: 'Validate the selected lessons' });
    await user.click(within(again).getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(api.to('POST', '/api/lessons/decisions')).toHaveLength(2));
    expect(api.to('POST', '/api/lessons/decisions')[1]!.body).toEqual({ DECISION: 'VALIDATE', LESSON_IDS: [501, 502] });
    expect(await screen.findByText('2 lessons validated !')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No lesson selected')).toBeInTheDocument());
  });

  it('names the lesson that took the slot when a refused lesson is validated again', async () => {
    const refused = lesson({ status: 'NotValidated' });
    fakeApi({ ...planningHandlers([refused]), 'POST /api/lessons/decisions': error(409, 'LESSON_CONFLICT', { conflict: { ...CONFLICT, kind: 'CLASS' } }) });
    const { user } = renderApp(PAGE, { user: officeUser() });
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select INF101, Mon 23/11/2026 08:00–09:50' }));
    await user.click(within(screen.getByRole('group', { name: 'Selected lessons' })).getByRole('button', { name: 'Validate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Validate the selected lessons' });
    await user.click(within(confirm).getByRole('button', { name: 'Validate' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'This lesson overlaps another oneSame class: MTH102 TD, CF4/S, Essomba Brigitte, 24/11/2026 08:00–09:50, room B12',
    );
  });

  it('chooses every lesson of the page but the billed one at once', async () => {
    fakeApi(planningHandlers());
    const { user } = renderApp(PAGE, { user: officeUser() });
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select every lesson of the page' }));
    expect(screen.getByText('2 lessons selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select INF101, Wed 25/11/2026 13:00–14:50' })).not.toBeChecked();
  });

  it('bills the lessons chosen into a billing period, and says when one cannot be billed in it', async () => {
    const api = fakeApi({ ...planningHandlers(), 'POST /api/lessons/billing': error(409, 'LESSON_NOT_BILLABLE') });
    const { user } = renderApp(PAGE, { user: officeUser() });
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select MTH102, Tue 24/11/2026 10:10–12:00' }));
    await user.click(screen.getByRole('button', { name: 'Bill' }));
    await screen.findByRole('dialog', { name: 'Bill 1 lesson' });
    await user.click(within(dialog()).getByRole('button', { name: 'Bill' }));
    expect(await within(dialog()).findByText('This field is required')).toBeInTheDocument();
    expect(api.to('POST', '/api/lessons/billing')).toHaveLength(0);

    await chooseLabelled(user, /^Billing period/, 'November 2026 (01/11/2026 – 30/11/2026)');
    await user.click(within(dialog()).getByRole('button', { name: 'Bill' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Only validated lessons dated within the billing period can be billed in it.');
    expect(api.to('POST', '/api/lessons/billing')[0]!.body).toEqual({ BILLING_PERIOD_ID: 7, LESSON_IDS: [502] });

    api.set('POST /api/lessons/billing', { body: { changed: 1 } });
    await user.click(within(dialog()).getByRole('button', { name: 'Bill' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST', '/api/lessons/billing')).toHaveLength(2);
    expect(await screen.findByText('1 lesson billed !')).toBeInTheDocument();
    expect(screen.getByText('No lesson selected')).toBeInTheDocument();
  });
});

describe('lesson planning: billing periods', () => {
  it('lists the periods with what they billed, and shows an overlap on the form it keeps', async () => {
    const api = fakeApi({ ...planningHandlers(), 'POST /api/billing-periods': error(409, 'BILLING_PERIOD_OVERLAP') });
    const { user } = renderApp(PAGE, { user: officeUser() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Billing periods' }));
    const periods = await screen.findByRole('table', { name: 'Billing periods' });
    expect(within(periods).getAllByRole('row').slice(1).map(cells)).toEqual([['November 2026', '01/11/2026', '30/11/2026', '12', '21.5']]);

    const form = within(dialog()).getByRole('form', { name: 'New billing period' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'December 2026');
    await user.type(within(form).getByRole('textbox', { name: /^First day/ }), '25112026');
    await user.type(within(form).getByRole('textbox', { name: /^Last day/ }), '31122026');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Another billing period covers some of these dates.');
    expect(within(form).getByRole('textbox', { name: /^First day/ })).toHaveAccessibleDescription('Another billing period covers some of these dates.');
    expect(within(form).getByRole('textbox', { name: /^First day/ })).toHaveValue('25/11/2026');
    expect(api.to('POST', '/api/billing-periods')[0]!.body).toEqual({ NAME: 'December 2026', BEGIN_DATE: '2026-11-25', END_DATE: '2026-12-31' });

    api.set('POST /api/billing-periods', {
      status: 201,
      body: { id: 8, name: 'December 2026', beginDate: '2026-12-01', endDate: '2026-12-31', billedLessons: 0, billedHours: 0 },
    });
    const begin = within(form).getByRole('textbox', { name: /^First day/ });
    await user.clear(begin);
    await user.type(begin, '01122026');
    const listed = api.to('GET', '/api/billing-periods').length;
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Billing period December 2026 created !')).toBeInTheDocument();
    expect(api.to('POST', '/api/billing-periods')[1]!.body).toEqual({ NAME: 'December 2026', BEGIN_DATE: '2026-12-01', END_DATE: '2026-12-31' });
    await waitFor(() => expect(api.to('GET', '/api/billing-periods').length).toBeGreaterThan(listed));
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('');
  });

  it('puts a duplicate name on the name field', async () => {
    fakeApi({ ...planningHandlers(), 'POST /api/billing-periods': error(409, 'ALREADY_EXISTS') });
    const { user } = renderApp(PAGE, { user: officeUser() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Billing periods' }));
    const form = within(await screen.findByRole('form', { name: 'New billing period' }));
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'November 2026');
    await user.type(form.getByRole('textbox', { name: /^First day/ }), '01012027');
    await user.type(form.getByRole('textbox', { name: /^Last day/ }), '31012027');
    await user.click(form.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(form.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('An element with this code already exists'));
  });
});
