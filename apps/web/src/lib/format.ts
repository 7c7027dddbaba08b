// Without the contract (and so without Zod) and without dayjs: the list pages and the sign-in
// pages use these alone. A calendar day (`YYYY-MM-DD`) is shown as `dd/mm/yyyy` by the
// contract's own `isoToDmy`.

/** A moment read in local time; a calendar day alone is its midnight where the reader is. Null when missing or unreadable. */
function localMoment(value: string | null | undefined): Date | null {
  if (!value) return null;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const moment = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(moment.getTime()) ? null : moment;
}

const dayOf = (moment: Date): string => `${pad2(moment.getDate())}/${pad2(moment.getMonth() + 1)}/${moment.getFullYear()}`;

/** A moment (an ISO timestamp) in local time: `03/07/2023 14:05`; empty when missing or unreadable. */
export function formatMoment(value: string | null | undefined): string {
  const moment = localMoment(value);
  return moment ? `${dayOf(moment)} ${pad2(moment.getHours())}:${pad2(moment.getMinutes())}` : '';
}

/** The day of a moment, in local time: `03/07/2023`; empty when missing or unreadable. */
export function formatDay(value: string | null | undefined): string {
  const moment = localMoment(value);
  return moment ? dayOf(moment) : '';
}

/** Two-digit numbers: 3 → `03`. */
export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

const currency = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** Amounts in CFA francs, de-DE style: 150000 → `150.000 FCFA`. */
export function formatCurrency(amount: number): string {
  return `${currency.format(amount)} FCFA`;
}

/** A countdown: `45 s` under a minute (a non-breaking space before the unit), `m:ss` from a minute on. */
export function formatSeconds(seconds: number): string {
  const safe = Math.max(0, Math.ceil(seconds));
  if (safe < 60) return `${safe}\u00a0s`;
  return `${Math.floor(safe / 60)}:${pad2(safe % 60)}`;
}
