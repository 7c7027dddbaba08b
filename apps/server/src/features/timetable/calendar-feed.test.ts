import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { universityDayOf, type CalendarFeed, type CalendarFeedState } from '@portal/contract';
import { auditLog, calendarFeeds } from '../../db/schema';
import { hashToken } from '../../lib/crypto';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, ok, outcome, sessionFor, type TestApp } from '../../../test/helpers';
import { personId } from '../academic/academic.fixtures';

import { CALENDAR_FEED_LIMITS } from './calendar-feed.service';
import {
  assign,
  makeClass,
  makeLecturer,
  makeStudent,
  makeSubject,
  moveTo,
  planLesson,
  type FixtureClass,
  type FixturePerson,
  type FixtureSubject,
} from './timetable.fixtures';

// ---------------------------------------------------------------- a small iCalendar reader

interface Ics {
  /** the calendar's own properties */
  calendar: Record<string, string>;
  calendars: number;
  events: Record<string, string>[];
}

/** Reads an iCalendar text as RFC 5545 writes it: CRLF lines, folded lines (a space or a tab after the CRLF) unfolded, components nested, values unescaped. */
function parseIcs(text: string): Ics {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines: string[] = [];
  for (const line of text.slice(0, -2).split('\r\n')) {
    expect(line.length).toBeLessThanOrEqual(75);
    if (/^[ \t]/.test(line) && lines.length) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  const unescape = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
  const result: Ics = { calendar: {}, calendars: 0, events: [] };
  const stack: string[] = [];
  let event: Record<string, string> | null = null;
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0]!;
    const value = line.slice(colon + 1);
    if (name === 'BEGIN') {
      stack.push(value);
      if (value === 'VCALENDAR') result.calendars++;
      if (value === 'VEVENT') event = {};
    } else if (name === 'END') {
      expect(stack.pop()).toBe(value);
      if (value === 'VEVENT') {
        result.events.push(event!);
        event = null;
      }
    } else if (event) event[name] = unescape(value);
    else if (stack.at(-1) === 'VCALENDAR') result.calendar[name] = unescape(value);
  }
  expect(stack).toEqual([]);
  return result;
}

// ---------------------------------------------------------------- fixtures

let t: TestApp;
let klass: FixtureClass;
let otherClass: FixtureClass;
let algo: FixtureSubject;
let networks: FixtureSubject;
let elsewhere: FixtureSubject;
let lecturer: FixturePerson;
let colleague: FixturePerson;
let student: FixturePerson;
const ids = {} as Record<'firstDay' | 'tooEarly' | 'lastDay' | 'tooLate' | 'validated' | 'refused' | 'otherClass' | 'colleague', number>;

const tokenOf = (feed: CalendarFeed) => /\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(feed.url)![1]!;
const fetchFeed = (token: string, ip = '198.51.100.7') => new Client(t.app, ip).get(`/calendar/${token}.ics`);
const uidsOf = (ics: Ics) => ics.events.map((event) => event.UID);
const uid = (id: number) => `lesson-${id}@portal.test`;

