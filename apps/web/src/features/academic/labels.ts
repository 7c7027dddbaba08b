import type { TFunction } from 'i18next';
import type { Regime, SessionSummary } from '@portal/contract';

// Labels, days and amounts without the contract at run time (types only): the list pages load
// without Zod; the forms (lazy dialogs) bring the contract's schemas. labels.test.ts keeps the
// copies below equal to the contract's.

/** The contract's REGIMES and LEVEL_IDS. */
export const REGIME_LIST = ['DAY', 'EVENING', 'NIGHT', 'MORNING'] as const satisfies readonly Regime[];
export const LEVEL_LIST = [1, 2, 3, 4, 5] as const;

/** The university's offset from UTC (West Africa Time, UTC+1 all year), as the contract's UNIVERSITY_UTC_OFFSET. */
const UNIVERSITY_OFFSET_MS = 3_600_000;

/** The contract's universityDayOf: the calendar day (yyyy-mm-dd, university time) an instant falls on. */
export const universityDay = (instant: string): string => new Date(new Date(instant).getTime() + UNIVERSITY_OFFSET_MS).toISOString().slice(0, 10);

/** The contract's lastSessionDayOf: a session ending at `end` ends after the day before it. */
export const lastDayBefore = (end: string): string => universityDay(new Date(new Date(end).getTime() - 1).toISOString());

/** `yyyy-mm-dd` as `dd/mm/yyyy`. */
export const dmy = (day: string): string => {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
};

const amounts = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
/** Amounts in CFA francs, de-DE style, as lib/format's formatCurrency: 5000 → `5.000 FCFA`. */
export const formatAmount = (amount: number): string => `${amounts.format(amount)} FCFA`;

/** A name in the current language: the French one in French when there is one. */
export const localName = (language: string, item: { NAME: string; NAME_FR: string }): string =>
  language.startsWith('fr') && item.NAME_FR ? item.NAME_FR : item.NAME;

export const regimeLabel = (t: TFunction, regime: string): string => t(`academic.regimes.${regime}`, { defaultValue: regime });

export const partLabel = (t: TFunction, part: string): string => t(`academic.parts.${part}`, { defaultValue: part });

/** The first day of a session (its START_DATE is an instant), dd/mm/yyyy in the university's time zone. */
export const sessionFirstDay = (session: Pick<SessionSummary, 'START_DATE'>): string => dmy(universityDay(session.START_DATE));

/** The last day of a session (its END_DATE is the instant just after it), dd/mm/yyyy; empty when it has no end. */
export const sessionLastDay = (session: Pick<SessionSummary, 'END_DATE'>): string => (session.END_DATE ? dmy(lastDayBefore(session.END_DATE)) : '');

export type SessionState = 'current' | 'closed' | 'upcoming' | 'ended';

/** Open now, closed by hand (or deactivated), not started yet, or past its last day. */
export function sessionState(session: Pick<SessionSummary, 'CURRENT' | 'MANUAL_CLOSURE' | 'ACTIVED' | 'START_DATE'>, now = new Date()): SessionState {
  if (session.CURRENT) return 'current';
  if (session.MANUAL_CLOSURE || !session.ACTIVED) return 'closed';
  return new Date(session.START_DATE) > now ? 'upcoming' : 'ended';
}

/** A validation key of the server (`validation.required`, or `required` alone) as a translation key. */
export function validationKey(key: string): string {
  if (/^(validation|errors)\.[\w.-]+$/.test(key)) return key;
  return /^[\w-]+$/.test(key) ? `validation.${key}` : 'validation.invalid';
}
