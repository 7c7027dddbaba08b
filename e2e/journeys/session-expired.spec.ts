import { codeOf, newestMail } from '../mailbox';
import { expect, test } from '../portal';

// With the motion everybody sees by default: the other journeys ask for less (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/** The server revokes the session (another client logs it out); the next call shows the dialog. */
test('the session-expired dialog appears after the server revokes the session', async ({ page, request, playwright, baseURL }) => {
  const matricule = 'PER0001';
  await page.goto('/login');
  await page.getByLabel('Matricule or username').fill(matricule);
  await page.getByLabel(/^Password/).fill('Portal-2024!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/verification-code$/);
  await page.getByLabel('Code received by e-mail').fill(codeOf(await newestMail(request, matricule, 'sign-code')));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const whatsNew = page.getByRole('dialog', { name: /What's New/ });
  await whatsNew.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();

  // The settings page, loaded (its switch is enabled once the person's settings arrived): the
  // language saved below is then the browser's next call.
  await page.getByRole('button', { name: /Account menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('switch', { name: /Weekly planning/ })).toBeEnabled();

  // Another client holding the same session cookie logs out: the server revokes it.
  const other = await playwright.request.newContext({ baseURL, storageState: await page.context().storageState() });
  expect((await other.post('/api/auth/logout')).status()).toBe(204);
  await other.dispose();

  // The browser still has its (now revoked) cookie; its next call (saving the language) is refused.
  await page.getByRole('button', { name: 'French' }).click();

  const dialog = page.getByRole('dialog', { name: 'Session expirée' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Le temps de votre session a expiré')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Menu du compte de/ })).toHaveCount(0);
});
