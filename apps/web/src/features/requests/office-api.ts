// The units' side of requests (decision 32): the inbox, processing a request, transmittal
// batches, the report and the administrators' configuration. Types only from the contract's main
// entry (no Zod here: the list pages stay light); the forms bring the schemas in their lazy dialogs.
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  BatchBodyInput,
  BatchPage,
  Catalogue,
  CategoryInput,
  CategoryConfig,
  DecisionBody,
  DecisionConfig,
  DecisionInput,
  EligibleRequest,
  HopConfig,
  HopInput,
  InboxPage,
  InboxQuery,
  MemberInput,
  RejectionBody,
  ReportQuery,
  RequestBatchDetail,
  RequestCategory,
  RequestConfig,
  RequestDetail,
  RequestReport,
  SignatureBody,
  SubcategoryConfig,
  SubcategoryInput,
  UnitConfig,
  UnitInput,
  UnitMember,
} from '@portal/contract';
import {
  can,
  REQUEST_AUDIENCES,
  REQUEST_REPORT_REGIMES,
  REQUEST_STAGES,
  REQUEST_STATUSES,
  isRealIsoDay,
  universityDayOf,
  type PermissionHolder,
  type RequestBatchStatus,
  type RequestReportFormat,
} from '@portal/contract/rules';
import { api } from '../../lib/api';
import { filterQuery, listParams, oneOfParam, positiveParam, type UrlFilters } from '../../lib/url-filters';

/** Administrators (who alone configure) see every unit's requests and act for the unit holding one. */
export const isRequestsAdmin = (person: PermissionHolder | null): boolean => can(person, 'requests.configure');

/** A page of the API (`total`, `page`, `pageSize`) with its number of pages, as the list pages read it. */
export const withPageCount = <P extends { total: number; pageSize: number }>(data: P): P & { count: number } => ({
  ...data,
  count: Math.max(1, Math.ceil(data.total / Math.max(1, data.pageSize))),
});

const idParam = (value: string | null): number | '' => {
  const n = positiveParam(value, 0);
  return n > 0 ? n : '';
};

export const officeKeys = {
  all: ['requestsOffice'] as const,
  inboxes: ['requestsOffice', 'inbox'] as const,
  inbox: (filters: InboxFilters) => ['requestsOffice', 'inbox', filters] as const,
  request: (id: number) => ['requestsOffice', 'request', id] as const,
  eligible: (unit: number | '') => ['requestsOffice', 'eligible', unit] as const,
  batchLists: ['requestsOffice', 'batches'] as const,
  batches: (query: BatchFilters) => ['requestsOffice', 'batches', query] as const,
  batch: (id: number) => ['requestsOffice', 'batch', id] as const,
  report: (filters: ReportFilters) => ['requestsOffice', 'report', filters] as const,
  config: ['requestsOffice', 'config'] as const,
  members: ['requestsOffice', 'members'] as const,
  kinds: ['requestsOffice', 'kinds'] as const,
  catalogue: ['requestsOffice', 'catalogue'] as const,
};

// ---------------------------------------------------------------- the inbox

/** The inbox's filters, as the URL query string and the API both carry them. */
export type InboxFilters = UrlFilters<InboxQuery>;

/** Reads the inbox's filters from the URL; anything unknown is ignored. */
export function inboxFiltersFrom(params: URLSearchParams): InboxFilters {
  const { search, page, pageSize } = listParams(params);
  return {
    scope: oneOfParam(params.get('scope'), ['held', 'history'] as const, 'held'),
    stage: oneOfParam(params.get('stage'), REQUEST_STAGES, ''),
    status: oneOfParam(params.get('status'), REQUEST_STATUSES, ''),
    subcategory: idParam(params.get('subcategory')),
    unit: idParam(params.get('unit')),
    audience: oneOfParam(params.get('audience'), REQUEST_AUDIENCES, ''),
    search,
    page,
    pageSize,
  };
}

export function useInbox(filters: InboxFilters) {
  return useQuery({
    queryKey: officeKeys.inbox(filters),
    queryFn: ({ signal }) => api<InboxPage>(`/api/requests/inbox?${filterQuery(filters).toString()}`, { signal }),
    select: withPageCount,
    placeholderData: keepPreviousData,
  });
}

// ---------------------------------------------------------------- one request and its actions

