import { exactly, translator } from '../i18n';
import { codeOf, latestMailId, linkOf, newestMail } from '../mailbox';
import { prepare, signIn } from '../session';
import { expect, test } from '../portal';

// With the motion everybody sees by default: the other journeys ask for less (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/**
 * A registry person with no account signs up, confirms the e-mail from the outbox,
 * signs in with password and code, sees the profile, switches to French and logs out.
 */
test('a registry person signs up, signs in with a code, reads the profile in French, and logs out', async ({ page, request }) => {
  const matricule = 'VAC0012';
  const password = 'Mount-Cameroon-4095';

  // Signed out, a page load asks who is signed in and hears "nobody" (200 null), not a 401 the console reports.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const session = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
  await page.goto('/register');
  expect((await session).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Create my account' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
  await page.getByLabel('Matricule').fill(matricule.toLowerCase());
  // The answer does not say whether the matricule is on file (decision 23): only the mailbox learns it.
  await page.getByRole('button', { name: 'Send the confirmation link' }).click();

  await expect(page).toHaveURL(/\/emailing-sent$/);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText('If this matricule matches our records, we have sent a confirmation link to the e-mail address on file.')).toBeVisible();

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

  // Opened again, the used link says so at once, with the ways forward and no form.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('This link has already been used or has expired.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveCount(0);

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
  // Logged out, the browser carries no session any more: the server answers that nobody is signed in.
  const after = await page.request.get('/api/auth/session');
  expect(after.status()).toBe(200);
  expect(await after.json()).toBeNull();
});

/**
 * Someone locks a person's password from elsewhere (decision 23): the person's own browser, a
 * known device since its last sign-in, signs in as usual; a new browser is offered the e-mailed code.
 */
test('a password lock set by someone else spares the known browser and offers a new one the code', async ({ page, request, browser }) => {
  // Three sign-ins, seven refused passwords and a second browser.
  test.setTimeout(120_000);
  const t = translator('en');
  const [identifier, matricule] = ['admissions', 'BO0004'];
  await prepare(page, 'en');
  await signIn(page, request, t, identifier, matricule);
  await page.context().clearCookies({ name: 'portal_session' });

  for (let i = 0; i < 6; i++) await request.post('/api/auth/students/', { data: { identifier, password: `guess-${i}` } });
  expect((await request.post('/api/auth/students/', { data: { identifier, password: 'Portal-2024!' } })).status()).toBe(429);

  const stranger = await browser.newPage({ locale: 'en-GB' });
  await stranger.goto('/login');
  await stranger.getByLabel(exactly(t('login.identifier'))).fill(identifier);
  await stranger.getByLabel(exactly(t('login.password'))).fill('Portal-2024!');
  await stranger.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(stranger.getByText(t('login.lockedUseCode'))).toBeVisible();
  await stranger.getByRole('button', { name: t('login.useCode') }).click();
  await expect(stranger.getByRole('tab', { name: t('login.codeTab') })).toHaveAttribute('aria-selected', 'true');
  await expect(stranger.getByLabel(exactly(t('login.identifier')))).toHaveValue(identifier);
  await stranger.close();

  const before = await latestMailId(request, matricule, 'sign-code');
  await page.goto('/login');
  await page.getByLabel(exactly(t('login.identifier'))).fill(identifier);
  await page.getByLabel(exactly(t('login.password'))).fill('Portal-2024!');
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/verification-code$/);
  await page.getByLabel(exactly(t('verification.code'))).fill(codeOf(await newestMail(request, matricule, 'sign-code', before)));
  await page.getByRole('button', { name: t('verification.submit') }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
