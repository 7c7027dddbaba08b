import { QueryClient, useQuery } from '@tanstack/react-query';
import type { Meta, PersonRecord, SessionAnswer, SessionUser } from '@portal/contract';
import { api, isApiError } from './api';

export const queryKeys = {
  session: ['session'] as const,
  meta: ['meta'] as const,
  person: (id: number) => ['person', id] as const,
  settings: ['settings'] as const,
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !(isApiError(error) && error.status > 0 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Who is signed in: the record lives only in the query cache (never in a cookie or in
 * web storage). `null` means nobody; `undefined` means not known yet. The server answers
 * null when no session is sent, and 401 for one that expired (then nobody, too).
 */
export async function fetchSession(): Promise<PersonRecord | null> {
  try {
    return await api<SessionAnswer>('/api/auth/session', { anonymous: true });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function useSession() {
  const query = useQuery({
    queryKey: queryKeys.session,
    queryFn: fetchSession,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return { user: query.data ?? null, pending: query.isPending, query };
}

export function useMeta() {
  return useQuery({
    queryKey: queryKeys.meta,
    queryFn: () => api<Meta>('/api/meta', { anonymous: true }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function currentUser(queryClient: QueryClient): PersonRecord | null {
  return queryClient.getQueryData<PersonRecord | null>(queryKeys.session) ?? null;
}

/** Keeps the record, drops the bearer token: the browser session is the HttpOnly cookie. */
export function withoutToken(user: SessionUser | PersonRecord): PersonRecord {
  const record: Partial<SessionUser> = { ...user };
  delete record.TOKEN;
  return record as PersonRecord;
}

export function setSignedIn(queryClient: QueryClient, user: SessionUser | PersonRecord): PersonRecord {
  const record = withoutToken(user);
  queryClient.setQueryData(queryKeys.session, record);
  return record;
}

/** Forgets everything about the person; public data (meta) stays. */
export function clearUserData(queryClient: QueryClient): void {
  queryClient.setQueryData(queryKeys.session, null);
  queryClient.getMutationCache().clear();
  const keep = new Set<unknown>([queryKeys.session[0], queryKeys.meta[0]]);
  queryClient.removeQueries({ predicate: (query) => !keep.has(query.queryKey[0]) });
}
