import { readFile } from 'node:fs/promises';
import type { Country, Entrance, PaymentNetwork, Region } from '@portal/contract';
import { feeFor, formatFcfa } from '@portal/contract/rules';
import mails from '../../apps/server/src/locales/fr.json' with { type: 'json' };
import { candidateLinkOf, candidateNumberOf, choose, chooseCountry, field, registrationCodeOf, section, sectionHeader } from '../candidates';
import { exactly, pluralTranslator, startsWith, translator } from '../i18n';
import { latestMailIdTo, newestMailTo } from '../mailbox';
import { prepare, signIn } from '../session';
import { expect, test } from '../portal';

/** The demo entrance the candidate registers for: the open BTS entrance of the admissions demo (seed/admissions.ts). */
const ENTRANCE = /^Concours d'entrée BTS \d{4}$/;
/** The specialities chosen, by branch abbreviation: both offered by that entrance in the BTS cycle. */
const FIRST_CHOICE = 'GSI';
const SECOND_CHOICE = 'CGE';
/** The network the fee is paid on, and the paying phone: an MTN number; an Orange one is tried first. */
const NETWORK = 'MTN_MOMO';
const PAYING_PHONE = '677 23 45 67';
const ORANGE_PHONE = '699 11 22 33';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The candidate, with a new address each run (the address and the entrance make a registration). */
const CANDIDATE = {
  LASTNAME: 'Kamga',
  FIRSTNAME: 'Nadine Laure',
  BIRTHDATE: '12/03/2005',
  BIRTHPLACE: 'Nkongsamba',
  EMAIL: `nadine.kamga.${Date.now()}@gmail.com`,
  PHONE_NUMBER: '677 23 45 67',
  ADMISSION_DIPLOMA: 'Baccalauréat C',
  SCHOOL_OBTENTION: 'Lycée Joss de Douala',
  NAME_OF_UNIVERSITY: 'Université de Douala',
  FATHER_NAME: 'Kamga Jean',
  FATHER_JOB: 'Commerçant',
  FATHER_CONTACT: '699 00 11 22',
  MOTHER_NAME: 'Ngo Ndjock Marie',
  MOTHER_JOB: 'Infirmière',
  MOTHER_CONTACT: '655 33 44 55',
  EMERGENCY_NAME: 'Kamga Paul',
  EMERGENCY_CONTACT: '670 98 76 54',
};
/** Left empty at the first send (in the order the alert lists them), then filled. */
const LEFT_EMPTY = ['BIRTHPLACE', 'SCHOOL_OBTENTION', 'MOTHER_JOB'] as const;
/** Not a phone number: refused under its field at the second send. */
const BAD_PHONE = '12345';

/**
 * An entrance candidate, in French on a phone: from the sign-in page to the registration; sent
 * with three required fields empty (the alert counts and names them) and a wrong phone number
 * (refused under its field), nothing typed lost, not even by a reload; sent right, the page asks for
 * the code of the mail without saying anything of the address; a wrong code is refused, the mail's
 * code opens the file.
 * Closed, it opens again from the link mailed to the address; the fee for MTN Mobile Money is
 * checked and paid through the sandbox's test phone; the receipt is downloaded. The admissions
 * office finds the candidate among the paid ones and admits them; the candidate sees it.
 */
