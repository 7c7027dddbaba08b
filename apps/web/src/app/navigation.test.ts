import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_ROLES, type BackOfficeRole } from '@portal/contract/rules';
import { person } from '../test/fake-api';
import { navEntriesFor } from './navigation';

/** The menu of a staff member holding these roles. */
const paths = (roles: BackOfficeRole[]) => navEntriesFor(person({ KIND: 'STAFF', ROLES: roles })).map((entry) => entry.path);
const STAFF_ENTRIES = ['/profile', '/registration', '/courses', '/courses/archive'];
const ACADEMIC_ENTRIES = ['/academic/assignments', '/academic/sessions', '/academic/catalogue'];

describe('the menu of the back office', () => {
  it('has the HR entry for HR and ADMIN only', () => {
    expect(paths(['HR'])).toContain('/hr/registrations');
    expect(paths(['ADMIN'])).toContain('/hr/registrations');
    expect(paths(['ACADEMIC'])).not.toContain('/hr/registrations');
    expect(paths([])).not.toContain('/hr/registrations');
  });

  it('has the identification entry for the identification office and the administrators only', () => {
    expect(paths(['IDENTIFICATION'])).toContain('/identification');
    expect(paths(['ADMIN'])).toContain('/identification');
    expect(paths(['HR'])).not.toContain('/identification');
    expect(paths([])).not.toContain('/identification');
  });

  it('has the academic entries for the academic office and the administrators only', () => {
    for (const path of ACADEMIC_ENTRIES) {
      expect(paths(['ACADEMIC'])).toContain(path);
      expect(paths(['ADMIN'])).toContain(path);
      expect(paths(['HR'])).not.toContain(path);
      expect(paths([])).not.toContain(path);
    }
  });

  it('keeps the staff entries for every back-office account, and gives an administrator every entry', () => {
    for (const role of BACK_OFFICE_ROLES) expect(paths([role]).slice(0, STAFF_ENTRIES.length), role).toEqual(STAFF_ENTRIES);
    expect(paths(['ADMIN'])).toEqual([...STAFF_ENTRIES, '/hr/registrations', '/identification', ...ACADEMIC_ENTRIES]);
    expect(paths(['ADMISSIONS'])).toEqual(STAFF_ENTRIES);
  });
});
