import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error, fakeApi, type FakeHandler } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { chooseSubcategory, PATHS, pick, requestPage, student, STUDENT_CATEGORIES, STUDENT_PATHS, STUDENT_SUBJECTS, studentRequest } from './requests-fixtures';
import { openSelect } from '../../test/select';

// A student's new request (issue 13, decision 41): their own categories, their own class shown
// and not chosen, a subject among their class's and their optional ones, nothing to sign.

function routes(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    [`GET ${PATHS.categories}`]: { body: STUDENT_CATEGORIES },
    [`GET ${STUDENT_PATHS.subjects}`]: { body: STUDENT_SUBJECTS },
    [`GET ${PATHS.list}`]: { body: requestPage([]) },
    [`POST ${PATHS.list}`]: { status: 201, body: studentRequest() },
    ...overrides,
  };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const filed = (api: ReturnType<typeof fakeApi>) => api.to('POST', PATHS.list);

describe("a student's new request", () => {
  it('offers their categories, their own class read-only and a subject among theirs (their optional ones said so)', async () => {
    const api = fakeApi(routes());
    const { user } = renderApp('/requests/new', { user: student() });
    const cards = await screen.findByRole('list', { name: 'What is your request about?' });
    expect(
      within(cards)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Certificates', 'Grades']);

    const form = await chooseSubcategory(user, 'Grades', 'Grade dispute');
    // the class is theirs: shown, not chosen; no lecturer's pickers, no staff field, no week beside
    await waitFor(() => expect(field('Your class')).toHaveValue('BTS1 GSI/J A · Day'));
    expect(field('Your class')).toHaveAttribute('readonly');
    expect(screen.queryByRole('combobox', { name: 'School' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Class' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /week/i })).not.toBeInTheDocument();
    expect(api.to('GET', PATHS.schools)).toHaveLength(0);
    expect(
      within(form)
        .getAllByRole('textbox')
        .map((box) => box.getAttribute('id')),
    ).toEqual(['request-REQUEST_OBJECT', 'request-own-class', 'request-REQUEST_PBLM_DATE', 'request-week', 'request-DESCRIPTION']);

    expect(
      within(await openSelect(user, screen.getByRole('combobox', { name: 'Subject' })))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['GSI101 – Algorithms', 'GSI102 – Databases', 'GES105 – Accounting (optional subject)']);
    await user.keyboard('{Escape}');

    // what is missing is said before anything is sent
    await user.click(screen.getByRole('button', { name: 'File the request' }));
    expect(await screen.findByText('Fill correctly the blanks to continue')).toBeInTheDocument();
    expect(filed(api)).toHaveLength(0);
  });

  it('files it about their class and the subject chosen, with nothing to sign; the detail names a student', async () => {
    const api = fakeApi(routes());
    const { user, location } = renderApp('/requests/new', { user: student() });
    await chooseSubcategory(user, 'Grades', 'Grade dispute');
    await waitFor(() => expect(field('Your class')).toHaveValue('BTS1 GSI/J A · Day'));
    await user.type(field('Title'), 'Mid-term grade');
    await pick(user, 'Subject', 'GSI102 – Databases');
    await user.type(field('Date (of the examination or of the problem)'), '08012024');
    await pick(user, 'Start of the time slot', '08:00');
    await pick(user, 'End of the time slot', '09:50');
    await user.type(field('Description'), 'Exercise 3 was not counted.');
    await user.click(screen.getByRole('button', { name: 'File the request' }));
    await waitFor(() => expect(filed(api)).toHaveLength(1));
    expect(filed(api)[0]!.body).toEqual({
      REQUEST_CATEGORY_ID: 1201,
      REQUEST_OBJECT: 'Mid-term grade',
      CLASS_ID: 81,
      SUBJECT_ID: 92,
      REQUEST_PBLM_DATE: '2024-01-08',
      REQUEST_PBLM_HOUR_START: '08:00',
      REQUEST_PBLM_HOUR_END: '09:50',
      DESCRIPTION: 'Exercise 3 was not counted.',
    });

    // the confirmation: nothing to print nor to sign, a copy to keep; the detail names a student
    await waitFor(() => expect(location().pathname + location().search).toBe('/requests/601?filed=1'));
    const confirmation = await screen.findByRole('alert', { name: 'Request 1201@2024-000050 filed' });
    expect(confirmation).toHaveTextContent('Nothing to print nor to sign: your request goes to your school through the student records office.');
    expect(confirmation).not.toHaveTextContent(/within 7 days/);
    expect(within(confirmation).getByRole('link', { name: 'Download a copy (PDF)' })).toHaveAttribute('href', '/api/requests/601/form');
    const details = screen.getAllByRole('term').map((term) => term.textContent);
    expect(details).toContain('Student');
    expect(details).not.toContain('Lecturer');
    expect(screen.getByText('Not needed: filed online by the student')).toBeInTheDocument();
    expect(screen.getAllByText('Student records office').length).toBeGreaterThan(0);
  });

  it('says when no class is on their file yet, and files a certificate all the same', async () => {
    const api = fakeApi(routes({ [`GET ${STUDENT_PATHS.subjects}`]: { body: { class: null, subjects: [] } } }));
    const { user } = renderApp('/requests/new', { user: student() });
    await chooseSubcategory(user, 'Grades', 'Grade dispute');
    expect(await screen.findByRole('alert')).toHaveTextContent('No class is on your file yet: ask your school to place you in your class.');
    expect(screen.getByRole('combobox', { name: 'Subject' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await chooseSubcategory(user, 'Certificates', 'Enrolment certificate');
    await user.type(field('Title'), 'Certificate for my scholarship');
    await user.click(screen.getByRole('button', { name: 'File the request' }));
    await waitFor(() => expect(filed(api)).toHaveLength(1));
    expect(filed(api)[0]!.body).toEqual({ REQUEST_CATEGORY_ID: 1103, REQUEST_OBJECT: 'Certificate for my scholarship' });
  });

  it("shows the server's refusal of a subject that is not theirs", async () => {
    fakeApi(routes({ [`POST ${PATHS.list}`]: error(400, 'SUBJECT_NOT_YOURS', { fields: { SUBJECT_ID: 'validation.invalid' } }) }));
    const { user } = renderApp('/requests/new', { user: student() });
    await chooseSubcategory(user, 'Grades', 'Grade dispute');
    await waitFor(() => expect(field('Your class')).toHaveValue('BTS1 GSI/J A · Day'));
    await user.type(field('Title'), 'Mid-term grade');
    await pick(user, 'Subject', 'GES105 – Accounting (optional subject)');
    await user.type(field('Date (of the examination or of the problem)'), '08012024');
    await pick(user, 'Start of the time slot', '08:00');
    await pick(user, 'End of the time slot', '09:50');
    await user.type(field('Description'), 'Not counted.');
    await user.click(screen.getByRole('button', { name: 'File the request' }));
    expect(await screen.findByText('This subject is neither a subject of your class nor one of your optional subjects.')).toBeInTheDocument();
  });
});
