import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error, fakeApi, type FakeHandler } from '../../test/fake-api';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { renderApp } from '../../test/render-app';
import { askedWeeks, FEED_PATH, lesson, STUDENT, TIMETABLE_PATH, timetableOf, WEEK_OF_23_NOVEMBER } from './timetable-fixtures';

/** Wednesday 25 November 2026, 10:00 in Douala: the week shown without a `week` in the URL is that of Monday 23. */
const NOW = new Date('2026-11-25T09:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

function scheduleApi(timetable: FakeHandler = timetableOf(WEEK_OF_23_NOVEMBER), extra: Record<string, FakeHandler> = {}) {
  return fakeApi({ [`POST ${TIMETABLE_PATH}`]: timetable, [`GET ${FEED_PATH}`]: { body: { active: false, createdAt: null } }, ...extra });
}

/** A lesson's block of the grid by the start of its accessible name. */
const block = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });

describe('the Schedule page, on a desk', () => {
  it('draws the week Monday to Sunday, each lesson in its day, at its time, in its status colour, with everything in its name', async () => {
    const api = scheduleApi();
    const { user } = renderApp('/schedule?week=2026-11-23', { user: DEMO_PEOPLE.permanent() });
    const table = await screen.findByRole('table', { name: 'Your lessons from Monday 23 November to Sunday 29 November 2026, by day and time' });
    expect(screen.getByRole('heading', { level: 1, name: 'Schedule' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'From Monday 23 November to Sunday 29 November 2026' })).toBeInTheDocument();
    expect(askedWeeks(api.to('POST', TIMETABLE_PATH))[0]).toEqual({ START_DATE: '2026-11-23', END_DATE: '2026-11-29' });

    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Time',
      'Mon23 Nov',
      'Tue24 Nov',
      'Wed25 Nov',
      'Thu26 Nov',
      'Fri27 Nov',
      'Sat28 Nov',
      'Sun29 Nov',
    ]);
    // today is Wednesday
    expect(headers[3]).toHaveAttribute('aria-current', 'date');

    const monday = block('Monday 23 November, 08:00 to 09:50');
    expect(monday).toHaveAccessibleName(
      'Monday 23 November, 08:00 to 09:50: INF201 Algorithms, Lecture (CM), class BTS1 GSI/J A, Room B12, Building Block A, Campus Logbessou. Validated and billed.',
    );
    expect(monday.closest('td')).toHaveAttribute('data-day', '2026-11-23');
    // 08:00 is the top of the day (08:00 to 21:30, 810 minutes); 110 minutes are 13.58 % of it
    expect(monday).toHaveStyle({ top: '0%', height: '13.58%', backgroundColor: 'rgb(71, 173, 103)', color: 'rgb(0, 0, 0)' });
    expect(monday).toHaveTextContent('INF201 · CMAlgorithmsBTS1 GSI/J ARoom B1208:00–09:50');

    const wednesday = block('Wednesday 25 November, 10:10 to 12:00');
    expect(wednesday).toHaveAccessibleName(
      'Wednesday 25 November, 10:10 to 12:00: INF202 Databases, Tutorial (TD), class BTS1 GSI/J A, Room not set yet. Pending validation.',
    );
    expect(wednesday.closest('td')).toHaveAttribute('data-day', '2026-11-25');
    expect(wednesday).toHaveStyle({ top: '16.05%', height: '13.58%', backgroundColor: 'rgb(255, 201, 107)', color: 'rgb(0, 0, 0)' });

    const refused = block('Friday 27 November, 13:00 to 14:50');
    expect(refused).toHaveAccessibleName(/Practical \(TP\).*Not validated\.$/);
    expect(refused.closest('td')).toHaveAttribute('data-day', '2026-11-27');
    expect(refused).toHaveStyle({ top: '37.04%', backgroundColor: 'rgb(235, 85, 59)', color: 'rgb(0, 0, 0)' });

    const evening = block('Friday 27 November, 20:00 to 21:30');
    expect(evening).toHaveStyle({ top: '88.89%', height: '11.11%', backgroundColor: 'rgb(178, 234, 197)' });
    expect(evening).toHaveAccessibleName(/Validated but not billed\.$/);

    // nothing on the other days
    for (const day of ['2026-11-24', '2026-11-26', '2026-11-28', '2026-11-29'])
      expect(table.querySelector(`td[data-day="${day}"] [data-lesson]`), day).toBeNull();

    // a block is a button: Enter opens everything about the lesson
    monday.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'INF201 Algorithms' });
    expect(
      within(dialog)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual([
      'Monday 23 November 2026',
      '08:00–09:50',
      'Lecture (CM)',
      'BTS1 GSI/J A',
      'Room B12, Building Block A, Campus Logbessou',
      'Validated and billed',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives the legend of the four statuses, and a lecturer the hours of the week: planned, validated and billed', async () => {
    scheduleApi();
    renderApp('/schedule?week=2026-11-23', { user: DEMO_PEOPLE.permanent() });
    const legend = await screen.findByRole('list', { name: 'Status colours' });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Validated and billed', 'Validated but not billed', 'Pending validation', 'Not validated']);
    expect(items.map((item) => (item.querySelector('[aria-hidden]') as HTMLElement).style.backgroundColor)).toEqual([
      'rgb(71, 173, 103)',
      'rgb(178, 234, 197)',
      'rgb(255, 201, 107)',
      'rgb(235, 85, 59)',
    ]);

    const totals = screen.getByRole('region', { name: 'Your hours this week' });
    // planned: every lesson but the refused one (110 + 110 + 90 minutes, 5.17 h once rounded); validated: the billed and the validated (3.33 h); billed: 1.83 h
    expect(
      within(totals)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Planned', 'Validated', 'Billed']);
    expect(
      within(totals)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['5.17\u00a0h', '3.33\u00a0h', '1.83\u00a0h']);
  });

  it('places two lessons of a class at the same time side by side', async () => {
    const twoGroups = [
      lesson({ id: 11, date: '2026-11-24', begin: '08:00', end: '09:50', part: 'TD' }),
      lesson({ id: 12, date: '2026-11-24', begin: '09:00', end: '10:00', part: 'TP', lecturer: { id: 2, FIRSTNAME: 'Marie', LASTNAME: 'Ngono' } }),
      lesson({ id: 13, date: '2026-11-24', begin: '13:00', end: '14:50' }),
    ];
    scheduleApi(timetableOf(twoGroups, STUDENT));
    renderApp('/schedule?week=2026-11-23', { user: DEMO_PEOPLE.student() });
    const first = await screen.findByRole('button', { name: /08:00 to 09:50/ });
    const second = screen.getByRole('button', { name: /09:00 to 10:00/ });
    const alone = screen.getByRole('button', { name: /13:00 to 14:50/ });
    expect(first).toHaveStyle({ left: 'calc(0% + 2px)', width: 'calc(50% - 4px)' });
    expect(second).toHaveStyle({ left: 'calc(50% + 2px)', width: 'calc(50% - 4px)' });
    expect(alone).toHaveStyle({ left: 'calc(0% + 2px)', width: 'calc(100% - 4px)' });
    // a student's lessons say who gives them
    expect(second).toHaveAccessibleName(
      'Tuesday 24 November, 09:00 to 10:00: INF201 Algorithms, Practical (TP), class BTS1 GSI/J A, with Marie Ngono, Room B12. Pending validation.',
    );
  });
});

