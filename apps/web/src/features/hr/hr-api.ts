import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dossier, PersonRecord, RegistrationPage, RegistrationQuery, SavedSection, StaffStatus } from '@portal/contract';
import { api } from '../../lib/api';
import type { UrlFilters } from '../../lib/url-filters';
import { CATEGORIES } from './sections';

/** The list's filters, as the URL query string and the API both carry them. */
export type RegistrationFilters = UrlFilters<RegistrationQuery>;

export const PAGE_SIZES = [20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

const yesNo = (value: string | null): 'yes' | 'no' | '' => (value === 'yes' || value === 'no' ? value : '');
const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Reads the filters from the URL; anything unknown is ignored. */
export function filtersFrom(params: URLSearchParams): RegistrationFilters {
  const status = params.get('status');
  const size = positive(params.get('pageSize'), DEFAULT_PAGE_SIZE);
  return {
    search: params.get('search')?.trim() ?? '',
    status: (CATEGORIES as readonly string[]).includes(status ?? '') ? (status as StaffStatus) : '',
    closed: yesNo(params.get('closed')),
    missing: yesNo(params.get('missing')),
    page: positive(params.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The filters as a query string, without the empty ones (and without paging for the CSV export). */
export function filterParams(filters: RegistrationFilters, paging = true): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.status) params.set('status', filters.status);
  if (filters.closed) params.set('closed', filters.closed);
  if (filters.missing) params.set('missing', filters.missing);
  if (paging) {
    params.set('page', String(filters.page));
    params.set('pageSize', String(filters.pageSize));
  }
  return params;
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