beforeAll(async () => {
  t = await createTestApp();
  // Wednesday 12 March 2031, 10:00 in Douala: the feed runs from Monday 10 February to Sunday 14 September.
  moveTo(t, '2031-03-12T09:00:00Z');
  klass = await makeClass(t);
  otherClass = await makeClass(t);
  algo = await makeSubject(t, klass, { name: 'Algorithms', nameFr: 'Algorithmique' });
  networks = await makeSubject(t, klass, { name: 'Networks, wired; and not', nameFr: 'Réseaux' });
  elsewhere = await makeSubject(t, otherClass, { name: 'Databases', nameFr: 'Bases de données' });
  lecturer = await makeLecturer(t, { firstname: 'Ada', lang: 'fr' });
  colleague = await makeLecturer(t, { firstname: 'Blaise' });
  student = await makeStudent(t, { klass });
  await assign(t, lecturer, [
    { subject: algo, part: 'CM' },
    { subject: elsewhere, part: 'TD' },
  ]);
  await assign(t, colleague, [{ subject: networks, part: 'TP' }]);

  ids.firstDay = await planLesson(t, { subject: algo, lecturer, date: '2031-02-10', begin: '08:00', end: '09:50' });
  ids.tooEarly = await planLesson(t, { subject: algo, lecturer, date: '2031-02-09', begin: '08:00', end: '09:50' });
  ids.lastDay = await planLesson(t, { subject: algo, lecturer, date: '2031-09-14', begin: '20:00', end: '21:30', room: null, building: null, campus: null });
  ids.tooLate = await planLesson(t, { subject: algo, lecturer, date: '2031-09-15', begin: '08:00', end: '09:50' });
  ids.validated = await planLesson(t, { subject: algo, lecturer, date: '2031-03-12', begin: '13:00', end: '14:50', status: 'ValidatedButNotBilled' });
  ids.refused = await planLesson(t, { subject: algo, lecturer, date: '2031-03-11', begin: '10:10', end: '12:00', status: 'NotValidated' });
  ids.otherClass = await planLesson(t, { subject: elsewhere, lecturer, date: '2031-03-13', begin: '08:00', end: '09:50', part: 'TD', room: 'C3' });
  ids.colleague = await planLesson(t, {
    subject: networks,
    lecturer: colleague,
    date: '2031-03-14',
    begin: '17:30',
    end: '19:30',
    part: 'TP',
    room: 'Lab 1',
    building: null,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('the calendar feed address', () => {
  it('is made once (201, an absolute address under the public URL, its token stored as a hash only), shown as active since then, audited', async () => {
    const client = await sessionFor(t, lecturer.id);
    expect(ok<CalendarFeedState>(await client.get('/api/lessons/calendar-feed'))).toEqual({ active: false, createdAt: null });
    const res = await client.post('/api/lessons/calendar-feed');
    expect(res.headers['cache-control']).toBe('no-store');
    const feed = ok<CalendarFeed>(res, 201);
    expect(feed.url).toMatch(/^http:\/\/portal\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.createdAt).toBe(t.clock.now().toISOString());
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.personId, lecturer.id));
    expect(row!.tokenHash).toBe(hashToken(tokenOf(feed)));
    expect(row!.tokenHash).not.toContain(tokenOf(feed));
    const state = await client.get('/api/lessons/calendar-feed');
    expect(state.headers['cache-control']).toBe('no-store');
    expect(state.json()).toEqual({ active: true, createdAt: feed.createdAt });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'calendar-feed.created'), eq(auditLog.actorId, lecturer.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ targetType: 'person', targetId: String(lecturer.id), details: { renewed: false } });
    expect(JSON.stringify(audited[0])).not.toContain(tokenOf(feed));
  });

  it("serves the lecturer's lessons from 4 weeks back to 26 ahead as iCalendar: no refused lesson, nobody else's, times in UTC, stable UIDs, words in their language", async () => {
    const feed = ok<CalendarFeed>(await (await sessionFor(t, lecturer.id)).post('/api/lessons/calendar-feed'), 201);
    const res = await fetchFeed(tokenOf(feed));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const ics = parseIcs(res.body);
    expect(ics.calendars).toBe(1);
    expect(ics.calendar).toMatchObject({ VERSION: '2.0', 'X-WR-CALNAME': 'Emploi du temps – Portail universitaire' });
    expect(uidsOf(ics)).toEqual([ids.firstDay, ids.validated, ids.otherClass, ids.lastDay].map(uid));
    expect(uidsOf(ics)).not.toContain(uid(ids.refused));
    expect(uidsOf(ics)).not.toContain(uid(ids.colleague));

    const [first, validated, otherClassLesson, last] = ics.events;
    // 08:00-09:50 in Douala (UTC+1) is 07:00-08:50 UTC; DTSTAMP is the server's clock
    expect(first).toMatchObject({
      DTSTART: '20310210T070000Z',
      DTEND: '20310210T085000Z',
      DTSTAMP: '20310312T090000Z',
      SUMMARY: `${algo.code} CM – Algorithmique`,
      LOCATION: 'salle B12, Building B, Main campus',
    });
    expect(first!.DESCRIPTION).toBe(`Classe\u00a0: ${klass.code}\nStatut\u00a0: En attente de validation`);
    expect(validated).toMatchObject({ DTSTART: '20310312T120000Z', DTEND: '20310312T135000Z' });
    expect(validated!.DESCRIPTION).toContain('Statut\u00a0: Validé mais non facturé');
    expect(otherClassLesson).toMatchObject({ SUMMARY: `${elsewhere.code} TD – Bases de données`, LOCATION: 'salle C3, Building B, Main campus' });
    expect(otherClassLesson!.DESCRIPTION).toContain(`Classe\u00a0: ${otherClass.code}`);
    expect(last).toMatchObject({ DTSTART: '20310914T190000Z', DTEND: '20310914T203000Z' });
    expect(last!.LOCATION).toBeUndefined();
    for (const event of ics.events) expect(event.DTSTART).toMatch(/^\d{8}T\d{6}Z$/);

    // Next week the window moves: the first day falls out, the UIDs of the others stay.
    moveTo(t, '2031-03-17T09:00:00Z');
    const later = parseIcs((await fetchFeed(tokenOf(feed))).body);
    expect(uidsOf(later)).toEqual([ids.validated, ids.otherClass, ids.lastDay, ids.tooLate].map(uid));
  });

  it("serves a student their class's lessons in English, with the lecturer, and never another class's", async () => {
    const feed = ok<CalendarFeed>(await (await sessionFor(t, student.id)).post('/api/lessons/calendar-feed'), 201);
    const ics = parseIcs((await fetchFeed(tokenOf(feed))).body);
    expect(ics.calendar['X-WR-CALNAME']).toBe('Timetable – University Portal');
    expect(uidsOf(ics)).toEqual([ids.validated, ids.colleague, ids.lastDay, ids.tooLate].map(uid));
    const networksLesson = ics.events[1]!;
    expect(networksLesson).toMatchObject({
      SUMMARY: `${networks.code} TP – Networks, wired; and not`,
      LOCATION: 'room Lab 1, Main campus',
      DTSTART: '20310314T163000Z',
      DTEND: '20310314T183000Z',
    });
    expect(networksLesson.DESCRIPTION).toBe(`Class: ${klass.code}\nLecturer: Blaise ${colleague.lastname}\nStatus: Pending validation`);
    // the raw text escapes the comma and the semicolon
    expect((await fetchFeed(tokenOf(feed))).body).toContain('Networks\\, wired\\; and not');
  });

  it('renewing ends the earlier address (404 CALENDAR_FEED_UNKNOWN), the new one works; removing ends it (204), audited', async () => {
    const client = await sessionFor(t, colleague.id);
    const first = ok<CalendarFeed>(await client.post('/api/lessons/calendar-feed'), 201);
    expect((await fetchFeed(tokenOf(first))).statusCode).toBe(200);
    const second = ok<CalendarFeed>(await client.post('/api/lessons/calendar-feed'), 201);
    expect(tokenOf(second)).not.toBe(tokenOf(first));
    const old = await fetchFeed(tokenOf(first));
    expect(outcome(old)).toEqual({ status: 404, code: 'CALENDAR_FEED_UNKNOWN' });
    expect(old.headers['cache-control']).toBe('no-store');
    const renewed = await fetchFeed(tokenOf(second));
    expect(renewed.statusCode).toBe(200);
    expect(uidsOf(parseIcs(renewed.body))).toEqual([uid(ids.colleague)]);

    const removed = await client.request('DELETE', '/api/lessons/calendar-feed');
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(outcome(await fetchFeed(tokenOf(second)))).toEqual({ status: 404, code: 'CALENDAR_FEED_UNKNOWN' });
    expect(ok<CalendarFeedState>(await client.get('/api/lessons/calendar-feed'))).toEqual({ active: false, createdAt: null });
    // removing again: nothing to remove, still 204, not audited twice
    expect((await client.request('DELETE', '/api/lessons/calendar-feed')).statusCode).toBe(204);
    const audited = await t.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, colleague.id), inArray(auditLog.action, ['calendar-feed.created', 'calendar-feed.removed'])))
      .orderBy(auditLog.id);
    expect(audited).toEqual([
      { action: 'calendar-feed.created', details: { renewed: false } },
      { action: 'calendar-feed.created', details: { renewed: true } },
      { action: 'calendar-feed.removed', details: {} },
    ]);
  });

  it('is for lecturers and students only; a malformed address is 400, an unknown one 404', async () => {
    const hr = await sessionFor(t, await personId(t.db, DEMO_ACCOUNTS.hr.matricule));
    expect(outcome(await hr.post('/api/lessons/calendar-feed'))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(outcome(await hr.get('/api/lessons/calendar-feed'))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect((await new Client(t.app).post('/api/lessons/calendar-feed')).statusCode).toBe(401);
    expect(outcome(await new Client(t.app, '198.51.100.9').get('/calendar/short.ics'))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(outcome(await new Client(t.app, '198.51.100.9').get(`/calendar/${'A'.repeat(43)}`))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(outcome(await fetchFeed('A'.repeat(43), '198.51.100.9'))).toEqual({ status: 404, code: 'CALENDAR_FEED_UNKNOWN' });
  });
});

describe('the calendar feed under load', () => {
  it(`answers one feed ${CALENDAR_FEED_LIMITS.perFeed.limit} times an hour, whoever asks, then 429 until the hour is over`, async () => {
    const someone = await makeLecturer(t);
    const feed = ok<CalendarFeed>(await (await sessionFor(t, someone.id)).post('/api/lessons/calendar-feed'), 201);
    for (let i = 0; i < CALENDAR_FEED_LIMITS.perFeed.limit; i++) expect((await fetchFeed(tokenOf(feed), `203.0.113.${i % 200}`)).statusCode).toBe(200);
    const over = await fetchFeed(tokenOf(feed), '203.0.113.250');
    expect(outcome(over)).toEqual({ status: 429, code: 'TOO_MANY_REQUESTS' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advanceSeconds(CALENDAR_FEED_LIMITS.perFeed.windowSeconds);
    expect((await fetchFeed(tokenOf(feed))).statusCode).toBe(200);
  });

  it(`refuses an address after ${CALENDAR_FEED_LIMITS.missesPerAddress.limit} unknown tokens, even with a good one, for the window; other addresses are served`, async () => {
    const someone = await makeLecturer(t);
    const feed = ok<CalendarFeed>(await (await sessionFor(t, someone.id)).post('/api/lessons/calendar-feed'), 201);
    const guesser = '192.0.2.66';
    for (let i = 0; i < CALENDAR_FEED_LIMITS.missesPerAddress.limit; i++) {
      expect(outcome(await fetchFeed(`${String(i).padStart(2, '0')}${'x'.repeat(41)}`, guesser))).toEqual({ status: 404, code: 'CALENDAR_FEED_UNKNOWN' });
    }
    expect(outcome(await fetchFeed('y'.repeat(43), guesser))).toEqual({ status: 429, code: 'TOO_MANY_REQUESTS' });
    expect(outcome(await fetchFeed(tokenOf(feed), guesser))).toEqual({ status: 429, code: 'TOO_MANY_REQUESTS' });
    expect((await fetchFeed(tokenOf(feed), '192.0.2.67')).statusCode).toBe(200);
    t.clock.advanceSeconds(CALENDAR_FEED_LIMITS.missesPerAddress.windowSeconds);
    expect((await fetchFeed(tokenOf(feed), guesser)).statusCode).toBe(200);
  });
});

describe('the calendar feed beside the web app', () => {
  it("is answered by the feed, not by the web app's pages, when the server also serves the web app", async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>web app</title>');
    const withWeb = await createTestApp({ env: { WEB_DIST: webDist } });
    try {
      const someone = await makeLecturer(withWeb);
      await planLesson(withWeb, {
        subject: await makeSubject(withWeb, await makeClass(withWeb), { name: 'Served', nameFr: 'Servi' }),
        lecturer: someone,
        date: universityDayOf(withWeb.clock.now()),
      });
      const feed = ok<CalendarFeed>(await (await sessionFor(withWeb, someone.id)).post('/api/lessons/calendar-feed'), 201);
      const res = await new Client(withWeb.app).get(`/calendar/${tokenOf(feed)}.ics`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(parseIcs(res.body).events).toHaveLength(1);
      const unknown = await new Client(withWeb.app).get(`/calendar/${'B'.repeat(43)}.ics`);
      expect(outcome(unknown)).toEqual({ status: 404, code: 'CALENDAR_FEED_UNKNOWN' });
      // a page of the web app is still the web app
      expect((await new Client(withWeb.app).get('/timetable')).body).toContain('web app');
    } finally {
      await withWeb.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
