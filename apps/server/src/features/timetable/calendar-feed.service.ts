// The calendar feed (issue 12, decision 35): a secret address a calendar application subscribes to,
// serving the person's lessons as iCalendar. The token is stored as its SHA-256 only; the address is
// shown once, when made or renewed, and renewing it ends the earlier one.
import { eq, sql } from 'drizzle-orm';
import { createEvents, type EventAttributes } from 'ics';
import { addDays, mondayOf, UNIVERSITY_UTC_OFFSET, universityDayOf, type CalendarFeed, type CalendarFeedState, type Lesson } from '@portal/contract';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { calendarFeeds, persons, settings } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { hashToken, randomToken } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { tr, type Lang } from '../../lib/i18n';
import { languageOf } from '../../lib/person-record';
import { assertWithinLimit, consume, take, type WindowLimit } from '../../lib/throttle';
import { lessonsOf, lessonTitleOf } from './timetable.service';

/** The weeks a feed serves: from the Monday four weeks before the current week to the Sunday 26 weeks after it. */
export const CALENDAR_FEED_WEEKS_BACK = 4;
export const CALENDAR_FEED_WEEKS_AHEAD = 26;

/**
 * The feed's limits (decision 23's counters). A calendar application polls a feed about hourly, and
 * many people behind one address (a campus, a calendar service's fetchers) poll theirs: so a feed is
 * limited per feed, and an address only by its unknown tokens (what guessing would look like).
 */
export const CALENDAR_FEED_LIMITS = {
  /** fetches of one feed, whoever fetches it */
  perFeed: { limit: 60, windowSeconds: 3600 },
  /** unknown or ended tokens asked from one address; past it, every fetch from there is refused for the window */
  missesPerAddress: { limit: 60, windowSeconds: 15 * 60 },
} as const satisfies Record<string, WindowLimit>;

/** The address of a feed (absolute: calendar applications subscribe to it from elsewhere). */
const feedUrl = (ctx: ServiceContext, token: string) => `${ctx.config.publicUrl}/calendar/${token}.ics`;

/** `GET /lessons/calendar-feed`: whether the person has a feed (its address is never shown again). */
export async function calendarFeedState(ctx: ServiceContext, input: { personId: number }): Promise<CalendarFeedState> {
  const [row] = await ctx.db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.personId, input.personId));
  return { active: Boolean(row), createdAt: row ? row.createdAt.toISOString() : null };
}

/** `POST /lessons/calendar-feed`: a new secret address for the person; any earlier one stops working at once. */
export async function createCalendarFeed(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta }): Promise<CalendarFeed> {
  const { actor, meta } = input;
  const token = randomToken();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [earlier] = await tx.select({ personId: calendarFeeds.personId }).from(calendarFeeds).where(eq(calendarFeeds.personId, actor.id)).for('update');
    await tx
      .insert(calendarFeeds)
      .values({ personId: actor.id, tokenHash: hashToken(token), createdAt: now })
      .onConflictDoUpdate({ target: calendarFeeds.personId, set: { tokenHash: hashToken(token), createdAt: now } });
    await audit(tx, {
      at: now,
      actorId: actor.id,
      action: 'calendar-feed.created',
      targetType: 'person',
      targetId: actor.id,
      ip: meta.ip,
      details: { renewed: Boolean(earlier) },
    });
  });
  return { url: feedUrl(ctx, token), createdAt: now.toISOString() };
}

/** `DELETE /lessons/calendar-feed`: the person's feed address stops working (nothing when they had none). */
export async function removeCalendarFeed(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta }): Promise<void> {
  const { actor, meta } = input;
  await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(calendarFeeds).where(eq(calendarFeeds.personId, actor.id)).returning({ personId: calendarFeeds.personId });
    if (removed.length)
      await audit(tx, { at: ctx.clock.now(), actorId: actor.id, action: 'calendar-feed.removed', targetType: 'person', targetId: actor.id, ip: meta.ip });
  });
}