export function useOfficeRequest(id: number) {
  return useQuery({
    queryKey: officeKeys.request(id),
    queryFn: ({ signal }) => api<RequestDetail>(`/api/requests/${id}`, { signal }),
    enabled: id > 0,
  });
}

export const signRequest = (id: number, body: SignatureBody) => api<RequestDetail>(`/api/requests/${id}/signature`, { method: 'POST', body });
export const rejectRequest = (id: number, body: RejectionBody) => api<RequestDetail>(`/api/requests/${id}/rejection`, { method: 'POST', body });
export const decideRequest = (id: number, body: DecisionBody) => api<RequestDetail>(`/api/requests/${id}/decision`, { method: 'POST', body });

/** After an action: the answer is the request as it now stands; the lists and batches that show it are out of date. */
export async function applyRequest(queryClient: QueryClient, request: RequestDetail): Promise<void> {
  queryClient.setQueryData(officeKeys.request(request.id), request);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: officeKeys.inboxes }),
    queryClient.invalidateQueries({ queryKey: ['requestsOffice', 'eligible'] }),
  ]);
}

// ---------------------------------------------------------------- transmittal batches

export type BatchDirection = 'OUT' | 'IN' | 'ALL';
export interface BatchFilters {
  direction: BatchDirection;
  status: RequestBatchStatus | '';
  page: number;
  pageSize: number;
}

export function useEligible(unit: number | '', enabled = true) {
  return useQuery({
    queryKey: officeKeys.eligible(unit),
    queryFn: ({ signal }) => api<EligibleRequest[]>(`/api/request-batches/eligible${unit === '' ? '' : `?unit=${unit}`}`, { signal }),
    enabled,
  });
}

export function useBatches(filters: BatchFilters, enabled = true) {
  return useQuery({
    queryKey: officeKeys.batches(filters),
    queryFn: ({ signal }) => api<BatchPage>(`/api/request-batches?${filterQuery(filters).toString()}`, { signal }),
    select: withPageCount,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBatch(id: number) {
  return useQuery({
    queryKey: officeKeys.batch(id),
    queryFn: ({ signal }) => api<RequestBatchDetail>(`/api/request-batches/${id}`, { signal }),
    enabled: id > 0,
  });
}

export const createBatch = (body: BatchBodyInput) => api<RequestBatchDetail>('/api/request-batches', { method: 'POST', body });

export type BatchAction = 'send' | 'receive' | 'cancel';
export const batchAction = (id: number, action: BatchAction) => api<RequestBatchDetail>(`/api/request-batches/${id}/${action}`, { method: 'POST' });

/** The printable transmittal slip (a PDF the browser opens; the session cookie goes along). */
export const slipUrl = (id: number) => `/api/request-batches/${id}/slip`;

/** After a batch changed: its detail, the lists of batches, the requests ready to send and the inboxes. */
export async function applyBatch(queryClient: QueryClient, batch: RequestBatchDetail | null): Promise<void> {
  if (batch) queryClient.setQueryData(officeKeys.batch(batch.id), batch);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: officeKeys.batchLists }),
    queryClient.invalidateQueries({ queryKey: ['requestsOffice', 'eligible'] }),
    queryClient.invalidateQueries({ queryKey: officeKeys.inboxes }),
  ]);
}

// ---------------------------------------------------------------- the report

export type ReportFilters = UrlFilters<ReportQuery>;

const shiftDay = (day: string, months: number, date: number) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const moment = new Date(Date.UTC(y, m - 1 + months, date));
  return moment.toISOString().slice(0, 10);
};

/** The current month, in the university's time zone: its first and last day. */
export function currentMonth(now = new Date()): { from: string; to: string } {
  const today = universityDayOf(now);
  return { from: `${today.slice(0, 8)}01`, to: shiftDay(today, 1, 0) };
}

/** Reads the report's filters from the URL; the period defaults to the current month. */
export function reportFiltersFrom(params: URLSearchParams, now = new Date()): ReportFilters {
  const { page, pageSize } = listParams(params);
  const month = currentMonth(now);
  const day = (value: string | null, fallback: string) => (value && isRealIsoDay(value) ? value : fallback);
  return {
    from: day(params.get('from'), month.from),
    to: day(params.get('to'), month.to),
    unit: idParam(params.get('unit')),
    category: idParam(params.get('category')),
    status: oneOfParam(params.get('status'), REQUEST_STATUSES, ''),
    regime: oneOfParam(params.get('regime'), REQUEST_REPORT_REGIMES, ''),
    audience: oneOfParam(params.get('audience'), REQUEST_AUDIENCES, ''),
    page,
    pageSize,
  };
}

