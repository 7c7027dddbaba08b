import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_ROLES, PERMISSIONS } from '@portal/contract/rules';
import { queryKeys } from '../lib/session';
import { fakeApi, person } from '../test/fake-api';
import { DEMO_PEOPLE, type DemoWho } from '../test/demo-people';
import { renderApp } from '../test/render-app';
import { NAV_ENTRIES, navEntriesFor } from '../lib/navigation';
import { routes } from './routes';

describe('navigation menu', () => {
  it('only lists entries whose page exists', () => {
    for (const entry of NAV_ENTRIES) {
      const matched = matchRoutes(routes, entry.path);
      expect(matched?.at(-1)?.route.path, entry.path).not.toBe('*');
    }
  });

  it('builds the menu from the roles of the person', () => {
    expect(navEntriesFor(person({ KIND: 'STUDENT' })).map((e) => e.path)).toEqual([
      '/profile',
      '/student/file',
      '/requests',
      '/schedule',
      '/student/classes',
      '/enrolment',
      '/evaluation',
      '/history',
    ]);
    expect(navEntriesFor(person({ KIND: 'STAFF' })).map((e) => e.path)).toEqual([
      '/profile',
      '/registration',
      '/courses',
      '/courses/archive',
      '/requests',
      '/schedule',
      '/reviews',
      '/history',
    ]);
    expect(navEntriesFor(person({ KIND: 'OFFICE' })).map((e) => e.path)).toEqual(['/profile', '/history']);
    expect(navEntriesFor(person({ KIND: 'STAFF', ROLES: ['IDENTIFICATION'] })).map((e) => e.path)).toContain('/identification');
    expect(navEntriesFor(person({ KIND: 'STAFF', ROLES: ['IDENTIFICATION'] })).map((e) => e.path)).not.toContain('/academic/assignments');
    expect(navEntriesFor(person({ KIND: 'STAFF', ROLES: ['ACADEMIC'] })).map((e) => e.path)).toEqual(
      expect.arrayContaining(['/academic/assignments', '/academic/sessions', '/academic/catalogue']),
    );
    expect(navEntriesFor(person({ KIND: 'STAFF', ROLES: ['HR'] })).map((e) => e.path)).not.toContain('/identification');
    expect(navEntriesFor(null)).toEqual([]);
    for (const entry of NAV_ENTRIES) expect(PERMISSIONS).toContain(entry.permission);
    expect(BACK_OFFICE_ROLES.length).toBeGreaterThan(0);
  });
});

/** What a unit processing requests finds in its menu (decision 32). */
const REQUESTS_MENU = ['Requests to process', 'Transmittal batches', 'Requests report'];

/** What everyone signed in finds first: their profile and their own activity (decision 36). */
const OWN_MENU = ['My profile', 'My activity'];

/** What the academic office plans and counts (decision 35). */
const PLANNING_MENU = ['Lesson planning', 'Teaching hours'];

/** The evaluation of teaching the academic office organises (decision 39). */
const EVALUATION_MENU = ['Question forms', 'Evaluation sessions'];

/** The academic office's menu: subject choices, the students' enrolment (decision 38), lessons, evaluation. */
const ACADEMIC_MENU = ['Assignments', 'Choice sessions', 'Catalogue', 'Student enrolment', ...PLANNING_MENU, ...EVALUATION_MENU];

/** The admissions office's menu: its entrance exams and their candidates (issue 14, decision 44). */
const ADMISSIONS_MENU = ['Entrance exams', 'Candidates'];

/** An employee's menu: the students' reviews of their teaching come before their activity (decision 39). */
const STAFF_MENU = ['My profile', 'My registration', 'Subject choices', 'History and assignments', 'My requests', 'Schedule', 'Reviews', 'My activity'];

