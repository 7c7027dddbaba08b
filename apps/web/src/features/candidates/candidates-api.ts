// Entrance candidates (issue 14, decision 42): every call of the candidate's own pages — the open
// entrances, the anonymous registration, the mailed link to one's file, the file itself, its
// documents, the registration slip and signing out. The candidate's file travels in an HttpOnly
// cookie (`portal_candidate`); this client never sees a token except the one of a mailed link.
import { useQuery } from '@tanstack/react-query';
import type { CandidateCreate, CandidateDocument, CandidateFile, CandidateRegistrationAccepted, Entrance } from '@portal/contract';
import type { CandidateDocumentKind } from '@portal/contract/rules';
import { api } from '../../lib/api';
import { upload } from '../../lib/upload';

export const candidateKeys = {
  entrances: ['candidates', 'entrances'] as const,
  me: ['candidates', 'me'] as const,
};

/** `GET /api/entrances`: the entrances open to registration today, with the specialities each offers per cycle. */
export const fetchEntrances = (signal?: AbortSignal) => api<Entrance[]>('/api/entrances', { anonymous: true, signal });

export function useEntrances() {
  return useQuery({ queryKey: candidateKeys.entrances, queryFn: ({ signal }) => fetchEntrances(signal), staleTime: 5 * 60_000 });
}

/**
 * `POST /api/candidate`: registers. Always 202 `{status: 'CHECK_MAIL'}`, a new address or one already
 * registered for this entrance alike (decision 65): the mail carries a code and a link, and a cookie
 * ties this browser to the registration so that the code typed here opens the file.
 */
export const createCandidate = (body: CandidateCreate) => api<CandidateRegistrationAccepted>('/api/candidate', { method: 'POST', body, anonymous: true });

/** `POST /api/candidate/confirm`: the mailed code, typed in the browser that sent the registration; answers the file and opens it here. */
export const confirmCandidate = (code: string) => api<CandidateFile>('/api/candidate/confirm', { method: 'POST', body: { code }, anonymous: true });

/** `POST /api/candidate/auth-email`: mails a link to each file of this address; the answer is the same whether it is known or not. */
export const requestCandidateLink = (email: string) =>
  api<{ message: string }>('/api/candidate/auth-email', { method: 'POST', body: { email }, anonymous: true });

/** `POST /api/candidate/auth-link`: uses a mailed link's token (once); answers the file and opens it in this browser. */
export const openCandidateLink = (token: string) => api<CandidateFile>('/api/candidate/auth-link', { method: 'POST', body: { token }, anonymous: true });

/** `GET /api/candidate/me`: the candidate's own file (401 when no file is open in this browser). */
export const fetchCandidateFile = (signal?: AbortSignal) => api<CandidateFile>('/api/candidate/me', { anonymous: true, signal });

export function useCandidateFile() {
  return useQuery({ queryKey: candidateKeys.me, queryFn: ({ signal }) => fetchCandidateFile(signal), staleTime: 0, retry: false });
}

/** `POST /api/candidate/sign-out`: closes the file in this browser. */
export const signOutCandidate = () => api<void>('/api/candidate/sign-out', { method: 'POST', anonymous: true });

/** `POST /api/candidate/documents/{kind}`: sends (or replaces) one document, multipart, with its progress. */
export function uploadCandidateDocument(
  kind: CandidateDocumentKind,
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<CandidateDocument> {
  return upload<CandidateDocument>(candidateDocumentUrl(kind), { fields: { FILE: file }, onProgress, signal });
}

/** Where the candidate reads one of their own documents (`GET /api/candidate/documents/{kind}`). */
export const candidateDocumentUrl = (kind: CandidateDocumentKind) => `/api/candidate/documents/${kind}`;

/** Where the candidate downloads their registration slip (PDF). */
export const CANDIDATE_SLIP_URL = '/api/candidate/slip';