test('candidates: a candidate registers on a phone in French with mistakes, opens the mailed link, pays the fee through the sandbox; the office admits them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const fr = translator('fr');
  const frc = pluralTranslator('fr');
  const t = translator('en');

  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const page = await context.newPage();
  await prepare(page, 'fr');

  // What the page will offer, from the public API: the entrance, its specialities, Cameroon and the Littoral in French, the network.
  const entrances = (await (await page.request.get('/api/entrances')).json()) as Entrance[];
  const entrance = entrances.find((item) => ENTRANCE.test(item.Entrance_Name));
  expect(entrance, 'the demo BTS entrance is open').toBeTruthy();
  const speciality = (code: string) => entrance!.specialities.find((item) => item.SPECIALITY_CODE === code)!;
  const first = speciality(FIRST_CHOICE);
  const second = speciality(SECOND_CHOICE);
  const specialityOption = (item: typeof first) => `${item.SPECIALITY_DESCRIPTION_FR} (${item.SPECIALITY_CODE})`;
  const countries = (await (await page.request.get('/api/reference/countries')).json()) as Country[];
  const cameroon = countries.find((country) => country.name === 'Cameroon')!.nameFr;
  const regions = (await (await page.request.get('/api/reference/regions')).json()) as Region[];
  const littoral = regions.find((region) => region.name === 'Littoral')!.nom;
  const west = regions.find((region) => region.name === 'West')!.nom;
  const networks = (await (await page.request.get('/api/payment-networks')).json()) as PaymentNetwork[];
  const network = networks.find((item) => item.code === NETWORK)!;
  const amount = entrance!.Entrance_Registration_Amount;
  const fee = feeFor(network.feeSchedule, amount)!;
  const total = amount + fee;
  expect(fee).toBeGreaterThan(0);

  // 1. From the sign-in page to the registration; the demo entrance, its fee as the portal writes amounts.
  await page.goto('/login');
  await page.getByRole('link', { name: fr('candidates.register.fromLogin'), exact: true }).click();
  await expect(page).toHaveURL(/\/candidate\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: fr('candidates.register.title') })).toBeVisible();
  const entranceChoice = page.getByRole('group', { name: exactly(fr('candidates.entrance.choose')) });
  await expect(entranceChoice.getByRole('radio')).toHaveCount(entrances.filter((item) => item.OPEN).length);
  const entranceRadio = entranceChoice.getByRole('radio', { name: startsWith(entrance!.Entrance_Name) });
  await expect(entranceRadio).toHaveAccessibleName(new RegExp(escape(fr('candidates.entrance.fee', { value: formatFcfa(amount) }))));
  await entranceRadio.check();
  await expect(page.getByText(fr('candidates.register.summary', { name: entrance!.Entrance_Name, value: formatFcfa(amount) }))).toBeVisible();

  // Every section, three required fields left empty and a phone number that is not one.
  const identity = await section(page, fr, 'identity');
  await field(identity, fr, 'LASTNAME').fill(CANDIDATE.LASTNAME);
  await field(identity, fr, 'FIRSTNAME').fill(CANDIDATE.FIRSTNAME);
  await field(identity, fr, 'BIRTHDATE').fill(CANDIDATE.BIRTHDATE);
  await identity.getByRole('radio', { name: fr('person.gender.Female'), exact: true }).check();
  await chooseCountry(page, identity, fr('candidates.fields.COUNTRY'), cameroon);
  await choose(page, identity, fr('candidates.fields.REGION_ORIGIN'), littoral);
  await choose(page, identity, fr('candidates.fields.DEPARTMENT'), 'Moungo');
  await choose(page, identity, fr('common.livingRegion'), littoral);
  await choose(page, identity, fr('candidates.fields.LIVING_TOWN'), 'Douala');

  const contacts = await section(page, fr, 'contacts');
  await field(contacts, fr, 'EMAIL').fill(CANDIDATE.EMAIL);
  await field(contacts, fr, 'PHONE_NUMBER').fill(BAD_PHONE);

  const diploma = await section(page, fr, 'diploma');
  await field(diploma, fr, 'ADMISSION_DIPLOMA').fill(CANDIDATE.ADMISSION_DIPLOMA);
  await choose(page, diploma, fr('candidates.fields.MENTION_OBTAINED'), fr('studentFile.mention.FAIRLY_GOOD'));
  const year = new Date().getFullYear();
  await field(diploma, fr, 'YEAR_OBTENTION').fill(String(year - 2));
  await chooseCountry(page, diploma, fr('candidates.fields.COUNTRY_OBTENTION'), cameroon);

  const university = await section(page, fr, 'university');
  await field(university, fr, 'FIRST_YEAR_UNIVERSITY').fill(String(year - 1));
  await choose(page, university, fr('candidates.fields.FIRST_YEAR_UNIVERSITY_TYPE'), fr('studentFile.universityType.PUBLIC'));
  await field(university, fr, 'NAME_OF_UNIVERSITY').fill(CANDIDATE.NAME_OF_UNIVERSITY);

  const parents = await section(page, fr, 'parents');
  await field(parents, fr, 'FATHER_NAME').fill(CANDIDATE.FATHER_NAME);
  await field(parents, fr, 'FATHER_JOB').fill(CANDIDATE.FATHER_JOB);
  await field(parents, fr, 'FATHER_CONTACT').fill(CANDIDATE.FATHER_CONTACT);
  await choose(page, parents, fr('candidates.fields.FATHER_REGION_ORIGIN'), west);
  await field(parents, fr, 'MOTHER_NAME').fill(CANDIDATE.MOTHER_NAME);
  await field(parents, fr, 'MOTHER_CONTACT').fill(CANDIDATE.MOTHER_CONTACT);
  await choose(page, parents, fr('candidates.fields.MOTHER_REGION_ORIGIN'), littoral);

  const emergency = await section(page, fr, 'emergency');
  await field(emergency, fr, 'EMERGENCY_NAME').fill(CANDIDATE.EMERGENCY_NAME);
  await field(emergency, fr, 'EMERGENCY_CONTACT').fill(CANDIDATE.EMERGENCY_CONTACT);

  const languages = await section(page, fr, 'languages');
  await choose(page, languages, fr('candidates.fields.FIRST_LANGUAGE'), fr('registration.spokenLanguage.French'));
  await choose(page, languages, fr('candidates.fields.SECOND_LANGUAGE'), fr('registration.spokenLanguage.English'));

  const formation = await section(page, fr, 'formation');
  await choose(page, formation, fr('candidates.fields.FORMATION_TYPE'), fr('studentFile.formationType.INITIAL'));
  await choose(page, formation, fr('candidates.fields.CYCLE'), first.CYCLE_NAME_FR);
  await choose(page, formation, fr('candidates.fields.FORMATION_FIRST_CHOICE'), specialityOption(first));
  await choose(page, formation, fr('candidates.fields.FORMATION_SECOND_CHOICE'), specialityOption(second));
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // First send: the required fields missing, counted and named in French, in the specification's order.
  const form = page.getByRole('form', { name: fr('candidates.register.formLabel') });
  const send = form.getByRole('button', { name: fr('candidates.register.submit'), exact: true });
  await send.click();
  const missing = LEFT_EMPTY.map((name) => fr(`candidates.fields.${name}`));
  await expect(form.getByRole('alert')).toHaveText(fr('errors.CANDIDATE_FIELDS_MISSING', { count: missing.length, fields: missing.join(', ') }));
  await expect(page).toHaveURL(/\/candidate\/register$/);
  // each section says what it lacks (the empty field is marked under it); nothing typed was lost
  await expect(sectionHeader(page, fr, 'identity')).toContainText(frc('candidates.register.sectionState.wrong', 1));
  await expect(field(page, fr, 'BIRTHPLACE')).toHaveAccessibleDescription(fr('validation.required'));
  await expect(sectionHeader(page, fr, 'university')).toContainText(fr('candidates.register.sectionState.complete'));
  await expect(field(page, fr, 'LASTNAME')).toHaveValue(CANDIDATE.LASTNAME);
  await expect(field(await section(page, fr, 'parents'), fr, 'FATHER_CONTACT')).toHaveValue(CANDIDATE.FATHER_CONTACT);

  // A reload (a dropped connection, a closed tab) keeps it too: the form comes back as typed.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: fr('candidates.register.restored') })).toBeVisible();
  await expect(page.getByRole('radio', { name: startsWith(entrance!.Entrance_Name) })).toBeChecked();
  await expect(field(await section(page, fr, 'identity'), fr, 'FIRSTNAME')).toHaveValue(CANDIDATE.FIRSTNAME);
  await expect(field(await section(page, fr, 'contacts'), fr, 'EMAIL')).toHaveValue(CANDIDATE.EMAIL);
  await expect(field(page, fr, 'PHONE_NUMBER')).toHaveValue(BAD_PHONE);
  await expect((await section(page, fr, 'formation')).getByRole('combobox', { name: exactly(fr('candidates.fields.FORMATION_FIRST_CHOICE')) })).toHaveText(
    specialityOption(first),
  );

  // Second send, the three fields filled: the phone number is refused under its field.
  await field(await section(page, fr, 'identity'), fr, 'BIRTHPLACE').fill(CANDIDATE.BIRTHPLACE);
  await field(await section(page, fr, 'diploma'), fr, 'SCHOOL_OBTENTION').fill(CANDIDATE.SCHOOL_OBTENTION);
  await field(await section(page, fr, 'parents'), fr, 'MOTHER_JOB').fill(CANDIDATE.MOTHER_JOB);
  await send.click();
  await expect(form.getByRole('alert')).toHaveText(fr('errors.VALIDATION_FAILED'));
  const phone = field(await section(page, fr, 'contacts'), fr, 'PHONE_NUMBER');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(fr('validation.phone'));
  await expect(sectionHeader(page, fr, 'contacts')).toContainText(frc('candidates.register.sectionState.wrong', 1));
  await expect(field(page, fr, 'EMAIL')).toHaveValue(CANDIDATE.EMAIL);

  // Third send, the number right: the page asks for the mail's code (decision 65), and says nothing of the address.
  const beforeRegistered = await latestMailIdTo(page.request, CANDIDATE.EMAIL, 'candidate-registered');
  await phone.fill(CANDIDATE.PHONE_NUMBER);
  await send.click();
  const confirm = page.getByRole('form', { name: fr('candidates.register.confirm.formLabel') });
  await expect(confirm.getByRole('status')).toHaveText(fr('candidates.register.confirm.help', { email: CANDIDATE.EMAIL }));
  const registered = await newestMailTo(page.request, CANDIDATE.EMAIL, 'candidate-registered', beforeRegistered);
  const number = candidateNumberOf(registered.subject);
  // mailed in the language the form was sent in
  expect(registered.subject).toBe(mails.candidate.registered.subject.replace('{{number}}', number));
  await expect(page.getByText(number)).toHaveCount(0);
  await expect(page).toHaveURL(/\/candidate\/register$/);

  // A wrong code is refused under the field, which keeps it; the mail's code opens the file.
  const code = registrationCodeOf(registered.text);
  const wrong = `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
  const codeField = confirm.getByRole('textbox', { name: exactly(fr('candidates.register.confirm.code')) });
  const confirmButton = confirm.getByRole('button', { name: fr('candidates.register.confirm.submit'), exact: true });
  await codeField.fill(wrong);
  await confirmButton.click();
  await expect(codeField).toHaveAccessibleDescription(fr('errors.CANDIDATE_CODE_INVALID'));
  await expect(codeField).toHaveValue(wrong);
  await codeField.fill(code);
  await confirmButton.click();
  await expect(page).toHaveURL(/\/candidate\/file$/);
  await expect(page.getByRole('heading', { level: 1, name: fr('candidateFile.title') })).toBeVisible();
  await expect(page.getByLabel(fr('candidateFile.numberLabel', { number }), { exact: true })).toHaveText(number);
  await expect(page.getByText(fr('candidateFile.payment.intro', { amount: formatFcfa(amount) }))).toBeVisible();

  // 2. The file closed on this phone, the candidate asks for a link and opens the file with it.
  await page.getByRole('button', { name: fr('candidateFile.signOut'), exact: true }).click();
  await expect(page).toHaveURL(/\/candidate\/link$/);
  const beforeLink = await latestMailIdTo(page.request, CANDIDATE.EMAIL, 'candidate-link');
  await page.getByRole('textbox', { name: exactly(fr('candidates.fields.EMAIL')) }).fill(CANDIDATE.EMAIL);
  await page.getByRole('button', { name: fr('candidates.link.submit'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: fr('candidates.link.sent') })).toBeVisible();
  const link = candidateLinkOf((await newestMailTo(page.request, CANDIDATE.EMAIL, 'candidate-link', beforeLink)).text);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: fr('candidates.open.title') })).toBeVisible();
  await page.getByRole('button', { name: fr('candidates.open.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/candidate\/file$/);
  await expect(page.getByLabel(fr('candidateFile.numberLabel', { number }), { exact: true })).toHaveText(number);
  await expect(page.getByText(`${CANDIDATE.FIRSTNAME} ${CANDIDATE.LASTNAME}`, { exact: true })).toBeVisible();
  // used once: the same link opens nothing any more
  await page.goto(link);
  await page.getByRole('button', { name: fr('candidates.open.submit'), exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(fr('errors.CANDIDATE_LINK_INVALID'));
  await page.goto('/candidate/file');
  await expect(page.getByLabel(fr('candidateFile.numberLabel', { number }), { exact: true })).toHaveText(number);

  // 3. The fee on MTN Mobile Money: the entrance's fee, the operator's and the total, as the portal writes amounts.
  const pay = page.getByRole('form', { name: fr('candidateFile.payment.formLabel') });
  await pay
    .getByRole('radiogroup', { name: fr('candidateFile.payment.network') })
    .getByRole('radio', { name: network.name, exact: true })
    .check();
  const payingPhone = pay.getByRole('textbox', { name: exactly(fr('candidateFile.payment.phone')) });
  await payingPhone.fill(ORANGE_PHONE);
  await pay.getByRole('button', { name: fr('candidateFile.payment.checkFee'), exact: true }).click();
  const fees = pay.getByRole('region', { name: fr('candidateFile.payment.feesLabel') });
  await expect(fees.getByRole('definition')).toHaveText([formatFcfa(amount), formatFcfa(fee), formatFcfa(total)]);
  await expect(fees.getByRole('term')).toHaveText([fr('candidateFile.payment.amount'), fr('candidateFile.payment.fee'), fr('candidateFile.payment.total')]);
  await expect(fees).toContainText(
    fr('candidateFile.payment.limits', { network: network.name, min: formatFcfa(network.minAmount), max: formatFcfa(network.maxAmount) }),
  );
  // an Orange number on MTN is refused under the field
  const payButton = pay.getByRole('button', { name: fr('candidateFile.payment.pay', { total: formatFcfa(total) }), exact: true });
  await payButton.click();
  await expect(payingPhone).toHaveAccessibleDescription(fr('errors.PHONE_NOT_ON_NETWORK'));
  await payingPhone.fill(PAYING_PHONE);
  await payButton.click();

  // Waiting for the payer, who approves on the sandbox's test phone (a second page of this phone).
  const waiting = page.getByRole('status').filter({ hasText: fr('candidateFile.payment.approve') });
  await expect(waiting).toContainText(formatFcfa(total));
  await expect(waiting.getByRole('progressbar', { name: fr('candidateFile.payment.waitingLabel') })).toBeVisible();
  const [sandbox] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: fr('candidateFile.payment.sandbox') }).click()]);
  await expect(sandbox.getByRole('heading', { level: 1, name: fr('payments.sandbox.title') })).toBeVisible();
  const request = sandbox.getByRole('listitem', {
    name: startsWith(fr('payments.sandbox.collectionLabel', { amount: formatFcfa(total), reference: '\u0000' }).split('\u0000')[0]!),
  });
  await expect(request).toHaveCount(1);
  await request.getByRole('button', { name: fr('payments.sandbox.approve'), exact: true }).click();
  await expect(sandbox.getByText(fr('payments.sandbox.approved'))).toBeVisible();
  await expect(request).toHaveCount(0);
  await sandbox.close();

  // Back on the file, paid (the page asks by itself); the receipt downloads as a PDF.
  const receipt = page.getByRole('link', { name: fr('candidateFile.payment.receipt') });
  await expect(receipt).toBeVisible({ timeout: 20_000 });
  await expect(waiting).toHaveCount(0);
  await expect(page.getByText(startsWith(fr('candidateFile.payment.paidOn', { date: '\u0000' }).split('\u0000')[0]!))).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await newestMailTo(page.request, CANDIDATE.EMAIL, 'payment-receipt');

  // 4. The admissions office (a desktop, in English) finds the candidate among the paid ones and admits them.
  const officeContext = await browser.newContext();
  const office = await officeContext.newPage();
  await prepare(office, 'en');
  await signIn(office, officeContext.request, t, 'admissions', 'BO0004');
  await office.goto('/admissions/candidates');
  await expect(office.getByRole('heading', { level: 1, name: t('admissions.candidates.title') })).toBeVisible();
  await office.getByRole('combobox', { name: startsWith(t('admissions.candidates.filters.paid')) }).click();
  await office.getByRole('option', { name: t('admissions.candidates.filters.paidValues.true'), exact: true }).click();
  await expect(office).toHaveURL(/[?&]paid=true/);
  await office.getByRole('searchbox', { name: t('admissions.candidates.search') }).fill(number);
  await expect(office).toHaveURL(new RegExp(`[?&]search=${number}`));
  const table = office.getByRole('table', { name: t('admissions.candidates.title') });
  const row = table.getByRole('row').filter({ hasText: number });
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the candidate
  await expect(row).toContainText(t('admissions.paid.yes'));
  await expect(row).toContainText(t('admissions.decision.NONE'));
  const name = `${CANDIDATE.LASTNAME} ${CANDIDATE.FIRSTNAME}`;
  await row.getByRole('link', { name, exact: true }).click();
  await expect(office.getByRole('heading', { level: 1, name })).toBeVisible();
  const summary = office.getByRole('region', { name: t('admissions.file.summary') });
  await expect(summary).toContainText(number);
  await expect(summary).toContainText(t('admissions.paid.yes'));
  const beforeDecision = await latestMailIdTo(office.request, CANDIDATE.EMAIL, 'admission-admitted');
  await office.getByRole('combobox', { name: exactly(t('admissions.file.decision.decision')) }).click();
  await office.getByRole('option', { name: t('admissions.decision.ADMITTED'), exact: true }).click();
  await expect(office.getByRole('combobox', { name: exactly(t('admissions.file.decision.speciality')) })).toHaveText(
    `${first.SPECIALITY_DESCRIPTION} (${first.CYCLE_NAME})`,
  );
  await office.getByRole('button', { name: t('admissions.file.decision.save'), exact: true }).click();
  await expect(office.getByText(t('admissions.file.decision.savedMailed'))).toBeVisible();
  await expect(summary).toContainText(t('admissions.decision.ADMITTED'));
  await newestMailTo(office.request, CANDIDATE.EMAIL, 'admission-admitted', beforeDecision);
  await officeContext.close();

  // 5. The candidate, on the phone, reads the decision first in the file, in French.
  await page.reload();
  const decision = page.getByRole('region', { name: fr('candidateFile.decision.label') });
  await expect(decision.getByRole('heading', { level: 2 })).toHaveText(
    fr('candidateFile.decision.ADMITTED_named', { speciality: first.SPECIALITY_DESCRIPTION_FR }),
  );
  await expect(page.getByRole('link', { name: fr('candidateFile.payment.receipt') })).toBeVisible();

  await context.close();
});
