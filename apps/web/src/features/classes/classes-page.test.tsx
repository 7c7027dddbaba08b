import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ClassSubject, StudentClass } from '@portal/contract';
import { changeLanguage } from '../../lib/i18n';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { error, fakeApi } from '../../test/fake-api';
import { mainMenuLink } from '../../test/menu';
import { renderApp } from '../../test/render-app';

const PATH = '/api/students/class';

const subject = (overrides: Partial<ClassSubject>): ClassSubject => ({
  id: 1,
  CODE: 'GSI101',
  NAME: 'Algorithms',
  NAME_FR: 'Algorithmique',
  CLASS_CODE: 'BTS1 GSI/J A',
  HOURS_CM: 30,
  HOURS_TD: 20,
  HOURS_TP: 10,
  CREDITS: 4,
  LECTURERS: [],
  ...overrides,
});

const CLASS: StudentClass = {
  class: {
    id: 3,
    CODE: 'BTS1 GSI/J A',
    CYCLE_NAME: "Higher Technician's Certificate",
    CYCLE_NAME_FR: 'Brevet de technicien supérieur',
    LEVEL_ID: 1,
    LEVEL_NAME: 'Level 1',
    LEVEL_NAME_FR: 'Niveau 1',
    BRANCH_ABBREVIATION: 'GSI',
    BRANCH_NAME: 'Information Systems Management',
    BRANCH_NAME_FR: "Gestion des systèmes d'information",
    SHIFT: 'DAY',
    DEPARTMENT_NAME: 'Computer Science',
    DEPARTMENT_NAME_FR: 'Informatique',
  },
  subjects: [
    subject({
      LECTURERS: [
        { FIRSTNAME: 'Jean-Pierre', LASTNAME: 'Mbarga', PARTS: ['CM', 'TD'] },
        { FIRSTNAME: 'Marie', LASTNAME: 'Ngono', PARTS: ['TP'] },
      ],
    }),
    subject({ id: 2, CODE: 'GSI102', NAME: 'Databases', NAME_FR: 'Bases de données', HOURS_CM: 20, HOURS_TD: 10, HOURS_TP: 0, CREDITS: 3 }),
  ],
  optionalSubjects: [
    subject({
      id: 9,
      CODE: 'LAN201',
      NAME: 'Japanese',
      NAME_FR: 'Japonais',
      CLASS_CODE: 'LANG A',
      HOURS_CM: 15,
      HOURS_TD: 15,
      HOURS_TP: 0,
      CREDITS: 2,
      LECTURERS: [{ FIRSTNAME: 'Aiko', LASTNAME: 'Tanaka', PARTS: ['CM'] }],
    }),
  ],
};

const phoneScreen = () =>
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

describe('the Classes page', () => {
  it("shows the student's class and, on a computer, its subjects as a table with hours, credits and lecturers", async () => {
    fakeApi({ [`GET ${PATH}`]: { body: CLASS } });
    renderApp('/student/classes', { user: DEMO_PEOPLE.student() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Class BTS1 GSI/J A' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Classes' })).toBeInTheDocument();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Cycle', 'Level', 'Branch', 'Shift', 'Department']);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      "Higher Technician's Certificate",
      'Level 1',
      'GSI · Information Systems Management',
      'Day',
      'Computer Science',
    ]);

    const table = screen.getByRole('table', { name: 'Subjects of the class' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Code', 'Subject', 'CM hours', 'TD hours', 'TP hours', 'Credits', 'Lecturers']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['GSI101', 'Algorithms', '30', '20', '10', '4', 'Jean-Pierre Mbarga (CM, TD) · Marie Ngono (TP)'],
      ['GSI102', 'Databases', '20', '10', '0', '3', 'Not assigned yet'],
    ]);
    const optional = screen.getByRole('table', { name: 'Optional subjects you follow' });
    expect(
      within(optional)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toContain('Class');
    expect(
      within(optional)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['LAN201', 'Japanese', 'LANG A', '15', '15', '0', '2', 'Aiko Tanaka (CM)']);
  });

  it('shows the subjects as cards on a phone', async () => {
    phoneScreen();
    fakeApi({ [`GET ${PATH}`]: { body: CLASS } });
    renderApp('/student/classes', { user: DEMO_PEOPLE.student() });
    const list = await screen.findByRole('list', { name: 'Subjects of the class' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { level: 3, name: 'Algorithms' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('GSI101');
    expect(
      within(cards[0]!)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['CM: 30\u00a0h · TD: 20\u00a0h · TP: 10\u00a0h', '4', 'Jean-Pierre Mbarga (CM, TD) · Marie Ngono (TP)']);
    expect(within(await screen.findByRole('list', { name: 'Optional subjects you follow' })).getByRole('listitem')).toHaveTextContent('LAN201 · LANG A');
  });

  it("writes the names in the reader's language", async () => {
    await changeLanguage('fr');
    fakeApi({ [`GET ${PATH}`]: { body: CLASS } });
    renderApp('/student/classes', { user: DEMO_PEOPLE.student({ LANGUAGE: 'fr' }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Classe BTS1 GSI/J A' })).toBeInTheDocument();
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Brevet de technicien supérieur',
      'Niveau 1',
      "GSI · Gestion des systèmes d'information",
      'Jour',
      'Informatique',
    ]);
    const table = screen.getByRole('table', { name: 'Matières de la classe' });
    expect(within(table).getByRole('cell', { name: 'Algorithmique' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Bases de données' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Pas encore attribuée' })).toBeInTheDocument();
  });

  it('explains a student without a class, and a class without subjects', async () => {
    fakeApi({ [`GET ${PATH}`]: { body: { class: null, subjects: [], optionalSubjects: [] } } });
    const view = renderApp('/student/classes', { user: DEMO_PEOPLE.student() });
    expect(await screen.findByText(/You are not in a class yet\. The academic office places each student in their class/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    view.unmount();

    fakeApi({ [`GET ${PATH}`]: { body: { ...CLASS, subjects: [], optionalSubjects: [] } } });
    renderApp('/student/classes', { user: DEMO_PEOPLE.student() });
    expect(await screen.findByText('No subject is listed for your class yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Optional subjects you follow' })).not.toBeInTheDocument();
  });

  it('says when the class cannot be loaded', async () => {
    fakeApi({ [`GET ${PATH}`]: error(404, 'NOT_FOUND') });
    renderApp('/student/classes', { user: DEMO_PEOPLE.student() });
    expect(await screen.findByRole('alert')).toHaveTextContent('No element to show');
  });

  it("is the students' Classes menu entry", async () => {
    fakeApi({ [`GET ${PATH}`]: { body: CLASS } });
    const { user, location } = renderApp('/profile', { user: DEMO_PEOPLE.student() });
    await user.click(await mainMenuLink(user, 'Classes'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Class BTS1 GSI/J A' })).toBeInTheDocument();
    expect(location().pathname).toBe('/student/classes');
  });

  it('sends staff to their profile', async () => {
    const staff = DEMO_PEOPLE.permanent();
    const api = fakeApi({ [`GET ${PATH}`]: error(403, 'FORBIDDEN'), [`GET /api/students/${staff.id}`]: { body: staff } });
    const { location } = renderApp('/student/classes', { user: staff });
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeInTheDocument();
    expect(location().pathname).toBe('/profile');
    expect(api.to('GET', PATH)).toHaveLength(0);
  });
});
