import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { addDays, LESSON_STATUS_COLOURS, mondayOf, type LessonStatus } from '@portal/contract/rules';
import { exactly, translator, type Lang, type T } from '../i18n';
import { prepare, signIn } from '../session';
import { expect, test } from '../portal';

/** PER0001 teaches GSI101 and GSI102 (lectures) in BTS1 GSI/J A, the class of the demo student ST24A001. */
const LECTURER = 'PER0001';
const STUDENT = 'ST24A001';
const CLASS = 'BTS1 GSI/J A';

async function signedIn(browser: Browser, lang: Lang, identifier: string, matricule: string): Promise<{ context: BrowserContext; page: Page; t: T }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await prepare(page, lang);
  const t = translator(lang);
  await signIn(page, context.request, t, identifier, matricule);
  return { context, page, t };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A week ten weeks ahead, far from the demo lessons (six weeks back to four ahead of the seed day,
 * whatever the development clock did in earlier journeys): four lessons of the lecturer, one the
 * next Monday.
 */
const week = mondayOf(addDays(new Date().toISOString().slice(0, 10), 70));
const nextWeek = addDays(week, 7);
const LESSONS = [
  { key: 'monday', day: week, begin: '08:00', end: '09:50', subject: 'GSI101', room: 'E2E1', weekday: 0 },
  { key: 'tuesday', day: addDays(week, 1), begin: '10:10', end: '12:00', subject: 'GSI102', room: 'E2E1', weekday: 1 },
  { key: 'wednesday', day: addDays(week, 2), begin: '13:00', end: '14:50', subject: 'GSI101', room: 'E2E2', weekday: 2 },
  { key: 'thursday', day: addDays(week, 3), begin: '15:10', end: '17:00', subject: 'GSI102', room: 'E2E2', weekday: 3 },
  { key: 'nextMonday', day: nextWeek, begin: '08:00', end: '09:50', subject: 'GSI101', room: 'E2E1', weekday: 0 },
] as const;
type Key = (typeof LESSONS)[number]['key'];
const lesson = (key: Key) => LESSONS.find((l) => l.key === key)!;

/** What the academic office imports: the columns of the contract, separated by semicolons. */
const CSV = [
  'DATE;BEGIN;END;CLASS_CODE;SUBJECT_CODE;PART;LECTURER;ROOM;BUILDING;CAMPUS',
  ...LESSONS.map((l) => `${l.day};${l.begin};${l.end};${CLASS};${l.subject};CM;${LECTURER};${l.room};Bloc E;Logbessou`),
].join('\n');

/** The planning table's checkbox of a lesson of the week. */
const choose = (page: Page, t: T, key: Key) => {
  const l = lesson(key);
  const [head] = t('planning.table.choose', { name: '\u0000' }).split('\u0000');
  return page.getByRole('checkbox', { name: new RegExp(`^${escape(head!)}${l.subject}, .*${l.begin}–${l.end}$`) });
};

/** Decides on the lessons chosen: the selection's button, then the dialog's confirmation. */
async function decide(page: Page, t: T, keys: Key[], decision: 'VALIDATE' | 'REFUSE') {
  for (const key of keys) await choose(page, t, key).check();
  await page.getByRole('button', { name: t(`planning.selection.${decision}`), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: t(`planning.decisions.${decision}`), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t(`planning.notify.${decision}_${keys.length === 1 ? 'one' : 'other'}`, { count: keys.length }))).toBeVisible();
}

/** A lesson's block in the Schedule grid: its label names the times, the subject and the status. */
function block(page: Page, t: T, key: Key, status: LessonStatus): Locator {
  const l = lesson(key);
  return page.getByRole('button', { name: new RegExp(`${l.begin}\\s.*\\s${l.end}\\s?:\\s${l.subject}\\s.*${escape(t(`schedule.status.${status}`))}\\.$`) });
}

