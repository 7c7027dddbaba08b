// The filer's calls of requests (issue 11; students, decision 41): the categories to file under,
// one's list, one request, one's counters, the classes and subjects assigned to a lecturer, a
// student's class and subjects, the attachment, filing, and the public verification of a printed
// request.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AffectedClass,
  AffectedSchool,
  AffectedSubject,
  RequestAttachment,
  RequestBody,
  RequestCategory,
  RequestDetail,
  RequestPage,
  RequestQuery,
  RequestStats,
  RequestVerification,
  StudentRequestSubjects,
} from '@portal/contract';
import { REQUEST_STATUSES } from '@portal/contract/rules';
import { api } from '../../lib/api';
import { upload } from '../../lib/upload';
import { filterQuery, listParams, oneOfParam, positiveParam, type UrlFilters } from '../../lib/url-filters';

export const requestsKeys = {
  all: ['requests'] as const,
  categories: ['requests', 'categories'] as const,
  list: (filters: RequestFilters) => ['requests', 'list', filters] as const,
  week: (week: string) => ['requests', 'week', week] as const,
  one: (id: number) => ['requests', 'one', id] as const,
  stats: (person: number) => ['requests', 'stats', person] as const,
  schools: (person: number) => ['requests', 'assigned', 'schools', person] as const,
  classes: (person: number, branch: string) => ['requests', 'assigned', 'classes', person, branch] as const,
  subjects: (person: number, classId: number) => ['requests', 'assigned', 'subjects', person, classId] as const,
  verification: (token: string) => ['requests', 'verification', token] as const,
  studentSubjects: ['requests', 'student-subjects'] as const,
};

// ---------------------------------------------------------------- reads

/** The categories offered, each with its sub-categories and their display configuration (they change rarely). */
export function useRequestCategories() {
  return useQuery({
    queryKey: requestsKeys.categories,
    queryFn: ({ signal }) => api<RequestCategory[]>('/api/request-categories', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The list's filters as the page keeps them in the URL: the status, the sub-category, the search and the page. */
export type RequestFilters = Omit<UrlFilters<RequestQuery>, 'subcategory' | 'week'> & { subcategory: number | '' };

/** Reads the list's filters from the URL; anything unknown is ignored. */
export function requestFiltersFrom(params: URLSearchParams): RequestFilters {
  const { search, page, pageSize } = listParams(params);
  const subcategory = positiveParam(params.get('subcategory'), 0);
  return { status: oneOfParam(params.get('status'), REQUEST_STATUSES, ''), subcategory: subcategory > 0 ? subcategory : '', search, page, pageSize };
}

/** One page of the caller's requests, newest first. */
export function useMyRequests(filters: RequestFilters) {
  const params = filterQuery(filters);
  return useQuery({
    queryKey: requestsKeys.list(filters),
    queryFn: ({ signal }) => api<RequestPage>(`/api/requests?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The most requests one page carries: the week beside the filing form asks them all at once. */
const WEEK_PAGE_SIZE = 150;

/** The caller's requests about a problem of one ISO week (`2026-W48`); nothing is asked without a week. */
export function useWeekRequests(week: string | null) {
  return useQuery({
    queryKey: requestsKeys.week(week ?? ''),
    queryFn: ({ signal }) => api<RequestPage>(`/api/requests?${filterQuery({ week, pageSize: WEEK_PAGE_SIZE }).toString()}`, { signal }),
    enabled: week !== null,
  });
}

export function useRequest(id: number, enabled = true) {
  return useQuery({
    queryKey: requestsKeys.one(id),
    queryFn: ({ signal }) => api<RequestDetail>(`/api/requests/${id}`, { signal }),
    enabled,
  });
}

/** The caller's counters, requests per month over twelve months and their monthly average. */
export function useRequestStats(person: number) {
  return useQuery({
    queryKey: requestsKeys.stats(person),
    queryFn: ({ signal }) => api<RequestStats>(`/api/requests/stats/user/${person}`, { signal }),
  });
}

/** The schools (branches) where the caller has a confirmed assignment. */
export function useAssignedSchools(person: number, enabled: boolean) {
  return useQuery({
    queryKey: requestsKeys.schools(person),
    queryFn: ({ signal }) => api<AffectedSchool[]>(`/api/classes/school/affected/${person}`, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The caller's assigned classes of one branch (by its abbreviation); nothing is asked without one. */
export function useAssignedClasses(person: number, branch: string) {
  return useQuery({
    queryKey: requestsKeys.classes(person, branch),
    queryFn: ({ signal }) => api<AffectedClass[]>(`/api/classes/affected/${encodeURIComponent(branch)}/${person}`, { signal }),
    enabled: branch !== '',
    staleTime: 5 * 60_000,
  });
}

/** The caller's assigned subjects of one class; nothing is asked without one. */
export function useAssignedSubjects(person: number, classId: number | null) {
  return useQuery({
    queryKey: requestsKeys.subjects(person, classId ?? 0),
    queryFn: ({ signal }) => api<AffectedSubject[]>('/api/subjects/affected', { method: 'POST', body: { CLASS_ID: classId, EMPLOYEE_ID: person }, signal }),
    enabled: classId !== null,
    staleTime: 5 * 60_000,
  });
}

/** A student's class and the subjects their requests may name (their class's, then their optional ones). */
export function useStudentSubjects(enabled: boolean) {
  return useQuery({
    queryKey: requestsKeys.studentSubjects,
    queryFn: ({ signal }) => api<StudentRequestSubjects>('/api/requests/student-subjects', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Whether a text names a verification token (32 hexadecimal digits): anything else is refused without asking. */
export const isVerificationToken = (token: string): boolean => /^[0-9a-f]{32}$/.test(token);

/** What the printed form's QR code shows anyone (no sign-in): the reference, the filing date and the status. */
export function useRequestVerification(token: string) {
  return useQuery({
    queryKey: requestsKeys.verification(token),
    queryFn: ({ signal }) => api<RequestVerification>(`/api/public/requests/${token}`, { anonymous: true, signal }),
    enabled: isVerificationToken(token),
    retry: false,
  });
}

// ---------------------------------------------------------------- writes

/** Sends an attachment (PDF or image) before filing, with its progress; filing names it by its id (`REQUEST_FILE`). */
export const uploadRequestAttachment = (file: File, onProgress?: (percent: number) => void) =>
  upload<RequestAttachment>('/api/requests/attachments', { fields: { FILE: file }, onProgress });

/** Files a request as the signed-in person. */
export const fileRequest = (body: RequestBody) => api<RequestDetail>('/api/requests', { method: 'POST', body });
