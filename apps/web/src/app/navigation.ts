import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FingerprintOutlined from '@mui/icons-material/FingerprintOutlined';
import FolderSharedOutlined from '@mui/icons-material/FolderSharedOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
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
  { label: 'nav.subjects', path: '/courses', icon: MenuBookOutlined, audiences: ['STAFF'] },
  { label: 'nav.archive', path: '/courses/archive', icon: HistoryOutlined, audiences: ['STAFF'] },
  { label: 'hr.nav', path: '/hr/registrations', icon: FolderSharedOutlined, audiences: ['HR', 'ADMIN'] },
  { label: 'nav.identification', path: '/identification', icon: FingerprintOutlined, audiences: ['IDENTIFICATION', 'ADMIN'] },
  { label: 'nav.academicAssignments', path: '/academic/assignments', icon: SchoolOutlined, audiences: ['ACADEMIC', 'ADMIN'] },
  { label: 'nav.academicSessions', path: '/academic/sessions', icon: EventOutlined, audiences: ['ACADEMIC', 'ADMIN'] },
  { label: 'nav.academicCatalogue', path: '/academic/catalogue', icon: CategoryOutlined, audiences: ['ACADEMIC', 'ADMIN'] },
];

export function audiencesOf(person: Pick<PersonRecord, 'KIND' | 'ROLES'>): Audience[] {
  return [person.KIND, ...person.ROLES];
}

export function navEntriesFor(person: Pick<PersonRecord, 'KIND' | 'ROLES'> | null): NavEntry[] {
  if (!person) return [];
  const mine = new Set<Audience>(audiencesOf(person));
  return NAV_ENTRIES.filter((entry) => entry.audiences.some((audience) => mine.has(audience)));
}
