import dayjs from 'dayjs';

// Moments and sizes, without the contract: the list page uses these alone.

/** A moment (an ISO timestamp) in local time: `03/07/2023 14:05`. */
export function formatMoment(value: string | null | undefined): string {
  if (!value) return '';
  const moment = dayjs(value);
  return moment.isValid() ? moment.format('DD/MM/YYYY HH:mm') : '';
}

/** The day of a moment, in local time: `03/07/2023`. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const moment = dayjs(value);
  return moment.isValid() ? moment.format('DD/MM/YYYY') : '';
}

/** A file size for people: `812 B`, `12.5 KB`, `1.2 MB` (the unit's words are translated by the caller's keys). */
export function sizeParts(bytes: number, language: string): { unit: 'b' | 'kb' | 'mb'; value: string } {
  const format = (n: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(n);
  if (bytes < 1024) return { unit: 'b', value: format(bytes) };
  if (bytes < 1024 * 1024) return { unit: 'kb', value: format(bytes / 1024) };
  return { unit: 'mb', value: format(bytes / (1024 * 1024)) };
}
