import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoment } from '../../lib/format';
import { error, fakeApi, type FakeAnswer, type FakeHandler } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { openSelect } from '../../test/select';
import { draftKey } from './request-draft';
import {
  CATEGORIES,
  chooseSubcategory,
  CLASSES,
  lecturer,
  lessonOf,
  PATHS,
  pick,
  requestDetail,
  requestPage,
  requestRow,
  SCHOOLS,
  SUBJECTS,
} from './requests-fixtures';
import { CLAIMED_SLOT_COLOR } from './week-panel';

const UUID = '6f1c2b7e-2d4a-4c51-9a3e-0b8f5d2c1a77';
/** Another request of the week of 10/01/2024, on Tuesday 9, first slot. */
const OTHER = requestRow({
  id: 499,
  REQUEST_ID: '0101@2024-000040',
  REQUEST_OBJECT: 'Tuesday morning',
  REQUEST_PBLM_DATE: '2024-01-09',
  REQUEST_PBLM_HOUR_START: '08:00',
  REQUEST_PBLM_HOUR_END: '09:50',
});

/** The lecturer's lessons of that week: billed on Tuesday 9 at 08:00, refused on Wednesday 10 at 10:10 (the slot claimed below), pending on Thursday 11 at 13:00. */
const LESSONS = [
  lessonOf({ id: 801, date: '2024-01-09', begin: '08:00', end: '09:50', status: 'ValidatedAndBilled' }),
  lessonOf({ id: 802, date: '2024-01-10', begin: '10:10', end: '12:00', status: 'NotValidated', part: 'TD' }),
  lessonOf({ id: 803, date: '2024-01-11', begin: '13:00', end: '14:50', status: 'PendingValidation', part: 'TP' }),
];

function routes(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    [`GET ${PATHS.categories}`]: { body: CATEGORIES },
    [`GET ${PATHS.schools}`]: { body: SCHOOLS },
    [`GET ${PATHS.classes('GL')}`]: { body: CLASSES },
    [`POST ${PATHS.subjects}`]: (request) => ({ body: (request.body as { CLASS_ID: number }).CLASS_ID === 61 ? SUBJECTS : [] }),
    [`GET ${PATHS.list}`]: { body: requestPage([OTHER]) },
    [`POST ${PATHS.list}`]: { status: 201, body: requestDetail() },
    'GET /api/requests/501': { body: requestDetail() },
    [`POST ${PATHS.attachments}`]: { status: 201, body: { id: UUID, name: 'payslip.pdf', mime: 'application/pdf', size: 4 } },
    [`POST ${PATHS.timetable}`]: { body: { timetable: LESSONS, student: null } },
    ...overrides,
  };
}

type User = ReturnType<typeof renderApp>['user'];

const optionsOf = async (user: User, combobox: string) => {
  const names = within(await openSelect(user, screen.getByRole('combobox', { name: combobox })))
    .getAllByRole('option')
    .map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return names;
};

const field = (name: string) => screen.getByRole('textbox', { name });
const filed = (api: ReturnType<typeof fakeApi>) => api.to('POST', PATHS.list);

