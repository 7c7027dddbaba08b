import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Application,
  ApplicationSession,
  ArchivedApplication,
  Catalogue,
  CatalogueClass,
  ChoiceInput,
  Choice,
  SessionChoice,
  SubjectFilters,
  SubjectPage,
  SubjectRow,
} from '@portal/contract';
import { api, ApiError, isApiError, reportUnauthorized, toApiError } from '../../lib/api';

export const applicationsKeys = {
  session: ['applications', 'session'] as const,
  application: ['applications', 'application'] as const,
  catalogue: ['applications', 'catalogue'] as const,
  classes: (branch: number) => ['applications', 'classes', branch] as const,
  classSubjects: (classId: number) => ['applications', 'class-subjects', classId] as const,
  subjects: (filters: SubjectFilters, page: number) => ['applications', 'subjects', filters, page] as const,
  choices: (application: number) => ['applications', 'choices', application] as const,
  archive: (tab: string, employee: number) => ['applications', 'archive', tab, employee] as const,
};

/** The details a refused choice carries: the level group, shift and limit, or the hours chosen and allowed. */
export interface LimitDetail {
  group?: string;
  shift?: string;
  limit?: number;
  hours?: number;
  allowed?: number;
}

/**
 * `ApiError` keeps the code, message and fields of an answer, not the `limit` of a refused
 * choice: the writes of this page read it themselves, keyed by the error.
 */
const limits = new WeakMap<ApiError, LimitDetail>();
export const limitOf = (error: unknown): LimitDetail | undefined => (isApiError(error) ? limits.get(error) : undefined);

function readLimit(text: string): LimitDetail | undefined {
  try {
    const body = JSON.parse(text) as { limit?: unknown };
    if (!body.limit || typeof body.limit !== 'object') return undefined;
    const out: LimitDetail = {};
    for (const [key, value] of Object.entries(body.limit as Record<string, unknown>)) {
      if ((key === 'group' || key === 'shift') && typeof value === 'string') out[key] = value;
      if ((key === 'limit' || key === 'hours' || key === 'allowed') && typeof value === 'number') out[key] = value;
    }
    return out;
  } catch {
    return undefined;
  }
}

/** A write of the choice session: as `api()`, keeping the limit details of a refusal. */
async function write<T>(path: string, method: 'POST' | 'PUT', body: unknown = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network failure');
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    const error = toApiError(response.status, response.statusText, text, response.headers.get('Retry-After'));
    const limit = readLimit(text);
    if (limit) limits.set(error, limit);
    if (response.status === 401) reportUnauthorized();
    throw error;
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

// ---------------------------------------------------------------- reads

/** The open session, or null (204: no active session). */
export const fetchCurrentApplicationSession = async () => (await api<ApplicationSession | undefined>('/api/sessions-applications/current')) ?? null;
/** The caller's application in the current session, or null (204). */
export const fetchCurrentApplication = async () => (await api<Application | undefined>('/api/applications/current')) ?? null;

export function useCurrentApplicationSession(enabled = true) {
  return useQuery({ queryKey: applicationsKeys.session, queryFn: fetchCurrentApplicationSession, enabled, staleTime: 0 });
}

export function useCurrentApplication(enabled: boolean) {
  return useQuery({ queryKey: applicationsKeys.application, queryFn: fetchCurrentApplication, enabled, staleTime: 0 });
}

export function useCatalogue() {
  return useQuery({ queryKey: applicationsKeys.catalogue, queryFn: () => api<Catalogue>('/api/catalogue'), staleTime: 5 * 60_000 });
}

export function useClasses(branch: number | undefined) {
  return useQuery({
    queryKey: applicationsKeys.classes(branch ?? 0),
    queryFn: () => api<CatalogueClass[]>(`/api/classes?branch=${branch ?? 0}`),
    enabled: branch !== undefined,
    staleTime: 5 * 60_000,
  });
}

/** The subjects of one class (no paging: a class has a handful). */
export function useClassSubjects(classId: number | undefined) {
  return useQuery({
    queryKey: applicationsKeys.classSubjects(classId ?? 0),
    queryFn: () => api<SubjectRow[]>(`/api/subjects/class/${classId ?? 0}`),
    enabled: classId !== undefined,
  });
}

/** A page of subjects (20 a page); null when nothing matches (204). */
export function useSubjectPage(filters: SubjectFilters, page: number, enabled: boolean) {
  return useQuery({
    queryKey: applicationsKeys.subjects(filters, page),
    queryFn: async () => (await api<SubjectPage | undefined>(`/api/subjects/by-level/${page}`, { method: 'PATCH', body: filters })) ?? null,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useChoices(application: number) {
  return useQuery({
    queryKey: applicationsKeys.choices(application),
    queryFn: () => api<Choice[]>(`/api/applications-choices/${application}/none`),
    staleTime: 0,
  });
}

export function useArchive<T extends ArchivedApplication | SessionChoice>(tab: 'applications' | 'assignments' | 'older', employee: number, enabled: boolean) {
  const path = { applications: 'applications/all', assignments: 'applications/affectations', older: 'applications-choices/older' }[tab];
  return useQuery({
    queryKey: applicationsKeys.archive(tab, employee),
    queryFn: async () => (await api<T[] | undefined>(`/api/${path}/${employee}`)) ?? [],
    enabled,
  });
}

// ---------------------------------------------------------------- writes

export const initApplication = () => write<Application>('/api/applications/init', 'POST');
export const saveChoices = (application: number, subjects: ChoiceInput[]) =>
  write<Choice[]>(`/api/applications-choices/${application}`, 'PUT', { subjects });
export const clearChoices = (application: number) => write<Choice[]>(`/api/applications-choices/clear/${application}`, 'POST');
export const closeApplication = (application: number) => write<Application>(`/api/applications/close/${application}`, 'POST');
