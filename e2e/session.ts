import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { exactly, type Lang, type T } from './i18n';
import { codeOf, latestMailId, newestMail } from './mailbox';
import { portalUrl } from './portal';

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

/**
 * The e-mail address the university holds for a demo account (the demo lists matricules only): a
 * password sign-in by matricule is started and the address read from the code mail it sends; the
 * code is left unused. A student knows their address; a journey learns it this way.
 */
export async function emailOnFile(request: APIRequestContext, matricule: string, password = 'Portal-2024!'): Promise<string> {
  const before = await latestMailId(request, matricule, 'sign-code');
  const started = await request.post('/api/auth/students/', { data: { identifier: matricule, password }, headers: { origin: portalUrl() } });
  expect(started.status(), `a password sign-in of ${matricule}`).toBe(200);
  return (await newestMail(request, matricule, 'sign-code', before)).to;
}

/** Signs a student in through the login page's student form (matricule, e-mail and password), then the code page. */
export async function signInStudent(page: Page, request: APIRequestContext, t: T, matricule: string, email: string, password = 'Portal-2024!'): Promise<void> {
  const before = await latestMailId(request, matricule, 'sign-code');
  await page.goto('/login');
  await page.getByRole('button', { name: t('login.asStudent'), exact: true }).click();
  await expect(page).toHaveURL(/[?&]as=student/);
  const form = page.getByRole('form', { name: t('login.studentForm') });
  await form.getByLabel(exactly(t('login.matricule'))).fill(matricule);
  await form.getByLabel(exactly(t('login.email'))).fill(email);
  await form.getByLabel(exactly(t('login.password'))).fill(password);
  await form.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/verification-code$/);
  await page.getByLabel(exactly(t('verification.code'))).fill(codeOf(await newestMail(request, matricule, 'sign-code', before)));
  await page.getByRole('button', { name: t('verification.submit') }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

/**
 * Signs a student in through the API, as the student form does (POST /api/auth/student/sign-in,
 * then the mailed code): `request` then carries the session cookie. Answers the person's id.
 */
export async function apiSignInStudent(request: APIRequestContext, matricule: string, email: string, password = 'Portal-2024!'): Promise<number> {
  const headers = { origin: portalUrl() };
  const before = await latestMailId(request, matricule, 'sign-code');
  const started = await request.post('/api/auth/student/sign-in', { data: { matricule, email, password }, headers });
  expect(started.status(), `the student sign-in of ${matricule}`).toBe(200);
  const code = codeOf(await newestMail(request, matricule, 'sign-code', before));
  const verified = await request.post('/api/auth/student/code-verification', { data: { SIGN_CODE: code }, headers });
  expect(verified.status(), `the code of ${matricule}`).toBe(200);
  return ((await verified.json()) as { id: number }).id;
}
