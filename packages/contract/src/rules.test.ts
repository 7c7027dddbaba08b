import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  isLessonTimeRange,
  lessonHoursOf,
  lessonTotalsOf,
  mondayOf,
  weekDaysFrom,
  type LessonStatus,
  GROUP_LIMIT_NAMES,
  isoWeekOf,
  REQUEST_COUNTERS,
  REQUEST_STATUSES,
  GroupLimits,
  groupLimit,
  LESSON_SLOTS,
  LEVEL_GROUP_KEYS,
  LEVEL_GROUPS,
  LEVEL_IDS,
  lessonSlotStartingAt,
  levelGroupOf,
  levelLimitsOf,
  minutesOf,
  SubjectConstraint,
  universityDayOf,
  universityMoment,
} from './index';

describe('the level groups', () => {
  it('name each group by its levels and put every level in one group', () => {
    for (const group of LEVEL_GROUP_KEYS) expect(LEVEL_GROUPS[group].join('')).toBe(group);
    expect(LEVEL_GROUP_KEYS.flatMap((group) => LEVEL_GROUPS[group])).toEqual([...LEVEL_IDS]);
    expect(LEVEL_IDS.map(levelGroupOf)).toEqual(['12', '12', '3', '45', '45']);
  });

  it("turn the office's six limits into the ten of a session, and back", () => {
    expect([...GROUP_LIMIT_NAMES].sort()).toEqual(Object.keys(GroupLimits.shape).sort());
    const limits = { LEVEL12_J: 3, LEVEL3_J: 2, LEVEL45_J: 1, LEVEL12_S: 6, LEVEL3_S: 5, LEVEL45_S: 4 };
    const levels = levelLimitsOf(limits);
    expect(Object.keys(levels).sort()).toEqual(
      Object.keys(SubjectConstraint.shape)
        .filter((key) => key !== 'id')
        .sort(),
    );
    expect(levels).toMatchObject({ LEVEL1_J: 3, LEVEL2_J: 3, LEVEL3_J: 2, LEVEL5_J: 1, LEVEL2_S: 6, LEVEL4_S: 4 });
    expect(groupLimit(levels, '45', 'S')).toBe(4);
  });
});

describe('the university calendar', () => {
  it('reads days in West Africa Time', () => {
    // 23:30 UTC is already the next day in Douala
    expect(universityDayOf('2024-03-10T23:30:00.000Z')).toBe('2024-03-11');
    expect(universityDayOf('2024-03-10T22:59:59.999Z')).toBe('2024-03-10');
  });

  it('shows an instant as dd/mm/yyyy and HH:MM in West Africa Time', () => {
    expect(universityMoment('2024-03-10T23:30:00.000Z')).toEqual({ day: '11/03/2024', time: '00:30' });
    expect(universityMoment(new Date('2024-02-12T15:30:00Z'))).toEqual({ day: '12/02/2024', time: '16:30' });
  });
});

describe('the lesson slots', () => {
  it("are the university's six daily slots, in order, none overlapping the next", () => {
    expect(LESSON_SLOTS.map((slot) => slot.start)).toEqual(['08:00', '10:10', '13:00', '15:10', '17:30', '20:00']);
    expect(LESSON_SLOTS.map((slot) => slot.end)).toEqual(['09:50', '12:00', '14:50', '17:00', '19:30', '21:30']);
    expect(LESSON_SLOTS.map((slot) => minutesOf(slot.end) - minutesOf(slot.start))).toEqual([110, 110, 110, 110, 120, 90]);
    for (let i = 1; i < LESSON_SLOTS.length; i++) expect(minutesOf(LESSON_SLOTS[i]!.start)).toBeGreaterThan(minutesOf(LESSON_SLOTS[i - 1]!.end));
  });

  it('finds a slot by its start', () => {
    expect(lessonSlotStartingAt('17:30')).toEqual({ start: '17:30', end: '19:30' });
    expect(lessonSlotStartingAt('09:00')).toBeNull();
  });
});

describe('requests', () => {
  it('names the ISO week of a problem date, the week-year included', () => {
    expect(isoWeekOf('2026-11-24')).toBe('2026-W48');
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
    expect(isoWeekOf('2023-01-02')).toBe('2023-W01');
  });

  it('counts every status in exactly one counter', () => {
    const counted = Object.values(REQUEST_COUNTERS).flat();
    expect([...counted].sort()).toEqual([...REQUEST_STATUSES].sort());
  });
});

describe('the timetable rules', () => {
  it('adds lesson hours exactly and rounds the sum once: three lessons of 110 minutes are 5.5 hours', () => {
    const lesson = (status: LessonStatus) => ({ status, hours: lessonHoursOf('08:00', '09:50') });
    expect(lessonHoursOf('08:00', '09:50')).toBeCloseTo(1.8333, 4);
    expect(lessonTotalsOf([lesson('ValidatedAndBilled'), lesson('ValidatedButNotBilled'), lesson('PendingValidation'), lesson('NotValidated')])).toEqual({
      planned: 5.5,
      validated: 3.67,
      billed: 1.83,
    });
  });

  it('keeps lessons within the day, on the five-minute grid, ending after they begin', () => {
    expect(isLessonTimeRange('08:00', '21:30')).toBe(true);
    expect(isLessonTimeRange('07:55', '09:00')).toBe(false);
    expect(isLessonTimeRange('20:00', '21:35')).toBe(false);
    expect(isLessonTimeRange('10:00', '10:00')).toBe(false);
    expect(isLessonTimeRange('10:02', '11:00')).toBe(false);
  });

  it('finds the Monday of a week, across a month and a year', () => {
    expect(mondayOf('2026-11-25')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2027-01-03')).toBe('2026-12-28');
    expect(weekDaysFrom('2026-12-28').at(-1)).toBe('2027-01-03');
    expect(daysBetween('2026-11-23', '2026-11-29')).toBe(7);
  });
});
