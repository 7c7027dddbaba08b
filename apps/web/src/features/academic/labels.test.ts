import { describe, expect, it } from 'vitest';
import { isoToDmy, lastSessionDayOf, LEVEL_IDS, REGIMES, sessionEndOf, sessionStartOf, universityDayOf } from '@portal/contract';
import { formatCurrency } from '../../lib/format';
import { dmy, formatAmount, lastDayBefore, LEVEL_LIST, REGIME_LIST, sessionState, universityDay, validationKey } from './labels';

describe("academic labels: the contract's rules, copied to keep Zod out of the list pages", () => {
  it('has the same regimes and levels', () => {
    expect(REGIME_LIST).toEqual(REGIMES);
    expect(LEVEL_LIST).toEqual(LEVEL_IDS);
  });

  it('reads the days of a session as the contract does', () => {
    for (const day of ['2024-01-01', '2024-02-29', '2024-09-30', '2024-12-31']) {
      const start = sessionStartOf(day).toISOString();
      const end = sessionEndOf(day).toISOString();
      expect(universityDay(start)).toBe(universityDayOf(start));
      expect(universityDay(start)).toBe(day);
      expect(lastDayBefore(end)).toBe(lastSessionDayOf(end));
      expect(lastDayBefore(end)).toBe(day);
      expect(dmy(day)).toBe(isoToDmy(day));
    }
    // 23:30 UTC is already the next day in Douala
    expect(universityDay('2024-03-10T23:30:00.000Z')).toBe('2024-03-11');
  });

  it('formats amounts as the rest of the app', () => {
    for (const amount of [0, 5000, 1234567]) expect(formatAmount(amount)).toBe(formatCurrency(amount));
  });

  it('tells the state of a session', () => {
    const base = { CURRENT: false, MANUAL_CLOSURE: false, ACTIVED: true, START_DATE: '2024-09-01T00:00:00.000Z' };
    const now = new Date('2024-10-15T00:00:00.000Z');
    expect(sessionState({ ...base, CURRENT: true }, now)).toBe('current');
    expect(sessionState({ ...base, MANUAL_CLOSURE: true }, now)).toBe('closed');
    expect(sessionState({ ...base, ACTIVED: false }, now)).toBe('closed');
    expect(sessionState({ ...base, START_DATE: '2024-11-01T00:00:00.000Z' }, now)).toBe('upcoming');
    expect(sessionState(base, now)).toBe('ended');
  });

  it("turns the server's validation keys into translation keys", () => {
    expect(validationKey('validation.unknownClass')).toBe('validation.unknownClass');
    expect(validationKey('required')).toBe('validation.required');
    expect(validationKey('errors.ALREADY_EXISTS')).toBe('errors.ALREADY_EXISTS');
    expect(validationKey('Some English text')).toBe('validation.invalid');
  });
});
