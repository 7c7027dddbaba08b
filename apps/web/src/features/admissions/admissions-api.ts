// The admissions office (issue 14, decision 44): entrances and the specialities they offer per
// cycle, the candidates (filtered in the URL, exported), a candidate's file and its documents, and
// the decisions after the exam, entered or imported. Types only from the contract's main entry;
// values from its rules (no Zod on the pages).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Catalogue,
  CandidateDocument,
  CandidateFile,
  CandidatePage,
  DecisionsInput,
  DecisionsResult,
  EntranceCounts,
  EntranceInput,
  OfficeEntrance,
} from '@portal/contract';
import { ADMISSION_DECISIONS, type CandidateDocumentKind } from '@portal/contract/rules';
import { api, isApiError } from '../../lib/api';
import { upload } from '../../lib/upload';
import { filterQuery, listParams, oneOfParam, positiveParam } from '../../lib/url-filters';

export const admissionsKeys = {
  all: ['admissions'] as const,
  entrances: ['admissions', 'entrances'] as const,
  counts: (id: number) => ['admissions', 'counts', id] as const,
  candidates: (filters: CandidateFilters) => ['admissions', 'candidates', filters] as const,
  candidate: (id: number) => ['admissions', 'candidate', id] as const,
  /** the catalogue's cycles and branches (an entrance's specialities) */
  catalogue: ['admissions', 'catalogue'] as const,
};

// ---------------------------------------------------------------- entrances

export function useOfficeEntrances() {
  return useQuery({ queryKey: admissionsKeys.entrances, queryFn: ({ signal }) => api<OfficeEntrance[]>('/api/admissions/entrances', { signal }) });
}

/** Creates (no id) or changes (id) an entrance. */
export const saveEntrance = (id: number | null, body: EntranceInput) =>
  id === null
    ? api<OfficeEntrance>('/api/admissions/entrances', { method: 'POST', body })
    : api<OfficeEntrance>(`/api/admissions/entrances/${id}`, { method: 'PUT', body });

/** Closes an entrance's registration now, or reopens it (until its deadline). */
export const setEntranceClosed = (id: number, closed: boolean) =>
  api<OfficeEntrance>(`/api/admissions/entrances/${id}/${closed ? 'close' : 'reopen'}`, { method: 'POST' });

/** An entrance's candidates per speciality (first choice) and per day of registration. */
export function useEntranceCounts(id: number | null) {
  return useQuery({
    queryKey: admissionsKeys.counts(id ?? 0),
    queryFn: ({ signal }) => api<EntranceCounts>(`/api/admissions/entrances/${id}/counts`, { signal }),
    enabled: id !== null,
  });
}

/** The catalogue's cycles and branches, as every signed-in person reads them (the academic office's `/api/catalogue`). */
export function useCatalogue(enabled = true) {
  return useQuery({ queryKey: admissionsKeys.catalogue, queryFn: ({ signal }) => api<Catalogue>('/api/catalogue', { signal }), staleTime: 60_000, enabled });
}

// ---------------------------------------------------------------- candidates

export const PAID_FILTERS = ['true', 'false'] as const;
export const DOCUMENTS_FILTERS = ['complete', 'incomplete'] as const;
export const DECISION_FILTERS = [...ADMISSION_DECISIONS, 'NONE'] as const;

/** The candidates list's filters, as the URL and the API both carry them (the contract's CandidateListQuery). */
export interface CandidateFilters {
  entrance: number | '';
  speciality: number | '';
  paid: (typeof PAID_FILTERS)[number] | '';
  documents: (typeof DOCUMENTS_FILTERS)[number] | '';
  decision: (typeof DECISION_FILTERS)[number] | '';
  search: string;
  page: number;
  pageSize: number;
}

const optionalId = (value: string | null): number | '' => {
  const n = positiveParam(value, 0);
  return n > 0 ? n : '';
};

/** Reads the filters from the URL; anything unknown is ignored. */
export function candidateFiltersFrom(params: URLSearchParams): CandidateFilters {
  const { search, page, pageSize } = listParams(params);
  return {
    entrance: optionalId(params.get('entrance')),
    speciality: optionalId(params.get('speciality')),
    paid: oneOfParam(params.get('paid'), PAID_FILTERS, ''),
    documents: oneOfParam(params.get('documents'), DOCUMENTS_FILTERS, ''),
    decision: oneOfParam(params.get('decision'), DECISION_FILTERS, ''),
    search,
    page,
    pageSize,
  };
}

/** A page of candidates with its number of pages, as the lists count them. */
export type CandidateListPage = CandidatePage & { count: number };

export function useCandidates(filters: CandidateFilters) {
  return useQuery({
    queryKey: admissionsKeys.candidates(filters),
    queryFn: async ({ signal }): Promise<CandidateListPage> => {
      const page = await api<CandidatePage>(`/api/admissions/candidates?${filterQuery(filters).toString()}`, { signal });
      return { ...page, count: Math.max(1, Math.ceil(page.total / (page.pageSize || filters.pageSize))) };
    },
    placeholderData: keepPreviousData,
  });
}

/** A plain link (the session cookie goes along): the browser downloads the file the server names, with the list's filters. */
export const candidatesExportUrl = (filters: CandidateFilters, format: 'csv' | 'xlsx'): string =>
  `/api/admissions/candidates/export?${filterQuery({ format, ...filters }, ['page', 'pageSize']).toString()}`;

export function useCandidate(id: number) {
  return useQuery({
    queryKey: admissionsKeys.candidate(id),
    queryFn: ({ signal }) => api<CandidateFile>(`/api/admissions/candidates/${id}`, { signal }),
    enabled: id > 0,
  });
}

export const checkDocument = (id: number, kind: CandidateDocumentKind) =>
  api<CandidateDocument>(`/api/admissions/candidates/${id}/documents/${kind}/check`, { method: 'POST' });

/** Asks the candidate for another document, with the reason they are mailed. */
export const replaceDocument = (id: number, kind: CandidateDocumentKind, reason: string) =>
  api<CandidateDocument>(`/api/admissions/candidates/${id}/documents/${kind}/replace`, { method: 'POST', body: { REASON: reason } });

// ---------------------------------------------------------------- decisions

/** Decisions entered by hand (all or nothing); each new or changed one is mailed. */
export const recordDecisions = (body: DecisionsInput) => api<DecisionsResult>('/api/admissions/decisions', { method: 'POST', body });

/**
 * The decisions a refusal names (DECISION_IMPORT_INVALID: `line N` → a validation key), in order:
 * the file's line for an import, the position among those sent for decisions entered by hand.
 */
export function refusedLines(error: unknown): { key: string; line: number; message: string }[] {
  if (!isApiError(error) || error.code !== 'DECISION_IMPORT_INVALID') return [];
  return Object.entries(error.fields)
    .map(([key, message]) => ({ key, line: Number(/^line\s*(\d+)$/i.exec(key)?.[1] ?? 0), message }))
    .sort((a, b) => a.line - b.line);
}

/** Decisions from a CSV or XLSX file (all or nothing: DECISION_IMPORT_INVALID names each bad line). */
export const importDecisions = (file: File, onProgress?: (percent: number) => void) =>
  upload<DecisionsResult>('/api/admissions/decisions/import', { fields: { FILE: file }, ...(onProgress ? { onProgress } : {}) });
