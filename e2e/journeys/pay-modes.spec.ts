import type { Locator, Page } from '@playwright/test';
import { PAY_FIELDS, PAY_FIXED_VALUES, PAY_MODES, payFieldsOf, payFieldUse, ribKey, type PayField, type PayMode } from '@portal/contract/rules';
import { exactly, translator } from '../i18n';
import { prepare, signIn } from '../session';
import { expect, test } from '../portal';

const t = translator('en');
/** Support staff with an open registration that no other journey changes. */
const LECTURER = 'SUP0001';
const BANK = { code: '10005', name: 'Afriland First Bank' };

/** What the lecturer types in each field for a mode (the owner's names change with the mode, so a reload shows this save). */
function typedValues(mode: PayMode): Record<Exclude<PayField, 'PAY_CODE'>, string> {
  return {
    BANK_CODE: BANK.code,
    BRANCH_CODE: '00001',
    ACCOUNT_NUM: '00012345678',
    RIB_KEY: ribKey(BANK.code, '00001', '00012345678'),
    PAY_PHONE: '677112233',
    CARD_NUM: '4111111111111111',
    ACCOUNT_LASTNAME: `Owner-${mode}`,
    ACCOUNT_FIRSTNAME: 'Aïcha',
    ACCOUNT_BIRTHDATE: '14/03/1984',
    CASHIER_CODE: `C-${PAY_MODES.indexOf(mode) + 1}`,
  };
}

/** The fields the person types for a mode (a field the mode sets itself is not a box). */
const typedFields = (mode: PayMode) => payFieldsOf(mode).filter((field) => payFieldUse(mode, field) !== 'fixed') as Exclude<PayField, 'PAY_CODE'>[];

const form = (page: Page) => page.getByRole('form', { name: t('registration.steps.pay-mode') });
const modeBox = (page: Page) => form(page).getByRole('combobox', { name: exactly(t('registration.fields.PAYMODE')) });

async function openPayMode(page: Page) {
  await page.getByRole('tab', { name: new RegExp(`^(\\d+ )?${t('registration.steps.pay-mode')}`) }).click();
  await expect(form(page)).toBeVisible();
}

/** The names of the fields the form shows (text boxes, dates and the bank's select), but the mode itself. */
async function shownFields(where: Locator): Promise<string[]> {
  const names = await where.locator('input[name]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).name));
  return names.filter((name) => name !== 'PAYMODE').sort();
}

test('every payment mode keeps, after a save and a reload, exactly the fields the form shows', async ({ page, context }) => {
  await prepare(page, 'en');
  await signIn(page, context.request, t, LECTURER, LECTURER);
  await page.goto('/registration');
  await openPayMode(page);

  for (const mode of PAY_MODES) {
    await modeBox(page).click();
    await page.getByRole('option', { name: t(`registration.payMode.${mode}`), exact: true }).click();
    const fields = typedFields(mode);
    expect(await shownFields(form(page)), mode).toEqual([...fields].sort());

    const values = typedValues(mode);
    for (const field of fields) {
      const label = exactly(t(`registration.fields.${field}`));
      if (field === 'BANK_CODE') {
        await form(page).getByRole('combobox', { name: label }).click();
        await page.getByRole('option', { name: `${BANK.code} · ${BANK.name}` }).click();
      } else {
        await form(page).getByLabel(label).fill(values[field]);
      }
    }
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/students/update/pay-mode') && response.request().method() === 'PATCH');
    await form(page)
      .getByRole('button', { name: t('registration.save'), exact: true })
      .click();
    expect((await saved).status(), mode).toBe(200);

    await page.reload();
    await openPayMode(page);
    await expect(modeBox(page), mode).toHaveText(t(`registration.payMode.${mode}`));
    expect(await shownFields(form(page)), mode).toEqual([...fields].sort());
    for (const field of fields) {
      if (field === 'BANK_CODE')
        await expect(form(page).getByRole('combobox', { name: exactly(t('registration.fields.BANK_CODE')) }), mode).toContainText(BANK.name);
      else await expect(form(page).getByLabel(exactly(t(`registration.fields.${field}`))), `${mode} ${field}`).toHaveValue(values[field]);
    }

    // what the server kept: the mode's fields, every other one empty
    const record = (await (await page.request.get('/api/auth/session')).json()) as Record<string, unknown>;
    const kept = Object.fromEntries(PAY_FIELDS.filter((field) => record[field] !== null).map((field) => [field, record[field]]));
    expect(Object.keys(kept).sort(), mode).toEqual([...payFieldsOf(mode)].sort());
    if (payFieldUse(mode, 'PAY_CODE') === 'fixed') expect(kept.PAY_CODE).toBe(PAY_FIXED_VALUES.PAY_CODE);
  }
});
