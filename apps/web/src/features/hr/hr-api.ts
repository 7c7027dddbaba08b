import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  DocumentDeleted,
  Dossier,
  FileColumn,
  FileRemoveResponse,
  FileUploadResponse,
  PersonRecord,
  RegistrationPage,
  RegistrationQuery,
  SavedSection,
} from '@portal/contract';
import { STAFF_STATUSES } from '@portal/contract/rules';
import { api } from '../../lib/api';
import { upload } from '../../lib/upload';
import { filterQuery, listParams, oneOfParam, type UrlFilters } from '../../lib/url-filters';

/** The list's filters, as the URL query string and the API both carry them. */
export type RegistrationFilters = UrlFilters<RegistrationQuery>;

const yesNo = (value: string | null) => oneOfParam(value, ['yes', 'no'] as const, '');

/** Reads the filters from the URL; anything unknown is ignored. */
export function filtersFrom(params: URLSearchParams): RegistrationFilters {
  const { search, page, pageSize } = listParams(params);
  return {
    search,
    status: oneOfParam(params.get('status'), STAFF_STATUSES, ''),
    closed: yesNo(params.get('closed')),
    missing: yesNo(params.get('missing')),
    page,
    pageSize,
  };
}

/** The filters as a query string, without the empty ones (and without paging for the CSV export). */
export function filterParams(filters: RegistrationFilters, paging = true): URLSearchParams {
  return filterQuery(filters, paging ? [] : ['page', 'pageSize']);
}

/** A plain link (the session cookie goes along): the browser downloads the CSV the server names. */
export function exportUrl(filters: RegistrationFilters): string {
  const query = filterParams(filters, false).toString();
  return `/api/hr/registrations/export${query ? `?${query}` : ''}`;
}

export const hrKeys = {
  all: ['hr'] as const,
  registrations: (filters: RegistrationFilters) => ['hr', 'registrations', filters] as const,
  dossier: (id: number) => ['hr', 'registration', id] as const,
};

export function useRegistrations(filters: RegistrationFilters) {
  return useQuery({
    queryKey: hrKeys.registrations(filters),
    queryFn: ({ signal }) => api<RegistrationPage>(`/api/hr/registrations?${filterParams(filters).toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDossier(id: number) {
  return useQuery({
    queryKey: hrKeys.dossier(id),
    queryFn: ({ signal }) => api<Dossier>(`/api/hr/registrations/${id}`, { signal }),
    enabled: id > 0,
  });
}

export const reopenRegistration = (id: number, reason: string) => api<PersonRecord>(`/api/hr/registrations/${id}/reopen`, { method: 'POST', body: { reason } });

export const correctSection = (id: number, section: SavedSection, body: Record<string, unknown>) =>
  api<PersonRecord>(`/api/hr/registrations/${id}/${section}`, { method: 'PATCH', body });

// Someone else's files and documents: the human resources service changes them with a reason, always (decision 22).

/** Puts a file into one of the person's file columns (replacing the previous one), with the reason. */
export const replaceFile = (id: number, col: FileColumn, file: File, reason: string, onProgress?: (percent: number) => void) =>
  upload<FileUploadResponse>(`/api/hr/registrations/${id}/files`, { fields: { col, reason, FILE: file }, ...(onProgress ? { onProgress } : {}) });

/** Clears one of the person's file columns, with the reason. */
export const removeFile = (id: number, col: FileColumn, reason: string) =>
  api<FileRemoveResponse>(`/api/hr/registrations/${id}/files/remove`, { method: 'PATCH', body: { col, reason } });

/** Deletes one of the person's documents, with the reason. */
export const deleteDocument = (id: number, document: number, reason: string) =>
  api<DocumentDeleted>(`/api/hr/registrations/${id}/documents/${document}/delete`, { method: 'POST', body: { reason } });
