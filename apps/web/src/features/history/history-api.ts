// The person's own activity history (issue 12, decision 36): one page at a time, newest first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HistoryPage } from '@portal/contract';
import { api } from '../../lib/api';
import { filterQuery, listParams } from '../../lib/url-filters';

export const historyKeys = {
  all: ['history'] as const,
  page: (filters: HistoryFilters) => ['history', filters] as const,
};

/** The page shown and its size, kept in the URL. */
export interface HistoryFilters {
  page: number;
  pageSize: number;
}

/** Reads the page and its size from the URL; anything else is ignored. */
export function historyFiltersFrom(params: URLSearchParams): HistoryFilters {
  const { page, pageSize } = listParams(params);
  return { page, pageSize };
}

/** One page of the caller's history (always their own: the server takes the person from the session). */
export function useHistory(filters: HistoryFilters) {
  const params = filterQuery(filters);
  return useQuery({
    queryKey: historyKeys.page(filters),
    queryFn: ({ signal }) => api<HistoryPage>(`/api/history?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
