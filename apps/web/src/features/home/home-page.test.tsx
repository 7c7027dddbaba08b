import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicationSession } from '../../test/choice-data';
import { fakeApi } from '../../test/fake-api';
import { DEMO_PEOPLE, type DemoWho } from '../../test/demo-people';
import { renderApp } from '../../test/render-app';

/** The cards of the home page (their titles), in order. */
async function cards() {
  const list = await screen.findByRole('list', { name: 'What you can do here' });
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

const COMMON = ['Contact us', 'Settings'];
/** What everyone signed in has: their profile and their own activity (decision 36). */
const OWN = ['My profile', 'My activity'];
/** The academic office's planning (decision 35). */
const PLANNING = ['Lesson planning', 'Teaching hours'];
/** A unit processing requests (decision 32). */
const REQUESTS = ['Requests to process', 'Transmittal batches', 'Requests report'];
/** The academic office: subject choices, the students' enrolment (decision 38), lessons and the evaluation of teaching (decision 39). */
const ACADEMIC = ['Assignments', 'Choice sessions', 'Catalogue', 'Student enrolment', ...PLANNING, 'Question forms', 'Evaluation sessions'];
/** The admissions office (issue 14): the entrance exams and the candidates. */
const ADMISSIONS = ['Entrance exams', 'Candidates'];
/** An employee: the registration, subject choices, requests, schedule and the students' reviews of their teaching. */
const STAFF = ['My profile', 'My registration', 'Subject choices', 'History and assignments', 'My requests', 'Schedule', 'Reviews', 'My activity'];
/** A student (issue 13): their file, requests, schedule, class, enrolment and evaluations. */
const STUDENT = ['My profile', 'My student file', 'My requests', 'Schedule', 'Classes', 'Enrolment', 'Evaluations', 'My activity'];

describe('the home page, signed in: what each person can do today', () => {
  const expected: Record<DemoWho, string[]> = {
    permanent: [...STAFF, ...COMMON],
    support: [...STAFF, ...COMMON],
    student: [...STUDENT, ...COMMON],
    hr: [...OWN, 'Staff registrations', ...REQUESTS, ...COMMON],
    academic: [...OWN, ...ACADEMIC, ...COMMON],
    identification: [...OWN, 'Identification', ...COMMON],
    admissions: [...OWN, ...ADMISSIONS, ...COMMON],
    admin: [...OWN, 'Staff registrations', 'Identification', ...ACADEMIC, ...ADMISSIONS, ...REQUESTS, 'Requests settings', 'Payment networks', ...COMMON],
    seng: [...OWN, ...REQUESTS, ...COMMON],
    finance: [...OWN, ...REQUESTS, ...COMMON],
    school: [...OWN, ...REQUESTS, ...COMMON],
  };
  for (const who of Object.keys(expected) as DemoWho[]) {
    it(`lists ${who}'s pages, each a link`, async () => {
      fakeApi({ 'GET /api/sessions-applications/current': { status: 204 } });
      renderApp('/', { user: DEMO_PEOPLE[who]() });
      expect(await cards()).toEqual(expected[who]);
      expect(screen.queryByRole('link', { name: /Create my account/ })).not.toBeInTheDocument();
    });
  }

  it("tells no office that its pages are not in the portal yet: the admissions office's came with issue 14", async () => {
    for (const who of ['hr', 'seng', 'academic', 'admissions'] as const) {
      fakeApi();
      const view = renderApp('/', { user: DEMO_PEOPLE[who]() });
      await cards();
      expect(screen.queryByText(/Your office's pages are not in the portal yet/), who).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('leads lecturers and students to their schedule', async () => {
    for (const who of ['permanent', 'student'] as const) {
      fakeApi();
      const view = renderApp('/', { user: DEMO_PEOPLE[who]() });
      const list = await screen.findByRole('list', { name: 'What you can do here' });
      const card = within(list).getByRole('link', { name: /^Schedule/ });
      expect(card, who).toHaveAttribute('href', '/schedule');
      expect(card, who).toHaveTextContent('Your lessons week by week in the colours of their status, and the address that puts them in your phone’s calendar.');
      view.unmount();
    }
  });

  it("speaks to a student of a student's pages, and keeps a lecturer's words for a lecturer", async () => {
    const cardText = (name: RegExp) => within(screen.getByRole('list', { name: 'What you can do here' })).getByRole('link', { name }).textContent;
    fakeApi();
    const student = renderApp('/', { user: DEMO_PEOPLE.student() });
    await cards();
    const list = screen.getByRole('list', { name: 'What you can do here' });
    for (const [name, path] of [
      [/^My student file/, '/student/file'],
      [/^Classes/, '/student/classes'],
      [/^Enrolment/, '/enrolment'],
      [/^Evaluations/, '/evaluation'],
    ] as const) {
      expect(within(list).getByRole('link', { name }), path).toHaveAttribute('href', path);
    }
    expect(cardText(/^My requests/)).toContain('Ask your school for a certificate, dispute a grade or raise an enrolment matter');
    expect(cardText(/^My activity/)).toContain('your student file, your mail account, your enrolment applications and their decisions');
    expect(cardText(/^Evaluations/)).toContain('anonymously');
    student.unmount();

    fakeApi();
    renderApp('/', { user: DEMO_PEOPLE.permanent() });
    await cards();
    expect(cardText(/^My requests/)).toContain('File a request about your teaching, payment, contract or copies');
    expect(cardText(/^My activity/)).toContain('registration, identification, choices and requests');
    expect(cardText(/^Reviews/)).toContain('once at least five of them have answered');
  });

  it('links each card to its page', async () => {
    fakeApi();
    const { user, location } = renderApp('/', { user: DEMO_PEOPLE.academic() });
    const list = await screen.findByRole('list', { name: 'What you can do here' });
    await user.click(within(list).getByRole('link', { name: /Catalogue/ }));
    expect(location().pathname).toBe('/academic/catalogue');
  });

  it("gives a lecturer's registration its state, and the step that comes before choosing subjects", async () => {
    fakeApi();
    renderApp('/', { user: DEMO_PEOPLE.permanent() });
    expect(await screen.findByText(/Your HR registration is open/)).toBeInTheDocument();
    expect(screen.getByText(/Once your registration is closed and your identification complete/)).toBeInTheDocument();
  });

  it('sends a lecturer whose registration is closed to the identification office', async () => {
    fakeApi();
    renderApp('/', { user: DEMO_PEOPLE.permanent({ ACTIVED: true, IDENTIFIED: false }) });
    expect(await screen.findByText(/Your HR registration is closed/)).toBeInTheDocument();
    expect(screen.getByText(/visit the identification office/)).toBeInTheDocument();
  });

  it('names the open session to a lecturer ready to choose, and says when none is open', async () => {
    fakeApi({
      'GET /api/sessions-applications/current': {
        body: applicationSession({ DESIGNATION: 'Subject choices, semester 1', END_DATE: '2030-12-31T23:00:00.000Z' }),
      },
    });
    renderApp('/', { user: DEMO_PEOPLE.permanent({ ACTIVED: true, IDENTIFIED: true }) });
    expect(
      await screen.findByText('The session “Subject choices, semester 1” is open until 31/12/2030: choose the subjects you wish to teach.'),
    ).toBeInTheDocument();
  });

  it('says when no session is open', async () => {
    fakeApi({ 'GET /api/sessions-applications/current': { status: 204 } });
    renderApp('/', { user: DEMO_PEOPLE.permanent({ ACTIVED: true, IDENTIFIED: true }) });
    expect(await screen.findByText('No subject-choice session is open at the moment.')).toBeInTheDocument();
  });
});

describe('the home page, signed out', () => {
  it('says what the portal offers today and invites to sign in or sign up', async () => {
    fakeApi();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'What the portal offers' })).toBeInTheDocument();
    for (const title of ['Lecturers and support staff', 'Students', "The university's offices", 'Support'])
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(main).getByRole('link', { name: 'Create my account' })).toHaveAttribute('href', '/register');
    expect(screen.queryByText(/coming/i)).not.toBeInTheDocument();
    expect(screen.getByText(/follow your class’s timetable week by week/)).toBeInTheDocument();
    expect(
      screen.getByText(/fill in your student file.* apply to a class or to optional subjects.* evaluate the teaching anonymously, and link a mail account/),
    ).toBeInTheDocument();
    expect(screen.getByText(/runs the students' enrolment sessions and the evaluation of teaching/)).toBeInTheDocument();
  });
});
