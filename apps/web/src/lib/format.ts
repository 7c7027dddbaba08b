import dayjs from 'dayjs';
import { isoToDmy } from '@portal/contract';

/** `YYYY-MM-DD` (or an ISO timestamp) shown as `dd/mm/yyyy`; empty when missing. */
export function formatDate(value: string | null | undefined): string {
  return isoToDmy(value);
}

/** A moment (an ISO timestamp) in local time: `03/07/2023 14:05`; empty when missing or unreadable. */
export function formatMoment(value: string | null | undefined): string {
  if (!value) return '';
  const moment = dayjs(value);
  return moment.isValid() ? moment.format('DD/MM/YYYY HH:mm') : '';
}

/** The day of a moment, in local time: `03/07/2023`; empty when missing or unreadable. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const moment = dayjs(value);
  return moment.isValid() ? moment.format('DD/MM/YYYY') : '';
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

/** A countdown: `45 s` under a minute, `m:ss` from a minute on. */
export function formatSeconds(seconds: number): string {
  const safe = Math.max(0, Math.ceil(seconds));
  if (safe < 60) return `${safe} s`;
  return `${Math.floor(safe / 60)}:${pad2(safe % 60)}`;
}
