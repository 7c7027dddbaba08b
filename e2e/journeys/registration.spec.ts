import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ribKey } from '@portal/contract/rules';
import { exactly, startsWith, translator, type Lang, type T } from '../i18n';
import { prepare, signIn } from '../session';
import { expect, test } from '../portal';

const fixture = (name: string) => path.join(import.meta.dirname, '../fixtures', name);

class Wizard {
  constructor(
    readonly page: Page,
    readonly t: T,
  ) {}

  field(key: string) {
    return this.page.getByRole('tabpanel').getByLabel(exactly(this.t(key)));
  }
  async open(step: string) {
    await this.page.getByRole('tab', { name: new RegExp(`^(\\d+ )?${this.t(`registration.steps.${step}`)}`) }).click();
    await expect(this.page.getByRole('tabpanel').getByRole('heading', { level: 2, name: this.t(`registration.steps.${step}`) })).toBeVisible();
  }
  async choose(key: string, option: string) {
    await this.page
      .getByRole('tabpanel')
      .getByRole('combobox', { name: exactly(this.t(key)) })
      .click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }
  async fill(values: Record<string, string>) {
    for (const [key, value] of Object.entries(values)) await this.field(key).fill(value);
  }
  async save() {
    await this.page
      .getByRole('tabpanel')
      .getByRole('button', { name: this.t('registration.save'), exact: true })
      .first()
      .click();
  }
  async saved(step: string) {
    await expect(
      this.page.getByRole('tab', { name: new RegExp(`${this.t(`registration.steps.${step}`)}.*${this.t('registration.stepState.saved')}`) }),
    ).toBeVisible();
  }
  async upload(fieldKey: string, file: string) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: this.t('registration.files.uploadOf', { name: this.t(fieldKey) }), exact: true }).click();
    await (await chooser).setFiles(fixture(file));
    await expect(this.page.getByRole('group', { name: this.t(fieldKey) }).getByText(this.t('registration.files.provided'), { exact: true })).toBeVisible();
  }
}

/**
 * A part-time lecturer fills every section from empty, uploads the documents, fails the
 * closure once and sees what is missing, completes it, closes, and finds the wizard locked;
 * the human resources service reopens it with a reason; the lecturer can edit again.
 */
