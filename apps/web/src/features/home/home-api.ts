import { useQuery } from '@tanstack/react-query';
import type { ApplicationSession } from '@portal/contract';
import { api } from '../../lib/api';

/** The subject-choice session open now, or null (204): what the home page says about choosing subjects. */
export function useOpenApplicationSession(enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'application-session'],
    queryFn: async () => (await api<ApplicationSession | undefined>('/api/sessions-applications/current')) ?? null,
    enabled,
    staleTime: 60_000,
  });
}
