import { AFFECTATION, type Choice } from '@portal/contract';
import { tr, type Lang } from '../../lib/i18n';

/** The formatters, made once (a formatter costs far more to make than to use). */
const WHOLE = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const PERCENT: Record<Lang, Intl.NumberFormat> = {
  fr: new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }),
};
/** Amounts as the portal shows them everywhere: de-DE grouping, in CFA francs. */
const amount = (n: number) => `${WHOLE.format(n)} cfa`;
const percent = (lang: Lang, n: number) => PERCENT[lang].format(n);

/**
 * The variables of the closure mail: the choices grouped by level, each with its part and
 * hours; the total against the allowed volume; the pay estimate.
 */
export function closureSummary(
  lang: Lang,
  choices: readonly Choice[],
  totals: { hours: number; allowed: number; pay: { gross: number; tax: number; net: number; rate: number } },
): Record<string, string | number> {
  const byLevel = new Map<number, Choice[]>();
  for (const choice of choices) byLevel.set(choice.Subject.LEVEL_ID, [...(byLevel.get(choice.Subject.LEVEL_ID) ?? []), choice]);
  const blocks = [...byLevel.entries()]
    .sort(([a], [b]) => a - b)
    .map(([level, list]) => {
      const hours = list.reduce((sum, c) => sum + c.HOURS, 0);
      const lines = list.map((c) =>
        tr(lang, 'applicationClosed.line', {
          code: c.Subject.SUBJECT_CODE,
          name: lang === 'fr' ? c.Subject.SUBJECT_NAME_FR : c.Subject.SUBJECT_NAME,
          class: c.Subject.CLASS_CODE,
          part: tr(lang, `applicationClosed.parts.${c.CATEGORY}`),
          hours: c.HOURS,
          state: c.AFFECTATION === AFFECTATION.CONFIRMED ? tr(lang, 'applicationClosed.confirmed') : '',
        }),
      );
      return [tr(lang, 'applicationClosed.level', { level, hours }), ...lines].join('\n');
    });
  return {
    summary: blocks.length ? blocks.join('\n\n') : tr(lang, 'applicationClosed.none'),
    hours: totals.hours,
    allowed: totals.allowed,
    gross: amount(totals.pay.gross),
    tax: amount(totals.pay.tax),
    net: amount(totals.pay.net),
    rate: percent(lang, totals.pay.rate),
  };
}
