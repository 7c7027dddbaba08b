// The week the Schedule page shows: which Monday the URL names, its days in the reader's words,
// and where each lesson sits in the day (08:00 to 21:30), side by side when two overlap.
import type { Lesson } from '@portal/contract';
import { addDays, isRealIsoDay, minutesOf, mondayOf, TIMETABLE_DAY_END, TIMETABLE_DAY_START, universityDayOf } from '@portal/contract/rules';

/** The URL parameter naming the week shown (its Monday, `?week=2026-11-23`). */
export const WEEK_PARAM = 'week';

/** The Monday of today's week, university time. */
export const currentMonday = (now: Date = new Date()): string => mondayOf(universityDayOf(now));

/** The Monday of the week a URL names (any day of it will do); this week when it names none or nonsense. */
export function weekFromParam(value: string | null, now: Date = new Date()): string {
  return value && isRealIsoDay(value) ? mondayOf(value) : currentMonday(now);
}

/** The day's first and last minutes shown, and the rows of the grid (every half hour). */
export const DAY_FIRST_MINUTE = minutesOf(TIMETABLE_DAY_START);
export const DAY_LAST_MINUTE = minutesOf(TIMETABLE_DAY_END);
export const ROW_MINUTES = 30;
export const ROW_COUNT = (DAY_LAST_MINUTE - DAY_FIRST_MINUTE) / ROW_MINUTES;
/** The labels of the rows: `08:00`, `08:30` ... `21:00`. */
export const ROW_TIMES: readonly string[] = Array.from({ length: ROW_COUNT }, (_, index) => {
  const minutes = DAY_FIRST_MINUTE + index * ROW_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** Where a lesson sits in its day: from the top and how tall (percent of the day), and which of the side-by-side lanes. */
export interface Placement {
  lesson: Lesson;
  top: number;
  height: number;
  lane: number;
  lanes: number;
}

const clamp = (minutes: number) => Math.min(DAY_LAST_MINUTE, Math.max(DAY_FIRST_MINUTE, minutes));
const percentOf = (minutes: number) => Math.round(((minutes - DAY_FIRST_MINUTE) / (DAY_LAST_MINUTE - DAY_FIRST_MINUTE)) * 10_000) / 100;

/**
 * The lessons of one day placed in the column. A lecturer's lessons never overlap; a class's may
 * (two groups at once): overlapping lessons share the width, each in its lane.
 */
export function placeDay(lessons: readonly Lesson[]): Placement[] {
  const sorted = [...lessons].sort((a, b) => minutesOf(a.begin) - minutesOf(b.begin) || minutesOf(a.end) - minutesOf(b.end) || a.id - b.id);
  const placed: Placement[] = [];
  // a cluster: lessons linked by overlaps, which share the same number of lanes
  let cluster: Placement[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const closeCluster = () => {
    for (const item of cluster) item.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const lesson of sorted) {
    const begin = clamp(minutesOf(lesson.begin));
    const end = Math.max(begin + 5, clamp(minutesOf(lesson.end)));
    if (begin >= clusterEnd) closeCluster();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= begin);
    if (lane === -1) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    clusterEnd = Math.max(clusterEnd, end);
    const item: Placement = { lesson, top: percentOf(begin), height: Math.round((percentOf(end) - percentOf(begin)) * 100) / 100, lane, lanes: 1 };
    cluster.push(item);
    placed.push(item);
  }
  closeCluster();
  return placed;
}

/** The lessons of each day of the week (Monday first), in time order. */
export function lessonsByDay(days: readonly string[], lessons: readonly Lesson[]): Map<string, Lesson[]> {
  const byDay = new Map<string, Lesson[]>(days.map((day) => [day, []]));
  for (const lesson of lessons) byDay.get(lesson.date)?.push(lesson);
  for (const list of byDay.values()) list.sort((a, b) => minutesOf(a.begin) - minutesOf(b.begin) || a.id - b.id);
  return byDay;
}

/** The locale the dates are written in for an interface language. */
export const dateLocaleOf = (language: string): string => (language.startsWith('fr') ? 'fr-FR' : 'en-GB');

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * A day in words: `Monday 23 November` / `lundi 23 novembre`, with the year when asked. Built from
 * its parts, in the day-month order both languages share, so that no engine adds a comma of its own.
 */
export function dayInWords(day: string, language: string, withYear = false): string {
  const parts = new Intl.DateTimeFormat(dateLocaleOf(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(asDate(day));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return [part('weekday'), part('day'), part('month'), withYear ? part('year') : ''].filter(Boolean).join(' ');
}

/** A day's column heading: its short weekday and its date, `Mon` and `23 Nov` / `lun.` and `23 nov.`. */
export function dayHeading(day: string, language: string): { weekday: string; date: string } {
  const locale = dateLocaleOf(language);
  return {
    weekday: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(asDate(day)),
    date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(asDate(day)),
  };
}

/** The week's two ends in words, the year on the last day (and on the first when it differs). */
export function weekEnds(monday: string, language: string): { from: string; to: string } {
  const sunday = addDays(monday, 6);
  return { from: dayInWords(monday, language, monday.slice(0, 4) !== sunday.slice(0, 4)), to: dayInWords(sunday, language, true) };
}

/** Hours as a figure in the reader's language: `7.33`, `7,33`. */
export const hoursFigure = (hours: number, language: string): string =>
  new Intl.NumberFormat(dateLocaleOf(language), { maximumFractionDigits: 2 }).format(hours);
