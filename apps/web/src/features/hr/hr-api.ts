import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dossier, PersonRecord, RegistrationPage, RegistrationQuery, SavedSection } from '@portal/contract';
import { STAFF_STATUSES } from '@portal/contract/rules';
import { api } from '../../lib/api';
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

export const reopenRegistration = (id: number, reason: string) =>
  api<PersonRecord>(`/api/hr/registrations/${id}/reopen`, { method: 'POST', body: { reason } });

export const correctSection = (id: number, section: SavedSection, body: Record<string, unknown>) =>
  api<PersonRecord>(`/api/hr/registrations/${id}/${section}`, { method: 'PATCH', body });