export function useReport(filters: ReportFilters) {
  return useQuery({
    queryKey: officeKeys.report(filters),
    queryFn: ({ signal }) => api<RequestReport>(`/api/requests/reports?${filterQuery(filters).toString()}`, { signal }),
    select: withPageCount,
    placeholderData: keepPreviousData,
  });
}

/** A plain link (the session cookie goes along): the browser downloads the file the server names. */
export function reportExportUrl(filters: ReportFilters, format: RequestReportFormat): string {
  const query = filterQuery(filters, ['page', 'pageSize']);
  query.set('format', format);
  return `/api/requests/reports/export?${query.toString()}`;
}

// ---------------------------------------------------------------- configuration

export function useRequestConfig(enabled = true) {
  return useQuery({
    queryKey: officeKeys.config,
    queryFn: ({ signal }) => api<RequestConfig>('/api/request-config', { signal }),
    enabled,
  });
}

export function useMembers() {
  return useQuery({
    queryKey: officeKeys.members,
    queryFn: ({ signal }) => api<UnitMember[]>('/api/request-config/members', { signal }),
  });
}

/** The school's departments, for the unit of a school. */
export function useDepartments() {
  return useQuery({
    queryKey: officeKeys.catalogue,
    queryFn: ({ signal }) => api<Catalogue>('/api/catalogue', { signal }),
    select: (catalogue) => catalogue.departments,
  });
}

/** A category and its sub-categories as the filters name them. */
export interface RequestKind {
  id: number;
  name: string;
  nameFr: string;
  subcategories: { id: number; name: string; nameFr: string }[];
}

/**
 * The categories and sub-categories the filters offer (none while they load, or when they cannot
 * be read): administrators read the whole configuration, disabled ones included; a unit's members
 * the enabled ones.
 */
export function useRequestKinds(admin: boolean): RequestKind[] {
  const config = useRequestConfig(admin);
  const enabled = useQuery({
    queryKey: officeKeys.kinds,
    queryFn: ({ signal }) => api<RequestCategory[]>('/api/request-categories', { signal }),
    enabled: !admin,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (admin) return config.data?.categories ?? [];
  return (enabled.data ?? []).map((category) => ({ ...category, subcategories: category.sousCategories }));
}

export const saveUnit = (id: number | null, body: UnitInput) =>
  api<UnitConfig>(id === null ? '/api/request-config/units' : `/api/request-config/units/${id}`, { method: id === null ? 'POST' : 'PATCH', body });
export const saveCategory = (id: number | null, body: CategoryInput) =>
  api<CategoryConfig>(id === null ? '/api/request-config/categories' : `/api/request-config/categories/${id}`, {
    method: id === null ? 'POST' : 'PATCH',
    body,
  });
export const saveSubcategory = (id: number | null, body: SubcategoryInput) =>
  api<SubcategoryConfig>(id === null ? '/api/request-config/subcategories' : `/api/request-config/subcategories/${id}`, {
    method: id === null ? 'POST' : 'PATCH',
    body,
  });
export const createHop = (body: HopInput) => api<HopConfig>('/api/request-config/hops', { method: 'POST', body });
export const deleteHop = (id: number) => api<void>(`/api/request-config/hops/${id}`, { method: 'DELETE' });
export const saveDecision = (id: number | null, body: DecisionInput) =>
  api<DecisionConfig>(id === null ? '/api/request-config/decisions' : `/api/request-config/decisions/${id}`, { method: id === null ? 'POST' : 'PATCH', body });
export const deleteDecision = (id: number) => api<void>(`/api/request-config/decisions/${id}`, { method: 'DELETE' });
export const setMemberUnit = (id: number, body: MemberInput) => api<UnitMember>(`/api/request-config/members/${id}`, { method: 'PUT', body });

/** After a change of the configuration: everything that reads it. */
export async function refreshConfig(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: officeKeys.config }),
    queryClient.invalidateQueries({ queryKey: officeKeys.members }),
    queryClient.invalidateQueries({ queryKey: officeKeys.kinds }),
  ]);
}