/** The block sits in its day's column and wears its status's colour. */
async function expectPlaced(page: Page, t: T, key: Key, status: LessonStatus) {
  const item = block(page, t, key, status);
  await expect(item).toBeVisible();
  const colour = await item.evaluate((node) => getComputedStyle(node).backgroundColor);
  expect(colour.replace(/\s/g, ''), `${key} is drawn in the ${status} colour`).toBe(LESSON_STATUS_COLOURS[status].replace(/\s/g, ''));
  const headers = page.getByRole('table').getByRole('columnheader');
  const column = await headers.nth(1 + lesson(key).weekday).boundingBox();
  const box = await item.boundingBox();
  expect(column && box, key).toBeTruthy();
  const centre = box!.x + box!.width / 2;
  expect(centre, `${key} is in its day's column`).toBeGreaterThan(column!.x);
  expect(centre, `${key} is in its day's column`).toBeLessThan(column!.x + column!.width);
  return box!;
}

/** The lines of an iCalendar file, unfolded (RFC 5545: a line break followed by a space continues the line). */
const icsLines = (text: string) =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split(/\r\n/)
    .filter(Boolean);
/** `YYYYMMDDTHHMMSSZ` of a day and an `HH:MM` university time (UTC+1). */
const utcStamp = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString().replace(/[-:]/g, '').replace('.000', '');

/**
 * The academic office plans a week (and a lesson of the next) for an assigned lecturer by
 * importing a file, validates two lessons, refuses one and bills one into a new billing period;
 * the lecturer sees the four colours in the right places, moves to the next week and subscribes to
 * the calendar feed, whose file parses as iCalendar; a student of that class sees the same lessons.
 */