describe('moving from week to week', () => {
  it('asks the previous, the next and the current week, Monday to Sunday, and keeps the week in the URL', async () => {
    const api = scheduleApi();
    const { user, location } = renderApp('/schedule', { user: DEMO_PEOPLE.permanent() });
    // no week in the URL: this week
    await screen.findByRole('heading', { level: 2, name: 'From Monday 23 November to Sunday 29 November 2026' });
    expect(askedWeeks(api.to('POST', TIMETABLE_PATH))[0]).toEqual({ START_DATE: '2026-11-23', END_DATE: '2026-11-29' });
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();
    // the next week is asked ahead
    await waitFor(() => expect(askedWeeks(api.to('POST', TIMETABLE_PATH))).toContainEqual({ START_DATE: '2026-11-30', END_DATE: '2026-12-06' }));

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(location().search).toBe('?week=2026-11-30');
    expect(await screen.findByRole('heading', { level: 2, name: 'From Monday 30 November to Sunday 6 December 2026' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing is planned for you this week.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(location().search).toBe('?week=2026-11-16');
    await screen.findByRole('heading', { level: 2, name: 'From Monday 16 November to Sunday 22 November 2026' });
    await waitFor(() => expect(askedWeeks(api.to('POST', TIMETABLE_PATH))).toContainEqual({ START_DATE: '2026-11-16', END_DATE: '2026-11-22' }));

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(location().search).toBe('?week=2026-11-23');
    expect(await screen.findByRole('button', { name: /^Monday 23 November, 08:00 to 09:50/ })).toBeInTheDocument();
  });

  it('reads any day of a week in the URL as its week, across a new year', async () => {
    const api = scheduleApi();
    renderApp('/schedule?week=2026-12-31', { user: DEMO_PEOPLE.permanent() });
    expect(await screen.findByRole('heading', { level: 2, name: 'From Monday 28 December 2026 to Sunday 3 January 2027' })).toBeInTheDocument();
    expect(askedWeeks(api.to('POST', TIMETABLE_PATH))[0]).toEqual({ START_DATE: '2026-12-28', END_DATE: '2027-01-03' });
  });
});

describe('the Schedule page, on a phone', () => {
  it('lists the week day by day, each lesson a card, and says so of a day without any', async () => {
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
    scheduleApi();
    renderApp('/schedule?week=2026-11-23', { user: DEMO_PEOPLE.permanent() });
    const monday = await screen.findByRole('region', { name: 'Monday 23 November' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Your hours this week',
      'Monday 23 November',
      'Tuesday 24 November',
      'Wednesday 25 November',
      'Thursday 26 November',
      'Friday 27 November',
      'Saturday 28 November',
      'Sunday 29 November',
    ]);
    const card = within(monday).getByRole('listitem');
    expect(card).toHaveTextContent('08:00–09:50INF201 AlgorithmsLecture (CM) · BTS1 GSI/J ARoom B12, Building Block A, Campus LogbessouValidated and billed');
    expect(card).toHaveStyle({ borderLeftColor: 'rgb(71, 173, 103)' });
    expect(within(screen.getByRole('region', { name: 'Tuesday 24 November' })).getByText('Nothing planned.')).toBeInTheDocument();
    const friday = screen.getByRole('region', { name: 'Friday 27 November' });
    expect(
      within(friday)
        .getAllByRole('listitem')
        .map((item) => within(item).getByRole('heading', { level: 4 }).textContent),
    ).toEqual(['INF201 Algorithms', 'INF202 Databases']);
  });
});

describe('a student, an empty week, a failure', () => {
  it("names a student's class and counts no hours", async () => {
    scheduleApi(timetableOf(WEEK_OF_23_NOVEMBER, STUDENT));
    renderApp('/schedule?week=2026-11-23', { user: DEMO_PEOPLE.student() });
    expect(await screen.findByText('Your class: BTS1 GSI/J A')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your hours this week' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^\w+day \d+ November/ })).toHaveLength(4);
  });

  it('tells a student without a class, and says that nothing is planned', async () => {
    scheduleApi(timetableOf([], { ...STUDENT, class: null }));
    renderApp('/schedule?week=2026-11-23', { user: DEMO_PEOPLE.student() });
    expect(await screen.findByText('You are not in a class yet; the academic office places each student in one.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is planned for you this week.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows why the week could not be read', async () => {
    scheduleApi(error(403, 'FORBIDDEN'));
    renderApp('/schedule?week=2026-11-23', { user: DEMO_PEOPLE.permanent() });
    expect(await screen.findByText('Action denied')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is not open to an office account', async () => {
    scheduleApi();
    const { location } = renderApp('/schedule', { user: DEMO_PEOPLE.academic() });
    await waitFor(() => expect(location().pathname).toBe('/profile'));
  });
});

describe('in French', () => {
  it('writes the days, the statuses, the parts, the subjects and the hours in French', async () => {
    await changeLanguage('fr');
    scheduleApi();
    renderApp('/schedule?week=2026-11-23', { user: DEMO_PEOPLE.permanent({ LANGUAGE: 'fr' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Emploi du temps' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Du lundi 23 novembre au dimanche 29 novembre 2026' })).toBeInTheDocument();
    expect(block('lundi 23 novembre, de 08:00 à 09:50')).toHaveAccessibleName(
      'lundi 23 novembre, de 08:00 à 09:50\u00a0: INF201 Algorithmique, Cours magistral (CM), classe BTS1 GSI/J A, Salle B12, Bâtiment Block A, Campus Logbessou. Validé et facturé.',
    );
    expect(block('mercredi 25 novembre')).toHaveTextContent('Bases de données');
    expect(
      within(screen.getByRole('list', { name: 'Couleurs des statuts' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Validé et facturé', 'Validé mais non facturé', 'En attente de validation', 'Pas validé']);
    const totals = screen.getByRole('region', { name: 'Vos heures de la semaine' });
    expect(
      within(totals)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['5,17\u00a0h', '3,33\u00a0h', '1,83\u00a0h']);
    expect(screen.getByRole('button', { name: 'Semaine suivante' })).toBeInTheDocument();
  });
});
