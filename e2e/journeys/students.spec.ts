import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { QuestionForm, StudentEvaluationList } from '@portal/contract';
import { exactly, pluralTranslator, startsWith, translator, type T } from '../i18n';
import { answerEvaluation, choice, question, type Answers } from '../evaluation';
import { codeOf, latestMailId, latestMailIdTo, newestMailTo } from '../mailbox';
import { emailOnFile, prepare, signInStudent } from '../session';
import { expect, test } from '../portal';

const fixture = (name: string) => path.join(import.meta.dirname, '../fixtures', name);

/** The demo student, in BTS1 GSI/J A, taught GSI101 by PER0001 (evaluated here; evaluation.spec.ts evaluates GSI102). */
const STUDENT = 'ST24A001';
const CLASS = 'BTS1 GSI/J A';
/** A class of the demo enrolment session with seats left (capacity 3, one held). */
const OFFER = 'BTS2 GSI/J B';
/** The mail account the student links: an address of their own, not the one the university holds. */
const MAIL_ACCOUNT = 'my.own.mail.e2e@gmail.com';

/** A section of the student file, opened: its header (a button that opens and closes it) and its form. */
async function opened(page: Page, t: T, key: string) {
  const header = page.getByRole('button', { name: startsWith(t(`studentFile.sections.${key}`)) });
  const form = page.getByRole('form', { name: t(`studentFile.sections.${key}`) });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(form).toBeVisible();
  return { header, form };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A section's state once saved: `Saved on dd/mm/yyyy`. */
const savedOn = (t: T) => new RegExp(`${escape(t('studentFile.state.saved', { date: '\u0000' }).split('\u0000')[0]!)}\\d{2}/\\d{2}/\\d{4}`);

/** Chooses an option of a select field (MUI: a combobox, then its list). */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: exactly(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** What the student answers about GSI101: every question, the optional ones too. */
const ANSWERS: Answers = {
  objectives: 'agree',
  syllabus: 'agree-strongly',
  usefulness: 4,
  clarity: 'agree',
  punctuality: 'always',
  availability: 3,
  rating: 4,
  comments: 'More practical exercises on databases, please.',
};

/**
 * A student signs in with matricule, e-mail and password, fills two sections of their file (one
 * refused first for a phone number that is not one), uploads a diploma (the same file again is
 * refused), applies to a class of the open enrolment session, sees the class timetable, links a
 * mail account with the code mailed to it, and evaluates a lecturer for a subject, leaving halfway
 * and finding the answers again.
 */
test('students: sign-in with matricule and e-mail, two sections of the file, a diploma, enrolment, schedule, a mail account and an evaluation', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const t = translator('en');
  const tc = pluralTranslator('en');
  const context = await browser.newContext();
  const page = await context.newPage();
  await prepare(page, 'en');

  // 1. Sign-in as students do: matricule, the address the university holds, password, then the code.
  const email = await emailOnFile(context.request, STUDENT);
  await signInStudent(page, context.request, t, STUDENT, email);
  const me = (await (await page.request.get('/api/auth/session')).json()) as { id: number; MATRICULE: string };
  expect(me.MATRICULE).toBe(STUDENT);

  // 2. The student file: the address and the emergency contact (the demo filled other sections), each saved on its own.
  await page.goto('/student/file');
  await expect(page.getByRole('heading', { level: 1, name: t('studentFile.title') })).toBeVisible();
  const address = await opened(page, t, 'address');
  await choose(page, address.form, t('studentFile.fields.LIVING_REGION'), 'Littoral');
  await choose(page, address.form, t('studentFile.fields.LIVING_TOWN'), 'Douala');
  await address.form.getByLabel(exactly(t('studentFile.fields.DISTRICT'))).fill('Douala V');
  await address.form.getByLabel(exactly(t('studentFile.fields.PRECINCT'))).fill('Bonamoussadi');
  await address.form.getByLabel(exactly(t('studentFile.fields.NUMPHONE'))).fill('677 45 12 90');
  await expect(address.header).toContainText(t('studentFile.state.unsaved'));
  await address.form.getByRole('button', { name: t('studentFile.save'), exact: true }).click();
  await expect(address.header).toContainText(savedOn(t));

  const emergency = await opened(page, t, 'emergency');
  await emergency.form.getByLabel(exactly(t('studentFile.fields.EMERGENCY_NAME'))).fill('Ngo Biyong Marie');
  await emergency.form.getByLabel(exactly(t('studentFile.fields.EMERGENCY_RELATION'))).fill('Aunt');
  const contact = emergency.form.getByLabel(exactly(t('studentFile.fields.EMERGENCY_CONTACT')));
  await contact.fill('12345');
  await emergency.form.getByRole('button', { name: t('studentFile.save'), exact: true }).click();
  // not a phone number: refused under the field, nothing saved, what was typed kept
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  await expect(emergency.header).toContainText(t('studentFile.state.unsaved'));
  await expect(emergency.form.getByLabel(exactly(t('studentFile.fields.EMERGENCY_NAME')))).toHaveValue('Ngo Biyong Marie');
  await contact.fill('699 12 34 56');
  await emergency.form.getByRole('button', { name: t('studentFile.save'), exact: true }).click();
  await expect(emergency.header).toContainText(savedOn(t));

  // Saved on the server: read again after a reload (the phone number as the file keeps it, with its country code).
  await page.reload();
  const addressAgain = await opened(page, t, 'address');
  await expect(addressAgain.header).toContainText(savedOn(t));
  await expect(addressAgain.form.getByRole('combobox', { name: exactly(t('studentFile.fields.LIVING_TOWN')) })).toHaveText('Douala');
  await expect(addressAgain.form.getByLabel(exactly(t('studentFile.fields.PRECINCT')))).toHaveValue('Bonamoussadi');
  const emergencyAgain = await opened(page, t, 'emergency');
  await expect(emergencyAgain.header).toContainText(savedOn(t));
  await expect(emergencyAgain.form.getByLabel(exactly(t('studentFile.fields.EMERGENCY_CONTACT')))).toHaveValue(/^\+237\s?699\s?12\s?34\s?56$/);

  // 3. A diploma: what it is, its year, then the file; the same file a second time is refused.
  const files = page.getByRole('region', { name: t('studentFile.documents.choose') });
  await files.getByLabel(exactly(t('studentFile.documents.label'))).fill('Baccalauréat C');
  await files.getByLabel(exactly(t('studentFile.documents.year'))).fill('2023');
  await files.getByLabel(t('studentFile.documents.inputLabel'), { exact: true }).setInputFiles(fixture('diploma.pdf'));
  await expect(page.getByText(t('studentFile.documents.uploaded'))).toBeVisible();
  const list = page.getByRole('list', { name: t('studentFile.documents.listLabel') });
  const diploma = list.getByRole('listitem').filter({ hasText: 'Baccalauréat C' });
  await expect(diploma).toContainText(t('studentFile.documents.yearOf', { year: 2023 }));
  await expect(diploma).toContainText('diploma.pdf');
  await files.getByLabel(exactly(t('studentFile.documents.label'))).fill('Baccalauréat C, a copy');
  await files.getByLabel(exactly(t('studentFile.documents.year'))).fill('2023');
  await files.getByLabel(t('studentFile.documents.inputLabel'), { exact: true }).setInputFiles(fixture('diploma.pdf'));
  await expect(files.getByRole('alert')).toHaveText(t('errors.FILE_EXISTS'));
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // 4. Enrolment: apply to a class with seats left; the application waits for the office's decision.
  await page.goto('/enrolment');
  await expect(page.getByRole('heading', { level: 1, name: t('enrolment.title') })).toBeVisible();
  await expect(page.getByText(t('enrolment.myClass', { class: CLASS }))).toBeVisible();
  const offer = page
    .getByRole('list', { name: t('enrolment.offers.classes') })
    .getByRole('listitem')
    .filter({ has: page.getByText(OFFER, { exact: true }) });
  await expect(offer).toContainText(tc('enrolment.offer.seatsLeft', 2, { total: 3 }));
  await offer.getByRole('button', { name: t('enrolment.offer.applyTo', { name: OFFER }) }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(OFFER);
  await confirm.getByRole('button', { name: t('enrolment.offer.apply'), exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(t('enrolment.notify.applied'))).toBeVisible();
  await expect(offer).toContainText(tc('enrolment.offer.seatsLeft', 1, { total: 3 }));
  const mine = page
    .getByRole('list', { name: t('enrolment.mine.title') })
    .getByRole('listitem')
    .filter({ has: page.getByText(OFFER, { exact: true }) });
  await expect(mine).toContainText(t('enrolment.status.PENDING'));

  // 5. The schedule of the class: this week's lessons, GSI101 among them.
  await page.goto('/schedule');
  await expect(page.getByRole('heading', { level: 1, name: t('schedule.title') })).toBeVisible();
  await expect(page.getByText(t('schedule.yourClass', { name: CLASS }))).toBeVisible();
  await expect(page.getByRole('button', { name: /: GSI101 / }).first()).toBeVisible();

  // 6. A mail account, from the profile: the address, then the code mailed to it.
  await page.goto('/profile');
  await page.getByRole('link', { name: t('mailLink.profileButton') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('mailLink.title') })).toBeVisible();
  await expect(page.getByText(t('mailLink.none'))).toBeVisible();
  const before = await latestMailIdTo(page.request, MAIL_ACCOUNT, 'mail-link-code');
  await page.getByLabel(exactly(t('mailLink.address'))).fill(MAIL_ACCOUNT);
  await page.getByRole('button', { name: t('mailLink.send'), exact: true }).click();
  const codeForm = page.getByRole('form', { name: t('mailLink.codeForm') });
  await expect(codeForm).toContainText(MAIL_ACCOUNT);
  await codeForm.getByLabel(exactly(t('mailLink.code'))).fill(codeOf(await newestMailTo(page.request, MAIL_ACCOUNT, 'mail-link-code', before)));
  await codeForm.getByRole('button', { name: t('mailLink.confirm'), exact: true }).click();
  await expect(page.getByText(t('mailLink.linkedNotice', { email: MAIL_ACCOUNT }))).toBeVisible();
  await expect(page.getByRole('heading', { name: t('mailLink.linkedTitle') })).toBeVisible();
  await page.reload();
  await expect(page.getByText(MAIL_ACCOUNT, { exact: true })).toBeVisible();
  // the university's address hears of it too
  await expect.poll(async () => latestMailId(page.request, STUDENT, 'mail-link-linked')).toBeGreaterThan(0);

  // 7. The evaluation of GSI101 and its lecturer: the first section, away and back, the rest, then Submit.
  const items = ((await (await page.request.get(`/api/students/subjects/${me.id}`)).json()) as StudentEvaluationList).items;
  const target = items.find((item) => item.subject.code === 'GSI101' && item.session.open);
  expect(target, 'GSI101 is to evaluate in an open session').toBeTruthy();
  expect(target!.done).toBe(false);
  const form = (await (await page.request.get(`/api/question-forms/${target!.formId}`)).json()) as QuestionForm;
  await page.goto('/evaluation');
  await expect(page.getByRole('heading', { level: 1, name: t('evaluation.student.title') })).toBeVisible();
  const lecturer = `${target!.lecturer.LASTNAME} ${target!.lecturer.FIRSTNAME}`;
  const item = page.getByRole('listitem', { name: `${target!.subject.name}, ${lecturer}` });
  await item.getByRole('link', { name: t('evaluation.student.start') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('evaluation.answer.titleOf', { subject: target!.subject.name }) })).toBeVisible();
  await answerEvaluation(page, t, 'en', form.content, ANSWERS, { stopAfter: 1 });
  // Leaving and coming back: the answers of the first section are kept on this device.
  await page.goto('/evaluation');
  await expect(item.getByRole('link', { name: t('evaluation.student.resume') })).toBeVisible();
  await item.getByRole('link', { name: t('evaluation.student.resume') }).click();
  await expect(page.getByText(startsWith(t('evaluation.answer.restored', { date: '\u0000' }).split('\u0000')[0]!))).toBeVisible();
  await expect(page.getByText(t('evaluation.answer.sectionOf', { position: 2, total: form.content.sections.length }))).toBeVisible();
  await page.getByRole('button', { name: t('evaluation.answer.previous') }).click();
  const objectives = form.content.sections[0]!.questions.find((q) => q.key === 'objectives')!;
  await expect(choice(question(page, 'en', objectives), t, 'en', objectives, ANSWERS.objectives!)).toBeChecked();
  await page.getByRole('button', { name: t('evaluation.answer.next') }).click();
  await answerEvaluation(page, t, 'en', form.content, ANSWERS, { from: 1 });
  await expect(page).toHaveURL(/\/evaluation$/);
  await expect(page.getByText(t('evaluation.student.submitted', { subject: target!.subject.name }))).toBeVisible();
  await expect(item.getByText(t('evaluation.student.done'), { exact: true })).toBeVisible();
  // once only: the server says it is done
  const after = ((await (await page.request.get(`/api/students/subjects/${me.id}`)).json()) as StudentEvaluationList).items;
  expect(after.find((i) => i.STUDENT_EVALUATION_SESSION === target!.STUDENT_EVALUATION_SESSION)?.done).toBe(true);

  await context.close();
});
