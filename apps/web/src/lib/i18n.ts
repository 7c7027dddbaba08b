import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@portal/contract/rules';

export type { Language };

/** The language preference is not sensitive: it may live in localStorage. */
export const LANGUAGE_STORAGE_KEY = 'lang';
export const DEFAULT_LANGUAGE: Language = 'en';

type Resources = Record<string, unknown>;
// One chunk per language, loaded on demand (the contract's LANGUAGES; a test keeps them equal).
const loaders = import.meta.glob<Resources>('../locales/*.json', { import: 'default' });

/** The languages that have a locale file: `en`, `fr`. */
export const LANGUAGES = Object.keys(loaders)
  .map((path) => /([\w-]+)\.json$/.exec(path)?.[1] ?? '')
  .filter(Boolean) as Language[];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

async function loadResources(lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, 'translation')) return;
  const loader = loaders[`../locales/${lng}.json`];
  if (!loader) throw new Error(`No locale file for ${lng}`);
  i18n.addResourceBundle(lng, 'translation', await loader(), true, true);
}

function applyLanguage(lng: string): void {
  document.documentElement.lang = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

let ready: Promise<typeof i18n> | null = null;

/** Loads the stored (or default) language, then resolves. Safe to call more than once. */
export function initI18n(lng: Language = storedLanguage()): Promise<typeof i18n> {
  ready ??= (async () => {
    i18n.on('languageChanged', applyLanguage);
    await i18n.use(initReactI18next).init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    await loadResources(lng);
    applyLanguage(lng);
    return i18n;
  })();
  return ready;
}

/** Switches the interface language and remembers it in this browser. */
export async function changeLanguage(lng: Language): Promise<void> {
  await loadResources(lng);
  await i18n.changeLanguage(lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage may be disabled: the choice then lasts for this page only
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export { i18n };
