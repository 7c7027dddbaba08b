import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Finger, Identification, IdentificationPage, IdentificationQuery } from '@portal/contract';
import { api } from '../../lib/api';
import { filterQuery, listParams, oneOfParam, type UrlFilters } from '../../lib/url-filters';
import { upload } from '../../lib/upload';

/** The list's filters, as the URL query string and the API both carry them. */
export type IdentificationFilters = UrlFilters<IdentificationQuery>;

/** Reads the filters from the URL; anything unknown is ignored. */
export function filtersFrom(params: URLSearchParams): IdentificationFilters {
  const { search, page, pageSize } = listParams(params);
  return { search, complete: oneOfParam(params.get('complete'), ['yes', 'no'] as const, ''), page, pageSize };
}

/** The filters as the API's query string, without the empty ones. */
export const filterParams = (filters: IdentificationFilters): URLSearchParams => filterQuery(filters);

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

export const reopenIdentification = (id: number, reason: string) => api<Identification>(`${personPath(id)}/reopen`, { method: 'POST', body: { reason } });
