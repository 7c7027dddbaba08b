import { describe, expect, it } from 'vitest';
import { isoToDmy } from '@portal/contract/rules';
import { formatCurrency, formatDay, formatMoment, formatSeconds, pad2 } from './format';

describe('formatters', () => {
  it('write dates as dd/mm/yyyy', () => {
    expect(isoToDmy('2003-07-03')).toBe('03/07/2003');
    expect(isoToDmy('2023-09-01T08:00:00.000Z')).toBe('01/09/2023');
    expect(isoToDmy(null)).toBe('');
  });

  it('write moments in local time, and their day', () => {
    expect(formatMoment('2023-07-03T14:05:00')).toBe('03/07/2023 14:05');
    expect(formatDay('2023-07-03T14:05:00')).toBe('03/07/2023');
    expect(formatMoment(null)).toBe('');
    expect(formatDay('not a date')).toBe('');
    expect(formatDay('2023-07-03')).toBe('03/07/2023');
    const utc = '2023-07-03T23:30:00.000Z';
    const local = new Date(utc);
    expect(formatMoment(utc)).toBe(`${pad2(local.getDate())}/${pad2(local.getMonth() + 1)}/${local.getFullYear()} ${pad2(local.getHours())}:30`);
  });

  it('pad numbers, count down and write CFA amounts de-DE style', () => {
    expect(pad2(3)).toBe('03');
    expect(formatSeconds(42)).toBe('42\u00a0s');
    expect(formatSeconds(90)).toBe('1:30');
    expect(formatCurrency(150000)).toBe('150.000 FCFA');
  });
});
