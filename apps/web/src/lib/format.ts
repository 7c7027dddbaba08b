import { isoToDmy } from '@portal/contract/rules';

/** `YYYY-MM-DD` (or an ISO timestamp) shown as `dd/mm/yyyy`; empty when missing. */
export function formatDate(value: string | null | undefined): string {
  return isoToDmy(value);
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
