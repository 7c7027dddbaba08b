// The academic office's planning (issue 12, decision 35): the week's lessons, their decisions
// and billing, the billing periods, the import and the hours report. Types only from the
// contract's main entry; values from its rules (no Zod on the list pages).
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type {
  AssignmentPage,
  BillingPeriod,
  BillingPeriodInput,
  CatalogueClass,
  CatalogueSubjectPage,
  LessonBillingInput,
  LessonChange,
  LessonDecisionInput,
  LessonHours,
  LessonImportReport,
  LessonInput,
  LessonPage,
  LessonsChanged,
  LessonsCreated,
  PlannedLesson,
  ApplicationSessionSummary,
} from '@portal/contract';
import {
  AFFECTATION,
  addDays,
  isRealIsoDay,
  LESSON_BULK_MAX,
  LESSON_STATUSES,
  mondayOf,
  universityDayOf,
  type LessonHoursFormat,
  type LessonStatus,
} from '@portal/contract/rules';
import { api } from '../../../lib/api';
import { upload } from '../../../lib/upload';
import { filterQuery, listParams, oneOfParam, positiveParam } from '../../../lib/url-filters';

export const planningKeys = {
  all: ['planning'] as const,
  lessons: (filters: PlanningFilters) => ['planning', 'lessons', filters] as const,
  weekLecturers: (week: string) => ['planning', 'week-lecturers', week] as const,
  periods: ['planning', 'billing-periods'] as const,
  hours: (filters: HoursFilters) => ['planning', 'hours', filters] as const,
  classes: ['planning', 'classes'] as const,
  subjects: (classId: number | '', search: string) => ['planning', 'subjects', classId, search] as const,
  sessions: ['planning', 'sessions'] as const,
  assigned: (sessionId: number, subjectCode: string) => ['planning', 'assigned', sessionId, subjectCode] as const,
};

// ---------------------------------------------------------------- the week's lessons

/** The planning page's filters, as the URL keeps them: the week (its Monday), a class, a lecturer, a status and the page. */
export interface PlanningFilters {
  week: string;
  classId: number | '';
  lecturerId: number | '';
  status: LessonStatus | '';
  page: number;
  pageSize: number;
}

/** The Monday of the week a day falls in, university time. */
export const thisWeek = (now = new Date()): string => mondayOf(universityDayOf(now));

const optionalId = (value: string | null): number | '' => {
  const n = positiveParam(value, 0);
  return n > 0 ? n : '';
};

/** Reads the planning filters from the URL; a missing or unreadable week is this week, anything unknown is ignored. */
export function planningFiltersFrom(params: URLSearchParams, now = new Date()): PlanningFilters {
  const { page, pageSize } = listParams(params);
  const week = params.get('week');
  return {
    week: week && isRealIsoDay(week) ? mondayOf(week) : thisWeek(now),
    classId: optionalId(params.get('classId')),
    lecturerId: optionalId(params.get('lecturerId')),
    status: oneOfParam(params.get('status'), LESSON_STATUSES, ''),
    page,
    pageSize,
  };
}

/** The list's query (`GET /lessons`): the week from Monday to Sunday and the other filters. */
export function lessonQuery(filters: PlanningFilters): URLSearchParams {
  const { week, ...rest } = filters;
  return filterQuery({ from: week, to: addDays(week, 6), ...rest });
}

/** A page of lessons, with its number of pages as the lists count them. */
export type PlannedLessonPage = LessonPage & { count: number };

export function useLessons(filters: PlanningFilters) {
  return useQuery({
    queryKey: planningKeys.lessons(filters),
    queryFn: async ({ signal }): Promise<PlannedLessonPage> => {
      const page = await api<LessonPage>(`/api/lessons?${lessonQuery(filters).toString()}`, { signal });
      return { ...page, count: Math.max(1, Math.ceil(page.total / filters.pageSize)) };
    },
    placeholderData: keepPreviousData,
  });
}

/** Someone teaching, as the filters and the forms name them. */
export interface LecturerOption {
  id: number;
  FIRSTNAME: string;
  LASTNAME: string;
  MATRICULE: string;
}

export const lecturerLabel = (lecturer: Omit<LecturerOption, 'id'>): string => `${lecturer.LASTNAME} ${lecturer.FIRSTNAME} (${lecturer.MATRICULE})`;

const byName = (a: LecturerOption, b: LecturerOption) => `${a.LASTNAME} ${a.FIRSTNAME}`.localeCompare(`${b.LASTNAME} ${b.FIRSTNAME}`);

/** The lecturers who teach in a week (the lecturer filter's choices): from its lessons, every class and status. */
export function useWeekLecturers(week: string) {
  return useQuery({
    queryKey: planningKeys.weekLecturers(week),
    queryFn: async ({ signal }): Promise<LecturerOption[]> => {
      const page = await api<LessonPage>(`/api/lessons?${filterQuery({ from: week, to: addDays(week, 6), page: 1, pageSize: LESSON_BULK_MAX }).toString()}`, {
        signal,
      });
      const seen = new Map<number, LecturerOption>();
      for (const lesson of page.rows) seen.set(lesson.lecturer.id, lesson.lecturer);
      return [...seen.values()].sort(byName);
    },
  });
}

