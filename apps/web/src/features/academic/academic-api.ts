import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ASSIGNMENT_STATES } from '@portal/contract/rules';
import type {
  AssignmentPage,
  AssignmentRow,
  AssignmentQuery,
  Catalogue,
  CatalogueBranch,
  CatalogueClass,
  CatalogueCycle,
  CatalogueDepartment,
  CatalogueSubjectPage,
  CatalogueSubjectQuery,
  ImportReport,
  ApplicationSessionInput,
  ApplicationSessionSummary,
} from '@portal/contract';
import { api } from '../../lib/api';
import { upload } from '../../lib/upload';
import { filterQuery, listParams, oneOfParam, positiveParam, type UrlFilters } from '../../lib/url-filters';

/** The catalogue's kinds of entries, as the API names them (`/api/academic/<entity>`). */
export type Entity = 'departments' | 'branches' | 'cycles' | 'classes' | 'subjects';

export interface EntityRows {
  departments: CatalogueDepartment;
  branches: CatalogueBranch;
  cycles: CatalogueCycle;
  classes: CatalogueClass;
}
export type ListEntity = keyof EntityRows;

export const academicKeys = {
  all: ['academic'] as const,
  catalogue: ['academic', 'catalogue'] as const,
  list: (entity: ListEntity) => ['academic', 'list', entity] as const,
  subjects: (filters: SubjectFilters) => ['academic', 'subjects', filters] as const,
  sessions: ['academic', 'sessions'] as const,
  assignments: (filters: AssignmentFilters) => ['academic', 'assignments', filters] as const,
};

// ---------------------------------------------------------------- catalogue

/** Departments, branches, cycles and levels in one call: the names the tables and the forms show. */
export function useCatalogue() {
  return useQuery({
    queryKey: academicKeys.catalogue,
    queryFn: ({ signal }) => api<Catalogue>('/api/catalogue', { signal }),
  });
}

export function useEntityList<E extends ListEntity>(entity: E, enabled = true) {
  return useQuery({
    queryKey: academicKeys.list(entity),
    queryFn: ({ signal }) => api<EntityRows[E][]>(`/api/academic/${entity}`, { signal }),
    enabled,
  });
}

/** Creates (no id) or changes (id) an entry of the catalogue. */
export const saveEntry = (entity: Entity, id: number | null, body: unknown) =>
  api<unknown>(id === null ? `/api/academic/${entity}` : `/api/academic/${entity}/${id}`, { method: id === null ? 'POST' : 'PATCH', body });

export const deleteEntry = (entity: Entity, id: number) => api<void>(`/api/academic/${entity}/${id}`, { method: 'DELETE' });

export type SubjectFilters = Omit<UrlFilters<CatalogueSubjectQuery>, 'classId'> & { classId: number | null };

export function useSubjects(filters: SubjectFilters) {
  const params = filterQuery(filters);
  return useQuery({
    queryKey: academicKeys.subjects(filters),
    queryFn: ({ signal }) => api<CatalogueSubjectPage>(`/api/academic/subjects?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Sends a subject CSV: a dry run checks it and reports what would happen; otherwise it is imported. */
export const importSubjects = (file: File, dryRun: boolean, onProgress?: (percent: number) => void) =>
  upload<ImportReport>(`/api/academic/subjects/import?dryRun=${dryRun}`, { fields: { FILE: file }, onProgress });

// ---------------------------------------------------------------- sessions

export function useSessions() {
  return useQuery({
    queryKey: academicKeys.sessions,
    queryFn: ({ signal }) => api<ApplicationSessionSummary[]>('/api/academic/sessions', { signal }),
  });
}

export const saveSession = (id: number | null, body: ApplicationSessionInput) =>
  api<ApplicationSessionSummary>(id === null ? '/api/academic/sessions' : `/api/academic/sessions/${id}`, { method: id === null ? 'POST' : 'PATCH', body });

export const sessionAction = (id: number, action: 'close' | 'reopen') =>
  api<ApplicationSessionSummary>(`/api/academic/sessions/${id}/${action}`, { method: 'POST' });

// ---------------------------------------------------------------- assignments

export type AssignmentFilters = Omit<UrlFilters<AssignmentQuery>, 'session'> & {
  /** null: the server's current session */
  session: number | null;
};

/** Reads the filters from the URL; anything unknown is ignored. */
export function assignmentFiltersFrom(params: URLSearchParams): AssignmentFilters {
  const { search, page, pageSize } = listParams(params);
  const session = positiveParam(params.get('session'), 0);
  return { session: session > 0 ? session : null, search, state: oneOfParam(params.get('state'), ASSIGNMENT_STATES, 'open'), page, pageSize };
}

export function useAssignments(filters: AssignmentFilters) {
  const params = filterQuery(filters);
  return useQuery({
    queryKey: academicKeys.assignments(filters),
    queryFn: ({ signal }) => api<AssignmentPage>(`/api/academic/assignments?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type ChoiceAction = 'confirm' | 'decline' | 'reset';
export const decideChoice = (id: number, action: ChoiceAction) => api<AssignmentRow>(`/api/academic/choices/${id}/${action}`, { method: 'POST' });

/** A plain link (the session cookie goes along): the browser downloads the CSV the server names. */
export const assignmentsExportUrl = (session: number) => `/api/academic/assignments/export?session=${session}`;
