import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { pdfQrCodes } from '../../apps/server/test/pdf';
import { exactly, translator, type Lang, type T } from '../i18n';
import { latestMailId, newestMail } from '../mailbox';
import { prepare, signIn } from '../session';
import { expect, portalUrl, test } from '../portal';

const fixture = (name: string) => path.join(import.meta.dirname, '../fixtures', name);

/** PER0001: a permanent lecturer of the demo. */
const LECTURER = 'PER0001';

async function signedIn(browser: Browser, lang: Lang, identifier: string, matricule: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await prepare(page, lang);
  await signIn(page, context.request, translator(lang), identifier, matricule);
  return { context, page };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A translated text with one variable, as a pattern capturing that variable (`value`: what it matches). */
function withVariable(t: T, key: string, name: string, value = '(\\S+)', vars: Record<string, string | number> = {}): RegExp {
  const [head, tail] = t(key, { ...vars, [name]: '\u0000' }).split('\u0000');
  return new RegExp(`^${escape(head!)}${value}${escape(tail!)}$`);
}

/** The number a counter card of the lecturer's requests page shows. */
async function counter(page: Page, t: T, key: string): Promise<number> {
  const card = page
    .getByRole('list', { name: t('requests.list.counters') })
    .getByRole('listitem')
    .filter({ has: page.getByText(t(`requests.counters.${key}`), { exact: true }) });
  return Number(/^\s*(\d+)/.exec(await card.innerText())![1]);
}

/** Opens a request from a unit's inbox, found by its reference. */
async function openInInbox(page: Page, t: T, reference: string) {
  await page.goto('/office/requests');
  await page.getByLabel(exactly(t('requestsOffice.inbox.search'))).fill(reference);
  await page.getByRole('link', { name: reference, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('requestsOffice.request.title', { reference }) })).toBeVisible();
}

/** The lecturer files a request through the wizard: category card, sub-category, then the details `fill` gives; answers its reference. */
async function fileRequest(page: Page, t: T, choice: { category: string; subcategory: string }, fill: (page: Page) => Promise<void>): Promise<string> {
  await page.goto('/requests');
  await page.getByRole('link', { name: t('requests.list.new') }).click();
  await page
    .getByRole('list', { name: t('requests.new.categoryTitle') })
    .getByRole('button', { name: new RegExp(`^${choice.category}`) })
    .click();
  await page.getByRole('radio', { name: new RegExp(`^${choice.subcategory}`) }).check();
  await page.getByRole('button', { name: t('requests.new.next') }).click();
  await fill(page);
  await page.getByRole('button', { name: t('requests.new.file') }).click();
  const pattern = withVariable(t, 'requests.filed.title', 'reference');
  const title = page.getByText(pattern);
  await expect(title).toBeVisible();
  return pattern.exec(await title.innerText())![1]!;
}

/** The rejection mail kinds and the others are read from the development mailbox. */
async function mailOf(request: APIRequestContext, kind: string, after: number) {
  return newestMail(request, LECTURER, kind, after);
}

/**
 * A lecturer files a payment claim with an attachment, downloads the printable form and opens its
 * QR code's address to see the status; the lecturers' service records the signature and sends a
 * batch; finance confirms its reception and validates with a comment; the lecturer sees the
 * decision, the deliberation and the counters move, and gets the mail. A second request left
 * unsigned is rejected once the clock passes 7 days (read in French).
 */
