// Paying a registration fee by mobile money (issue 14, decision 43): the networks the
// administrators keep (fee schedule, limits, phone prefixes), the fee of an amount, and where a
// payment stands. Amounts are whole FCFA everywhere.

/**
 * One step of a network's fee schedule: amounts up to `upTo` FCFA (inclusive; null for no upper
 * bound) cost `fixed` FCFA plus `rateBp` hundredths of a percent (150 = 1.5 %), rounded up to
 * the franc. The steps are in increasing `upTo` order; the last has none.
 */
export interface FeeStep {
  upTo: number | null;
  fixed: number;
  rateBp: number;
}

/** The operator's fee for an amount under a schedule: the first step that covers it; null when none does. */
export function feeFor(schedule: readonly FeeStep[], amount: number): number | null {
  const step = schedule.find((s) => s.upTo === null || amount <= s.upTo);
  if (!step) return null;
  return step.fixed + Math.ceil((amount * step.rateBp) / 10_000);
}

/** Whether a schedule is usable: steps in increasing order, only the last without an upper bound, nothing negative. */
export function isFeeScheduleValid(schedule: readonly FeeStep[]): boolean {
  if (schedule.length === 0) return false;
  return schedule.every((step, i) => {
    const last = i === schedule.length - 1;
    if (step.fixed < 0 || step.rateBp < 0 || !Number.isInteger(step.fixed) || !Number.isInteger(step.rateBp)) return false;
    if (step.upTo === null) return last;
    const previous = i === 0 ? null : schedule[i - 1]!.upTo;
    return Number.isInteger(step.upTo) && step.upTo > 0 && (previous === null || step.upTo > previous);
  });
}

/**
 * Whether a Cameroonian number (its 9 national digits, without +237) belongs to a network: it
 * starts with one of the network's prefixes (`67`, `650` ...). An empty list accepts any.
 */
export const phoneOnNetwork = (nationalNumber: string, prefixes: readonly string[]): boolean =>
  prefixes.length === 0 || prefixes.some((prefix) => nationalNumber.startsWith(prefix));

/** Where a payment stands: waiting for the payer's approval on their phone, paid, failed (refused, no funds), or given up. */
export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'EXPIRED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The currency of every payment: the CFA franc of Central Africa (ISO 4217). */
export const PAYMENT_CURRENCY = 'XAF';

/**
 * What a provider's callback is compared on with the payment it names (decision 68): the amount
 * charged, fees included; the currency; and the provider's reference given when it was asked.
 */
export const PAYMENT_CALLBACK_CHECKS = ['amount', 'currency', 'reference'] as const;
export type PaymentCallbackCheck = (typeof PAYMENT_CALLBACK_CHECKS)[number];

/** The payment providers the server knows; only the local sandbox runs here (decision 43). */
export const PAYMENT_PROVIDERS = ['sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** A payment still pending this long after it was asked is asked about by the reconciliation job; past PAYMENT_EXPIRY_SECONDS it is given up. */
export const PAYMENT_RECONCILE_AFTER_SECONDS = 5 * 60;
export const PAYMENT_EXPIRY_SECONDS = 60 * 60;

/** A network's code: upper-case letters, digits and underscores (`MTN_MOMO`). */
export const NETWORK_CODE_PATTERN = /^[A-Z][A-Z0-9_]{1,29}$/;
/** The highest amount any network may carry, in FCFA. */
export const NETWORK_AMOUNT_MAX = 10_000_000;

/** Made once: a formatter costs far more to make than to use. */
const FCFA_DIGITS = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
/** An amount as the portal shows it: de-DE grouping, in CFA francs (`25.000 FCFA`). */
export const formatFcfa = (amount: number): string => `${FCFA_DIGITS.format(amount)} FCFA`;
/** An amount in a currency a provider named: FCFA as above, any other with the same grouping and its code. */
export const formatAmount = (amount: number, currency: string): string =>
  currency === PAYMENT_CURRENCY ? formatFcfa(amount) : `${FCFA_DIGITS.format(amount)} ${currency}`;
