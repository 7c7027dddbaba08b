import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Application,
  ApplicationSession,
  ArchivedApplication,
  Catalogue,
  CatalogueClass,
  ChoiceInput,
  Choice,
  ApplicationSessionChoice,
  SubjectFilters,
  SubjectPage,
  SubjectRow,
} from '@portal/contract';
import { api, isApiError, type LimitDetail } from '../../lib/api';

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

/** The limit a refused choice broke (the level group, shift and limit, or the hours chosen and allowed), from the error's own body. */
export const limitOf = (error: unknown): LimitDetail | undefined => (isApiError(error) ? error.limit : undefined);

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

export function useArchive<T extends ArchivedApplication | ApplicationSessionChoice>(
  tab: 'applications' | 'assignments' | 'older',
  employee: number,
  enabled: boolean,
) {
  const path = { applications: 'applications/all', assignments: 'applications/affectations', older: 'applications-choices/older' }[tab];
  return useQuery({
    queryKey: applicationsKeys.archive(tab, employee),
    queryFn: async () => (await api<T[] | undefined>(`/api/${path}/${employee}`)) ?? [],
    enabled,
  });
}

// ---------------------------------------------------------------- writes

export const initApplication = () => api<Application>('/api/applications/init', { method: 'POST', body: {} });
export const saveChoices = (application: number, subjects: ChoiceInput[]) =>
  api<Choice[]>(`/api/applications-choices/${application}`, { method: 'PUT', body: { subjects } });
export const clearChoices = (application: number) => api<Choice[]>(`/api/applications-choices/clear/${application}`, { method: 'POST', body: {} });
export const closeApplication = (application: number) => api<Application>(`/api/applications/close/${application}`, { method: 'POST', body: {} });
