// A network's fee schedule as people read it and type it: amounts in FCFA, the rate in percent
// (the contract keeps it in hundredths of a percent, `rateBp`).
/** A rate in hundredths of a percent as a percentage in the reader's language: 150 → `1,5` in French. */
export const ratePercent = (rateBp: number, language: string): string => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(rateBp / 100);

/** A typed percentage as hundredths of a percent: `1,5` → 150; blank is 0; anything else stays as typed (and fails). */
export function rateBpOf(typed: string): number | string {
  const text = typed.trim().replace(',', '.');
  if (text === '') return 0;
  return /^\d{1,3}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : typed;
}

/** A typed amount (spaces and group dots allowed): digits are a number, blank is `blank`, anything else stays as typed. */
export function amountOf<B>(typed: string, blank: B): number | string | B {
  const text = typed.trim().replace(/[\s.\u00a0]/g, '');
  if (text === '') return blank;
  return /^\d{1,9}$/.test(text) ? Number(text) : typed;
}