/** Whose feed a token opens: one prepared statement, read on every poll of every subscribed calendar. */
function feedLookup(db: Db) {
  return db
    .select({ id: persons.id, kind: persons.KIND, classId: persons.classId, settings: settings.values })
    .from(calendarFeeds)
    .innerJoin(persons, eq(persons.id, calendarFeeds.personId))
    .leftJoin(settings, eq(settings.personId, persons.id))
    .where(eq(calendarFeeds.tokenHash, sql.placeholder('tokenHash')))
    .prepare('calendar_feed_by_token');
}
const lookupOf = perDatabase(feedLookup);

/** An instant of a lesson (its day and `HH:MM`, university time), as milliseconds since the epoch (UTC). */
const instantOf = (day: string, time: string): number => new Date(`${day}T${time}:00${UNIVERSITY_UTC_OFFSET}`).getTime();

/** A lesson as a calendar event: its place, its class and status (and lecturer, for a student), and a UID that stays with the lesson. */
function eventOf(lesson: Lesson, input: { lang: Lang; host: string; student: boolean; stamp: number }): EventAttributes {
  const { lang } = input;
  const place = [lesson.room ? tr(lang, 'timetable.room', { room: lesson.room }) : null, lesson.building, lesson.campus].filter(Boolean).join(', ');
  const description = [
    tr(lang, 'timetable.feed.class', { class: lesson.class.code }),
    ...(input.student ? [tr(lang, 'timetable.feed.lecturer', { name: `${lesson.lecturer.FIRSTNAME} ${lesson.lecturer.LASTNAME}` })] : []),
    tr(lang, 'timetable.feed.status', { status: tr(lang, `timetable.statuses.${lesson.status}`) }),
  ].join('\n');
  // `timestamp` (DTSTAMP) is read by the package but missing from its types: the injected clock's time, not the machine's.
  return {
    uid: `lesson-${lesson.id}@${input.host}`,
    title: lessonTitleOf(lesson, lang),
    start: instantOf(lesson.date, lesson.begin),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: instantOf(lesson.date, lesson.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    description,
    ...(place ? { location: place } : {}),
    timestamp: input.stamp,
  } as EventAttributes;
}

/**
 * `GET /calendar/{token}.ics`, without signing in: the lessons of the feed's person from
 * CALENDAR_FEED_WEEKS_BACK weeks back to CALENDAR_FEED_WEEKS_AHEAD weeks ahead, refused ones left
 * out, in their language, times in UTC. An unknown or renewed token: 404 CALENDAR_FEED_UNKNOWN.
 */
export async function calendarFeedIcs(ctx: ServiceContext, input: { fileName: string; ip: string }): Promise<string> {
  const missesKey = `calendar-miss-ip:${input.ip}`;
  await assertWithinLimit(ctx, missesKey, CALENDAR_FEED_LIMITS.missesPerAddress);
  const token = input.fileName.replace(/\.ics$/, '');
  const [person] = await lookupOf(ctx.db).execute({ tokenHash: hashToken(token) });
  if (!person) {
    await consume(ctx, missesKey, CALENDAR_FEED_LIMITS.missesPerAddress);
    throw new AppError('CALENDAR_FEED_UNKNOWN');
  }
  await take(ctx, `calendar-feed:${person.id}`, CALENDAR_FEED_LIMITS.perFeed, 'TOO_MANY_REQUESTS');

  const now = ctx.clock.now();
  const monday = mondayOf(universityDayOf(now));
  const from = addDays(monday, -7 * CALENDAR_FEED_WEEKS_BACK);
  const to = addDays(monday, 7 * (CALENDAR_FEED_WEEKS_AHEAD + 1) - 1);
  const lessons = await lessonsOf(ctx, { owner: { id: person.id, kind: person.kind, classId: person.classId }, from, to, refused: false });
  const lang = languageOf(person.settings ?? undefined);
  const host = new URL(ctx.config.publicUrl).hostname;
  const events = lessons.map((lesson) => eventOf(lesson, { lang, host, student: person.kind === 'STUDENT', stamp: now.getTime() }));
  const { error, value } = createEvents(events, {
    productId: `-//${tr('en', 'portal')}//Timetable//${lang.toUpperCase()}`,
    calName: tr(lang, 'timetable.feed.name', { portal: tr(lang, 'portal') }),
  });
  if (error || value === null) throw error ?? new Error('the calendar could not be written');
  return value;
}