test('timetable: planned by import, validated, refused and billed; seen by the lecturer in four colours and by a student of the class; the calendar feed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const academic = await signedIn(browser, 'en', 'academic', 'BO0002');
  const { page, t } = academic;
  await page.goto(`/academic/lessons?week=${week}`);
  await expect(page.getByRole('heading', { level: 1, name: t('planning.title') })).toBeVisible();

  // Import: a check first (nothing saved), then the import.
  await page.getByRole('button', { name: t('planning.actions.import') }).click();
  const importDialog = page.getByRole('dialog');
  await importDialog.locator('input[type="file"]').setInputFiles({ name: 'week.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
  await importDialog.getByRole('button', { name: t('planning.import.check'), exact: true }).click();
  await expect(importDialog.getByText(t('planning.import.toCreate', { count: LESSONS.length }))).toBeVisible();
  await importDialog.getByRole('button', { name: t('planning.import.run'), exact: true }).click();
  await expect(importDialog.getByText(t('planning.import.created', { count: LESSONS.length }))).toBeVisible();
  await importDialog.getByRole('button', { name: t('common.close'), exact: true }).click();
  for (const key of ['monday', 'tuesday', 'wednesday', 'thursday'] as const) await expect(choose(page, t, key)).toBeVisible();

  await decide(page, t, ['monday', 'tuesday'], 'VALIDATE');
  await decide(page, t, ['wednesday'], 'REFUSE');

  // A billing period for the week, then Monday's lesson billed in it.
  const periodName = `Week of ${week}`;
  await page.getByRole('button', { name: t('planning.actions.periods') }).click();
  const periods = page.getByRole('dialog');
  await periods.getByLabel(exactly(t('planning.periods.fields.NAME'))).fill(periodName);
  const dmy = (day: string) => day.split('-').reverse().join('/');
  await periods.getByLabel(exactly(t('planning.periods.fields.BEGIN_DATE'))).fill(dmy(week));
  await periods.getByLabel(exactly(t('planning.periods.fields.END_DATE'))).fill(dmy(addDays(week, 6)));
  await periods.getByRole('button', { name: t('planning.periods.create'), exact: true }).click();
  await expect(periods.getByRole('cell', { name: periodName, exact: true })).toBeVisible();
  await periods.getByRole('button', { name: t('common.close'), exact: true }).click();

  await choose(page, t, 'monday').check();
  await page.getByRole('button', { name: t('planning.selection.bill'), exact: true }).click();
  const bill = page.getByRole('dialog');
  await bill.getByLabel(exactly(t('planning.bill.period'))).click();
  await page.getByRole('option', { name: new RegExp(`^${escape(periodName)}`) }).click();
  await bill.getByRole('button', { name: t('planning.bill.submit'), exact: true }).click();
  await expect(page.getByText(t('planning.notify.billed_one', { count: 1 }))).toBeVisible();
  // Billed is final: its checkbox can no longer be chosen.
  await expect(choose(page, t, 'monday')).toBeDisabled();
  await academic.context.close();

  // The lecturer: the four colours, each lesson in its day's column, earlier times higher.
  const lecturer = await signedIn(browser, 'en', LECTURER, LECTURER);
  await lecturer.page.goto(`/schedule?week=${week}`);
  await expect(lecturer.page.getByRole('heading', { level: 1, name: lecturer.t('schedule.title') })).toBeVisible();
  const billed = await expectPlaced(lecturer.page, lecturer.t, 'monday', 'ValidatedAndBilled');
  const validated = await expectPlaced(lecturer.page, lecturer.t, 'tuesday', 'ValidatedButNotBilled');
  const refused = await expectPlaced(lecturer.page, lecturer.t, 'wednesday', 'NotValidated');
  const pending = await expectPlaced(lecturer.page, lecturer.t, 'thursday', 'PendingValidation');
  expect(billed.y).toBeLessThan(validated.y);
  expect(validated.y).toBeLessThan(refused.y);
  expect(refused.y).toBeLessThan(pending.y);
  // The week's hours: planned leaves the refused lesson out (3 lessons of 110 minutes).
  const totals = lecturer.page.getByRole('region', { name: lecturer.t('schedule.totals.title') });
  await expect(totals).toContainText(lecturer.t('schedule.totals.hours', { hours: '5.5' }));

  // The next week: its URL and its lesson.
  await lecturer.page.getByRole('button', { name: lecturer.t('schedule.nextWeek') }).click();
  await expect(lecturer.page).toHaveURL(new RegExp(`week=${nextWeek}`));
  await expectPlaced(lecturer.page, lecturer.t, 'nextMonday', 'PendingValidation');

  // The calendar feed: its address is shown once; the file it serves is iCalendar with these lessons.
  await lecturer.page.getByRole('button', { name: lecturer.t('schedule.feed.create') }).click();
  const address = await lecturer.page.getByLabel(exactly(lecturer.t('schedule.feed.address'))).inputValue();
  expect(address).toMatch(/\/calendar\/[\w-]{43}\.ics$/);
  const feed = await lecturer.context.request.get(address);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const lines = icsLines(await feed.text());
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  expect(lines.filter((line) => line === 'BEGIN:VEVENT').length).toBe(lines.filter((line) => line === 'END:VEVENT').length);
  const starts = lines.filter((line) => line.startsWith('DTSTART'));
  for (const key of ['monday', 'tuesday', 'thursday', 'nextMonday'] as const)
    expect(starts, key).toContain(`DTSTART:${utcStamp(lesson(key).day, lesson(key).begin)}`);
  // A refused lesson is not in anybody's calendar.
  expect(starts).not.toContain(`DTSTART:${utcStamp(lesson('wednesday').day, lesson('wednesday').begin)}`);
  await lecturer.context.close();

  // A student of the class sees the same lessons in the same colours, with the lecturer's name.
  const student = await signedIn(browser, 'fr', STUDENT, STUDENT);
  await student.page.goto(`/schedule?week=${week}`);
  await expect(student.page.getByText(student.t('schedule.yourClass', { name: CLASS }))).toBeVisible();
  await expectPlaced(student.page, student.t, 'monday', 'ValidatedAndBilled');
  await expectPlaced(student.page, student.t, 'tuesday', 'ValidatedButNotBilled');
  await expectPlaced(student.page, student.t, 'wednesday', 'NotValidated');
  await expectPlaced(student.page, student.t, 'thursday', 'PendingValidation');
  await student.context.close();
});
