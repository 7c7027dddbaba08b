// The calls of the Schedule page (issue 12): one's week (shared with the requests' week panel, in
// lib/timetable.ts) and one's calendar feed address, made, renewed and turned off.
import { useQuery } from '@tanstack/react-query';
import type { CalendarFeed, CalendarFeedState } from '@portal/contract';
import { api } from '../../lib/api';
import { timetableKeys } from '../../lib/timetable';

export { useWeekTimetable, weekTimetableQuery } from '../../lib/timetable';

export const calendarFeedKey = [...timetableKeys.all, 'calendar-feed'] as const;

/** Whether one has a calendar address, and since when (the address itself is shown only when made). */
export function useCalendarFeedState() {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => api<CalendarFeedState>('/api/lessons/calendar-feed', { signal }),
  });
}

/** Makes a new secret address; any earlier one stops working. */
export const createCalendarFeed = () => api<CalendarFeed>('/api/lessons/calendar-feed', { method: 'POST' });

/** Turns the address off: calendars subscribed with it get nothing more. */
export const turnOffCalendarFeed = () => api<void>('/api/lessons/calendar-feed', { method: 'DELETE' });
