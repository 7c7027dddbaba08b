import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportReport } from '@portal/contract';
import { SUBJECT_CSV_COLUMNS } from '@portal/contract/rules';
import { error, fakeApi, person, queriesTo } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { academicUser, catalogueHandlers, CLASSES, subject, subjectPage } from './academic-fixtures';

const dialog = () => screen.getByRole('dialog');
const field = (name: RegExp | string) => within(dialog()).getByRole('textbox', { name: typeof name === 'string' ? new RegExp(`^${name}`) : name });
async function choose(user: ReturnType<typeof renderApp>['user'], label: RegExp, option: string) {
  await user.click(within(dialog()).getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('catalogue: departments, branches, cycles, classes', () => {
  it('adds a department with the typed values, then reads the list again', async () => {
    const api = fakeApi({
      ...catalogueHandlers(),
      'POST /api/academic/departments': { status: 201, body: { id: 9, CODE: 'MTH', NAME: 'Mathematics', NAME_FR: 'Mathématiques' } },
    });
    const { user } = renderApp('/academic/catalogue', { user: academicUser() });
    const table = await screen.findByRole('table', { name: 'Departments' });
    expect(within(table).getByText('Computer Science')).toBeInTheDocument();
    expect(within(table).getByText('Informatique')).toBeInTheDocument();
    const listed = api.to('GET', '/api/academic/departments').length;

    await user.click(screen.getByRole('button', { name: 'Add a department' }));
    await screen.findByRole('dialog');
    expect(within(dialog()).getByRole('heading', { name: 'Add a department' })).toBeInTheDocument();
    await user.type(field('Code'), ' MTH ');
    await user.type(field('Name \\(English\\)'), 'Mathematics');
    await user.type(field('Name \\(French\\)'), 'Mathématiques');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST', '/api/academic/departments').map((request) => request.body)).toEqual([
      { CODE: 'MTH', NAME: 'Mathematics', NAME_FR: 'Mathématiques' },
    ]);
    await waitFor(() => expect(api.to('GET', '/api/academic/departments').length).toBeGreaterThan(listed));
  });

  it("checks the form with the contract's rules before sending anything", async () => {
    const api = fakeApi(catalogueHandlers());
    const { user } = renderApp('/academic/catalogue', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'Add a department' }));
    await screen.findByRole('dialog');
    await user.type(field('Code'), 'X'.repeat(21));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('This value is too long')).toBeInTheDocument();
    expect(within(dialog()).getAllByText('This field is required')).toHaveLength(2);
    expect(api.to('POST', '/api/academic/departments')).toHaveLength(0);
  });

  it('shows a duplicate code on the code field and keeps the dialog open', async () => {
    const api = fakeApi({ ...catalogueHandlers(), 'POST /api/academic/departments': error(409, 'ALREADY_EXISTS') });
    const { user } = renderApp('/academic/catalogue', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'Add a department' }));
    await screen.findByRole('dialog');
    await user.type(field('Code'), 'INF');
    await user.type(field('Name \\(English\\)'), 'Informatics');
    await user.type(field('Name \\(French\\)'), 'Informatique');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('An element with this code already exists');
    expect(field('Code')).toHaveAccessibleDescription('An element with this code already exists');
    expect(field('Code')).toHaveValue('INF');
    expect(api.to('POST', '/api/academic/departments')).toHaveLength(1);
  });

  it("puts the server's field errors on their fields", async () => {
    fakeApi({ ...catalogueHandlers(), 'PATCH /api/academic/departments/2': error(400, 'VALIDATION_FAILED', { fields: { NAME_FR: 'validation.tooLong' } }) });
    const { user } = renderApp('/academic/catalogue', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'Edit GES' }));
    await screen.findByRole('dialog');
    expect(field('Code')).toHaveValue('GES');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('Name \\(French\\)')).toHaveAccessibleDescription('This value is too long'));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Fill correctly the blanks to continue');
  });

  it('edits a branch: its department is chosen from the list and sent as a number', async () => {
    const api = fakeApi({ ...catalogueHandlers(), 'PATCH /api/academic/branches/3': { body: {} } });
    const { user } = renderApp('/academic/catalogue?tab=branches', { user: academicUser() });
    const table = await screen.findByRole('table', { name: 'Branches' });
    const [, first] = within(table).getAllByRole('row');
    expect(within(first!).getByText('INF')).toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Edit GL' }));
    await screen.findByRole('dialog');
    expect(field('Abbreviation')).toHaveValue('GL');
    await choose(user, /^Department/, 'GES – Management');
    await user.clear(field('Name \\(English\\)'));
    await user.type(field('Name \\(English\\)'), 'Software engineering');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/academic/branches/3')).toHaveLength(1));
    expect(api.to('PATCH', '/api/academic/branches/3')[0]!.body).toEqual({
      ABBREVIATION: 'GL',
      NAME: 'Software engineering',
      NAME_FR: 'Génie logiciel',
      DEPARTMENT_ID: 2,
    });
  });

  it('refuses a cycle whose last level comes before its first', async () => {
    const api = fakeApi(catalogueHandlers());
    const { user } = renderApp('/academic/catalogue?tab=cycles', { user: academicUser() });
    const table = await screen.findByRole('table', { name: 'Cycles' });
    expect(within(table).getByText('4 to 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a cycle' }));
    await screen.findByRole('dialog');
    await user.type(field('Code'), 'DUT');
    await user.type(field('Name \\(English\\)'), 'University diploma');
    await user.type(field('Name \\(French\\)'), 'Diplôme universitaire');
    await choose(user, /^First level/, 'Level 3');
    await choose(user, /^Last level/, 'Level 2');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('This value is not valid')).toBeInTheDocument();
    expect(api.to('POST', '/api/academic/cycles')).toHaveLength(0);
  });

  it('shows each class with its branch, cycle, level and shift, and creates one', async () => {
    const api = fakeApi({ ...catalogueHandlers(), 'POST /api/academic/classes': { status: 201, body: {} } });
    const { user } = renderApp('/academic/catalogue?tab=classes', { user: academicUser() });
    const table = await screen.findByRole('table', { name: 'Classes' });
    const [, first, second] = within(table).getAllByRole('row');
    await waitFor(() => expect(within(first!).getByText('Level 1')).toBeInTheDocument());
    expect(within(first!).getByText('GL')).toBeInTheDocument();
    expect(within(first!).getByText('HND')).toBeInTheDocument();
    expect(within(first!).getByText('Day')).toBeInTheDocument();
    expect(within(second!).getByText('CF')).toBeInTheDocument();
    expect(within(second!).getByText('Evening')).toBeInTheDocument();
    expect(within(second!).getByText('Level 4')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a class' }));
    await screen.findByRole('dialog');
    await user.type(field('Code'), 'GL2/S');
    await choose(user, /^Shift/, 'Evening');
    await choose(user, /^Branch/, 'GL – Software Engineering');
    await choose(user, /^Cycle/, 'Higher National Diploma (BTS)');
    await choose(user, /^Level/, 'Level 2');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('POST', '/api/academic/classes')).toHaveLength(1));
    expect(api.to('POST', '/api/academic/classes')[0]!.body).toEqual({ CODE: 'GL2/S', BRANCH_ID: 3, CYCLE_ID: 5, LEVEL_ID: 2, SHIFT: 'EVENING' });
  });

  it('asks before deleting, and says when the entry is in use', async () => {
    const api = fakeApi({
      ...catalogueHandlers(),
      'DELETE /api/academic/classes/11': error(409, 'IN_USE'),
      'DELETE /api/academic/classes/12': { status: 204 },
    });
    const { user } = renderApp('/academic/catalogue?tab=classes', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'Delete GL1/J' }));
    expect(within(dialog()).getByRole('heading', { name: 'Delete GL1/J?' })).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('This element is in use and cannot be deleted');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const listed = api.to('GET', '/api/academic/classes').length;
    await user.click(screen.getByRole('button', { name: 'Delete CF4/S' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('DELETE', '/api/academic/classes/12')).toHaveLength(1);
    expect(api.to('DELETE', '/api/academic/classes/11')).toHaveLength(1);
    await waitFor(() => expect(api.to('GET', '/api/academic/classes').length).toBeGreaterThan(listed));
  });
});

