// Students' enrolment (issue 13, decision 38): the student's sessions, offers and applications,
// and the academic office's sessions, offers, applications and decisions. Types only from the
// contract's main entry; values from its rules (no Zod on the pages).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CatalogueClass,
  CatalogueSubjectPage,
  EnrolmentApplicationPage,
  EnrolmentDecided,
  EnrolmentDecisionInput,
  EnrolmentOfferChange,
  EnrolmentOfferInput,
  EnrolmentSession,
  EnrolmentSessionInput,
  EnrolmentSessionSummary,
  MyEnrolmentApplication,
  OfficeEnrolmentOffer,
  StudentEnrolment,
} from '@portal/contract';
import { ENROLMENT_STATUSES, type EnrolmentStatus } from '@portal/contract/rules';
import { api } from '../../lib/api';
import { filterQuery, listParams, oneOfParam, positiveParam } from '../../lib/url-filters';

export const enrolmentKeys = {
  all: ['enrolment'] as const,
  mine: ['enrolment', 'mine'] as const,
  sessions: ['enrolment', 'sessions'] as const,
  offers: (sessionId: number) => ['enrolment', 'offers', sessionId] as const,
  applications: (filters: ApplicationFilters) => ['enrolment', 'applications', filters] as const,
  classes: ['enrolment', 'classes'] as const,
  subjects: (classId: number) => ['enrolment', 'subjects', classId] as const,
};

// ---------------------------------------------------------------- the student

export function useMyEnrolment() {
  return useQuery({ queryKey: enrolmentKeys.mine, queryFn: ({ signal }) => api<StudentEnrolment>('/api/enrolment-sessions/current', { signal }) });
}

export const applyToOffer = (offerId: number) => api<MyEnrolmentApplication>('/api/enrolment-applications', { method: 'POST', body: { OFFER_ID: offerId } });
export const withdrawApplication = (id: number) => api<MyEnrolmentApplication>(`/api/enrolment-applications/${id}/withdraw`, { method: 'POST' });

// ---------------------------------------------------------------- the office: sessions and offers

export function useEnrolmentSessions() {
  return useQuery({ queryKey: enrolmentKeys.sessions, queryFn: ({ signal }) => api<EnrolmentSessionSummary[]>('/api/enrolment-sessions', { signal }) });
}

export const saveEnrolmentSession = (id: number | null, body: EnrolmentSessionInput) =>
  id === null
    ? api<EnrolmentSession>('/api/enrolment-sessions', { method: 'POST', body })
    : api<EnrolmentSession>(`/api/enrolment-sessions/${id}`, { method: 'PATCH', body });
export const setSessionClosed = (id: number, closed: boolean) =>
  api<EnrolmentSession>(`/api/enrolment-sessions/${id}/${closed ? 'close' : 'reopen'}`, { method: 'POST' });

export function useOffers(sessionId: number | null) {
  return useQuery({
    queryKey: enrolmentKeys.offers(sessionId ?? 0),
    queryFn: ({ signal }) => api<OfficeEnrolmentOffer[]>(`/api/enrolment-sessions/${sessionId}/offers`, { signal }),
    enabled: sessionId !== null,
  });
}

export const addOffer = (sessionId: number, body: EnrolmentOfferInput) =>
  api<OfficeEnrolmentOffer>(`/api/enrolment-sessions/${sessionId}/offers`, { method: 'POST', body });
export const changeOffer = (sessionId: number, offerId: number, body: EnrolmentOfferChange) =>
  api<OfficeEnrolmentOffer>(`/api/enrolment-sessions/${sessionId}/offers/${offerId}`, { method: 'PATCH', body });
export const removeOffer = (sessionId: number, offerId: number) => api<void>(`/api/enrolment-sessions/${sessionId}/offers/${offerId}`, { method: 'DELETE' });

/** The catalogue's classes (an offer's class). */
export function useClasses(enabled = true) {
  return useQuery({
    queryKey: enrolmentKeys.classes,
    queryFn: ({ signal }) => api<CatalogueClass[]>('/api/academic/classes', { signal }),
    staleTime: 60_000,
    enabled,
  });
}

/** The subjects of a class (an offer's optional subject). */
export function useClassSubjects(classId: number | null) {
  return useQuery({
    queryKey: enrolmentKeys.subjects(classId ?? 0),
    queryFn: ({ signal }) => api<CatalogueSubjectPage>(`/api/academic/subjects?${filterQuery({ classId, page: 1, pageSize: 200 }).toString()}`, { signal }),
    enabled: classId !== null,
    staleTime: 60_000,
  });
}

// ---------------------------------------------------------------- the office: applications

/** The applications list's filters, as the URL keeps them: the session (none: the newest), an offer, a status, a search and the page. */
export interface ApplicationFilters {
  session: number | '';
  offer: number | '';
  status: EnrolmentStatus | '';
  search: string;
  page: number;
  pageSize: number;
}

const optionalId = (value: string | null): number | '' => {
  const n = positiveParam(value, 0);
  return n > 0 ? n : '';
};

/** Reads the filters from the URL; anything unknown is ignored. */
export function applicationFiltersFrom(params: URLSearchParams): ApplicationFilters {
  const { search, page, pageSize } = listParams(params);
  return {
    session: optionalId(params.get('session')),
    offer: optionalId(params.get('offer')),
    status: oneOfParam(params.get('status'), ENROLMENT_STATUSES, ''),
    search,
    page,
    pageSize,
  };
}

/** A page of applications, with its number of pages as the lists count them. */
export type ApplicationPage = EnrolmentApplicationPage & { count: number };

/** The applications of a session (the one shown), by the other filters. */
export function useApplications(filters: ApplicationFilters, sessionId: number | null) {
  const query: ApplicationFilters = { ...filters, session: sessionId ?? '' };
  return useQuery({
    queryKey: enrolmentKeys.applications(query),
    queryFn: async ({ signal }): Promise<ApplicationPage> => {
      const page = await api<EnrolmentApplicationPage>(`/api/enrolment-applications?${filterQuery(query).toString()}`, { signal });
      return { ...page, count: Math.max(1, Math.ceil(page.total / filters.pageSize)) };
    },
    enabled: sessionId !== null,
    placeholderData: keepPreviousData,
  });
}

export const decideApplications = (body: EnrolmentDecisionInput) => api<EnrolmentDecided>('/api/enrolment-applications/decisions', { method: 'POST', body });

/** A plain link (the session cookie goes along): the browser downloads the CSV the server names. */
export const applicationsExportUrl = (filters: ApplicationFilters, sessionId: number): string =>
  `/api/enrolment-applications/export?${filterQuery({ session: sessionId, offer: filters.offer, status: filters.status, search: filters.search }).toString()}`;