/** The labels of the menu in the app bar, as each demo account sees it (decision 29). */
const MENUS: Record<DemoWho, string[]> = {
  permanent: STAFF_MENU,
  support: STAFF_MENU,
  student: ['My profile', 'My student file', 'My requests', 'Schedule', 'Classes', 'Enrolment', 'Evaluations', 'My activity'],
  hr: [...OWN_MENU, 'Staff registrations', ...REQUESTS_MENU],
  academic: [...OWN_MENU, ...ACADEMIC_MENU],
  identification: [...OWN_MENU, 'Identification'],
  admissions: [...OWN_MENU, ...ADMISSIONS_MENU],
  admin: [
    ...OWN_MENU,
    'Staff registrations',
    'Identification',
    ...ACADEMIC_MENU,
    ...ADMISSIONS_MENU,
    ...REQUESTS_MENU,
    'Requests settings',
    'Payment networks',
  ],
  seng: [...OWN_MENU, ...REQUESTS_MENU],
  finance: [...OWN_MENU, ...REQUESTS_MENU],
  school: [...OWN_MENU, ...REQUESTS_MENU],
};

describe('the menu of each demo account', () => {
  for (const who of Object.keys(MENUS) as DemoWho[]) {
    it(`shows ${who} exactly their menu`, async () => {
      fakeApi({ 'GET /api/sessions-applications/current': { status: 204 } });
      renderApp('/settings', { user: DEMO_PEOPLE[who]() });
      // in the bar when it fits this screen, otherwise in the drawer the menu button opens
      await waitFor(() =>
        expect(screen.queryByRole('navigation', { name: 'Main menu' }) ?? screen.queryByRole('button', { name: 'Open the menu' })).not.toBeNull(),
      );
      if (!screen.queryByRole('navigation', { name: 'Main menu' })) await userEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
      const nav = (await screen.findAllByRole('navigation', { name: 'Main menu' }))[0]!;
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(MENUS[who]);
    });
  }

  it("keeps a long menu out of a bar too narrow for it: on this 1024-pixel screen an administrator's nineteen entries, a lecturer's eight and a student's eight open as a drawer where a unit's five and an identification officer's three fit", async () => {
    fakeApi({ 'GET /api/sessions-applications/current': { status: 204 } });
    for (const [who, count] of [
      ['admin', 19],
      ['permanent', 8],
      ['student', 8],
    ] as const) {
      expect(MENUS[who], who).toHaveLength(count);
      const view = renderApp('/settings', { user: DEMO_PEOPLE[who]() });
      await screen.findByRole('button', { name: 'Open the menu' });
      expect(screen.queryByRole('navigation', { name: 'Main menu' }), who).not.toBeInTheDocument();
      view.unmount();
    }
    for (const [who, count] of [
      ['seng', 5],
      ['identification', 3],
    ] as const) {
      expect(MENUS[who], who).toHaveLength(count);
      const view = renderApp('/settings', { user: DEMO_PEOPLE[who]() });
      expect(within(await screen.findByRole('navigation', { name: 'Main menu' })).getAllByRole('link'), who).toHaveLength(count);
      view.unmount();
    }
  });
});

describe('layout', () => {
  it('shows the academic year, the version and the legal links in the footer', async () => {
    fakeApi();
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText('Academic year 2023-2024')).toBeInTheDocument();
    expect(within(footer).getByText('Version 1.0.0')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', 'mailto:support@univ.example.cm');
  });

  it('logs out from the user menu after confirmation', async () => {
    const api = fakeApi({ 'POST /api/auth/logout': { status: 204 }, 'GET /api/students/7': { body: person() } });
    const { user, location, queryClient } = renderApp('/profile', { user: person() });
    await user.click(await screen.findByRole('button', { name: 'Account menu of Amina Nkoulou' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.to('POST', '/api/auth/logout')).toHaveLength(0);

    await user.click(await screen.findByRole('button', { name: 'Account menu of Amina Nkoulou' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Log out' })).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('You are signed out !')).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/logout')).toHaveLength(1);
    expect(location().pathname).toBe('/login');
    expect(queryClient.getQueryData(queryKeys.session)).toBeNull();
    expect(queryClient.getQueryData(queryKeys.person(7))).toBeUndefined();
  });

  it('reaches the pages of the user menu', async () => {
    fakeApi({ 'GET /api/students/7': { body: person() } });
    const { user, location } = renderApp('/profile', { user: person() });
    await user.click(await screen.findByRole('button', { name: 'Account menu of Amina Nkoulou' }));
    await user.click(screen.getByRole('menuitem', { name: 'Contact us' }));
    expect(await screen.findByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Account menu of Amina Nkoulou' }));
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(location().pathname).toBe('/settings');
  });

  it('has a not-found page', async () => {
    fakeApi();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