async function journey(browser: Browser, lang: Lang, who: { matricule: string; lastName: string }) {
  const t = translator(lang);
  const lecturerContext = await browser.newContext();
  const page = await lecturerContext.newPage();
  await prepare(page, lang);
  await signIn(page, lecturerContext.request, t, who.matricule, who.matricule);
  await page.goto('/registration');
  await expect(page.getByRole('heading', { level: 1, name: t('registration.title') })).toBeVisible();
  const w = new Wizard(page, t);

  await w.open('status');
  await page.getByRole('radio', { name: t('person.status.VACATAIRE') }).check();
  await w.save();
  await w.saved('status');

  await w.open('personal');
  await w.fill({ 'person.fields.LASTNAME': who.lastName, 'person.fields.BIRTHDATE': '14/03/1984', 'person.fields.BIRTHPLACE': 'Garoua' });
  await w.save();
  await w.saved('personal');

  await w.open('identification');
  await w.choose('registration.fields.IDENTIFICATION', t('registration.idType.CNI'));
  await w.fill({
    'registration.fields.IDENTIFNUM': '112233445',
    'registration.fields.IDENTIFPLACE': 'Garoua',
    'registration.fields.IDENTIFSTART': '10/01/2020',
    'registration.fields.IDENTIFEND': '10/01/2030',
  });
  await w.save();
  await w.upload('registration.fields.IDENTITY1', 'id-front.jpg');
  await w.upload('registration.fields.IDENTITY2', 'id-back.jpg');
  await w.saved('identification');

  await w.open('address');
  // The precinct is needed: the specification's message, and nothing saved.
  await w.save();
  await expect(page.getByText(t('errors.ADDRESS_INCOMPLETE')).first()).toBeVisible();
  await w.choose('registration.fields.LIVING_REGION', lang === 'fr' ? 'Littoral' : 'Littoral');
  await w.choose('registration.fields.LIVING_TOWN', 'Douala');
  await w.fill({ 'registration.fields.PRECINCT': 'Bonamoussadi', 'registration.fields.NUMPHONE': '699123456', 'registration.fields.NUMPHONE2': '12' });
  await w.save();
  await expect(page.getByText(t('validation.phone2')).first()).toBeVisible();
  await w.fill({ 'registration.fields.NUMPHONE2': '677654321' });
  await w.save();
  await w.saved('address');

  await w.open('familial');
  await w.choose('registration.fields.CIVILSTATUS', t('registration.civilStatus.Married'));
  await w.fill({ 'registration.fields.SPLASTNAME': 'Hamadou', 'registration.fields.SPFIRSTNAME': 'Ibrahim', 'registration.fields.CHILDNUM': '1' });
  await page.getByRole('button', { name: t('registration.addChild') }).click();
  await w.fill({
    'registration.fields.CHILD_LASTNAME': 'Hamadou',
    'registration.fields.CHILD_FIRSTNAME': 'Moussa',
    'registration.fields.CHILD_BIRTHDATE': '15/06/2016',
  });
  await w.save();
  await w.saved('familial');

  await w.open('parents');
  await w.fill({ 'registration.fields.FATHER_NAME': 'Bello Adamou', 'registration.fields.MOTHER_NAME': 'Hadidja Aminou' });
  await w.save();
  await w.saved('parents');

  await w.open('emergency');
  await w.fill({ 'registration.fields.EMERGNAME1': 'Ibrahim Hamadou', 'registration.fields.EMERGNUM1': '655112233' });
  await w.save();
  await w.saved('emergency');

  await w.open('fiscal');
  await w.fill({ 'registration.fields.NIU': 'P084512345678Q', 'registration.fields.CNPSNUM': '123456789' });
  await w.save();
  await w.saved('fiscal');

  await w.open('professional');
  await w.fill({
    'registration.fields.LASTDIPLOMA': 'PhD in Computer Science',
    'registration.fields.OLD_SPECIALITY': 'Distributed systems',
    'registration.fields.OLD_OBTENTION_YEAR': '2015',
    'registration.fields.STAB': 'Université de Ngaoundéré',
  });
  await w.save();
  await w.saved('professional');
  // A diploma with its file, among the diplomas and pieces.
  await w.choose('registration.documents.PIECE_TYPE', t('registration.pieceType.DIPL_CERT'));
  await w.fill({
    'registration.documents.DESIGNATION': 'Doctorat / PhD',
    'registration.documents.SPECIALITY': 'Computer science',
    'registration.documents.OBTENEDDATE': '10/07/2015',
    'registration.documents.OBTENEDSTAB': 'Université de Ngaoundéré',
  });
  await w.choose('registration.documents.LEVEL', t('registration.documents.bac', { level: 8 }));
  await w.choose('registration.documents.LANGUAGE', t(`language.${lang}`));
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('button', { name: t('registration.documents.chooseFile') })
    .first()
    .click();
  await (await chooser).setFiles(fixture('diploma.pdf'));
  await page.getByRole('button', { name: t('registration.documents.send'), exact: true }).click();
  await expect(page.getByText('Doctorat / PhD')).toBeVisible();

  await w.open('last-job');
  await w.fill({
    'registration.fields.LASTJOB': 'Software architect',
    'registration.fields.LASTEMPLOYER': 'Camtel',
    'registration.fields.LASTJOBSTART': '01/02/2016',
  });
  await w.field('registration.fields.LASTJOBSTILL').check();
  await expect(w.field('registration.fields.LASTJOBEND')).toHaveCount(0);
  await w.save();
  await w.saved('last-job');

  await w.open('financial');
  await page.getByRole('radio', { name: t('registration.activity.EMPLOYEE') }).check();
  await w.fill({ 'registration.fields.HOURRATE': '5000' });
  await w.save();
  await w.saved('financial');

  await w.open('pay-mode');
  await w.choose('registration.fields.PAYMODE', t('registration.payMode.BANK_TRANSFER'));
  await w.choose('registration.fields.BANK_CODE', '10005 · Afriland First Bank');
  await w.fill({
    'registration.fields.BRANCH_CODE': '00001',
    'registration.fields.ACCOUNT_NUM': '00012345678',
    'registration.fields.RIB_KEY': ribKey('10005', '00001', '00012345678') === '00' ? '01' : '00',
    'registration.fields.ACCOUNT_LASTNAME': who.lastName,
    'registration.fields.ACCOUNT_FIRSTNAME': 'Aïcha',
  });
  await w.save();
  await expect(page.getByText(t('validation.ribKey')).first()).toBeVisible();
  await w.fill({ 'registration.fields.RIB_KEY': ribKey('10005', '00001', '00012345678') });
  await w.save();
  await w.saved('pay-mode');

  await w.open('documents');
  await w.upload('registration.fields.RIB_LINK', 'rib.pdf');

  // Closing without the CV: refused, and the CV is named.
  await w.open('closure');
  await page.getByRole('button', { name: t('registration.closure.close') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('registration.closure.close') })
    .click();
  await expect(page.getByText(t('errors.CLOSURE_FAILED')).first()).toBeVisible();
  await expect(page.getByText(t('missing.CV_LINK')).first()).toBeVisible();

  await w.open('documents');
  await w.upload('registration.fields.CV_LINK', 'cv.pdf');

  await w.open('closure');
  await page.getByRole('button', { name: t('registration.closure.close') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('registration.closure.close') })
    .click();
  await expect(page.getByText(t('registration.closure.completed'))).toBeVisible();
  await expect(page.getByText(t('registration.closure.nextSteps')).first()).toBeVisible();

  // Locked: a banner, no Save button, fields read-only; a reload keeps everything.
  await page.reload();
  await expect(page.getByText(t('registration.closedBanner')).first()).toBeVisible();
  await w.open('address');
  await expect(w.field('registration.fields.PRECINCT')).toBeDisabled();
  await expect(w.field('registration.fields.PRECINCT')).toHaveValue('Bonamoussadi');
  await expect(page.getByRole('tabpanel').getByRole('button', { name: t('registration.save'), exact: true })).toHaveCount(0);

  // The human resources service reopens it, saying why.
  const hrContext = await browser.newContext();
  const hr = await hrContext.newPage();
  await prepare(hr, lang);
  await signIn(hr, hrContext.request, t, 'hr', 'BO0001');
  await hr.goto('/hr/registrations');
  await hr
    .getByRole('textbox', { name: exactly(t('hr.list.search')) })
    .or(hr.getByRole('searchbox', { name: exactly(t('hr.list.search')) }))
    .fill(who.lastName);
  await hr
    .getByRole('link', { name: new RegExp(who.lastName) })
    .first()
    .click();
  await expect(hr).toHaveURL(/\/hr\/registrations\/\d+$/);
  await hr.getByRole('button', { name: t('hr.reopen.button') }).click();
  const dialog = hr.getByRole('dialog');
  await dialog.getByLabel(startsWith(t('hr.reason.label'))).fill('The RIB does not match the bank letter');
  await dialog.getByRole('button', { name: t('hr.reopen.confirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(hr.getByText('The RIB does not match the bank letter').first()).toBeVisible();
  await hrContext.close();

  // The lecturer can edit again.
  await page.reload();
  await expect(page.getByText(t('registration.closedBanner'))).toHaveCount(0);
  await w.open('address');
  await expect(w.field('registration.fields.PRECINCT')).toBeEnabled();
  await w.fill({ 'registration.fields.PRECINCT': 'Makepe' });
  await w.save();
  await w.saved('address');
  await lecturerContext.close();
}

test('a part-time lecturer completes, closes and sees the registration reopened by HR (English)', async ({ browser }) => {
  test.setTimeout(240_000);
  await journey(browser, 'en', { matricule: 'VAC0001', lastName: 'Mbarga-Essomba' });
});

test('the same journey in French', async ({ browser }) => {
  test.setTimeout(240_000);
  await journey(browser, 'fr', { matricule: 'STG0001', lastName: 'Ndongo-Atangana' });
});
