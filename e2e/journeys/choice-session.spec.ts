import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { exactly, translator, type Lang, type T } from '../i18n';
import { newestMail } from '../mailbox';
import { prepare, signIn } from '../session';
import { expect, test } from '../portal';

const fixture = (name: string) => path.join(import.meta.dirname, '../fixtures', name);

/** PER0003: a permanent lecturer whose registration HR has closed, not identified yet (demo seed). */
const LECTURER = 'PER0003';

/** Picks an option of one of the subject filters (MUI select). */
async function filter(page: Page, t: T, name: string, option: string) {
  await page
    .getByRole('search', { name: t('applications.filters.label') })
    .getByRole('combobox', { name: exactly(t(`applications.filters.${name}`)) })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The add buttons of the lecture parts still free in the subject table. */
const freeLectures = (page: Page, t: T): Locator => {
  const [before, after] = t('applications.add', { name: '\u0000' })
    .split('\u0000')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return page.getByRole('table', { name: t('applications.subjects.title') }).getByRole('button', { name: new RegExp(`^${before}.+ \\(CM\\)${after}$`) });
};

async function confirmDialog(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * An identification office registers a lecturer's photo and fingerprints; the lecturer opens
 * the choice session, filters, chooses until the limit of the level refuses one, saves,
 * empties the list, chooses again and closes; the academic office confirms one choice; the
 * lecturer finds it confirmed in the archive.
 */
async function journey(browser: Browser, lang: Lang) {
  const t = translator(lang);
  // 1. The identification office registers the photo and two fingerprints of PER0003, whose registration is closed.
  const office = await browser.newContext();
  const agent = await office.newPage();
  await prepare(agent, lang);
  await signIn(agent, office.request, t, 'identification', 'BO0003');
  await agent.goto('/identification');
  await agent.getByLabel(exactly(t('identification.list.search'))).fill(LECTURER);
  await expect(agent).toHaveURL(new RegExp(`search=${LECTURER}`));
  await agent.getByRole('row').filter({ hasText: LECTURER }).getByRole('link').first().click();
  await expect(agent).toHaveURL(/\/identification\/\d+$/);
  await expect(agent.getByRole('heading', { level: 2, name: t('identification.photo.title') })).toBeVisible();
  await agent.getByLabel(t('identification.photo.uploadLabel'), { exact: true }).setInputFiles(fixture('photo.jpg'));
  await expect(agent.getByText(t('identification.photo.saved')).first()).toBeVisible();
  await agent
    .getByLabel(t('identification.fingerprints.uploadLabel', { name: t('identification.fingers.R_INDEX') }), { exact: true })
    .setInputFiles(fixture('finger-right-index.png'));
  await expect(agent.getByText(t('identification.fingerprints.saved', { name: t('identification.fingers.R_INDEX') })).first()).toBeVisible();
  await agent
    .getByLabel(t('identification.fingerprints.uploadLabel', { name: t('identification.fingers.L_INDEX') }), { exact: true })
    .setInputFiles(fixture('finger-left-index.fmr'));
  await expect(agent.getByText(t('identification.fingerprints.saved', { name: t('identification.fingers.L_INDEX') })).first()).toBeVisible();
  await agent.getByRole('button', { name: t('identification.complete.button') }).click();
  await agent
    .getByRole('dialog')
    .getByRole('button', { name: t('identification.complete.confirm') })
    .click();
  await expect(agent.getByText(t('identification.complete.done')).first()).toBeVisible();

  // 2. The lecturer reaches the rules page first, starts, and filters the subjects of one day class of level 1.
  const lecturerContext = await browser.newContext();
  const page = await lecturerContext.newPage();
  await prepare(page, lang);
  await signIn(page, lecturerContext.request, t, LECTURER, LECTURER);
  await page.goto('/courses');
  await expect(page).toHaveURL(/\/courses\/help$/);
  await expect(page.getByRole('heading', { level: 1, name: t('applications.help.title') })).toBeVisible();
  await page.getByRole('button', { name: t('applications.help.start') }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await filter(page, t, 'LEVEL', t('applications.levelN', { level: 1 }));
  await filter(page, t, 'REGIME', t('applications.regimes.DAY'));
  await filter(page, t, 'BRANCH', `GSI – ${lang === 'fr' ? "Gestion des systèmes d'information" : 'Information Systems Management'}`);
  await filter(page, t, 'CLASS', 'BTS1 GSI/J A');
  const table = page.getByRole('table', { name: t('applications.subjects.title') });
  await expect(table.getByRole('row')).toHaveCount(7); // a header and the six subjects of BTS1 GSI/J A

  // Levels 1-2 in day classes allow 3 subjects: the fourth is refused at once.
  for (let i = 0; i < 3; i++) {
    const before = await freeLectures(page, t).count();
    await freeLectures(page, t).first().click();
    await expect(freeLectures(page, t)).toHaveCount(before - 1);
  }
  await freeLectures(page, t).first().click();
  await expect(page.getByText(new RegExp(t('errors.SUBJECT_LIMIT_REACHED'))).first()).toBeVisible();
  await expect(page.getByText(t('applications.choices.unsavedChip'))).toHaveCount(3);
  await page.getByRole('button', { name: t('applications.actions.save'), exact: true }).click();
  await expect(page.getByText(t('applications.choices.unsavedChip'))).toHaveCount(0);
  await expect(page.getByText(t('applications.affectation.selected'), { exact: true })).toHaveCount(3);

  // Empty the list, choose two subjects again, save and close for good.
  await page.getByRole('button', { name: t('applications.actions.clear'), exact: true }).click();
  await confirmDialog(page, t('applications.confirm.clear.confirm'));
  await expect(page.getByText(t('applications.choices.empty'))).toBeVisible();
  await freeLectures(page, t).nth(1).click();
  await freeLectures(page, t).first().click();
  await page.getByRole('button', { name: t('applications.actions.save'), exact: true }).click();
  await expect(page.getByText(t('applications.choices.unsavedChip'))).toHaveCount(0);
  await page.getByRole('button', { name: t('applications.actions.close'), exact: true }).click();
  await confirmDialog(page, t('applications.confirm.close.confirm'));
  await expect(page.getByText(t('applications.closedNotice')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: t('applications.actions.save'), exact: true })).toHaveCount(0);
  const summary = await newestMail(lecturerContext.request, LECTURER, 'application-closed');
  expect(summary.text).toContain('BTS1 GSI/J A');

  // 3. The academic office confirms the lecturer's first choice.
  const officeContext = await browser.newContext();
  const officer = await officeContext.newPage();
  await prepare(officer, lang);
  await signIn(officer, officeContext.request, t, 'academic', 'BO0002');
  await officer.goto('/academic/assignments');
  await officer.getByLabel(exactly(t('academic.assignments.search'))).fill(LECTURER);
  await expect(officer).toHaveURL(new RegExp(`search=${LECTURER}`));
  const section = officer
    .getByRole('region')
    .filter({ has: officer.getByRole('cell', { name: LECTURER, exact: true }) })
    .first();
  await expect(section).toBeVisible();
  const subjectTitle = (await section.getByRole('heading', { level: 2 }).textContent())!;
  const subjectName = subjectTitle.split(' – ')[1]!;
  const row = section.getByRole('row').filter({ has: officer.getByRole('cell', { name: LECTURER, exact: true }) });
  await row.getByRole('button', { name: t('academic.assignments.actions.confirm'), exact: true }).click();
  // Fully assigned, the subject leaves the list of subjects to assign, and shows among the assigned ones.
  await expect(officer.getByRole('region', { name: subjectTitle, exact: true })).toHaveCount(0);
  await officer
    .getByRole('search', { name: t('academic.assignments.filters') })
    .getByRole('combobox', { name: t('academic.assignments.state'), exact: true })
    .click();
  await officer.getByRole('option', { name: t('academic.assignments.stateFilter.assigned'), exact: true }).click();
  const assignedSection = officer.getByRole('region', { name: subjectTitle, exact: true });
  await expect(
    assignedSection.getByRole('row').filter({ hasText: LECTURER }).getByText(t('academic.assignments.states.confirmed'), { exact: true }),
  ).toBeVisible();

  // 4. The lecturer sees it confirmed among the archived assignments.
  await page.goto('/courses/archive');
  await page.getByRole('tab', { name: t('applications.archive.tabs.assignments') }).click();
  const assigned = page.getByRole('tabpanel').getByRole('row').filter({ hasText: subjectName });
  await expect(assigned).toHaveCount(1);
  await expect(assigned.getByText(t('applications.affectation.confirmed'), { exact: true })).toBeVisible();

  await office.close();
  await lecturerContext.close();
  await officeContext.close();
}

test('identification, the choice session and an assignment, in English', async ({ browser }) => {
  test.setTimeout(180_000);
  await journey(browser, 'en');
});
