import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { exactly, type Lang, type T } from './i18n';
import { codeOf, latestMailId, newestMail } from './mailbox';

/** Before the app loads: the language, and What's New already seen for this version. */
export async function prepare(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((l) => {
    localStorage.setItem('lang', l);
    localStorage.setItem('whatsNewSeen', '1.0.0');
  }, lang);
}

/** Signs in through the login and code pages with the code from the development mailbox. */
export async function signIn(page: Page, request: APIRequestContext, t: T, identifier: string, matricule: string, password = 'Portal-2024!'): Promise<void> {
  const before = await latestMailId(request, matricule, 'sign-code');
  await page.goto('/login');
  await page.getByLabel(exactly(t('login.identifier'))).fill(identifier);
  await page.getByLabel(exactly(t('login.password'))).fill(password);
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/verification-code$/);
  await page.getByLabel(exactly(t('verification.code'))).fill(codeOf(await newestMail(request, matricule, 'sign-code', before)));
  await page.getByRole('button', { name: t('verification.submit') }).click();
  await expect(page).toHaveURL(/\/profile$/);
}
