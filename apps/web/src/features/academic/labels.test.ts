import { describe, expect, it } from 'vitest';
import { sessionEndOf, sessionStartOf } from '@portal/contract/rules';
import { sessionFirstDay, sessionLastDay, sessionState, validationKey } from './labels';

describe('academic labels', () => {
  it('shows the first and last days of a session as the office typed them', () => {
    for (const [day, shown] of [
      ['2024-01-01', '01/01/2024'],
      ['2024-02-29', '29/02/2024'],
      ['2024-12-31', '31/12/2024'],
    ]) {
      expect(sessionFirstDay({ START_DATE: sessionStartOf(day!).toISOString() })).toBe(shown);
      expect(sessionLastDay({ END_DATE: sessionEndOf(day!).toISOString() })).toBe(shown);
    }
    expect(sessionLastDay({ END_DATE: null })).toBe('');
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