test('requests: filed with an attachment, verified by its QR code, signed, batched, received and decided; the 7-day rule', async ({ browser }) => {
  test.setTimeout(240_000);
  const t = translator('en');

  // 1. The lecturer notes the counters, then files a payment claim with a PDF attached.
  const lecturer = await signedIn(browser, 'en', LECTURER, LECTURER);
  const page = lecturer.page;
  await page.goto('/requests');
  await expect(page.getByRole('heading', { level: 1, name: t('requests.list.title') })).toBeVisible();
  const before = { all: await counter(page, t, 'totalDone'), validated: await counter(page, t, 'totalValidated') };
  const filedMail = await latestMailId(lecturer.context.request, LECTURER, 'request-filed');
  const reference = await fileRequest(page, t, { category: 'Payment', subcategory: 'Amount received' }, async (form) => {
    await form.getByLabel(exactly(t('requests.field.REQUEST_OBJECT'))).fill('Fees of October not fully paid');
    await form.getByLabel(exactly(t('requests.field.AMOUNT_RECEIVED'))).fill('150000');
    await form.getByLabel(exactly(t('requests.field.AMOUNT_EXPECTED'))).fill('210000');
    await form.getByLabel(exactly(t('requests.field.DESCRIPTION'))).fill('Twelve hours of BTS1 GSI/J A were left out of the October payment.');
    await form.getByLabel(t('requests.field.REQUEST_FILE'), { exact: true }).setInputFiles(fixture('rib.pdf'));
    await expect(form.getByText('rib.pdf', { exact: true })).toBeVisible();
  });
  expect(reference).toMatch(/^0201@\d{4}-\d{6}$/);
  // the 7-day rule in plain words, with the unit where to sign and the deadline
  await expect(
    page.getByText(
      new RegExp(
        `^${escape(t('requests.filed.rule', { count: 7, unit: "Lecturers' service", deadline: '\u0000' }).split('\u0000')[0]!)}\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}`,
      ),
    ),
  ).toBeVisible();
  expect((await mailOf(lecturer.context.request, 'request-filed', filedMail)).text).toContain(reference);

  // 2. The printable form: a PDF whose QR code opens the public verification page (no sign-in).
  const formUrl = await page.getByRole('link', { name: t('requests.filed.print') }).getAttribute('href');
  const pdf = await lecturer.context.request.get(formUrl!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const [verificationUrl] = await pdfQrCodes(Buffer.from(await pdf.body()));
  expect(verificationUrl).toMatch(new RegExp(`^${portalUrl()}/verify/[0-9a-f]{32}$`));
  const anonymous = await browser.newContext();
  const publicPage = await anonymous.newPage();
  await prepare(publicPage, 'en');
  await publicPage.goto(verificationUrl!);
  await expect(publicPage.getByText(reference, { exact: true })).toBeVisible();
  await expect(publicPage.getByText(t('requests.status.REGISTERED'), { exact: true })).toBeVisible();
  await expect(publicPage.getByText('Fees of October')).toHaveCount(0);

  // 3. The lecturers' service records the signature and sends the request to finance in a batch.
  const seng = await signedIn(browser, 'en', 'seng', 'BO0006');
  await openInInbox(seng.page, t, reference);
  await seng.page.getByRole('button', { name: t('requestsOffice.sign.button') }).click();
  await seng.page
    .getByRole('dialog')
    .getByRole('button', { name: t('requestsOffice.sign.confirm') })
    .click();
  await expect(seng.page.getByText(t('requestsOffice.sign.done')).first()).toBeVisible();
  await seng.page.goto('/office/batches');
  const toFinance = seng.page.getByRole('region', { name: t('requestsOffice.batches.to', { unit: 'Finance' }) });
  await toFinance.getByLabel(t('requestsOffice.batches.choose', { reference }), { exact: true }).check();
  await toFinance.getByRole('button', { name: t('requestsOffice.batches.prepareAndSend') }).click();
  // the batch opens, sent, with its slip to print
  const batchTitle = withVariable(t, 'requestsOffice.batch.title', 'reference', '(SENG-\\d{4}-\\d{4})');
  const opened = seng.page.getByRole('dialog').getByRole('heading', { name: batchTitle });
  await expect(opened).toBeVisible();
  const batch = batchTitle.exec(await opened.innerText())![1]!;
  await expect(seng.page.getByText(t('requestsOffice.batches.sent', { reference: batch })).first()).toBeVisible();
  const slipUrl = await seng.page
    .getByRole('dialog')
    .getByRole('link', { name: t('requestsOffice.batch.slip') })
    .getAttribute('href');
  const slip = await seng.context.request.get(slipUrl!);
  expect(slip.headers()['content-type']).toBe('application/pdf');

  // 4. Finance confirms the reception of the batch, then validates the claim with a comment.
  const finance = await signedIn(browser, 'en', 'finance', 'BO0007');
  await finance.page.goto('/office/batches');
  await finance.page.getByRole('tab', { name: t('requestsOffice.batches.tabs.incoming') }).click();
  await finance.page.getByRole('button', { name: batch, exact: true }).click();
  await finance.page
    .getByRole('dialog')
    .getByRole('button', { name: t('requestsOffice.batch.receive') })
    .click();
  await expect(finance.page.getByText(t('requestsOffice.batch.done.receive', { reference: batch })).first()).toBeVisible();
  await openInInbox(finance.page, t, reference);
  await finance.page.getByRole('button', { name: t('requestsOffice.decide.button') }).click();
  const decision = finance.page.getByRole('dialog');
  await decision.getByRole('radio', { name: /^Validated and billed/ }).check();
  const deliberation = 'Checked against the October timesheets: the twelve hours are paid with November.';
  await decision.getByLabel(exactly(t('requestsOffice.decide.comment'))).fill(deliberation);
  const decidedMail = await latestMailId(lecturer.context.request, LECTURER, 'request-decided');
  await decision.getByRole('button', { name: t('requestsOffice.decide.confirm') }).click();
  await expect(finance.page.getByText(t('requestsOffice.decide.done')).first()).toBeVisible();

  // 5. The lecturer sees the decision and the deliberation, the counters move, and the mail came.
  await page.goto('/requests');
  await expect.poll(() => counter(page, t, 'totalDone')).toBe(before.all + 1);
  expect(await counter(page, t, 'totalValidated')).toBe(before.validated + 1);
  await page.getByRole('link', { name: reference, exact: true }).click();
  await expect(page.getByText(t('requests.detail.deliberation', { text: deliberation }))).toBeVisible();
  await expect(page.getByText(t('requests.detail.decision', { decision: 'Validated and billed' }))).toBeVisible();
  const mail = await mailOf(lecturer.context.request, 'request-decided', decidedMail);
  expect(mail.text).toContain(reference);
  expect(mail.text).toContain(deliberation);
  await publicPage.reload();
  await expect(publicPage.getByText(t('requests.status.VALIDATED_BILLED'), { exact: true })).toBeVisible();

  // 6. A second request, a contract claim, is left unsigned; 7 days and a minute later the job rejects it.
  const second = await fileRequest(page, t, { category: 'Contract', subcategory: 'Contract not received' }, async (form) => {
    await form.getByLabel(exactly(t('requests.field.REQUEST_OBJECT'))).fill('Contract of this semester not received');
    await form.getByLabel(exactly(t('requests.field.DESCRIPTION'))).fill('I teach BTS1 GSI/J A since October.');
  });
  const expiredMail = await latestMailId(lecturer.context.request, LECTURER, 'request-expired');
  expect((await lecturer.context.request.post('/api/dev/clock', { data: { advanceSeconds: 7 * 86_400 + 60 } })).ok()).toBe(true);
  const run = await lecturer.context.request.post('/api/dev/jobs/request-deadlines', { data: {} });
  expect(run.ok()).toBe(true);
  expect(((await run.json()) as { result: { expired: number } }).result.expired).toBeGreaterThanOrEqual(1);
  expect((await mailOf(lecturer.context.request, 'request-expired', expiredMail)).text).toContain(second);

  // A week later the sessions are over: the lecturer signs in again, in French, and reads the rejection.
  const fr = translator('fr');
  const later = await signedIn(browser, 'fr', LECTURER, LECTURER);
  await later.page.goto('/requests');
  const row = later.page.getByRole('row').filter({ hasText: second });
  await expect(row.getByText(fr('requests.status.REJECTED'), { exact: true })).toBeVisible();
  await row.getByRole('link', { name: second, exact: true }).click();
  await expect(later.page.getByText(fr('requests.stepKind.EXPIRED'), { exact: true })).toBeVisible();

  for (const context of [lecturer.context, later.context, seng.context, finance.context, anonymous]) await context.close();
});
