import { expect, type Locator, type Page } from '@playwright/test';
import type { FormQuestion, QuestionFormContent } from '@portal/contract';
import { SCALE_MAX } from '@portal/contract/rules';
import type { Lang, T } from './i18n';

/** What a student answers, by question key: an option's key, a scale value or a comment. */
export type Answers = Record<string, string | number>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const inLanguage = (lang: Lang, en: string, fr: string) => (lang === 'fr' ? fr : en);

/** A question of the answer form, found by its numbered label (`3. How useful ...`), whatever follows (required, optional). */
export function question(page: Page | Locator, lang: Lang, item: FormQuestion): Locator {
  const name = new RegExp(`^\\d+\\. ${escape(inLanguage(lang, item.label, item.labelFr))}`);
  return item.type === 'TEXT' ? page.getByRole('textbox', { name }) : page.getByRole('radiogroup', { name });
}

/** The radio of an option (CHOICE) or of a point of the scale (SCALE) in a question's group. */
export function choice(group: Locator, t: T, lang: Lang, item: FormQuestion, value: string | number): Locator {
  if (item.type === 'SCALE') return group.getByRole('radio', { name: t('evaluation.answer.scalePoint', { value, total: SCALE_MAX }), exact: true });
  const option = item.options.find((o) => o.key === value);
  if (!option) throw new Error(`no option ${String(value)} in ${item.key}`);
  return group.getByRole('radio', { name: inLanguage(lang, option.label, option.labelFr), exact: true });
}

/**
 * Answers the evaluation page's form section by section, from section `from` (0 first), with Next
 * after each and Submit after the last; `stopAfter` sections answered, it stops (after Next).
 */
export async function answerEvaluation(
  page: Page,
  t: T,
  lang: Lang,
  content: QuestionFormContent,
  answers: Answers,
  options: { from?: number; stopAfter?: number } = {},
): Promise<void> {
  const sections = content.sections;
  const from = options.from ?? 0;
  const until = options.stopAfter === undefined ? sections.length : Math.min(sections.length, from + options.stopAfter);
  const form = page.getByRole('form', { name: t('evaluation.answer.formLabel') });
  for (let index = from; index < until; index++) {
    await expect(form.getByText(t('evaluation.answer.sectionOf', { position: index + 1, total: sections.length }), { exact: true })).toBeVisible();
    for (const item of sections[index]!.questions) {
      const value = answers[item.key];
      if (value === undefined) continue;
      const field = question(form, lang, item);
      if (item.type === 'TEXT') await field.fill(String(value));
      else await choice(field, t, lang, item, value).check();
    }
    const last = index === sections.length - 1;
    await form.getByRole('button', { name: t(last ? 'evaluation.answer.submit' : 'evaluation.answer.next'), exact: true }).click();
  }
}
