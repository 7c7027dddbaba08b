import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error, fakeApi, queriesTo } from '../../test/fake-api';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { renderApp } from '../../test/render-app';
import { apiPage, CATEGORIES, fromNow, inboxRow, requestConfig, SCHOOL } from './office-fixtures';

const INBOX = '/api/requests/inbox';

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const choose = async (user: ReturnType<typeof renderApp>['user'], box: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: box }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
};

describe('requests to process (a unit)', () => {
  it("lists the unit's requests: reference and title, lecturer, sub-category, status, stage, filing and the signature deadline, urgent under two days", async () => {
    const soon = inboxRow({ filedAt: fromNow(-6), signatureDeadline: fromNow(1) });
    const later = inboxRow({ id: 102, REQUEST_ID: 'REQ-2026-0102', filedAt: '2026-03-10T09:00:00', signatureDeadline: fromNow(5) });
    const signed = inboxRow({
      id: 103,
      REQUEST_ID: 'REQ-2026-0103',
      REQUEST_STATUS: 'PROCESSING',
      stage: 'AWAITING_DECISION',
      unit: SCHOOL,
      signedAt: '2026-03-11T10:30:00',
    });
    fakeApi({ [`GET ${INBOX}`]: { body: apiPage([soon, later, signed]) }, 'GET /api/request-categories': { body: CATEGORIES } });
    renderApp('/office/requests', { user: DEMO_PEOPLE.seng() });
    const table = await screen.findByRole('table', { name: 'Requests to process' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'REQ-2026-0101' })).toHaveAttribute('href', '/office/requests/101');
    expect(within(first!).getByText('Two hours missing in March')).toBeInTheDocument();
    expect(within(first!).getByText('Fouda Alice')).toBeInTheDocument();
    expect(within(first!).getByText('VAC0001')).toBeInTheDocument();
    expect(within(first!).getByText('Missing hours')).toBeInTheDocument();
    expect(within(first!).getByText('Registered')).toBeInTheDocument();
    expect(within(first!).getByText('Awaiting signature')).toBeInTheDocument();
    expect(within(first!).getByLabelText(/^To sign before .+, in less than two days$/)).toBeInTheDocument();
    // five days left: not urgent
    expect(within(second!).queryByLabelText(/in less than two days/)).not.toBeInTheDocument();
    expect(cells(second!)[5]).toBe('10/03/2026 09:00');
    expect(cells(third!)[3]).toBe('In progress');
    expect(cells(third!)[4]).toBe('Awaiting decisionSchool of Computer Science');
    expect(cells(third!)[6]).toBe('Signed on 11/03/2026 10:30');
    // a unit's member: the requests it holds now, and no unit filter
    expect(Object.fromEntries(queriesTo(INBOX)[0]!)).toEqual({ scope: 'held', page: '1', pageSize: '20' });
    expect(screen.queryByRole('combobox', { name: 'Unit' })).not.toBeInTheDocument();
    expect(screen.getByText(/The requests your unit holds now/)).toBeInTheDocument();
  });

  it("shows a student's request with the student's class and no signature, and filters the students' requests (decision 41)", async () => {
    const student = inboxRow({
      id: 104,
      REQUEST_ID: '1201@2026-000104',
      audience: 'STUDENT',
      className: 'BTS1 GSI/J A',
      stage: 'READY_TO_SEND',
      signedAt: fromNow(-1),
      author: { id: 48, MATRICULE: 'ST24A001', FIRSTNAME: 'Awa', LASTNAME: 'Ngo' },
    });
    fakeApi({ [`GET ${INBOX}`]: { body: apiPage([student]) }, 'GET /api/request-categories': { body: CATEGORIES } });
    const { user, location } = renderApp('/office/requests', { user: DEMO_PEOPLE.seng() });
    const table = await screen.findByRole('table', { name: 'Requests to process' });
    const [header, row] = within(table).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader')[1]).toHaveTextContent('Author');
    expect(cells(row!)[1]).toBe('Ngo AwaST24A001Student · BTS1 GSI/J A');
    expect(cells(row!)[6]).toBe('No signature (student)');
    await choose(user, 'Filed by', 'Students');
    await waitFor(() => expect(queriesTo(INBOX).at(-1)?.get('audience')).toBe('STUDENT'));
    expect(new URLSearchParams(location().search).get('audience')).toBe('STUDENT');
  });

  it('sends the scope, stage, status, sub-category and search to the server and keeps them in the URL', async () => {
    fakeApi({ [`GET ${INBOX}`]: { body: apiPage([inboxRow()]) }, 'GET /api/request-categories': { body: CATEGORIES } });
    const { user, location } = renderApp('/office/requests?stage=READY_TO_SEND', { user: DEMO_PEOPLE.seng() });
    await screen.findByRole('link', { name: 'REQ-2026-0101' });
    expect(queriesTo(INBOX)[0]!.get('stage')).toBe('READY_TO_SEND');
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveTextContent('Ready to send');

    await choose(user, 'Requests', 'Held before');
    await waitFor(() => expect(queriesTo(INBOX).at(-1)?.get('scope')).toBe('history'));
    await choose(user, 'Stage', 'In a transmittal batch');
    await choose(user, 'Status', 'In progress');
    await choose(user, 'Sub-category', 'Teaching claims · Missing hours');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'VAC0001');
    await waitFor(() => expect(queriesTo(INBOX).at(-1)?.get('search')).toBe('VAC0001'));
    expect(Object.fromEntries(queriesTo(INBOX).at(-1)!)).toEqual({
      scope: 'history',
      stage: 'IN_BATCH',
      status: 'PROCESSING',
      subcategory: '11',
      search: 'VAC0001',
      page: '1',
      pageSize: '20',
    });
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
      scope: 'history',
      stage: 'IN_BATCH',
      status: 'PROCESSING',
      subcategory: '11',
      search: 'VAC0001',
    });
  });

  it('pages through the requests', async () => {
    fakeApi({ [`GET ${INBOX}`]: { body: apiPage([inboxRow()], 45) }, 'GET /api/request-categories': { body: CATEGORIES } });
    const { user, location } = renderApp('/office/requests', { user: DEMO_PEOPLE.finance() });
    expect(await screen.findByText('1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the next page' }));
    await waitFor(() => expect(queriesTo(INBOX).at(-1)?.get('page')).toBe('2'));
    expect(new URLSearchParams(location().search).get('page')).toBe('2');
  });

  it("gives administrators every unit's requests and a unit filter", async () => {
    fakeApi({ [`GET ${INBOX}`]: { body: apiPage([inboxRow()]) }, 'GET /api/request-config': { body: requestConfig() } });
    const { user } = renderApp('/office/requests', { user: DEMO_PEOPLE.admin() });
    await screen.findByRole('link', { name: 'REQ-2026-0101' });
    expect(screen.getByText(/Every unit's requests/)).toBeInTheDocument();
    await choose(user, 'Unit', 'SCH-INF – School of Computer Science');
    await waitFor(() => expect(queriesTo(INBOX).at(-1)?.get('unit')).toBe('2'));
    // the sub-categories come from the configuration (administrators do not file requests)
    await choose(user, 'Sub-category', 'Teaching claims · Missing hours');
    await waitFor(() => expect(queriesTo(INBOX).at(-1)?.get('subcategory')).toBe('11'));
  });

  it('says so to a requests account that belongs to no unit', async () => {
    fakeApi({ [`GET ${INBOX}`]: error(403, 'NO_REQUEST_UNIT'), 'GET /api/request-categories': { body: CATEGORIES } });
    renderApp('/office/requests', { user: DEMO_PEOPLE.seng() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account belongs to no unit that processes requests; ask an administrator.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when nothing waits', async () => {
    fakeApi({ [`GET ${INBOX}`]: { body: apiPage([]) }, 'GET /api/request-categories': { body: CATEGORIES } });
    renderApp('/office/requests', { user: DEMO_PEOPLE.school() });
    expect(await screen.findByText('No request waits for your unit with these filters.')).toBeInTheDocument();
  });

  it('is for the units and the administrators only', async () => {
    const api = fakeApi({ [`GET ${INBOX}`]: { body: apiPage([inboxRow()]) } });
    renderApp('/office/requests', { user: DEMO_PEOPLE.academic() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', INBOX)).toHaveLength(0);
  });
});
