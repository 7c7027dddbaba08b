import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_ROLES, can, KIND_PERMISSIONS, PERMISSIONS, permissionsOf, ROLE_PERMISSIONS, SELF_SERVICE_PERMISSIONS, type Permission } from './rules';

const sorted = (permissions: Iterable<Permission>) => [...permissions].sort();

describe('permissions', () => {
  it('grants each kind of person its self-service', () => {
    expect(sorted(permissionsOf({ KIND: 'STAFF', ROLES: [] }))).toEqual([
      'applications.own',
      'history.own',
      'profile.own',
      'registration.own',
      'requests.own',
      'reviews.own',
      'timetable.own',
    ]);
    expect(sorted(permissionsOf({ KIND: 'STUDENT', ROLES: [] }))).toEqual([
      'enrolment.own',
      'evaluation.answer',
      'history.own',
      'profile.own',
      'requests.own',
      'student.own',
      'timetable.own',
    ]);
    expect(KIND_PERMISSIONS.STUDENT).not.toContain('registration.own');
    // a student answers evaluations and reads no lecturer's results; a lecturer reads only their own
    expect(KIND_PERMISSIONS.STUDENT).not.toContain('reviews.own');
    expect(KIND_PERMISSIONS.STAFF).not.toContain('evaluation.answer');
  });

  it("gives every kind of person its own activity history, and no role anyone else's (decision 36)", () => {
    for (const kind of ['STAFF', 'STUDENT', 'OFFICE']) expect(can({ KIND: kind, ROLES: [] }, 'history.own'), kind).toBe(true);
    for (const role of BACK_OFFICE_ROLES) expect(ROLE_PERMISSIONS[role], role).not.toContain('history.own');
    expect(can({ KIND: 'ROBOT', ROLES: ['ADMIN'] }, 'history.own')).toBe(false);
  });

  it('gives a back-office service account its profile and history only: no registration, no subject choice (decision 29)', () => {
    expect(sorted(permissionsOf({ KIND: 'OFFICE', ROLES: [] }))).toEqual(['history.own', 'profile.own']);
    for (const role of BACK_OFFICE_ROLES) {
      expect(can({ KIND: 'OFFICE', ROLES: [role] }, 'registration.own'), role).toBe(false);
      expect(can({ KIND: 'OFFICE', ROLES: [role] }, 'applications.own'), role).toBe(false);
      expect(can({ KIND: 'OFFICE', ROLES: [role] }, 'requests.own'), role).toBe(false);
      // a service account teaches nothing: it has no timetable of its own
      expect(can({ KIND: 'OFFICE', ROLES: [role] }, 'timetable.own'), role).toBe(false);
    }
    expect(sorted(permissionsOf({ KIND: 'OFFICE', ROLES: ['ADMISSIONS'] }))).toEqual(['admissions.manage', 'history.own', 'profile.own']);
    // an employee who also holds a role keeps what an employee does for themself
    expect(sorted(permissionsOf({ KIND: 'STAFF', ROLES: ['HR'] }))).toEqual([
      'applications.own',
      'history.own',
      'lessons.readAny',
      'persons.readFull',
      'profile.own',
      'registration.own',
      'registrations.manage',
      'requests.own',
      'reviews.own',
      'timetable.own',
    ]);
  });

  it('grants each back-office role what its work needs, and no more (decision 22)', () => {
    expect(sorted(ROLE_PERMISSIONS.HR)).toEqual(['lessons.readAny', 'persons.readFull', 'registrations.manage']);
    expect(sorted(ROLE_PERMISSIONS.IDENTIFICATION)).toEqual(['identification.manage', 'persons.readSummary', 'photos.readAny']);
    expect(sorted(ROLE_PERMISSIONS.ACADEMIC)).toEqual([
      'applicationSessions.manage',
      'applications.readAny',
      'assignments.manage',
      'catalogue.manage',
      'enrolment.manage',
      'evaluation.manage',
      'lessons.plan',
      'lessons.readAny',
      'persons.readSummary',
    ]);
    expect(sorted(ROLE_PERMISSIONS.REQUESTS)).toEqual(['lessons.readAny', 'requests.process', 'requests.report']);
    expect(sorted(ROLE_PERMISSIONS.ADMISSIONS)).toEqual(['admissions.manage']);
  });

  it("gives the administrators every office's permission; what one does for oneself comes from one's kind", () => {
    expect(sorted(ROLE_PERMISSIONS.ADMIN)).toEqual(sorted(PERMISSIONS.filter((p) => !(SELF_SERVICE_PERMISSIONS as readonly string[]).includes(p))));
    const selfService = SELF_SERVICE_PERMISSIONS as readonly string[];
    for (const permission of PERMISSIONS.filter((p) => !selfService.includes(p)))
      expect(can({ KIND: 'STAFF', ROLES: ['ADMIN'] }, permission), permission).toBe(true);
    // a lecturer who administers answers no student's evaluation
    expect(can({ KIND: 'STAFF', ROLES: ['ADMIN'] }, 'evaluation.answer')).toBe(false);
    expect(sorted(permissionsOf({ KIND: 'OFFICE', ROLES: ['ADMIN'] }))).toEqual(
      sorted(PERMISSIONS.filter((p) => p === 'profile.own' || p === 'history.own' || !(SELF_SERVICE_PERMISSIONS as readonly string[]).includes(p))),
    );
  });

  it("keeps anyone's whole record (the sensitive fields) to HR and the administrators", () => {
    const full = BACK_OFFICE_ROLES.filter((role) => can({ KIND: 'STAFF', ROLES: [role] }, 'persons.readFull'));
    expect(full.sort()).toEqual(['ADMIN', 'HR']);
    const summary = BACK_OFFICE_ROLES.filter((role) => can({ KIND: 'STAFF', ROLES: [role] }, 'persons.readSummary'));
    expect(summary.sort()).toEqual(['ACADEMIC', 'ADMIN', 'IDENTIFICATION']);
    for (const kind of ['STAFF', 'STUDENT', 'OFFICE']) {
      for (const permission of ['persons.readFull', 'persons.readSummary', 'photos.readAny', 'registrations.manage'] as const)
        expect(can({ KIND: kind, ROLES: [] }, permission)).toBe(false);
    }
  });

  it('keeps each office to its own work', () => {
    expect(can({ KIND: 'STAFF', ROLES: ['HR'] }, 'registrations.manage')).toBe(true);
    expect(can({ KIND: 'STAFF', ROLES: ['HR'] }, 'identification.manage')).toBe(false);
    expect(can({ KIND: 'STAFF', ROLES: ['HR'] }, 'applications.readAny')).toBe(false);
    expect(can({ KIND: 'STAFF', ROLES: ['IDENTIFICATION'] }, 'catalogue.manage')).toBe(false);
    expect(can({ KIND: 'STAFF', ROLES: ['ACADEMIC'] }, 'registrations.manage')).toBe(false);
    expect(can({ KIND: 'STAFF', ROLES: ['ADMISSIONS'] }, 'assignments.manage')).toBe(false);
    // reading a timetable is not planning it
    expect(can({ KIND: 'STAFF', ROLES: ['HR'] }, 'lessons.plan')).toBe(false);
    expect(can({ KIND: 'STAFF', ROLES: ['REQUESTS'] }, 'lessons.plan')).toBe(false);
  });

  it('adds up the roles of a person, and ignores what it does not know', () => {
    expect(can({ KIND: 'STAFF', ROLES: ['HR', 'IDENTIFICATION'] }, 'identification.manage')).toBe(true);
    expect(can({ KIND: 'STAFF', ROLES: ['HR', 'IDENTIFICATION'] }, 'registrations.manage')).toBe(true);
    expect(sorted(permissionsOf({ KIND: 'ROBOT', ROLES: ['SUPERUSER'] }))).toEqual([]);
    expect(can(null, 'profile.own')).toBe(false);
    // names an object inherits are no kind and no role either
    expect(sorted(permissionsOf({ KIND: 'constructor', ROLES: ['toString', '__proto__'] }))).toEqual([]);
    expect(can({ KIND: 'constructor', ROLES: ['hasOwnProperty'] }, 'profile.own')).toBe(false);
  });
});
