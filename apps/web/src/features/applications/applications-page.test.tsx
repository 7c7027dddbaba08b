import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error, queriesTo } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { mainMenuLink } from '../../test/menu';
import { choose, openSelect } from '../../test/select';
import {
  ALGORITHMS,
  APPLICATION_PATH,
  application,
  choice,
  COMPILERS,
  coursesApi,
  DATABASES,
  lecturer,
  NETWORKS,
  session,
  SESSION_PATH,
  subject,
  subjectPage,
  SUBJECTS_PAGE_1,
} from './applications-fixtures';

const addButton = (name: string) => screen.getByRole('button', { name: `Add ${name}` });
const levelList = (level: number) => screen.getByRole('list', { name: `Level ${level}` });
const itemsOf = (level: number) =>
  within(levelList(level))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function pickOption(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await choose(user, screen.getByRole('combobox', { name: label }), option);
}

describe('choice session: the gate', () => {
  it('asks to close the registration first, with a link to it, and asks nothing of the server', async () => {
    const api = coursesApi();
    renderApp('/courses', { user: lecturer({ ACTIVED: false, IDENTIFIED: false }) });
    expect(await screen.findByText('Your registration is not closed')).toBeInTheDocument();
    expect(screen.getByText(/Choice features are unavailable until your registration is closed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my registration' })).toHaveAttribute('href', '/registration');
    expect(api.to('GET', SESSION_PATH)).toHaveLength(0);
    expect(api.to('GET', APPLICATION_PATH)).toHaveLength(0);
  });

  it('asks for the photo and fingerprints at an identification office, and opens once they are registered', async () => {
    let identified = false;
    const api = coursesApi({}, { 'GET /api/auth/session': () => ({ body: lecturer({ IDENTIFIED: identified }) }) });
    const { user } = renderApp('/courses', { user: lecturer({ IDENTIFIED: false }) });
    expect(await screen.findByText('Identification missing')).toBeInTheDocument();
    expect(screen.getByText(/photo and fingerprints must be registered at an identification office.*unlocked/)).toBeInTheDocument();
    expect(api.to('GET', SESSION_PATH)).toHaveLength(0);

    identified = true;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'My choices' })).toBeInTheDocument();
    expect(api.to('GET', SESSION_PATH)).toHaveLength(1);
  });

  it('says "No active session" and checks again on demand', async () => {
    let open = false;
    const api = coursesApi({}, { [`GET ${SESSION_PATH}`]: () => (open ? { body: session() } : { status: 204 }) });
    const { user } = renderApp('/courses', { user: lecturer() });
    expect(await screen.findByText('No active session')).toBeInTheDocument();
    expect(api.to('GET', APPLICATION_PATH)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Check for new session' }));
    await waitFor(() => expect(api.to('GET', SESSION_PATH)).toHaveLength(2));
    expect(screen.getByText('No active session')).toBeInTheDocument();

    open = true;
    await user.click(screen.getByRole('button', { name: 'Check for new session' }));
    expect(await screen.findByText('Subject choices, semester 1, 2023-2024')).toBeInTheDocument();
    expect(screen.getByText('From 01/09/2023 to 31/10/2023')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My choices' })).toBeInTheDocument();
  });

  it('goes to the rules page when the person has no application in the session', async () => {
    coursesApi({ app: null });
    const { location } = renderApp('/courses', { user: lecturer() });
    expect(await screen.findByRole('heading', { name: 'How the choice session works' })).toBeInTheDocument();
    expect(location().pathname).toBe('/courses/help');
  });

  it('goes to the rules page when the application belongs to another session', async () => {
    const api = coursesApi({ app: application({ SESSION_APPLICATION_ID: 2 }) });
    const { location } = renderApp('/courses', { user: lecturer() });
    expect(await screen.findByRole('heading', { name: 'How the choice session works' })).toBeInTheDocument();
    expect(location().pathname).toBe('/courses/help');
    expect(api.to('GET', '/api/applications-choices/11/none')).toHaveLength(0);
  });
});

describe('choice session: the subjects', () => {
  it('sends the filters that are set in the PATCH body, waits for a pause in the search, and pages', async () => {
    const api = coursesApi(
      {},
      { 'PATCH /api/subjects/by-level/2': { body: subjectPage([COMPILERS], 45, 2) }, [`PATCH ${SUBJECTS_PAGE_1}`]: { body: subjectPage([ALGORITHMS], 45) } },
    );
    const { user } = renderApp('/courses', { user: lecturer() });
    expect(await screen.findByRole('table', { name: 'Subjects offered' })).toBeInTheDocument();
    expect(api.to('PATCH', SUBJECTS_PAGE_1)[0]?.body).toEqual({});
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to the next page' }));
    await waitFor(() => expect(api.to('PATCH', '/api/subjects/by-level/2')).toHaveLength(1));
    expect(await screen.findByText('21–40 of 45')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Compilers/ })).toBeInTheDocument();

    await pickOption(user, 'Level', 'Level 3');
    await waitFor(() => expect(api.to('PATCH', SUBJECTS_PAGE_1).at(-1)?.body).toEqual({ LEVEL: 3 }));
    await pickOption(user, 'Regime', 'Evening');
    await pickOption(user, 'Cycle', 'Bachelor');
    await pickOption(user, 'Department', 'Computer science');
    await waitFor(() => expect(api.to('PATCH', SUBJECTS_PAGE_1).at(-1)?.body).toEqual({ LEVEL: 3, REGIME: 'EVENING', CYCLE: 1, DEPARTMENT: 1 }));

    const before = api.to('PATCH', SUBJECTS_PAGE_1).length;
    await user.type(screen.getByRole('searchbox', { name: 'Search a subject' }), 'compil');
    await waitFor(() =>
      expect(api.to('PATCH', SUBJECTS_PAGE_1).at(-1)?.body).toEqual({ LEVEL: 3, REGIME: 'EVENING', CYCLE: 1, DEPARTMENT: 1, SEARCH: 'compil' }),
    );
    expect(api.to('PATCH', SUBJECTS_PAGE_1).length - before).toBeLessThan('compil'.length);
    expect(api.to('PATCH', '/api/subjects/by-level/2')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reset the filters' }));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search a subject' })).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveTextContent('All');
  });

  it('shows each subject with its class, level, cycle, department, shift, hours, rate and tax', async () => {
    coursesApi({ rows: [DATABASES] });
    renderApp('/courses', { user: lecturer() });
    const row = await screen.findByRole('row', { name: /Databases/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['DatabasesGL102', 'GL1/J', '1', 'Bachelor', 'Computer science', 'Day', '20 h', '10 h', '10 h', '4.000 FCFA', '5.5 %', 'CMTDTP']);
  });

  it('shows a subject on a phone as a card whose label-value pairs follow the French typography', async () => {
    // a phone: every media query below the md breakpoint matches
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
    await changeLanguage('fr');
    coursesApi({ rows: [DATABASES] });
    renderApp('/courses', { user: lecturer({ LANGUAGE: 'fr' }) });
    const rate = await screen.findByText(/^Taux horaire/);
    // a non-breaking space before the colon, none of English's "label: value"
    expect(rate.textContent).toBe("Taux horaire\u00a0: 4.000 FCFA · Taux d'imposition\u00a0: 5,5 %");
  });

  it('names the subjects and the session in the language of the interface (decision 30)', async () => {
    coursesApi({ rows: [DATABASES] });
    await changeLanguage('fr');
    renderApp('/courses', { user: lecturer({ LANGUAGE: 'fr' }) });
    const row = await screen.findByRole('row', { name: /Bases de données/ });
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('Bases de donnéesGL102');
    expect(screen.queryByText('Databases')).not.toBeInTheDocument();
    expect(screen.getByText('Choix des matières, semestre 1, 2023-2024')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Bases de données \(CM\)/ })).toBeInTheDocument();
  });

  it('says "No results found" when nothing matches', async () => {
    coursesApi({}, { [`PATCH ${SUBJECTS_PAGE_1}`]: { status: 204 } });
    renderApp('/courses', { user: lecturer() });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it("loads a branch's classes, then a class's subjects", async () => {
    const api = coursesApi();
    const { user } = renderApp('/courses', { user: lecturer() });
    await screen.findByRole('table', { name: 'Subjects offered' });
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveAttribute('aria-disabled', 'true');
    expect(api.to('GET', '/api/classes')).toHaveLength(0);

    await pickOption(user, 'Branch', 'GL – Software engineering');
    await waitFor(() => expect(queriesTo('/api/classes').at(-1)?.get('branch')).toBe('2'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Class' })).not.toHaveAttribute('aria-disabled'));
    await waitFor(() => expect(api.to('PATCH', SUBJECTS_PAGE_1).at(-1)?.body).toEqual({ BRANCH: 2 }));

    const options = within(await openSelect(user, screen.getByRole('combobox', { name: 'Class' })))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['All', 'GL1/J', 'GL3/S']);
    await user.click(screen.getByRole('option', { name: 'GL3/S' }));
    await waitFor(() => expect(api.to('GET', '/api/subjects/class/9')).toHaveLength(1));
    const table = await screen.findByRole('table', { name: 'Subjects offered' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('row', { name: /Compilers/ })).toBeInTheDocument();

    // another department: the branch and its class no longer apply
    await pickOption(user, 'Department', 'Management');
    await waitFor(() => expect(api.to('PATCH', SUBJECTS_PAGE_1).at(-1)?.body).toEqual({ DEPARTMENT: 2 }));
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveTextContent('All');
  });
});

describe('choice session: the list', () => {
  it('adds parts, offering only the free ones, until the limit of the level refuses at once', async () => {
    const api = coursesApi();
    const { user } = renderApp('/courses', { user: lecturer() });
    await screen.findByRole('table', { name: 'Subjects offered' });
    expect(screen.getByText('Your list is empty: add parts of subjects from the list below.')).toBeInTheDocument();
    // no hours, or already assigned to someone
    expect(screen.getByRole('button', { name: 'Add Algorithms (TP): no hours' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Databases (TP): already assigned' })).toBeDisabled();

    await user.click(addButton('Algorithms (CM)'));
    expect(screen.getByRole('button', { name: 'Add Algorithms (CM): already in your list' })).toBeDisabled();
    await user.click(addButton('Algorithms (TD)'));
    await user.click(addButton('Databases (CM)'));
    expect(itemsOf(1)).toEqual([
      'Algorithms (CM)GL1/J · Day · 30 hSelectedNot saved',
      'Algorithms (TD)GL1/J · Day · 20 hSelectedNot saved',
      'Databases (CM)GL1/J · Day · 20 hSelectedNot saved',
    ]);

    // levels 1-2 by day: at most 2 different subjects
    await user.click(addButton('Networks (CM)'));
    expect(await screen.findByText('Max number of subjects reached for this level (Levels 1-2, Day classes: at most 2 subjects) !')).toBeInTheDocument();
    expect(itemsOf(1)).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Add Networks (CM)' })).toBeEnabled();
    // another part of a subject already chosen is no new subject
    await user.click(addButton('Databases (TD)'));
    expect(itemsOf(1)).toHaveLength(4);
    // nothing was sent: the list is saved on demand
    expect(api.requests.filter((r) => r.method === 'PUT' || r.method === 'POST')).toHaveLength(0);
    expect(screen.getByText('You have unsaved changes: save them to keep them.')).toBeInTheDocument();
  });

  it('refuses a part that would pass the allowed hourly volume', async () => {
    coursesApi({ app: application({ TOTAL_HOURS: 60 }) });
    const { user } = renderApp('/courses', { user: lecturer() });
    await screen.findByRole('table', { name: 'Subjects offered' });
    await user.click(addButton('Compilers (CM)'));
    await user.click(addButton('Compilers (TD)'));
    // 40 + 20 = 60 h: exactly the allowed volume
    expect(itemsOf(3)).toHaveLength(2);
    expect(screen.queryByText(/Hourly volume exceeds/)).not.toBeInTheDocument();
    await user.click(addButton('Compilers (TP)'));
    expect(await screen.findByText('Hourly volume exceeds the allowed one (80 h chosen, 60 h allowed) !')).toBeInTheDocument();
    expect(itemsOf(3)).toHaveLength(2);
  });

  it('saves the selected choices with a PUT, leaving confirmed and declined ones to the server', async () => {
    const confirmed = choice(COMPILERS, 'CM', 1);
    const declined = choice(NETWORKS, 'CM', 2);
    const kept = choice(ALGORITHMS, 'CM');
    const api = coursesApi(
      { choices: [confirmed, declined, kept] },
      {
        'PUT /api/applications-choices/11': (request) => ({
          body: [confirmed, declined, kept, choice(DATABASES, 'TD')].filter((c) => c !== kept || JSON.stringify(request.body).includes('"SUBJECT_ID":101')),
        }),
      },
    );
    const { user } = renderApp('/courses', { user: lecturer() });
    await screen.findByRole('table', { name: 'Subjects offered' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    // confirmed and declined choices cannot be removed here
    expect(within(levelList(3)).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(levelList(3)).getByText('Confirmed')).toBeInTheDocument();
    expect(within(levelList(1)).getByText('Declined')).toBeInTheDocument();

    await user.click(addButton('Databases (TD)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PUT', '/api/applications-choices/11')).toHaveLength(1));
    expect(api.to('PUT', '/api/applications-choices/11')[0]!.body).toEqual({
      subjects: [
        { SUBJECT_ID: 101, CATEGORY: 'CM' },
        { SUBJECT_ID: 102, CATEGORY: 'TD' },
      ],
    });
    expect(await screen.findByText('Successly saved !')).toBeInTheDocument();
    expect(screen.queryByText('Not saved')).not.toBeInTheDocument();
    expect(screen.queryByText('You have unsaved changes: save them to keep them.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    // removing is saved the same way
    await user.click(screen.getByRole('button', { name: 'Remove Algorithms (CM)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PUT', '/api/applications-choices/11')).toHaveLength(2));
    expect(api.to('PUT', '/api/applications-choices/11')[1]!.body).toEqual({ subjects: [{ SUBJECT_ID: 102, CATEGORY: 'TD' }] });
  });

  it('empties the list after a confirmation, keeping the confirmed choices', async () => {
    const confirmed = choice(COMPILERS, 'CM', 1);
    const api = coursesApi(
      { choices: [confirmed, choice(ALGORITHMS, 'CM'), choice(DATABASES, 'TD')] },
      { 'POST /api/applications-choices/clear/11': { body: [confirmed] } },
    );
    const { user } = renderApp('/courses', { user: lecturer() });
    await screen.findByRole('list', { name: 'Level 1' });

    await user.click(screen.getByRole('button', { name: 'Empty the list' }));
    let dialog = await screen.findByRole('dialog', { name: 'Empty the list?' });
    expect(dialog).toHaveTextContent('Choices already confirmed by the academic office are kept.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST', '/api/applications-choices/clear/11')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Empty the list' }));
    dialog = await screen.findByRole('dialog', { name: 'Empty the list?' });
    await user.click(within(dialog).getByRole('button', { name: 'Empty the list' }));
    await waitFor(() => expect(api.to('POST', '/api/applications-choices/clear/11')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Level 1' })).not.toBeInTheDocument());
    expect(itemsOf(3)).toEqual(['Compilers (CM)GL3/S · Evening · 40 hConfirmed']);
    expect(screen.getByRole('button', { name: 'Empty the list' })).toBeDisabled();
  });

  it('closes the session after a confirmation that says it is permanent, then is read-only', async () => {
    let closed = false;
    const api = coursesApi(
      { choices: [choice(ALGORITHMS, 'CM')] },
      {
        'POST /api/applications/close/11': () => {
          closed = true;
          return { body: application({ CLOSED: true, CLOSED_AT: '2023-10-02T09:00:00.000Z' }) };
        },
        [`GET ${APPLICATION_PATH}`]: () => ({ body: closed ? application({ CLOSED: true, CLOSED_AT: '2023-10-02T09:00:00.000Z' }) : application() }),
      },
    );
    const { user } = renderApp('/courses', { user: lecturer() });
    await screen.findByRole('table', { name: 'Subjects offered' });

    await user.click(screen.getByRole('button', { name: 'Close the session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the session?' });
    expect(dialog).toHaveTextContent('Closing validates your choices permanently');
    await user.click(within(dialog).getByRole('button', { name: 'Close permanently' }));
    await waitFor(() => expect(api.to('POST', '/api/applications/close/11')).toHaveLength(1));

    expect(await screen.findByText("You can't perform actions on a closed session")).toBeInTheDocument();
    expect(screen.getByText(/closed on 02\/10\/2023 and are now final/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Subjects offered' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empty the list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(itemsOf(1)).toEqual(['Algorithms (CM)GL1/J · Day · 30 hSelected']);
    // no unsaved change was there: nothing else was written
    expect(api.to('PUT', '/api/applications-choices/11')).toHaveLength(0);

    const before = api.to('GET', SESSION_PATH).length;
    await user.click(screen.getByRole('button', { name: 'Check for new session' }));
    await waitFor(() => expect(api.to('GET', SESSION_PATH).length).toBeGreaterThan(before));
  });

  it('saves unsaved changes before closing', async () => {
    const api = coursesApi(
      {},
      {
        'PUT /api/applications-choices/11': { body: [choice(ALGORITHMS, 'CM')] },
        'POST /api/applications/close/11': { body: application({ CLOSED: true, CLOSED_AT: '2023-10-02T09:00:00.000Z' }) },
      },
    );
    const { user } = renderApp('/courses', { user: lecturer() });
    await screen.findByRole('table', { name: 'Subjects offered' });
    await user.click(addButton('Algorithms (CM)'));
    await user.click(screen.getByRole('button', { name: 'Close the session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the session?' });
    expect(dialog).toHaveTextContent('Your unsaved changes are saved first.');
    await user.click(within(dialog).getByRole('button', { name: 'Close permanently' }));
    expect(await screen.findByText("You can't perform actions on a closed session")).toBeInTheDocument();
    const writes = api.requests.filter((r) => r.method === 'PUT' || r.method === 'POST').map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual(['PUT /api/applications-choices/11', 'POST /api/applications/close/11']);
  });

  it('shows a closed application read-only from the start', async () => {
    coursesApi({ app: application({ CLOSED: true, CLOSED_AT: '2023-10-02T09:00:00.000Z' }), choices: [choice(ALGORITHMS, 'CM', 1)] });
    renderApp('/courses', { user: lecturer() });
    expect(await screen.findByText("You can't perform actions on a closed session")).toBeInTheDocument();
    expect(itemsOf(1)).toEqual(['Algorithms (CM)GL1/J · Day · 30 hConfirmed']);
    expect(screen.queryByRole('button', { name: 'Close the session' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check for new session' })).toBeInTheDocument();
  });

  it("shows the server's refusal translated, with the limit it names", async () => {
    coursesApi(
      {},
      {
        'PUT /api/applications-choices/11': error(409, 'SUBJECT_LIMIT_REACHED', { limit: { group: '3', shift: 'S', limit: 1 } }),
        'POST /api/applications/close/11': error(409, 'CLOSURE_HOURS_EXCEEDED', { limit: { hours: 240, allowed: 200 } }),
      },
    );
    const { user } = renderApp('/courses', { user: lecturer() });
    await screen.findByRole('table', { name: 'Subjects offered' });
    await user.click(addButton('Compilers (CM)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    let alert = await screen.findByText('Max number of subjects reached for this level');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Level 3, Evening and night classes: at most 1 subject');
    // the list as typed stays, still unsaved
    expect(itemsOf(3)).toEqual(['Compilers (CM)GL3/S · Evening · 40 hSelectedNot saved']);
    await user.click(screen.getByRole('button', { name: 'Remove Compilers (CM)' }));

    await user.click(screen.getByRole('button', { name: 'Close the session' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Close the session?' })).getByRole('button', { name: 'Close permanently' }));
    alert = await screen.findByText('Hourly volume exceeds the allowed one, so closure is denied');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('240 h chosen, 200 h allowed');
  });

  it('in French too', async () => {
    coursesApi({}, { 'PUT /api/applications-choices/11': error(403, 'SESSION_CLOSED') });
    const { user } = renderApp('/courses', { user: lecturer() });
    await screen.findByRole('table', { name: 'Subjects offered' });
    await user.click(addButton('Algorithms (CM)'));
    const { changeLanguage } = await import('../../lib/i18n');
    await changeLanguage('fr');
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Vous ne pouvez pas effectuer d'actions sur une session clôturée")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mes choix' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    coursesApi();
    const { user, location } = renderApp('/courses', { user: lecturer() });
    await screen.findByRole('table', { name: 'Subjects offered' });
    await user.click(addButton('Algorithms (CM)'));
    await user.click(await mainMenuLink(user, 'History and assignments'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on the page' }));
    expect(location().pathname).toBe('/courses');
    // the menu's drawer (a lecturer's seven entries do not fit this screen's bar) hides the page until it has closed
    await waitFor(() => expect(itemsOf(1)).toHaveLength(1));
  });
});

describe('choice session: the summary', () => {
  const choices = () => [choice(ALGORITHMS, 'CM', 1), choice(DATABASES, 'TD'), choice(NETWORKS, 'CM', 2)];

  it('adds up the hours against the allowed volume and estimates the pay with an NIU (5.5 %)', async () => {
    coursesApi({ choices: choices() });
    const { user } = renderApp('/courses', { user: lecturer() });
    // 30 h confirmed + 10 h selected; the declined 25 h weigh nothing
    expect(await screen.findByText('40 h of 200 h allowed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Hourly volume' })).toHaveAttribute('aria-valuenow', '20');
    const pay = screen.getByLabelText('Pay estimate');
    // 30 × 5000 + 10 × 4000 = 190 000; 5.5 % = 10 450
    expect(pay).toHaveTextContent('Gross (hours × rate)190.000 FCFA');
    expect(pay).toHaveTextContent('Tax (5.5 %)10.450 FCFA');
    expect(pay).toHaveTextContent('Net estimate179.550 FCFA');
    expect(screen.getByText('Your NIU is on file: the tax rate is 5.5 %.')).toBeInTheDocument();
    const limits = screen.getByRole('table', { name: 'Subjects per level and shift' });
    expect(within(limits).getByRole('row', { name: /Levels 1-2/ })).toHaveTextContent('Levels 1-22 of 20 of 1');

    // an added part counts at once
    await screen.findByRole('table', { name: 'Subjects offered' });
    await user.click(addButton('Compilers (CM)'));
    expect(screen.getByText('80 h of 200 h allowed')).toBeInTheDocument();
    expect(pay).toHaveTextContent('Gross (hours × rate)430.000 FCFA');
    expect(within(limits).getByRole('row', { name: /Level 3/ })).toHaveTextContent('Level 30 of 21 of 1');
  });

  it('estimates the pay without an NIU at 16.5 %', async () => {
    coursesApi({ choices: choices() });
    renderApp('/courses', { user: lecturer({ NIU: null }) });
    expect(await screen.findByText('40 h of 200 h allowed')).toBeInTheDocument();
    const pay = screen.getByLabelText('Pay estimate');
    // 16.5 % of 190 000 = 31 350
    expect(pay).toHaveTextContent('Tax (16.5 %)31.350 FCFA');
    expect(pay).toHaveTextContent('Net estimate158.650 FCFA');
    expect(screen.getByText(/No NIU on file: the tax rate is 16.5 %/)).toBeInTheDocument();
  });

  it('shows the shift of night classes and offers no part without hours', async () => {
    coursesApi({ rows: [subject({ SUBJECT_ID: 900, SUBJECT_NAME: 'Ethics', SHIFT: 'NIGHT', HOURS_CM: 12, HOURS_TD: 0, HOURS_TP: 0 })] });
    renderApp('/courses', { user: lecturer() });
    const row = await screen.findByRole('row', { name: /Ethics/ });
    expect(within(row).getByText('Night')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Add Ethics (TD): no hours' })).toBeDisabled();
  });
});