describe('catalogue: subjects', () => {
  it('lists subjects with their hours, rate and credits, searched and filtered by class on the server', async () => {
    fakeApi({ ...catalogueHandlers(), 'GET /api/academic/subjects': { body: subjectPage([subject()], 120) } });
    const { user } = renderApp('/academic/catalogue?tab=subjects', { user: academicUser() });
    const table = await screen.findByRole('table', { name: 'Subjects' });
    const [, first] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['INF101', 'Introduction to programming', 'Introduction à la programmation', 'GL1/J', '30', '20', '10', '5.000 FCFA', '4', '']);
    expect(screen.getByText('1–50 of 120')).toBeInTheDocument();
    expect(Object.fromEntries(queriesTo('/api/academic/subjects')[0]!)).toEqual({ page: '1', pageSize: '50' });

    await user.click(screen.getByRole('button', { name: 'Go to the next page' }));
    await waitFor(() => expect(queriesTo('/api/academic/subjects').at(-1)?.get('page')).toBe('2'));

    await user.type(screen.getByRole('searchbox', { name: 'Search by code or name' }), 'prog');
    await waitFor(() => expect(queriesTo('/api/academic/subjects').at(-1)?.get('search')).toBe('prog'));
    expect(queriesTo('/api/academic/subjects').at(-1)?.get('page')).toBe('1');

    await user.click(screen.getByRole('combobox', { name: 'Class' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'CF4/S' }));
    await waitFor(() => expect(queriesTo('/api/academic/subjects').at(-1)?.get('classId')).toBe(String(CLASSES[1]!.id)));
    expect(Object.fromEntries(queriesTo('/api/academic/subjects').at(-1)!)).toEqual({ search: 'prog', classId: '12', page: '1', pageSize: '50' });
  });

  it('creates a subject with numbers for its hours, rate and credits, and needs some hours', async () => {
    const api = fakeApi({ ...catalogueHandlers(), 'POST /api/academic/subjects': { status: 201, body: subject({ id: 22 }) } });
    const { user } = renderApp('/academic/catalogue?tab=subjects', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'Add a subject' }));
    await screen.findByRole('dialog');
    await user.type(field('Code'), 'INF102');
    await choose(user, /^Class/, 'GL1/J');
    await user.type(field('Name \\(English\\)'), 'Algorithms');
    await user.type(field('Name \\(French\\)'), 'Algorithmique');
    for (const name of ['Lecture hours', 'Tutorial hours', 'Practical hours']) await user.type(field(name), '0');
    await user.type(field('Hourly rate'), '6000');
    await user.type(field('Credits'), '3');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('A subject needs hours in at least one part (lecture, tutorial or practical)')).toBeInTheDocument();
    expect(api.to('POST', '/api/academic/subjects')).toHaveLength(0);

    await user.clear(field('Lecture hours'));
    await user.type(field('Lecture hours'), '24');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('POST', '/api/academic/subjects')).toHaveLength(1));
    expect(api.to('POST', '/api/academic/subjects')[0]!.body).toEqual({
      CODE: 'INF102',
      NAME: 'Algorithms',
      NAME_FR: 'Algorithmique',
      CLASS_ID: 11,
      HOURS_CM: 24,
      HOURS_TD: 0,
      HOURS_TP: 0,
      HOURLY_RATE: 6000,
      CREDITS: 3,
    });
  });

  it('imports a CSV file: a check first with its rejected lines, then the import', async () => {
    const dryRun: ImportReport = {
      inserted: 3,
      updated: 1,
      dryRun: true,
      rejected: [
        { LINE: 4, ERRORS: { CLASS_CODE: 'validation.unknownClass', HOURS_CM: 'validation.invalid' } },
        { LINE: 7, ERRORS: { _: 'validation.duplicateLine' } },
      ],
    };
    const done: ImportReport = { ...dryRun, dryRun: false };
    const api = fakeApi(catalogueHandlers());
    let calls = 0;
    api.set('POST /api/academic/subjects/import', () => ({ body: calls++ === 0 ? dryRun : done }));
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const { user } = renderApp('/academic/catalogue?tab=subjects', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'Import subjects (CSV)' }));
    await screen.findByRole('dialog');

    const template = within(dialog()).getByRole('link', { name: 'Download the template' });
    expect(decodeURIComponent(template.getAttribute('href')!.split(',')[1]!)).toBe(`${SUBJECT_CSV_COLUMNS.join(';')}\r\n`);
    expect(template).toHaveAttribute('download', 'subjects-template.csv');
    expect(within(dialog()).getByRole('button', { name: 'Import' })).toBeDisabled();

    const file = new File(['CLASS_CODE;CODE;NAME;HOURS_CM;HOURS_TD;HOURS_TP;HOURLY_RATE;CREDITS\n'], 'subjects.csv', { type: 'text/csv' });
    await user.upload(within(dialog()).getByLabelText('Choose a CSV file'), file);
    expect(within(dialog()).getByText('subjects.csv')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Check' }));

    const checked = await within(dialog()).findByRole('status');
    expect(checked).toHaveTextContent('Check done: nothing was saved yet.');
    expect(
      within(checked)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Subjects to add: 3', 'Subjects to update: 1', 'Lines rejected: 2']);
    expect(open).toHaveBeenLastCalledWith('POST', '/api/academic/subjects/import?dryRun=true');
    expect(api.to('POST', '/api/academic/subjects/import')[0]!.body).toEqual({ FILE: { name: 'subjects.csv', type: 'text/csv', size: file.size } });
    const rejected = within(dialog()).getByRole('table', { name: 'Rejected lines' });
    const [, line4, line7] = within(rejected).getAllByRole('row');
    expect(within(line4!).getByText('4')).toBeInTheDocument();
    expect(within(line4!).getByText('Class code: No class has this code')).toBeInTheDocument();
    expect(within(line4!).getByText('Lecture hours (CM): This value is not valid')).toBeInTheDocument();
    expect(within(line7!).getByText('This subject appears twice in the file')).toBeInTheDocument();

    const listed = api.to('GET', '/api/academic/subjects').length;
    await user.click(within(dialog()).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(within(dialog()).getByRole('status')).toHaveTextContent('Import done.'));
    expect(
      within(within(dialog()).getByRole('status'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Subjects added: 3', 'Subjects updated: 1', 'Lines rejected: 2']);
    expect(open).toHaveBeenLastCalledWith('POST', '/api/academic/subjects/import?dryRun=false');
    await waitFor(() => expect(api.to('GET', '/api/academic/subjects').length).toBeGreaterThan(listed));
  });

  it('says when the file is not a readable CSV', async () => {
    fakeApi({ ...catalogueHandlers(), 'POST /api/academic/subjects/import': error(400, 'CSV_INVALID') });
    const { user } = renderApp('/academic/catalogue?tab=subjects', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'Import subjects (CSV)' }));
    await screen.findByRole('dialog');
    await user.upload(within(dialog()).getByLabelText('Choose a CSV file'), new File(['nonsense'], 'x.csv', { type: 'text/csv' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Check' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('The file is not a readable CSV with the expected columns');
    expect(within(dialog()).getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});

describe('catalogue access', () => {
  it('is not found for a lecturer, who sends no request', async () => {
    const api = fakeApi(catalogueHandlers());
    renderApp('/academic/catalogue', { user: person({ KIND: 'STAFF', ROLES: [], STATUS: 'VACATAIRE' }) });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', '/api/academic/departments')).toHaveLength(0);
  });

  it('lets an administrator in', async () => {
    fakeApi(catalogueHandlers());
    renderApp('/academic/catalogue', { user: academicUser({ ROLES: ['ADMIN'] }) });
    expect(await screen.findByRole('heading', { name: 'Catalogue', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Departments' })).toBeInTheDocument();
  });
});
