import { useQuery } from '@tanstack/react-query';
import type { PersonRecord } from '@portal/contract';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/session';

export const fetchPerson = (id: number) => api<PersonRecord>(`/api/students/${id}`);

/** The signed-in person's own record, fresh from the server. */
export function usePerson(id: number) {
  return useQuery({ queryKey: queryKeys.person(id), queryFn: () => fetchPerson(id) });
}
