// Dates as people type them and as the API carries them, and the university's calendar
// (sessions open and close on calendar days in the university's time zone).

/** A calendar day as the API carries it: `YYYY-MM-DD`. */
export const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function validYmd(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Whether a `YYYY-MM-DD` text names a real day (not 2023-02-29). */
export function isRealIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  return match !== null && validYmd(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** `dd/mm/yyyy` as typed by a person to `YYYY-MM-DD`, or null when it is not a real date. */
export function dmyToIso(value: string): string | null {
  const match = DMY_DAY.exec(value.trim());
  if (!match) return null;
  const [, d, m, y] = match;
  if (!validYmd(Number(y), Number(m), Number(d))) return null;
  return `${y}-${m}-${d}`;
}

/** `YYYY-MM-DD` (or a full ISO timestamp) to `dd/mm/yyyy`. */
export function isoToDmy(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return '';
  const [, y, m, d] = match;
  return `${d}/${m}/${y}`;
}

/** The university's time zone: West Africa Time (Cameroon), UTC+1 all year. */
export const UNIVERSITY_UTC_OFFSET = '+01:00';
/** A day in milliseconds. */
export const DAY_MS = 86_400_000;
const [, SIGN, HOURS, MINUTES] = /^([+-])(\d{2}):(\d{2})$/.exec(UNIVERSITY_UTC_OFFSET) ?? [];
/** The offset in milliseconds (3,600,000 for UTC+1). */
const OFFSET_MS = (SIGN === '-' ? -1 : 1) * (Number(HOURS) * 60 + Number(MINUTES)) * 60_000;

/** A session opens at the start of its first day (yyyy-mm-dd) in the university's time zone. */
export const sessionStartOf = (day: string): Date => new Date(`${day}T00:00:00${UNIVERSITY_UTC_OFFSET}`);
/** A session ends after its last day (yyyy-mm-dd): at the start of the next day, university time. */
export const sessionEndOf = (day: string): Date => new Date(sessionStartOf(day).getTime() + DAY_MS);
/** The calendar day (yyyy-mm-dd, university time) an instant falls on. */
export const universityDayOf = (instant: Date | string): string => new Date(new Date(instant).getTime() + OFFSET_MS).toISOString().slice(0, 10);
/** The time of day (HH:MM, university time) of an instant. */
export const universityTimeOf = (instant: Date | string): string => new Date(new Date(instant).getTime() + OFFSET_MS).toISOString().slice(11, 16);
/**
 * An instant as the portal shows it, in university time and the same in both languages: the day
 * (`dd/mm/yyyy`) and the time (`HH:MM`). The mails, the printed documents and the signature form
 * write times this way.
 */
export const universityMoment = (instant: Date | string): { day: string; time: string } => ({
  day: isoToDmy(universityDayOf(instant)),
  time: universityTimeOf(instant),
});
/** The last day of a session ending at `end` (the day before, university time). */
export const lastSessionDayOf = (end: Date | string): string => universityDayOf(new Date(new Date(end).getTime() - 1));

/** What tells whether an application session is open: its switches and its instants (ISO timestamps). */
export interface ApplicationSessionWindow {
  ACTIVED: boolean;
  MANUAL_CLOSURE: boolean;
  START_DATE: string;
  END_DATE: string | null;
}

/** An application session is current when active, started, not past its end and not closed by hand. */
export function isCurrentApplicationSession(session: ApplicationSessionWindow, now: Date): boolean {
  if (!session.ACTIVED || session.MANUAL_CLOSURE) return false;
  if (new Date(session.START_DATE) > now) return false;
  return session.END_DATE === null || now < new Date(session.END_DATE);
}

/**
 * The university's six daily lesson slots (start and end, `HH:MM`, university time): mostly 110
 * minutes, 17:30-19:30 is 120 and 20:00-21:30 is 90. The requests (claims about a lesson) and the
 * timetable name a lesson by its slot.
 */
export const LESSON_SLOTS = [
  { start: '08:00', end: '09:50' },
  { start: '10:10', end: '12:00' },
  { start: '13:00', end: '14:50' },
  { start: '15:10', end: '17:00' },
  { start: '17:30', end: '19:30' },
  { start: '20:00', end: '21:30' },
] as const;
export type LessonSlot = (typeof LESSON_SLOTS)[number];

/** Minutes since midnight of an `HH:MM` time. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The slot starting at this `HH:MM` time, or null. */
export const lessonSlotStartingAt = (start: string): LessonSlot | null => LESSON_SLOTS.find((slot) => slot.start === start) ?? null;

/** The Monday of the ISO week of a day (`YYYY-MM-DD`). */
export function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const shift = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - shift * DAY_MS).toISOString().slice(0, 10);
}

/** A day plus some days (`YYYY-MM-DD`, calendar arithmetic). */
export const addDays = (day: string, days: number): string => new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** The seven days of the week starting on a Monday. */
export const weekDaysFrom = (monday: string): string[] => Array.from({ length: 7 }, (_, index) => addDays(monday, index));

/** The number of days from one day to another, both counted (`2026-11-23` to `2026-11-29` is 7). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS) + 1;
