import type { TFunction } from 'i18next';
import type { ApplicationSessionSummary } from '@portal/contract';
import { isoToDmy, lastSessionDayOf, universityDayOf } from '@portal/contract/rules';
import { inLanguage } from '../../lib/names';

// Labels and days for the list pages: the contract's rules entry only (no Zod); the
// forms (lazy dialogs) bring the contract's schemas.

/** A name in the current language: the French one in French when there is one. */
export const localName = (language: string, item: { NAME: string; NAME_FR: string }): string => inLanguage(language, item.NAME, item.NAME_FR);

export const regimeLabel = (t: TFunction, regime: string): string => t(`academic.regimes.${regime}`, { defaultValue: regime });

export const partLabel = (t: TFunction, part: string): string => t(`academic.parts.${part}`, { defaultValue: part });

/** The first day of a session (its START_DATE is an instant), dd/mm/yyyy in the university's time zone. */
export const sessionFirstDay = (session: Pick<ApplicationSessionSummary, 'START_DATE'>): string => isoToDmy(universityDayOf(session.START_DATE));

/** The last day of a session (its END_DATE is the instant just after it), dd/mm/yyyy; empty when it has no end. */
export const sessionLastDay = (session: Pick<ApplicationSessionSummary, 'END_DATE'>): string =>
  session.END_DATE ? isoToDmy(lastSessionDayOf(session.END_DATE)) : '';

export type SessionState = 'current' | 'closed' | 'upcoming' | 'ended';

/** Open now, closed by hand (or deactivated), not started yet, or past its last day. */
export function sessionState(
  session: Pick<ApplicationSessionSummary, 'CURRENT' | 'MANUAL_CLOSURE' | 'ACTIVED' | 'START_DATE'>,
  now = new Date(),
): SessionState {
  if (session.CURRENT) return 'current';
  if (session.MANUAL_CLOSURE || !session.ACTIVED) return 'closed';
  return new Date(session.START_DATE) > now ? 'upcoming' : 'ended';
}

/** A validation key of the server (`validation.required`, or `required` alone) as a translation key. */
export function validationKey(key: string): string {
  if (/^(validation|errors)\.[\w.-]+$/.test(key)) return key;
  return /^[\w-]+$/.test(key) ? `validation.${key}` : 'validation.invalid';
}
