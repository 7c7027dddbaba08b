import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_ROLES, type BackOfficeRole } from '@portal/contract/rules';
import { person } from '../test/fake-api';
import { DEMO_PEOPLE, type DemoWho } from '../test/demo-people';
import { navEntriesFor } from './navigation';

/** An employee's: their registration, subject choices, requests, schedule, the students' reviews of their teaching (decision 39) and their activity. */
const STAFF_ENTRIES = ['/profile', '/registration', '/courses', '/courses/archive', '/requests', '/schedule', '/reviews', '/history'];
/** A student's (issue 13): their file, requests, schedule, class, enrolment, evaluations and activity. */
const STUDENT_ENTRIES = ['/profile', '/student/file', '/requests', '/schedule', '/student/classes', '/enrolment', '/evaluation', '/history'];
/** What everyone signed in has: their profile and their own activity (decision 36). */
const OWN = ['/profile', '/history'];
/** The academic office's: subject choices, the students' enrolment (decision 38), lessons (decision 35) and the evaluation of teaching (decision 39). */
const ACADEMIC_ENTRIES = [
  '/academic/assignments',
  '/academic/sessions',
  '/academic/catalogue',
  '/academic/enrolment',
  '/academic/lessons',
  '/academic/lessons/hours',
  '/academic/evaluation/forms',
  '/academic/evaluation/sessions',
];
/** The admissions office's (issue 14): the entrance exams and the candidates. */
const ADMISSIONS_ENTRIES = ['/admissions/entrances', '/admissions/candidates'];
/** A unit processing requests (decision 32): its inbox, its batches and the report; administrators also configure. */
const REQUESTS_ENTRIES = ['/office/requests', '/office/batches', '/office/requests/report'];

/** The menu of a demo account. */
const menuOf = (who: DemoWho) => navEntriesFor(DEMO_PEOPLE[who]()).map((entry) => entry.path);
/** The menu of a back-office service account holding these roles. */
const officeMenu = (roles: BackOfficeRole[]) => navEntriesFor(person({ KIND: 'OFFICE', ROLES: roles })).map((entry) => entry.path);

describe('the menu of each demo account (decision 29)', () => {
  it('gives employees their profile, registration, subject choice, archive, requests, schedule, reviews and activity', () => {
    expect(menuOf('permanent')).toEqual(STAFF_ENTRIES);
    expect(menuOf('support')).toEqual(STAFF_ENTRIES);
  });

  it("gives a student their profile, student file, requests, schedule, class, enrolment, evaluations and activity, and none of an employee's", () => {
    expect(menuOf('student')).toEqual(STUDENT_ENTRIES);
    for (const path of ['/registration', '/courses', '/reviews']) expect(menuOf('student')).not.toContain(path);
    // and an employee none of a student's
    for (const path of ['/student/file', '/student/classes', '/enrolment', '/evaluation']) expect(menuOf('permanent')).not.toContain(path);
  });

  it("gives each office account its office's pages, and none of an employee's", () => {
    expect(menuOf('hr')).toEqual([...OWN, '/hr/registrations', ...REQUESTS_ENTRIES]);
    expect(menuOf('academic')).toEqual([...OWN, ...ACADEMIC_ENTRIES]);
    expect(menuOf('identification')).toEqual([...OWN, '/identification']);
    expect(menuOf('admissions')).toEqual([...OWN, ...ADMISSIONS_ENTRIES]);
    for (const unit of ['seng', 'finance', 'school'] as const) expect(menuOf(unit), unit).toEqual([...OWN, ...REQUESTS_ENTRIES]);
    expect(menuOf('admin')).toEqual([
      ...OWN,
      '/hr/registrations',
      '/identification',
      ...ACADEMIC_ENTRIES,
      ...ADMISSIONS_ENTRIES,
      ...REQUESTS_ENTRIES,
      '/office/requests/settings',
      '/admin/payment-networks',
    ]);
  });
});

describe('the menu of the back office', () => {
  it('has the HR entry for HR and ADMIN only', () => {
    expect(officeMenu(['HR'])).toContain('/hr/registrations');
    expect(officeMenu(['ADMIN'])).toContain('/hr/registrations');
    expect(officeMenu(['ACADEMIC'])).not.toContain('/hr/registrations');
    expect(officeMenu([])).not.toContain('/hr/registrations');
  });

  it('has the identification entry for the identification office and the administrators only', () => {
    expect(officeMenu(['IDENTIFICATION'])).toContain('/identification');
    expect(officeMenu(['ADMIN'])).toContain('/identification');
    expect(officeMenu(['HR'])).not.toContain('/identification');
    expect(officeMenu([])).not.toContain('/identification');
  });

  it('has the academic entries for the academic office and the administrators only', () => {
    for (const path of ACADEMIC_ENTRIES) {
      expect(officeMenu(['ACADEMIC'])).toContain(path);
      expect(officeMenu(['ADMIN'])).toContain(path);
      expect(officeMenu(['HR'])).not.toContain(path);
      expect(officeMenu([])).not.toContain(path);
    }
  });

  it('has the requests entries for the REQUESTS role and the administrators, and the settings for the administrators only', () => {
    expect(officeMenu(['REQUESTS'])).toEqual([...OWN, ...REQUESTS_ENTRIES]);
    expect(officeMenu(['ADMIN'])).toEqual(expect.arrayContaining([...REQUESTS_ENTRIES, '/office/requests/settings']));
    for (const role of ['HR', 'ACADEMIC', 'IDENTIFICATION', 'ADMISSIONS'] as const) {
      for (const path of [...REQUESTS_ENTRIES, '/office/requests/settings']) expect(officeMenu([role]), role).not.toContain(path);
    }
  });

  it('gives no office account the staff entries, and keeps them for an employee who also holds a role', () => {
    for (const role of BACK_OFFICE_ROLES) expect(officeMenu([role]), role).not.toContain('/registration');
    // an office account files no request of its own, administrators included (requests.own is a staff's)
    for (const role of BACK_OFFICE_ROLES) expect(officeMenu([role]), role).not.toContain('/requests');
    // nor a timetable: an office account gives no lessons (timetable.own is a staff's and a student's)
    for (const role of BACK_OFFICE_ROLES) expect(officeMenu([role]), role).not.toContain('/schedule');
    // nor reviews of its teaching, nor a student's pages (reviews.own, student.own, enrolment.own and evaluation.answer come with a kind)
    for (const role of BACK_OFFICE_ROLES) {
      for (const path of ['/reviews', '/student/file', '/student/classes', '/enrolment', '/evaluation']) expect(officeMenu([role]), role).not.toContain(path);
    }
    for (const role of BACK_OFFICE_ROLES) {
      const employee = navEntriesFor(person({ KIND: 'STAFF', STATUS: 'PERMANENT', ROLES: [role] })).map((entry) => entry.path);
      expect(employee.slice(0, STAFF_ENTRIES.length), role).toEqual(STAFF_ENTRIES);
    }
    expect(navEntriesFor(person({ KIND: 'STAFF', ROLES: ['HR'] })).map((entry) => entry.path)).toEqual([...STAFF_ENTRIES, '/hr/registrations']);
  });
});
