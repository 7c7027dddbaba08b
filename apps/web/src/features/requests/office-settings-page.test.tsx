import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error, fakeApi } from '../../test/fake-api';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { renderApp } from '../../test/render-app';
import { CATALOGUE, DISPLAY, FIN, hopConfig, member, requestConfig, SCHOOL, SENG } from './office-fixtures';

const CONFIG = '/api/request-config';

const dialog = () => screen.findByRole('dialog');
const box = (scope: HTMLElement, name: string) => within(scope).getByRole('textbox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
const choose = async (user: ReturnType<typeof renderApp>['user'], scope: HTMLElement, name: string, option: string) => {
  await user.click(within(scope).getByRole('combobox', { name: new RegExp(`^${name}`) }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
};

function settingsApi(more: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [`GET ${CONFIG}`]: { body: requestConfig() },
    'GET /api/catalogue': { body: CATALOGUE },
    [`GET ${CONFIG}/members`]: {
      body: [
        member(),
        member({ id: 43, MATRICULE: 'BO0001', username: 'hr', FIRSTNAME: 'Awa', LASTNAME: 'Mbarga', ROLES: ['HR', 'REQUESTS'], REQUEST_UNIT_ID: null }),
      ],
    },
    ...more,
  });
}

describe('requests settings: units and members', () => {
  it("lists the units with their school's department and members, and creates one with the contract's rules", async () => {
    const api = settingsApi({
      [`POST ${CONFIG}/units`]: { status: 201, body: { id: 9, code: 'LIB', name: 'Library', nameFr: 'Bibliothèque', departmentId: 3, members: 0 } },
    });
    const { user } = renderApp('/office/requests/settings', { user: DEMO_PEOPLE.admin() });
    const table = await screen.findByRole('table', { name: 'Units' });
    const [, seng, school] = within(table).getAllByRole('row');
    expect(
      within(seng!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['SENG', "Lecturers' service", 'Service des enseignants', '—', '1', '']);
    expect(await within(school!).findByText('INF – Computer Science')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New unit' }));
    const form = await dialog();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('This field is required')).toHaveLength(3);
    expect(api.to('POST', `${CONFIG}/units`)).toHaveLength(0);
    await user.type(box(form, 'Code'), 'lib');
    await user.type(box(form, 'Name (English)'), 'Library');
    await user.type(box(form, 'Name (French)'), 'Bibliothèque');
    await choose(user, form, "School's department", 'INF – Computer Science');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created !')).toBeInTheDocument();
    // the contract's schema writes the code in capitals
    expect(api.to('POST', `${CONFIG}/units`)[0]!.body).toEqual({ code: 'LIB', name: 'Library', nameFr: 'Bibliothèque', departmentId: 3 });
  });

  it('shows a duplicate code on the code field (409 ALREADY_EXISTS)', async () => {
    settingsApi({ [`PATCH ${CONFIG}/units/3`]: error(409, 'ALREADY_EXISTS') });
    const { user } = renderApp('/office/requests/settings', { user: DEMO_PEOPLE.admin() });
    await user.click(await screen.findByRole('button', { name: 'Edit FIN' }));
    const form = await dialog();
    expect(box(form, 'Code')).toHaveValue('FIN');
    await user.clear(box(form, 'Code'));
    await user.type(box(form, 'Code'), 'SENG');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('An element with this code already exists');
    expect(box(form, 'Code')).toHaveAccessibleDescription('An element with this code already exists');
  });

  it('puts a back-office account in a unit, or in none', async () => {
    const api = settingsApi({ [`PUT ${CONFIG}/members/43`]: { body: member({ id: 43, REQUEST_UNIT_ID: 4 }) } });
    const { user } = renderApp('/office/requests/settings?tab=members', { user: DEMO_PEOPLE.admin() });
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getByRole('combobox', { name: 'Unit of Ngo Estelle' })).toHaveTextContent("SENG – Lecturers' service");
    expect(within(table).getByRole('combobox', { name: 'Unit of Mbarga Awa' })).toHaveTextContent('No unit');
    await choose(user, table, 'Unit of Mbarga Awa', 'HR – Human resources');
    expect(await screen.findByText('Unit of Mbarga Awa saved !')).toBeInTheDocument();
    expect(api.to('PUT', `${CONFIG}/members/43`)[0]!.body).toEqual({ REQUEST_UNIT_ID: 4 });
  });
});

describe('requests settings: categories and their form', () => {
  it("edits a sub-category's filing form: each group hidden, optional or required, and the week's timetable", async () => {
    const api = settingsApi({ [`PATCH ${CONFIG}/subcategories/11`]: { body: requestConfig().categories[0]!.subcategories[0] } });
    const { user } = renderApp('/office/requests/settings?tab=categories', { user: DEMO_PEOPLE.admin() });
    const category = await screen.findByRole('region', { name: 'Teaching claims' });
    const subs = within(within(category).getByRole('table', { name: 'Sub-categories of Teaching claims' })).getAllByRole('row');
    expect(
      within(subs[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['HOURS', 'Missing hours', "SENG – Lecturers' service", 'Offered', '1', '']);
    await user.click(within(category).getByRole('button', { name: 'Edit HOURS' }));
    const form = await dialog();
    const editor = within(form).getByRole('group', { name: 'The filing form' });
    const presence = (group: string) => within(editor).getByRole('radiogroup', { name: group });
    expect(within(presence('Class and subject')).getByRole('radio', { name: 'Required' })).toBeChecked();
    expect(within(presence('Contract number')).getByRole('radio', { name: 'Hidden' })).toBeChecked();
    await user.click(within(presence('Contract number')).getByRole('radio', { name: 'Required' }));
    await user.click(within(presence('Hourly volume')).getByRole('radio', { name: 'Hidden' }));
    const timetable = within(editor).getByRole('switch', { name: "Show the week's timetable beside the form" });
    expect(timetable).toBeChecked();
    await user.click(timetable);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved !')).toBeInTheDocument();
    expect(api.to('PATCH', `${CONFIG}/subcategories/11`)[0]!.body).toEqual({
      code: 'HOURS',
      categoryId: 1,
      name: 'Missing hours',
      nameFr: 'Heures manquantes',
      description: 'Hours taught but not counted',
      descriptionFr: 'Heures faites mais non comptées',
      display: { ...DISPLAY, CONTRACT_NUMBER: 'REQUIRED', VH: 'HIDDEN', TIME_TABLE: false },
      firstUnitId: SENG.id,
      position: 1,
      enabled: true,
    });
  });

  it('creates a category, offered or not, and a sub-category that starts at a first unit', async () => {
    const api = settingsApi({
      [`POST ${CONFIG}/categories`]: { status: 201, body: { ...requestConfig().categories[0]!, id: 2 } },
      [`POST ${CONFIG}/subcategories`]: { status: 201, body: requestConfig().categories[0]!.subcategories[0] },
    });
    const { user } = renderApp('/office/requests/settings?tab=categories', { user: DEMO_PEOPLE.admin() });
    await user.click(await screen.findByRole('button', { name: 'New category' }));
    let form = await dialog();
    await user.type(box(form, 'Code'), 'repro');
    await user.clear(box(form, 'Position'));
    await user.type(box(form, 'Position'), '2');
    await user.type(box(form, 'Name (English)'), 'Reprography');
    await user.type(box(form, 'Name (French)'), 'Reprographie');
    await user.type(box(form, 'Description (English)'), 'Copies for the students');
    await user.type(box(form, 'Description (French)'), 'Copies pour les étudiants');
    await user.click(within(form).getByRole('switch', { name: 'Offered on the filing form' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Created !');
    // a new category is filed under by staff unless said otherwise
    expect(api.to('POST', `${CONFIG}/categories`)[0]!.body).toEqual({
      code: 'REPRO',
      name: 'Reprography',
      nameFr: 'Reprographie',
      description: 'Copies for the students',
      descriptionFr: 'Copies pour les étudiants',
      audience: 'STAFF',
      position: 2,
      enabled: false,
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'New sub-category' }));
    form = await dialog();
    await user.type(box(form, 'Code'), 'COPIES');
    await user.type(box(form, 'Name (English)'), 'Copies');
    await user.type(box(form, 'Name (French)'), 'Copies');
    await user.type(box(form, 'Description (English)'), 'Copies');
    await user.type(box(form, 'Description (French)'), 'Copies');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    // the first unit is required
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    await choose(user, form, 'First unit', "SENG – Lecturers' service");
    const editor = within(form).getByRole('group', { name: 'The filing form' });
    await user.click(within(within(editor).getByRole('radiogroup', { name: 'Reprography' })).getByRole('radio', { name: 'Required' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Created !');
    const body = api.to('POST', `${CONFIG}/subcategories`)[0]!.body as { categoryId: number; firstUnitId: number; display: Record<string, unknown> };
    expect(body.categoryId).toBe(1);
    expect(body.firstUnitId).toBe(SENG.id);
    expect(body.display).toEqual({
      CLASS_ID: 'HIDDEN',
      REQUEST_PBLM_DATE: 'HIDDEN',
      CONTRACT_NUMBER: 'HIDDEN',
      VH: 'HIDDEN',
      TH: 'HIDDEN',
      TI: 'HIDDEN',
      AMOUNT: 'HIDDEN',
      REPRO: 'REQUIRED',
      DESCRIPTION: 'OPTIONAL',
      FILE: 'OPTIONAL',
      TIME_TABLE: false,
    });
  });
});

describe('requests settings: who files under a category (decision 41)', () => {
  /** the configuration with a students' category (Grades) and its grade dispute, which starts at SENG in this fixture */
  const withStudents = () => {
    const config = requestConfig();
    const teaching = config.categories[0]!;
    const grades = {
      ...teaching,
      id: 2,
      code: 'GRADES',
      name: 'Grades',
      nameFr: 'Notes',
      audience: 'STUDENT' as const,
      position: 2,
      subcategories: [{ ...teaching.subcategories[0]!, id: 12, code: 'DISPUTE', name: 'Grade dispute', nameFr: 'Contestation de note', categoryId: 2 }],
    };
    return requestConfig({ categories: [teaching, grades] });
  };

  it("shows each category's audience and changes it: the staff's category becomes the students'", async () => {
    const api = settingsApi({
      [`GET ${CONFIG}`]: { body: withStudents() },
      [`PATCH ${CONFIG}/categories/1`]: { body: { ...requestConfig().categories[0]!, audience: 'STUDENT' } },
    });
    const { user } = renderApp('/office/requests/settings?tab=categories', { user: DEMO_PEOPLE.admin() });
    expect(within(await screen.findByRole('region', { name: 'Teaching claims' })).getByText('Lecturers and staff')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Grades' })).getByText('Students')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit TEACH' }));
    const form = await dialog();
    expect(within(form).getByRole('combobox', { name: /^Filed by/ })).toHaveTextContent('Lecturers and staff');
    await choose(user, form, 'Filed by', 'Students');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved !')).toBeInTheDocument();
    expect(api.to('PATCH', `${CONFIG}/categories/1`)[0]!.body).toMatchObject({ code: 'TEACH', audience: 'STUDENT' });
  });

  it("shows a students' sub-category's form without the staff-only groups nor the week, and says where it starts", async () => {
    const api = settingsApi({
      [`GET ${CONFIG}`]: { body: withStudents() },
      [`PATCH ${CONFIG}/subcategories/12`]: { body: withStudents().categories[1]!.subcategories[0] },
    });
    const { user } = renderApp('/office/requests/settings?tab=categories', { user: DEMO_PEOPLE.admin() });
    await user.click(within(await screen.findByRole('region', { name: 'Grades' })).getByRole('button', { name: 'Edit DISPUTE' }));
    const form = await dialog();
    const editor = within(form).getByRole('group', { name: 'The filing form' });
    expect(within(editor).getByText(/Never on a student's form/)).toBeInTheDocument();
    const presence = (group: string) => within(editor).getByRole('radiogroup', { name: group });
    // the fixture's configuration asks for the hours: a student's form never shows them
    expect(within(presence('Hourly volume')).getByRole('radio', { name: 'Hidden' })).toBeChecked();
    expect(within(presence('Hourly volume')).getByRole('radio', { name: 'Required' })).toBeDisabled();
    expect(within(presence('Class and subject')).getByRole('radio', { name: 'Required' })).toBeChecked();
    expect(within(presence('Class and subject')).getByRole('radio', { name: 'Optional' })).toBeEnabled();
    expect(within(editor).getByRole('switch', { name: "Show the week's timetable beside the form" })).toBeDisabled();
    await user.click(within(presence('Description')).getByRole('radio', { name: 'Required' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved !')).toBeInTheDocument();
    expect((api.to('PATCH', `${CONFIG}/subcategories/12`)[0]!.body as { display: Record<string, unknown> }).display).toMatchObject({
      DESCRIPTION: 'REQUIRED',
      CLASS_ID: 'REQUIRED',
    });

    await user.click(screen.getByRole('tab', { name: 'Routing' }));
    await choose(user, document.body, 'Sub-category', 'Grades · Grade dispute');
    expect(await screen.findByText("Students' requests start at SENG – Lecturers' service: they need no signature.")).toBeInTheDocument();
  });
});

describe('requests settings: routing', () => {
  it('shows each hop of a sub-category with its decisions; what is in use cannot be deleted', async () => {
    settingsApi();
    renderApp('/office/requests/settings?tab=routing', { user: DEMO_PEOPLE.admin() });
    const hop = await screen.findByRole('region', { name: "SENG – Lecturers' service to SCH-INF – School of Computer Science" });
    expect(screen.getByText("Requests start at SENG – Lecturers' service, which records their signature.")).toBeInTheDocument();
    expect(within(hop).getByRole('button', { name: /^Delete the hop/ })).toBeDisabled();
    const [, validate, refuse] = within(within(hop).getByRole('table')).getAllByRole('row');
    expect(
      within(validate!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 4),
    ).toEqual(['Validate', 'Valider', 'Validated', 'Send on to FIN – Finance']);
    expect(
      within(refuse!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 4),
    ).toEqual(['Refuse', 'Refuser', 'Not validated', 'Back to its author']);
    expect(within(validate!).getByRole('button', { name: 'Delete Validate' })).toBeEnabled();
    expect(within(refuse!).getByRole('button', { name: 'Delete Refuse' })).toBeDisabled();
  });

  it('deletes an unused decision, and says so when the server finds it in use (409 IN_USE)', async () => {
    const api = settingsApi({ 'DELETE /api/request-config/decisions/61': error(409, 'IN_USE') });
    const { user } = renderApp('/office/requests/settings?tab=routing', { user: DEMO_PEOPLE.admin() });
    await user.click(await screen.findByRole('button', { name: 'Delete Validate' }));
    const confirm = await dialog();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('This element is in use and cannot be deleted');
    api.set('DELETE /api/request-config/decisions/61', { status: 204 });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted !')).toBeInTheDocument();
  });

  it('adds a hop and deletes an unused one', async () => {
    const api = settingsApi({
      [`GET ${CONFIG}`]: {
        body: requestConfig({ hops: [hopConfig(), hopConfig({ id: 52, fromUnitId: SCHOOL.id, toUnitId: FIN.id, used: false, decisions: [] })] }),
      },
      [`POST ${CONFIG}/hops`]: { status: 201, body: hopConfig({ id: 53 }) },
      'DELETE /api/request-config/hops/52': { status: 204 },
    });
    const { user } = renderApp('/office/requests/settings?tab=routing', { user: DEMO_PEOPLE.admin() });
    const unused = await screen.findByRole('region', { name: 'SCH-INF – School of Computer Science to FIN – Finance' });
    expect(within(unused).getByText('No decision yet.')).toBeInTheDocument();
    await user.click(within(unused).getByRole('button', { name: /^Delete the hop/ }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Deleted !');
    expect(api.to('DELETE', '/api/request-config/hops/52')).toHaveLength(1);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'New hop' }));
    const form = await dialog();
    await choose(user, form, 'From unit', 'FIN – Finance');
    await choose(user, form, 'To unit', 'HR – Human resources');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Created !');
    expect(api.to('POST', `${CONFIG}/hops`)[0]!.body).toEqual({ subcategoryId: 11, fromUnitId: FIN.id, toUnitId: 4 });
  });

  it('adds a decision that sends the request on, and shows the forward refused without a hop (400 DECISION_FORWARD_INVALID)', async () => {
    const api = settingsApi({ [`POST ${CONFIG}/decisions`]: error(400, 'DECISION_FORWARD_INVALID') });
    const { user } = renderApp('/office/requests/settings?tab=routing', { user: DEMO_PEOPLE.admin() });
    const hop = await screen.findByRole('region', { name: "SENG – Lecturers' service to SCH-INF – School of Computer Science" });
    await user.click(within(hop).getByRole('button', { name: 'New decision' }));
    const form = await dialog();
    expect(within(form).getByRole('heading', { name: 'New decision of School of Computer Science' })).toBeInTheDocument();
    await user.type(box(form, 'Label (English)'), 'Send to HR');
    await user.type(box(form, 'Label (French)'), 'Transmettre aux RH');
    await choose(user, form, 'Resulting status', 'Validated');
    // the deciding unit is not offered as the next one
    await user.click(within(form).getByRole('combobox', { name: /^Then/ }));
    expect(within(screen.getByRole('listbox')).queryByRole('option', { name: 'Send on to SCH-INF – School of Computer Science' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Send on to HR – Human resources' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('A decision that sends the request on needs a hop from this unit to that unit.');
    expect(api.to('POST', `${CONFIG}/decisions`)[0]!.body).toEqual({
      hopId: 51,
      label: 'Send to HR',
      labelFr: 'Transmettre aux RH',
      status: 'VALIDATED',
      forwardUnitId: 4,
    });
    expect(within(form).getByRole('combobox', { name: /^Then/ })).toHaveAccessibleDescription(
      'A decision that sends the request on needs a hop from this unit to that unit.',
    );
  });

  it('is for the administrators only', async () => {
    const api = settingsApi();
    renderApp('/office/requests/settings', { user: DEMO_PEOPLE.seng() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', CONFIG)).toHaveLength(0);
  });
});
