import type { Language } from '@portal/contract/rules';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import fr from '../apps/web/src/locales/fr.json' with { type: 'json' };

export type Lang = Language;
const catalogues: Record<Lang, unknown> = { en, fr };

/** A translator over the web app's own catalogues, so a journey reads the same in both languages. */
export function translator(lang: Lang) {
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues[lang]);
    if (typeof value !== 'string') throw new Error(`no ${lang} text for ${key}`);
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}
export type T = ReturnType<typeof translator>;

/** A regular expression matching a text exactly (labels may carry a required-field asterisk). */
export const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
export const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/**
 * A translator of counted texts (`key_one`, `key_other`, ... as i18next stores them), choosing the
 * form by the language's plural rules (French says "1 réponse", "0 réponse"); `count` is passed too.
 */
export function pluralTranslator(lang: Lang) {
  const t = translator(lang);
  const rules = new Intl.PluralRules(lang);
  return (key: string, count: number, vars: Record<string, string | number> = {}): string => {
    try {
      return t(`${key}_${rules.select(count)}`, { ...vars, count });
    } catch {
      return t(`${key}_other`, { ...vars, count });
    }
  };
}
