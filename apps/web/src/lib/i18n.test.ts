import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => localStorage.removeItem('lang'));

describe('the interface language at start', () => {
  it('is the stored one once its texts are loaded: a visitor who chose French sees French marked, and may switch back to English', async () => {
    // a fresh i18next, as a page load has (the test setup's instance is already started in English)
    vi.resetModules();
    localStorage.setItem('lang', 'fr');
    const { changeLanguage, currentLanguage, initI18n } = await import('./i18n');
    const i18n = await initI18n();
    expect(currentLanguage()).toBe('fr');
    expect(i18n.t('app.name')).toBe('Portail universitaire');
    expect(document.documentElement.lang).toBe('fr');
    await changeLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(i18n.t('app.name')).toBe('University Portal');
  });
});
