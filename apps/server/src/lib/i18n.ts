import type { Language } from '@portal/contract/rules';
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };

/** The contract's languages: each has its catalogue. */
export type Lang = Language;
const catalogues: Record<Lang, unknown> = { en, fr };

/** Server-side text (e-mails) in the person's language, with `{{name}}` placeholders. */
export function tr(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues[lang]);
  if (typeof value !== 'string') throw new Error(`Missing server text ${lang}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
