import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import FolderSharedOutlined from '@mui/icons-material/FolderSharedOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import type { BackOfficeRole, PersonKind, PersonRecord } from '@portal/contract';

/** Who an entry is for: a kind of person (staff, student) or a back-office role. */
export type Audience = PersonKind | BackOfficeRole;

export interface NavEntry {
  /** translation key of the label */
  label: string;
  path: string;
  icon: typeof SvgIcon;
  audiences: readonly Audience[];
}

/**
 * The navigation menu. An entry appears only once its page exists: Requests, Schedule,
 * Reviews, Classes and Subjects (staff and students) and the back-office entries (HR,
 * ACADEMIC, IDENTIFICATION, ADMISSIONS, ADMIN) are added here with their routes.
 */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'nav.profile', path: '/profile', icon: PersonOutlined, audiences: ['STAFF', 'STUDENT'] },
  { label: 'nav.registration', path: '/registration', icon: AssignmentIndOutlined, audiences: ['STAFF'] },
  { label: 'hr.nav', path: '/hr/registrations', icon: FolderSharedOutlined, audiences: ['HR', 'ADMIN'] },
];

export function audiencesOf(person: Pick<PersonRecord, 'KIND' | 'ROLES'>): Audience[] {
  return [person.KIND, ...person.ROLES];
}

export function navEntriesFor(person: Pick<PersonRecord, 'KIND' | 'ROLES'> | null): NavEntry[] {
  if (!person) return [];
  const mine = new Set<Audience>(audiencesOf(person));
  return NAV_ENTRIES.filter((entry) => entry.audiences.some((audience) => mine.has(audience)));
}
