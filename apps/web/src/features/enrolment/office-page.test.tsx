import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error, fakeApi, queriesTo } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { APPLICATIONS_PATH, CLASS_OFFER, DECISIONS_PATH, officeHandlers, officeUser, SESSIONS_PATH, studentUser } from './enrolment-fixtures';
import { choose } from '../../test/select';

type User = ReturnType<typeof renderApp>['user'];
const PAGE = '/academic/enrolment';
const applicationsTable = () => screen.findByRole('table', { name: 'Applications' });
const offersTable = () => screen.findByRole('table', { name: 'Offers' });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
async function rowOf(table: HTMLElement, text: string) {
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}
async function chooseLabelled(user: User, label: string | RegExp, option: string | RegExp, within_: HTMLElement | null = null) {
  await choose(user, (within_ ? within(within_) : screen).getByRole('combobox', { name: label }), option);
}

describe('student enrolment (the academic office)', () => {
  it('shows the newest session, its offers with their seats, and its applications with their status', async () => {
    fakeApi(officeHandlers());
    renderApp(PAGE, { user: officeUser() });
    expect(await screen.findByRole('heading', { name: 'Student enrolment', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('From 02/03/2026 to 29/03/2026 · 3 applications per student')).toBeInTheDocument();
    expect(screen.getByText('3 offers, 5 applications, 4 to decide')).toBeInTheDocument();
    const offers = await offersTable();
    expect(cells(await rowOf(offers, 'HND1 SWE/J A'))).toEqual(['Class', 'HND1 SWE/J A', '2', '2', '0', '1', '1', '1', 'ApplicationsCapacity']);
    // an offer nobody applied to can be removed
    expect(cells(await rowOf(offers, 'CGE101 – General Accounting'))).toEqual([
      'Optional subject',
      'CGE101 – General AccountingBTS1 CGE/J A',
      '3',
      '1',
      '2',
      '0',
      '0',
      '0',
      'ApplicationsCapacityRemove',
    ]);
    const applications = await applicationsTable();
    const waitlisted = await rowOf(applications, 'ST24A011');
    expect(cells(waitlisted).slice(1, 5)).toEqual(['Fouda CarineST24A011', 'BTS1 GSI/J A', 'HND1 SWE/J A', 'Waiting list']);
    // a waitlisted application is accepted or refused; an accepted one is final
    expect(
      within(waitlisted)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Refuse']);
    const accepted = await rowOf(applications, 'ST24A009');
    expect(within(accepted).queryAllByRole('button')).toHaveLength(0);
    expect(within(accepted).getByRole('checkbox')).toBeDisabled();
    expect(Object.fromEntries(queriesTo(APPLICATIONS_PATH)[0]!)).toEqual({ session: '7', page: '1', pageSize: '20' });
  });

  it('keeps the session, offer, status and search filters in the URL and asks for them', async () => {
    fakeApi(officeHandlers());
    const { user, location } = renderApp(PAGE, { user: officeUser() });
    await applicationsTable();
    await chooseLabelled(user, 'Class or subject', 'BTS2 GSI/J A');
    await chooseLabelled(user, 'Status', 'Pending');
    await user.type(screen.getByRole('searchbox', { name: 'Student (matricule or name)' }), 'Bello');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({ offer: String(CLASS_OFFER.id), status: 'PENDING', search: 'Bello' }),
    );
    await waitFor(() =>
      expect(Object.fromEntries(queriesTo(APPLICATIONS_PATH).at(-1)!)).toEqual({
        session: '7',
        offer: '301',
        status: 'PENDING',
        search: 'Bello',
        page: '1',
        pageSize: '20',
      }),
    );
    // the export follows the filters
    expect(screen.getByRole('link', { name: 'Export (CSV)' })).toHaveAttribute(
      'href',
      '/api/enrolment-applications/export?session=7&offer=301&status=PENDING&search=Bello',
    );
    // another session: its offers, and the offer filter lifted
    await chooseLabelled(user, 'Enrolment session', /Enrolment, semester 1/);
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({ session: '6', status: 'PENDING', search: 'Bello' }));
    expect(await screen.findByText('Nothing is offered yet: add a class or an optional subject.')).toBeInTheDocument();
  });

  it('accepts one application after a confirmation, sending the status it was seen in', async () => {
    const api = fakeApi(officeHandlers());
    const { user } = renderApp(PAGE, { user: officeUser() });
    const table = await applicationsTable();
    await user.click(within(await rowOf(table, 'ST24A011')).getByRole('button', { name: 'Accept the application of Fouda Carine (ST24A011)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this application?' });
    expect(within(dialog).getByText(/^Fouda Carine \(ST24A011\), HND1 SWE\/J A: the application will be accepted/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(api.to('POST', DECISIONS_PATH).map((r) => r.body)).toEqual([{ DECISION: 'ACCEPT', APPLICATIONS: [{ ID: 703, STATUS: 'WAITLISTED' }] }]),
    );
    expect(await screen.findByText('1 application accepted !')).toBeInTheDocument();
  });

  it('waitlists a selection at once', async () => {
    const api = fakeApi(officeHandlers());
    const { user } = renderApp(PAGE, { user: officeUser() });
    const table = await applicationsTable();
    const selection = screen.getByRole('group', { name: 'Decision on the applications chosen' });
    expect(within(selection).getByRole('button', { name: 'Waiting list' })).toBeDisabled();
    await user.click(within(await rowOf(table, 'ST24A004')).getByRole('checkbox'));
    await user.click(within(await rowOf(table, 'ST24A007')).getByRole('checkbox'));
    expect(within(selection).getByText('2 applications chosen')).toBeInTheDocument();
    await user.click(within(selection).getByRole('button', { name: 'Waiting list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Put these applications on the waiting list?' });
    await user.click(within(dialog).getByRole('button', { name: 'Waiting list' }));
    await waitFor(() =>
      expect(api.to('POST', DECISIONS_PATH).map((r) => r.body)).toEqual([
        {
          DECISION: 'WAITLIST',
          APPLICATIONS: [
            { ID: 701, STATUS: 'PENDING' },
            { ID: 705, STATUS: 'PENDING' },
          ],
        },
      ]),
    );
    expect(await screen.findByText('2 applications put on the waiting list !')).toBeInTheDocument();
  });

  it('shows why a decision was refused (decided meanwhile, no seat) and reloads the list', async () => {
    const api = fakeApi(officeHandlers({ [`POST ${DECISIONS_PATH}`]: error(409, 'ENROLMENT_DECIDED') }));
    const { user } = renderApp(PAGE, { user: officeUser() });
    const table = await applicationsTable();
    await user.click(within(await rowOf(table, 'ST24A005')).getByRole('button', { name: /^Refuse/ }));
    const dialog = await screen.findByRole('dialog');
    const reads = api.to('GET', APPLICATIONS_PATH).length;
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This application was decided or withdrawn in the meantime; reload the list');
    await waitFor(() => expect(api.to('GET', APPLICATIONS_PATH).length).toBeGreaterThan(reads));
  });

  it('opens a session with its days typed dd/mm/yyyy, and refuses a last day before the first', async () => {
    const api = fakeApi(officeHandlers({ [`POST ${SESSIONS_PATH}`]: (request) => ({ status: 201, body: { id: 8, ...(request.body as object) } }) }));
    const { user, location } = renderApp(PAGE, { user: officeUser() });
    await applicationsTable();
    await user.click(screen.getByRole('button', { name: 'New session' }));
    const dialog = await screen.findByRole('dialog', { name: 'New session' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name \(English\)/ }), 'Enrolment, semester 2');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name \(French\)/ }), 'Inscriptions, semestre 2');
    await user.type(within(dialog).getByRole('textbox', { name: /^First day/ }), '10042026');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last day/ }), '01042026');
    await chooseLabelled(user, /^Applications per student/, '2', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Open the session' }));
    expect(await within(dialog).findByText('The end date is before the start date')).toBeInTheDocument();
    expect(api.to('POST', SESSIONS_PATH)).toHaveLength(0);
    const last = within(dialog).getByRole('textbox', { name: /^Last day/ });
    await user.clear(last);
    await user.type(last, '30042026');
    await user.click(within(dialog).getByRole('button', { name: 'Open the session' }));
    await waitFor(() =>
      expect(api.to('POST', SESSIONS_PATH).map((r) => r.body)).toEqual([
        { NAME: 'Enrolment, semester 2', NAME_FR: 'Inscriptions, semestre 2', START_DATE: '2026-04-10', END_DATE: '2026-04-30', MAX_APPLICATIONS: 2 },
      ]),
    );
    await waitFor(() => expect(new URLSearchParams(location().search).get('session')).toBe('8'));
  });

  it('offers a class with its capacity, and changes the capacity of an offer', async () => {
    const api = fakeApi(
      officeHandlers({
        [`POST ${SESSIONS_PATH}/7/offers`]: { status: 201, body: { ...CLASS_OFFER, applications: 0, pending: 0, waitlisted: 0, accepted: 0 } },
        [`PATCH ${SESSIONS_PATH}/7/offers/302`]: error(409, 'ENROLMENT_SEATS_HELD', { fields: { CAPACITY: 'validation.invalid' } }),
      }),
    );
    const { user } = renderApp(PAGE, { user: officeUser() });
    await offersTable();
    await user.click(screen.getByRole('button', { name: 'Add an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an offer' });
    await chooseLabelled(user, /^Class/, 'BTS2 GSI/J A', dialog);
    await user.type(within(dialog).getByRole('textbox', { name: /^Capacity/ }), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.to('POST', `${SESSIONS_PATH}/7/offers`).map((r) => r.body)).toEqual([{ KIND: 'CLASS', CLASS_ID: 31, CAPACITY: 25 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Change the capacity of HND1 SWE/J A' }));
    const change = await screen.findByRole('dialog', { name: 'Change the capacity' });
    expect(within(change).getByText('HND1 SWE/J A: 2 seats are held by pending and accepted applications; the capacity cannot be lower.')).toBeInTheDocument();
    const capacity = within(change).getByRole('textbox', { name: /^Capacity/ });
    await user.clear(capacity);
    await user.type(capacity, '1');
    await user.click(within(change).getByRole('button', { name: 'Save' }));
    expect(
      await within(change).findByText('The capacity cannot be lower than the seats already held by pending and accepted applications'),
    ).toBeInTheDocument();
    expect(api.to('PATCH', `${SESSIONS_PATH}/7/offers/302`).map((r) => r.body)).toEqual([{ CAPACITY: 1 }]);
  });

  it('offers an optional subject chosen within its class', async () => {
    const api = fakeApi(
      officeHandlers({
        [`POST ${SESSIONS_PATH}/7/offers`]: (request) => ({
          status: 201,
          body: { ...CLASS_OFFER, ...(request.body as object), applications: 0, pending: 0, waitlisted: 0, accepted: 0 },
        }),
      }),
    );
    const { user } = renderApp(PAGE, { user: officeUser() });
    await offersTable();
    await user.click(screen.getByRole('button', { name: 'Add an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an offer' });
    await chooseLabelled(user, /^What is offered/, 'Optional subject', dialog);
    await chooseLabelled(user, /^Class the subject is taught in/, 'BTS1 CGE/J A', dialog);
    await waitFor(() => expect(queriesTo('/api/academic/subjects').map((q) => q.get('classId'))).toContain('33'));
    await chooseLabelled(user, /^Optional subject/, 'CGE105 – Business Law', dialog);
    await user.type(within(dialog).getByRole('textbox', { name: /^Capacity/ }), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.to('POST', `${SESSIONS_PATH}/7/offers`).map((r) => r.body)).toEqual([{ KIND: 'SUBJECT', SUBJECT_ID: 505, CAPACITY: 12 }]));
  });

  it('closes the session after a confirmation', async () => {
    const api = fakeApi(officeHandlers({ [`POST ${SESSIONS_PATH}/7/close`]: { body: {} } }));
    const { user } = renderApp(PAGE, { user: officeUser() });
    await offersTable();
    await user.click(screen.getByRole('button', { name: 'Close now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this session now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close now' }));
    await waitFor(() => expect(api.to('POST', `${SESSIONS_PATH}/7/close`)).toHaveLength(1));
    expect(await screen.findByText('Enrolment session closed !')).toBeInTheDocument();
  });

  it('is not found for a student, who sends no request', async () => {
    const api = fakeApi(officeHandlers());
    renderApp(PAGE, { user: studentUser() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', SESSIONS_PATH)).toHaveLength(0);
  });
});
