import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Finger, Identification, IdentificationPage, IdentificationQuery } from '@portal/contract';
import { api } from '../../lib/api';
import type { UrlFilters } from '../../lib/url-filters';
import { upload } from '../../lib/upload';

/** The list's filters, as the URL query string and the API both carry them. */
export type IdentificationFilters = UrlFilters<IdentificationQuery>;

export const PAGE_SIZES = [20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Reads the filters from the URL; anything unknown is ignored. */
export function filtersFrom(params: URLSearchParams): IdentificationFilters {
  const complete = params.get('complete');
  const size = positive(params.get('pageSize'), DEFAULT_PAGE_SIZE);
  return {
    search: params.get('search')?.trim() ?? '',
    complete: complete === 'yes' || complete === 'no' ? complete : '',
    page: positive(params.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The filters as the API's query string, without the empty ones. */
export function filterParams(filters: IdentificationFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.complete) params.set('complete', filters.complete);
  params.set('page', String(filters.page));
  params.set('pageSize', String(filters.pageSize));
  return params;
}

const BASE = '/api/identification/persons';
const personPath = (id: number) => `${BASE}/${id}`;

export const identificationKeys = {
  all: ['identification'] as const,
  lists: ['identification', 'list'] as const,
  list: (filters: IdentificationFilters) => ['identification', 'list', filters] as const,
  person: (id: number) => ['identification', 'person', id] as const,
};

export function useIdentifications(filters: IdentificationFilters) {
  return useQuery({
    queryKey: identificationKeys.list(filters),
    queryFn: ({ signal }) => api<IdentificationPage>(`${BASE}?${filterParams(filters).toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useIdentification(id: number) {
  return useQuery({
    queryKey: identificationKeys.person(id),
    queryFn: ({ signal }) => api<Identification>(personPath(id), { signal }),
    enabled: id > 0,
  });
}

/**
 * After a change: the server's answer (the whole identification) replaces the cached one;
 * an empty answer (204) asks the server again. The list is out of date either way.
 */
export async function applyAnswer(queryClient: QueryClient, id: number, answer: Identification | undefined): Promise<void> {
  if (answer && typeof answer === 'object' && 'PERSON_ID' in answer) queryClient.setQueryData(identificationKeys.person(id), answer);
  else await queryClient.invalidateQueries({ queryKey: identificationKeys.person(id) });
  await queryClient.invalidateQueries({ queryKey: identificationKeys.lists });
}

export const uploadPhoto = (id: number, file: File, onProgress: (percent: number) => void) =>
  upload<Identification>(`${personPath(id)}/photo`, { fields: { FILE: file }, onProgress });

export const removePhoto = (id: number) => api<Identification | undefined>(`${personPath(id)}/photo`, { method: 'DELETE' });

export const fingerPath = (id: number, finger: Finger) => `${personPath(id)}/fingerprints/${finger}`;

/** The plain download link of a registered fingerprint (the session cookie goes along). */
export const fingerFileUrl = (id: number, finger: Finger) => `${fingerPath(id, finger)}/file`;

export const uploadFingerprint = (id: number, finger: Finger, file: File, onProgress: (percent: number) => void) =>
  upload<Identification>(fingerPath(id, finger), { fields: { FILE: file }, onProgress });

export const removeFingerprint = (id: number, finger: Finger) => api<Identification | undefined>(fingerPath(id, finger), { method: 'DELETE' });

export const completeIdentification = (id: number) => api<Identification>(`${personPath(id)}/complete`, { method: 'POST' });

export const reopenIdentification = (id: number, reason: string) =>
  api<Identification>(`${personPath(id)}/reopen`, { method: 'POST', body: { reason } });
