// The week of one's own timetable (issue 12): `POST /api/lessons/timetable` from a Monday to its
// Sunday. The Schedule page and the week beside the requests' filing form read it through the
// same query, so a week seen on one is not asked again on the other.
import { useQuery } from '@tanstack/react-query';
import type { Timetable } from '@portal/contract';
import { addDays } from '@portal/contract/rules';
import { api } from './api';

export const timetableKeys = {
  all: ['timetable'] as const,
  /** the caller's own week, by its Monday (`YYYY-MM-DD`) */
  week: (monday: string) => ['timetable', 'week', monday] as const,
};

/** Nothing planned: what an answer without content (204) means. */
const EMPTY: Timetable = { timetable: [], student: null };

/** The caller's lessons of the week starting on a Monday, Monday to Sunday included. */
export async function fetchWeekTimetable(monday: string, signal?: AbortSignal): Promise<Timetable> {
  const answer = await api<Timetable | undefined>('/api/lessons/timetable', {
    method: 'POST',
    body: { START_DATE: monday, END_DATE: addDays(monday, 6) },
    signal,
  });
  return answer ?? EMPTY;
}

/** The query of one week, for `useQuery` and `prefetchQuery` alike. */
export const weekTimetableQuery = (monday: string) => ({
  queryKey: timetableKeys.week(monday),
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchWeekTimetable(monday, signal),
  staleTime: 60_000,
});

/** The caller's week starting on this Monday; nothing is asked without one. */
export function useWeekTimetable(monday: string | null) {
  return useQuery({ ...weekTimetableQuery(monday ?? ''), enabled: monday !== null });
}
