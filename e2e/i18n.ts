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