describe('filing a request', () => {
  it('offers the categories as cards, then the sub-categories of the chosen one with their descriptions', async () => {
    fakeApi(routes());
    const { user } = renderApp('/requests/new', { user: lecturer() });
    const cards = await screen.findByRole('list', { name: 'What is your request about?' });
    expect(
      within(cards)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Teaching', 'Payment', 'Contract', 'Reprography']);
    expect(within(cards).getByText('Fees paid for your hours: amounts, rates and taxes.')).toBeInTheDocument();

    await user.click(within(cards).getByRole('button', { name: /^Payment/ }));
    const radios = await screen.findByRole('radiogroup', { name: 'Payment: which kind of request?' });
    expect(within(radios).getByRole('radio', { name: /^Amount received/ })).not.toBeChecked();
    expect(within(radios).getByText('The amount paid differs from the amount you expected.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('list', { name: 'What is your request about?' })).toBeInTheDocument();
  });

  it('shows exactly the fields the configuration shows, marks the required ones, and sends only those', async () => {
    const api = fakeApi(routes());
    const { user, location } = renderApp('/requests/new', { user: lecturer() });
    await chooseSubcategory(user, 'Payment', 'Amount received');
    // AMOUNT required, VH optional, FILE optional: nothing else but the title
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('id'))).toEqual([
      'request-REQUEST_OBJECT',
      'request-VH_DISPLAYED',
      'request-VH_EXPECTED',
      'request-AMOUNT_RECEIVED',
      'request-AMOUNT_EXPECTED',
    ]);
    expect(field('Title')).toBeRequired();
    expect(field('Amount received')).toBeRequired();
    expect(field('Amount expected')).toBeRequired();
    expect(field('Hourly volume noted')).not.toBeRequired();
    expect(screen.queryByRole('combobox', { name: 'Class' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Date of the problem' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Attachment' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /week/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'File the request' }));
    expect(await screen.findByText('Fill correctly the blanks to continue')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    expect(filed(api)).toHaveLength(0);

    await user.type(field('Title'), 'December fees short');
    await user.type(field('Hourly volume noted'), '12,5');
    await user.type(field('Amount received'), '150000');
    await user.type(field('Amount expected'), '200000');
    await user.click(screen.getByRole('button', { name: 'File the request' }));
    await waitFor(() => expect(filed(api)).toHaveLength(1));
    expect(filed(api)[0]!.body).toEqual({
      REQUEST_CATEGORY_ID: 21,
      REQUEST_OBJECT: 'December fees short',
      VH_DISPLAYED: 12.5,
      AMOUNT_RECEIVED: 150000,
      AMOUNT_EXPECTED: 200000,
    });
    await waitFor(() => expect(location().pathname + location().search).toBe('/requests/501?filed=1'));
  });

  it('asks the title alone of a sub-category that shows no detail', async () => {
    const api = fakeApi(routes());
    const { user } = renderApp('/requests/new', { user: lecturer() });
    await chooseSubcategory(user, 'Contract', 'Contract not received');
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('id'))).toEqual(['request-REQUEST_OBJECT']);
    await user.type(field('Title'), 'Contract not received');
    await user.click(screen.getByRole('button', { name: 'File the request' }));
    await waitFor(() => expect(filed(api)).toHaveLength(1));
    expect(filed(api)[0]!.body).toEqual({ REQUEST_CATEGORY_ID: 31, REQUEST_OBJECT: 'Contract not received' });
  });

  it('files a teaching claim: the assigned class and subject, the date and its week, a slot ending after it starts, the week beside', async () => {
    const api = fakeApi(routes());
    const { user, location } = renderApp('/requests/new', { user: lecturer() });
    await chooseSubcategory(user, 'Teaching', 'Teaching session not recorded');

    // one school: chosen at once; two classes: the lecturer picks; one subject: chosen at once
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'School' })).toHaveTextContent('GL – Software Engineering'));
    expect(await optionsOf(user, 'Class')).toEqual(['GL1/J · Day', 'GL2/S · Evening']);
    await pick(user, 'Class', 'GL1/J · Day');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Subject' })).toHaveTextContent('GL101 – Algorithms'));
    expect(api.to('POST', PATHS.subjects)[0]!.body).toEqual({ CLASS_ID: 61, EMPLOYEE_ID: 1 });

    const week = screen.getByRole('region', { name: 'The week of the problem' });
    expect(within(week).getByText('Type the date of the problem to see its week.')).toBeInTheDocument();
    expect(api.to('POST', PATHS.timetable)).toHaveLength(0);
    await user.type(field('Date of the problem'), '10012024');
    expect(field('Date of the problem')).toHaveValue('10/01/2024');
    expect(field('Week')).toHaveValue('2024-W02');
    expect(field('Week')).toHaveAttribute('readonly');

    // the ends offered are those after the start
    expect(await optionsOf(user, 'End of the time slot')).toEqual(['09:50', '12:00', '14:50', '17:00', '19:30', '21:30']);
    await pick(user, 'Start of the time slot', '10:10');
    expect(await optionsOf(user, 'End of the time slot')).toEqual(['12:00', '14:50', '17:00', '19:30', '21:30']);
    await pick(user, 'End of the time slot', '12:00');

    // the week: Monday to Sunday by the six slots, the lessons in their colours, this request's slot outlined, the other request in its slot
    const region = await screen.findByRole('region', { name: 'Week 2024-W02, 08/01/2024 to 14/01/2024' });
    expect(api.to('POST', PATHS.timetable).map((request) => request.body)).toEqual([{ START_DATE: '2024-01-08', END_DATE: '2024-01-14' }]);
    const table = within(region).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Slot', 'Mon08/01', 'Tue09/01', 'Wed10/01', 'Thu11/01', 'Fri12/01', 'Sat13/01', 'Sun14/01']);
    expect(rows.slice(1).map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '08:00–09:50',
      '10:10–12:00',
      '13:00–14:50',
      '15:10–17:00',
      '17:30–19:30',
      '20:00–21:30',
    ]);
    await waitFor(() => expect(within(rows[1]!).getAllByRole('cell')[1]).toHaveTextContent('0101@2024-000040'));
    // Tuesday 08:00: the billed lesson beside the other request
    const billed = within(rows[1]!).getAllByRole('cell')[1]!.querySelector('[data-lesson="801"]')!;
    expect(billed).toHaveTextContent('GL101 CM, GL101 Algorithms (CM), GL1/J, 08:00–09:50, Validated and billed');
    expect(billed).toHaveStyle({ backgroundColor: 'rgb(71, 173, 103)', color: 'rgb(0, 0, 0)' });
    // Wednesday 10:10: the slot claimed, outlined in red, over the refused lesson in red
    const claimed = within(rows[2]!).getAllByRole('cell')[2]!;
    expect(claimed).toHaveTextContent(/^This requestGL101 TD/);
    expect(claimed).toHaveStyle({ boxShadow: `inset 0 0 0 3px ${CLAIMED_SLOT_COLOR}` });
    expect(claimed.querySelector('[data-lesson="802"]')).toHaveStyle({ backgroundColor: 'rgb(235, 85, 59)' });
    // Thursday 13:00: the pending lesson, nowhere else
    expect(within(rows[3]!).getAllByRole('cell')[3]!.querySelector('[data-lesson="803"]')).toHaveStyle({ backgroundColor: 'rgb(255, 201, 107)' });
    expect(table.querySelectorAll('[data-lesson]')).toHaveLength(3);
    expect(table.querySelectorAll('[data-claimed]')).toHaveLength(1);
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Validated and billed', 'Validated but not billed', 'Pending validation', 'Not validated']);
    expect(within(region).queryByText(/will appear here once the timetable is published/)).not.toBeInTheDocument();
    expect(api.to('GET', PATHS.list)).not.toHaveLength(0);

    // a later start empties an end that is no longer after it; a longer slot colours each of its slots
    await pick(user, 'Start of the time slot', '13:00');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'End of the time slot' })).not.toHaveTextContent(/\d/));
    await pick(user, 'End of the time slot', '17:00');
    await waitFor(() => expect(table.querySelectorAll('[data-claimed]')).toHaveLength(2));

    await user.type(field('Title'), 'Session of 10 January not recorded');
    await user.click(screen.getByRole('button', { name: 'File the request' }));
    await waitFor(() => expect(filed(api)).toHaveLength(1));
    expect(filed(api)[0]!.body).toEqual({
      REQUEST_CATEGORY_ID: 11,
      REQUEST_OBJECT: 'Session of 10 January not recorded',
      CLASS_ID: 61,
      SUBJECT_ID: 71,
      REQUEST_PBLM_DATE: '2024-01-10',
      REQUEST_PBLM_HOUR_START: '13:00',
      REQUEST_PBLM_HOUR_END: '17:00',
    });

    // the confirmation: the reference, the 7-day rule with its deadline, the form to print
    await waitFor(() => expect(location().pathname + location().search).toBe('/requests/501?filed=1'));
    const confirmation = await screen.findByRole('alert', { name: 'Request 0101@2024-000042 filed' });
    expect(confirmation).toHaveTextContent(
      `Print this request and sign it at the service that received it, Lecturers' service, within 7 days: before ${formatMoment('2024-01-22T08:00:00.000Z')}. A request not signed by then is rejected.`,
    );
    expect(within(confirmation).getByRole('link', { name: 'Download and print the request' })).toHaveAttribute('href', '/api/requests/501/form');
    expect(localStorage.getItem(draftKey(1))).toBeNull();
    expect(api.to('GET', '/api/requests/501')).toHaveLength(0);
  });

  it('refuses a date in the future and requires the slot and the class of a teaching claim', async () => {
    const api = fakeApi(routes());
    const { user } = renderApp('/requests/new', { user: lecturer() });
    await chooseSubcategory(user, 'Teaching', 'Teaching session not recorded');
    await user.type(field('Title'), 'Next year');
    await user.type(field('Date of the problem'), '31122099');
    await user.click(screen.getByRole('button', { name: 'File the request' }));
    expect(await screen.findByText('The date cannot be in the future')).toBeInTheDocument();
    const required = screen.getAllByText('This field is required');
    // class, subject, start and end of the slot
    expect(required).toHaveLength(4);
    expect(filed(api)).toHaveLength(0);
  });

  it("says 'Class absent for request' when no class is assigned, and leads to the contact form with that object", async () => {
    fakeApi(routes({ [`GET ${PATHS.schools}`]: { body: [] }, 'GET /api/students/1': { body: lecturer() } }));
    const { user, location } = renderApp('/requests/new', { user: lecturer() });
    await chooseSubcategory(user, 'Teaching', 'Teaching session not recorded');
    const absent = await screen.findByRole('alert');
    expect(absent).toHaveTextContent('Class absent for request');
    const link = within(absent).getByRole('link', { name: 'Tell the support' });
    expect(link).toHaveAttribute('href', '/contact?object=CLASS_ABSENT');
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(link);
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(location().pathname).toBe('/contact'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Object' })).toHaveTextContent('Class absent for request'));
  });

  it("says 'Subject absent for request' when the class has no subject assigned", async () => {
    fakeApi(routes());
    const { user } = renderApp('/requests/new', { user: lecturer() });
    await chooseSubcategory(user, 'Teaching', 'Teaching session not recorded');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'School' })).toHaveTextContent('GL'));
    await pick(user, 'Class', 'GL2/S · Evening');
    const absent = await screen.findByRole('alert');
    expect(absent).toHaveTextContent('Subject absent for request');
    expect(within(absent).getByRole('link', { name: 'Tell the support' })).toHaveAttribute('href', '/contact?object=SUBJECT_ABSENT');
  });

  it('keeps what was typed as a draft: restored after a remount, until discarded', async () => {
    fakeApi(routes());
    const first = renderApp('/requests/new', { user: lecturer() });
    await chooseSubcategory(first.user, 'Payment', 'Amount received');
    await first.user.type(field('Title'), 'December fees short');
    await first.user.type(field('Amount received'), '150000');
    first.unmount();

    const again = renderApp('/requests/new', { user: lecturer() });
    await screen.findByRole('form', { name: 'Details of the request' });
    expect(screen.getByText(/The request you started on .* has been restored/)).toBeInTheDocument();
    expect(field('Title')).toHaveValue('December fees short');
    expect(field('Amount received')).toHaveValue('150000');
    expect(field('Amount expected')).toHaveValue('');

    // another person signed in on the same browser sees none of it
    again.unmount();
    renderApp('/requests/new', { user: lecturer({ id: 2, STUDENT_ID: 2 }) });
    expect(await screen.findByRole('list', { name: 'What is your request about?' })).toBeInTheDocument();
    expect(screen.queryByText(/has been restored/)).not.toBeInTheDocument();
  });

  it('discards the draft on demand', async () => {
    fakeApi(routes());
    const { user } = renderApp('/requests/new', { user: lecturer() });
    await chooseSubcategory(user, 'Payment', 'Amount received');
    await user.type(field('Title'), 'December fees short');
    expect(localStorage.getItem(draftKey(1))).toContain('December fees short');
    await user.click(screen.getByRole('button', { name: 'Discard the draft' }));
    expect(await screen.findByRole('list', { name: 'What is your request about?' })).toBeInTheDocument();
    expect(localStorage.getItem(draftKey(1))).toBeNull();
    await chooseSubcategory(user, 'Payment', 'Amount received');
    expect(field('Title')).toHaveValue('');
  });

  it("puts the server's field errors under their fields, and keeps everything when the connection drops", async () => {
    const api = fakeApi(
      routes({
        [`POST ${PATHS.list}`]: error(400, 'REQUEST_DETAILS_MISSING', {
          fields: { AMOUNT_EXPECTED: 'validation.required', VH_EXPECTED: 'validation.invalid' },
        }),
      }),
    );
    const { user, location } = renderApp('/requests/new', { user: lecturer() });
    await chooseSubcategory(user, 'Payment', 'Amount received');
    await user.type(field('Title'), 'December fees short');
    await user.type(field('Amount received'), '150000');
    await user.type(field('Amount expected'), '200000');
    await user.click(screen.getByRole('button', { name: 'File the request' }));
    expect(await screen.findByText('Fill the details this kind of request asks for.')).toBeInTheDocument();
    expect(field('Amount expected')).toHaveAccessibleDescription('This field is required');
    expect(field('Hourly volume expected')).toHaveAccessibleDescription('This value is not valid');

    api.set(`POST ${PATHS.list}`, { networkError: true });
    await user.click(screen.getByRole('button', { name: 'File the request' }));
    expect(await screen.findByText('Connection fail. please try again')).toBeInTheDocument();
    expect(field('Title')).toHaveValue('December fees short');
    expect(field('Amount expected')).toHaveValue('200000');
    expect(location().pathname).toBe('/requests/new');
    expect(localStorage.getItem(draftKey(1))).toContain('200000');
  });

  it('checks the attachment in the browser, sends it with its progress, keeps it in the draft and files it by its id', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    const api = fakeApi(routes({ [`POST ${PATHS.attachments}`]: () => new Promise<FakeAnswer>((resolve) => (answer = resolve)) }));
    const { user, unmount } = renderApp('/requests/new', { user: lecturer() });
    await chooseSubcategory(user, 'Payment', 'Amount received');
    const input = screen.getByLabelText('Attachment', { selector: 'input' });
    // named .pdf, but not a PDF: refused here, never sent
    await user.upload(input, new File(['hello'], 'notes.pdf', { type: 'text/plain' }));
    expect(await screen.findByText('This type of file is not accepted here')).toBeInTheDocument();
    expect(api.to('POST', PATHS.attachments)).toHaveLength(0);

    await user.upload(input, new File(['%PDF'], 'payslip.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Sending the attachment' })).toHaveAttribute('aria-valuenow', '50'));
    answer({ status: 201, body: { id: UUID, name: 'payslip.pdf', mime: 'application/pdf', size: 4 } });
    expect(await screen.findByText('payslip.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Sending the attachment' })).not.toBeInTheDocument();
    expect(api.to('POST', PATHS.attachments)[0]).toMatchObject({ via: 'xhr', body: { FILE: { name: 'payslip.pdf', type: 'application/pdf' } } });
    expect(JSON.parse(localStorage.getItem(draftKey(1)) ?? '{}').attachment).toEqual({ id: UUID, name: 'payslip.pdf' });
    unmount();

    const again = renderApp('/requests/new', { user: lecturer() });
    expect(await screen.findByText('payslip.pdf')).toBeInTheDocument();
    await again.user.type(field('Title'), 'December fees short');
    await again.user.type(field('Amount received'), '150000');
    await again.user.type(field('Amount expected'), '200000');
    await again.user.click(screen.getByRole('button', { name: 'File the request' }));
    await waitFor(() => expect(filed(api)).toHaveLength(1));
    expect(filed(api)[0]!.body).toMatchObject({ REQUEST_FILE: UUID });
  });

  it('requires the attachment when the configuration does, and asks again for a file the server no longer has', async () => {
    const api = fakeApi(routes({ [`POST ${PATHS.list}`]: error(400, 'REQUEST_ATTACHMENT_INVALID', { fields: { REQUEST_FILE: 'validation.invalid' } }) }));
    const { user } = renderApp('/requests/new', { user: lecturer() });
    await chooseSubcategory(user, 'Reprography', 'Course material copies');
    expect(screen.getByRole('group', { name: 'Attachment *' })).toBeInTheDocument();
    expect(field('Number of copies')).toBeRequired();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'School' })).toHaveTextContent('GL'));
    await pick(user, 'Class', 'GL1/J · Day');
    await user.type(field('Title'), 'Handout of chapter 2');
    await user.type(field('Number of copies'), '120');
    await user.type(field('Number of students'), '118');
    await user.click(screen.getByRole('button', { name: 'File the request' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(filed(api)).toHaveLength(0);

    await user.upload(screen.getByLabelText('Attachment', { selector: 'input' }), new File(['%PDF'], 'chapter2.pdf', { type: 'application/pdf' }));
    await screen.findByText('payslip.pdf');
    await user.click(screen.getByRole('button', { name: 'File the request' }));
    await waitFor(() => expect(filed(api)).toHaveLength(1));
    expect(filed(api)[0]!.body).toEqual({
      REQUEST_CATEGORY_ID: 41,
      REQUEST_OBJECT: 'Handout of chapter 2',
      CLASS_ID: 61,
      SUBJECT_ID: 71,
      REPRO_COPY_NUMBER: 120,
      REPRO_STUDENT_COUNT: 118,
      REQUEST_FILE: UUID,
    });
    expect(await screen.findByText('Unable to insert attachment: attach the file again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('payslip.pdf')).not.toBeInTheDocument());
  });
});
