import type { Lesson, Timetable, TimetableStudent } from '@portal/contract';
import { lessonHoursOf } from '@portal/contract/rules';
import type { FakeHandler, FakeRequest } from '../../test/fake-api';

/** Test data of the Schedule page: lessons as `POST /api/lessons/timetable` answers them. */

export const TIMETABLE_PATH = '/api/lessons/timetable';
export const FEED_PATH = '/api/lessons/calendar-feed';

let nextId = 900;

/** A lesson of the demo's lecturer Jean-Pierre Mbarga, Algorithms (INF201) lecture in BTS1 GSI/J A, room B12, unless told otherwise. */
export function lesson(overrides: Partial<Lesson> & Pick<Lesson, 'date' | 'begin' | 'end'>): Lesson {
  return {
    id: nextId++,
    hours: lessonHoursOf(overrides.begin, overrides.end),
    status: 'PendingValidation',
    part: 'CM',
    class: { id: 31, code: 'BTS1 GSI/J A' },
    subject: { id: 201, code: 'INF201', name: 'Algorithms', nameFr: 'Algorithmique' },
    lecturer: { id: 1, FIRSTNAME: 'Jean-Pierre', LASTNAME: 'Mbarga' },
    room: 'B12',
    building: null,
    campus: null,
    ...overrides,
  };
}

export const DATABASES = { id: 202, code: 'INF202', name: 'Databases', nameFr: 'Bases de données' };

/** The week of Monday 23 November 2026: a billed lecture on Monday morning, a pending tutorial without a room on Wednesday, a refused and a validated lesson on Friday. */
export const WEEK_OF_23_NOVEMBER: Lesson[] = [
  lesson({ id: 1, date: '2026-11-23', begin: '08:00', end: '09:50', status: 'ValidatedAndBilled', building: 'Block A', campus: 'Logbessou' }),
  lesson({ id: 2, date: '2026-11-25', begin: '10:10', end: '12:00', status: 'PendingValidation', part: 'TD', subject: DATABASES, room: null }),
  lesson({ id: 3, date: '2026-11-27', begin: '13:00', end: '14:50', status: 'NotValidated', part: 'TP' }),
  lesson({ id: 4, date: '2026-11-27', begin: '20:00', end: '21:30', status: 'ValidatedButNotBilled', subject: DATABASES }),
];

/** Amina Nkoulou, a student of BTS1 GSI/J A. */
export const STUDENT: TimetableStudent = { id: 48, MATRICULE: 'ST24A001', FIRSTNAME: 'Amina', LASTNAME: 'Nkoulou', class: { id: 31, code: 'BTS1 GSI/J A' } };

/** The fake server's timetable: the lessons dated within the days asked for. */
export function timetableOf(lessons: Lesson[], student: TimetableStudent | null = null): FakeHandler {
  return (request: FakeRequest) => {
    const { START_DATE, END_DATE } = request.body as { START_DATE: string; END_DATE: string };
    const body: Timetable = { timetable: lessons.filter((item) => item.date >= START_DATE && item.date <= END_DATE), student };
    return { body };
  };
}

/** The days each call to the timetable asked for. */
export const askedWeeks = (requests: FakeRequest[]) => requests.map((request) => request.body as { START_DATE: string; END_DATE: string });
