import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FingerprintOutlined from '@mui/icons-material/FingerprintOutlined';
import FolderSharedOutlined from '@mui/icons-material/FolderSharedOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import ManageHistoryOutlined from '@mui/icons-material/ManageHistoryOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ClassOutlined from '@mui/icons-material/ClassOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import AppRegistrationOutlined from '@mui/icons-material/AppRegistrationOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import { can, type Permission, type PermissionHolder } from '@portal/contract/rules';

export interface NavEntry {
  /** the page's name, shared by its menu entry and its home page card (`home.cards.<key>`) */
  key: string;
  /** translation key of the label */
  label: string;
  path: string;
  icon: typeof SvgIcon;
  /** who sees the entry: whoever holds this permission (the route's guard asks the same) */
  permission: Permission;
}

/**
 * The navigation menu. An entry appears only once its page exists:
 * Reviews, Classes and Subjects (staff and students) and the other back-office entries are
 * added here with their routes.
 */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { key: 'profile', label: 'nav.profile', path: '/profile', icon: PersonOutlined, permission: 'profile.own' },
  { key: 'studentFile', label: 'nav.studentFile', path: '/student/file', icon: BadgeOutlined, permission: 'student.own' },
  { key: 'registration', label: 'nav.registration', path: '/registration', icon: AssignmentIndOutlined, permission: 'registration.own' },
  { key: 'subjects', label: 'nav.subjects', path: '/courses', icon: MenuBookOutlined, permission: 'applications.own' },
  { key: 'archive', label: 'nav.archive', path: '/courses/archive', icon: HistoryOutlined, permission: 'applications.own' },
  { key: 'requests', label: 'nav.requests', path: '/requests', icon: ReceiptLongOutlined, permission: 'requests.own' },
  { key: 'schedule', label: 'nav.schedule', path: '/schedule', icon: CalendarMonthOutlined, permission: 'timetable.own' },
  { key: 'classes', label: 'nav.classes', path: '/student/classes', icon: ClassOutlined, permission: 'student.own' },
  { key: 'enrolment', label: 'nav.enrolment', path: '/enrolment', icon: HowToRegOutlined, permission: 'enrolment.own' },
  { key: 'evaluation', label: 'nav.evaluation', path: '/evaluation', icon: RateReviewOutlined, permission: 'evaluation.answer' },
  { key: 'reviews', label: 'nav.reviews', path: '/reviews', icon: InsightsOutlined, permission: 'reviews.own' },
  { key: 'history', label: 'nav.history', path: '/history', icon: ManageHistoryOutlined, permission: 'history.own' },
  { key: 'hr', label: 'hr.nav', path: '/hr/registrations', icon: FolderSharedOutlined, permission: 'registrations.manage' },
  { key: 'identification', label: 'nav.identification', path: '/identification', icon: FingerprintOutlined, permission: 'identification.manage' },
  { key: 'academicAssignments', label: 'nav.academicAssignments', path: '/academic/assignments', icon: SchoolOutlined, permission: 'assignments.manage' },
  { key: 'academicSessions', label: 'nav.academicSessions', path: '/academic/sessions', icon: EventOutlined, permission: 'applicationSessions.manage' },
  { key: 'academicCatalogue', label: 'nav.academicCatalogue', path: '/academic/catalogue', icon: CategoryOutlined, permission: 'catalogue.manage' },
  { key: 'academicEnrolment', label: 'nav.academicEnrolment', path: '/academic/enrolment', icon: AppRegistrationOutlined, permission: 'enrolment.manage' },
  { key: 'lessonPlanning', label: 'nav.lessonPlanning', path: '/academic/lessons', icon: CalendarMonthOutlined, permission: 'lessons.plan' },
  { key: 'lessonHours', label: 'nav.lessonHours', path: '/academic/lessons/hours', icon: TimerOutlined, permission: 'lessons.plan' },
  { key: 'evaluationForms', label: 'nav.evaluationForms', path: '/academic/evaluation/forms', icon: QuizOutlined, permission: 'evaluation.manage' },
  {
    key: 'evaluationSessions',
    label: 'nav.evaluationSessions',
    path: '/academic/evaluation/sessions',
    icon: EventNoteOutlined,
    permission: 'evaluation.manage',
  },
  {
    key: 'admissionsEntrances',
    label: 'admissions.nav.entrances',
    path: '/admissions/entrances',
    icon: EventAvailableOutlined,
    permission: 'admissions.manage',
  },
  { key: 'admissionsCandidates', label: 'admissions.nav.candidates', path: '/admissions/candidates', icon: PeopleAltOutlined, permission: 'admissions.manage' },
  { key: 'requestsInbox', label: 'nav.requestsInbox', path: '/office/requests', icon: InboxOutlined, permission: 'requests.process' },
  { key: 'requestsBatches', label: 'nav.requestsBatches', path: '/office/batches', icon: LocalShippingOutlined, permission: 'requests.process' },
  { key: 'requestsReport', label: 'nav.requestsReport', path: '/office/requests/report', icon: AssessmentOutlined, permission: 'requests.report' },
  { key: 'requestsSettings', label: 'nav.requestsSettings', path: '/office/requests/settings', icon: TuneOutlined, permission: 'requests.configure' },
  { key: 'paymentNetworks', label: 'payments.nav', path: '/admin/payment-networks', icon: PaymentsOutlined, permission: 'payments.configure' },
];

/** The entries a person may use, in the menu's order. */
export function navEntriesFor(person: PermissionHolder | null): NavEntry[] {
  if (!person) return [];
  return NAV_ENTRIES.filter((entry) => can(person, entry.permission));
}