/** Every class of the catalogue (the class filter's and the form's choices). */
export function useClasses() {
  return useQuery({
    queryKey: planningKeys.classes,
    queryFn: ({ signal }) => api<CatalogueClass[]>('/api/academic/classes', { signal }),
    staleTime: 60_000,
  });
}

export const planLesson = (body: LessonInput) => api<LessonsCreated>('/api/lessons', { method: 'POST', body });
export const changeLesson = (id: number, body: LessonChange) => api<PlannedLesson>(`/api/lessons/${id}`, { method: 'PATCH', body });
/** Deletes a pending lesson; with `series`, the pending lessons of its weekly series from its day on too. */
export const deleteLesson = (id: number, series: boolean) => api<LessonsChanged>(`/api/lessons/${id}${series ? '?series=true' : ''}`, { method: 'DELETE' });
export const decideLessons = (body: LessonDecisionInput) => api<LessonsChanged>('/api/lessons/decisions', { method: 'POST', body });
export const billLessons = (body: LessonBillingInput) => api<LessonsChanged>('/api/lessons/billing', { method: 'POST', body });

/** Sends a lessons file (CSV or XLSX): a dry run checks it and reports what would happen; otherwise the good lines are planned. */
export const importLessons = (file: File, dryRun: boolean, onProgress?: (percent: number) => void) =>
  upload<LessonImportReport>(`/api/lessons/import?dryRun=${dryRun}`, { fields: { FILE: file }, onProgress });

// ---------------------------------------------------------------- billing periods

export function useBillingPeriods(enabled = true) {
  return useQuery({
    queryKey: planningKeys.periods,
    queryFn: ({ signal }) => api<BillingPeriod[]>('/api/billing-periods', { signal }),
    enabled,
  });
}

export const createBillingPeriod = (body: BillingPeriodInput) => api<BillingPeriod>('/api/billing-periods', { method: 'POST', body });

// ---------------------------------------------------------------- the form's subjects and lecturers

/** The subjects of the catalogue matching a search, of one class when one is chosen. */
export function useSubjectSearch(classId: number | '', search: string, enabled = true) {
  return useQuery({
    queryKey: planningKeys.subjects(classId, search),
    queryFn: ({ signal }) =>
      api<CatalogueSubjectPage>(`/api/academic/subjects?${filterQuery({ search, classId, page: 1, pageSize: 20 }).toString()}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The lecturers assigned to a subject's part, in any session: the confirmed applicants of the
 * academic office's assignments (`GET /academic/assignments`, the subject searched by its code
 * in each session), the part kept. Null while some session is still being read.
 */
export function useAssignedLecturers(subject: { id: number; code: string } | null, part: string): { lecturers: LecturerOption[] | null; error: unknown } {
  const sessions = useQuery({
    queryKey: planningKeys.sessions,
    queryFn: ({ signal }) => api<ApplicationSessionSummary[]>('/api/academic/sessions', { signal }),
    enabled: subject !== null,
    staleTime: 60_000,
  });
  const pages = useQueries({
    queries: (subject ? (sessions.data ?? []) : []).map((session) => ({
      queryKey: planningKeys.assigned(session.id, subject?.code ?? ''),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api<AssignmentPage>(
          `/api/academic/assignments?${filterQuery({ session: session.id, search: subject?.code ?? '', state: 'all', page: 1, pageSize: 100 }).toString()}`,
          { signal },
        ),
    })),
  });
  if (!subject || !part) return { lecturers: [], error: null };
  const error = sessions.error ?? pages.find((page) => page.error)?.error ?? null;
  if (!sessions.data || pages.some((page) => !page.data)) return { lecturers: null, error };
  const found = new Map<number, LecturerOption>();
  for (const page of pages) {
    for (const row of page.data?.rows ?? []) {
      if (row.Subject.SUBJECT_ID !== subject.id) continue;
      for (const applicant of row.applicants) {
        if (applicant.AFFECTATION === AFFECTATION.CONFIRMED && applicant.CATEGORY === part) {
          found.set(applicant.EMPLOYEE_ID, {
            id: applicant.EMPLOYEE_ID,
            FIRSTNAME: applicant.FIRSTNAME,
            LASTNAME: applicant.LASTNAME,
            MATRICULE: applicant.MATRICULE,
          });
        }
      }
    }
  }
  return { lecturers: [...found.values()].sort(byName), error };
}

// ---------------------------------------------------------------- hours

/** The hours page's filters, as the URL keeps them: a period (either end may be open), a lecturer and a class. */
export interface HoursFilters {
  from: string;
  to: string;
  lecturerId: number | '';
  classId: number | '';
}

const dayParam = (value: string | null): string => (value && isRealIsoDay(value) ? value : '');

export function hoursFiltersFrom(params: URLSearchParams): HoursFilters {
  return {
    from: dayParam(params.get('from')),
    to: dayParam(params.get('to')),
    lecturerId: optionalId(params.get('lecturerId')),
    classId: optionalId(params.get('classId')),
  };
}

export function useLessonHours(filters: HoursFilters) {
  return useQuery({
    queryKey: planningKeys.hours(filters),
    queryFn: ({ signal }) => api<LessonHours>(`/api/lessons/hours?${filterQuery(filters).toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A plain link (the session cookie goes along): the browser downloads the file the server names. */
export const hoursExportUrl = (filters: HoursFilters, format: LessonHoursFormat): string =>
  `/api/lessons/hours/export?${filterQuery({ ...filters, format }).toString()}`;
