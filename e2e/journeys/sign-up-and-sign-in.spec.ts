import { expect, test } from '@playwright/test';
import { codeOf, linkOf, newestMail } from '../mailbox';

/**
 * A registry person with no account signs up, confirms the e-mail from the outbox,
 * signs in with password and code, sees the profile, switches to French and logs out; the
 * browser is then a known device, which the password lock an attacker sets spares.
 */
test('a registry person signs up, signs in with a code, reads the profile in French, and logs out', async ({ page, request }) => {
  const matricule = 'VAC0012';
  const password = 'Mount-Cameroon-4095';

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create my account' })).toBeVisible();
  await page.getByLabel('Matricule').fill(matricule.toLowerCase());
  // The answer does not say whether the matricule is on file (decision 23): only the mailbox learns it.
  await page.getByRole('button', { name: 'Send the confirmation link' }).click();

  await expect(page).toHaveURL(/\/emailing-sent$/);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(/If the details you gave match someone in the university's records/)).toBeVisible();

  // The link opens a page with a button: visiting it does not use it up.
  const link = linkOf(await newestMail(request, matricule, 'email-confirmation'));
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Type the password again').fill('a different one');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The two passwords are different')).toBeVisible();
  await page.getByLabel('Type the password again').fill(password);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your e-mail address is confirmed and your account is active.')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await expect(page).toHaveURL(/\/login$/);
  // Wrong password first: the specification's message.
  await page.getByLabel('Matricule or username').fill(matricule);
  await page.getByLabel(/^Password/).fill('not-my-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Matricule or password incorrect')).toBeVisible();
  await page.getByLabel(/^Password/).fill(password);
  const before = await newestMail(request, matricule, 'email-confirmation');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(/\/verification-code$/);
  await expect(page.getByRole('heading', { name: 'Verification code' })).toBeVisible();
  const code = codeOf(await newestMail(request, matricule, 'sign-code', before.id));
  await page.getByLabel('Code received by e-mail').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code you entered is incorrect').first()).toBeVisible();
  await page.getByLabel('Code received by e-mail').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/profile$/);
  // What's New shows once for this version after the first sign-in.
  const whatsNew = page.getByRole('dialog', { name: /What's New in version 1\.0\.0/ });
  await expect(whatsNew).toBeVisible();
  await whatsNew.getByRole('button', { name: 'Close' }).click();
  await expect(whatsNew).toBeHidden();

  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await expect(page.getByText(matricule, { exact: true })).toBeVisible();
  await expect(page.getByText('Lecturer (part-time)')).toBeVisible();

  await page.getByRole('button', { name: 'French' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  // The choice is saved with the account.
  await expect.poll(async () => (await (await page.request.get('/api/settings')).json()).LANGUAGE).toBe('fr');

  // Reloading keeps the session (HttpOnly cookie) and the language.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie);
  expect(stored).not.toMatch(/TOKEN|portal_session|MATRICULE/);

  await page.getByRole('button', { name: /Menu du compte de/ }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  const confirm = page.getByRole('dialog', { name: 'Déconnexion' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);

  // Someone else locks the password from another browser ...
  for (let i = 0; i < 6; i++) await request.post('/api/auth/students/', { data: { identifier: matricule, password: `guess-${i}` } });
  const locked = await request.post('/api/auth/students/', { data: { identifier: matricule, password } });
  expect(locked.status()).toBe(429);
  // ... and on a new browser, the page offers the e-mailed code.
  const stranger = await page.context().browser()!.newPage({ locale: 'en-GB' });
  await stranger.goto('/login');
  await stranger.getByLabel('Matricule or username').fill(matricule);
  await stranger.getByLabel(/^Password/).fill(password);
  await stranger.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(stranger.getByText(/Too many failed sign-ins with a password/)).toBeVisible();
  await stranger.getByRole('button', { name: 'Sign in with a code by e-mail' }).click();
  await expect(stranger.getByRole('tab', { name: 'With a code by e-mail' })).toHaveAttribute('aria-selected', 'true');
  await stranger.close();

  // The person's own browser (a known device) signs in as usual.
  const last = await newestMail(request, matricule, 'sign-code');
  await page.getByLabel("Matricule ou nom d'utilisateur").fill(matricule);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/verification-code$/);
  await page.getByLabel('Code reçu par e-mail').fill(codeOf(await newestMail(request, matricule, 'sign-code', last.id)));
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
