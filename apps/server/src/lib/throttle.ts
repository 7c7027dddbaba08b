import { eq, sql, type SQL } from 'drizzle-orm';
import { loginThrottles, signInLimits } from '../db/schema';
import type { ServiceContext } from './context';
import { AppError } from './errors';
import { rowsOf } from './sql';

/*
 * The limits of signing in and of sending mail (decisions 7 and 23). Every counter is a row
 * updated in one statement (an upsert that reads and writes the row under its lock), so that
 * concurrent requests on any number of instances all count and none slips past a ceiling.
 */

/** Failed sign-ins per client address in 15 minutes; generous, and known devices pass. */
export const IP_FAILURE_LIMIT = 100;
export const IP_WINDOW_SECONDS = 15 * 60;

/** Per subject: from the 5th wrong password in a row, the password is locked 1 minute, doubling up to 1 hour. */
export const PASSWORD_LOCK_AFTER = 5;
const PASSWORD_LOCK_BASE_SECONDS = 60;
const PASSWORD_LOCK_MAX_SECONDS = 3600;

/**
 * Per subject, across sign-in attempts: at most 10 code checks an hour; from the 2nd in a row
 * that did not open a session, a wait before the next: 5 s, doubling up to 5 minutes.
 */
export const CODE_TRIES_PER_HOUR = 10;
export const CODE_WINDOW_SECONDS = 3600;
const CODE_FREE_TRIES = 1;
const CODE_DELAY_BASE_SECONDS = 5;
const CODE_DELAY_MAX_SECONDS = 300;

/** Mails: sign-in codes and confirmation links per subject, per address, and contact messages. */
export const MAIL_LIMITS = {
  /** sign-in codes to one person (or decoys for one identifier) in an hour; known devices are spared */
  codePerSubject: { limit: 10, windowSeconds: 3600 },
  /** code-only requests and resends: one a minute per subject */
  codeSpacing: { limit: 1, windowSeconds: 60 },
  /** confirmation links (or answers to a sign-up) per subject */
  linkSpacing: { limit: 1, windowSeconds: 60 },
  linkPerSubject: { limit: 5, windowSeconds: 3600 },
  /** sign-in and sign-up requests that may send a mail, per client address (known devices pass) */
  perAddress: { limit: 200, windowSeconds: 15 * 60 },
  /** checks of a confirmation link (is it still usable?) per client address */
  linkChecksPerAddress: { limit: 200, windowSeconds: 15 * 60 },
  /** contact messages per person and per address */
  contactPerPerson: { limit: 5, windowSeconds: 3600 },
  contactPerAddress: { limit: 30, windowSeconds: 3600 },
} as const;

export type WindowLimit = { limit: number; windowSeconds: number };

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const plusSeconds = (date: Date, seconds: SQL) => sql`${iso(date)} + make_interval(secs => ${seconds})`;
const secondsUntil = (now: Date, date: Date) => Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 1000));

/**
 * The key sign-in limits count against: the registry person an identifier names, or the
 * identifier itself when it names nobody, so that an unknown identifier is limited (and
 * answered) exactly as a real one.
 */
export function subjectKey(personId: number | null | undefined, identifier: string): string {
  return personId ? `p:${personId}` : `i:${identifier.trim().toUpperCase()}`;
}

// ---------------------------------------------------------------- fixed windows

/**
 * Counts one event under `key` in a fixed window and tells whether it is within the limit;
 * refused events count too (one statement, so concurrent callers all count).
 */
export async function consume(ctx: ServiceContext, key: string, { limit, windowSeconds }: WindowLimit): Promise<{ allowed: boolean; retryAfter: number }> {
  const now = ctx.clock.now();
  const expired = sql`${loginThrottles.windowStart} <= ${iso(new Date(now.getTime() - windowSeconds * 1000))}`;
  const [row] = await ctx.db
    .insert(loginThrottles)
    .values({ key, windowStart: now, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginThrottles.failures} + 1 end`,
        windowStart: sql`case when ${expired} then ${iso(now)} else ${loginThrottles.windowStart} end`,
      },
    })
    .returning({ count: loginThrottles.failures, windowStart: loginThrottles.windowStart });
  const count = row?.count ?? 1;
  const windowEnd = new Date((row?.windowStart ?? now).getTime() + windowSeconds * 1000);
  return { allowed: count <= limit, retryAfter: secondsUntil(now, windowEnd) };
}

/**
 * Counts one event under `inner` and, only when that is within its limit, under `outer` too, in one
 * statement (decision 65): a limit per client address ahead of one everybody shares, so that an
 * address refused again and again spends nothing of what the others share. `outer` is null when the
 * inner limit refused. Rows are taken inner then outer by every caller, so two never wait on each other.
 */
export async function consumeWithin(
  ctx: ServiceContext,
  inner: { key: string; limit: WindowLimit },
  outer: { key: string; limit: WindowLimit },
): Promise<{ inner: { allowed: boolean; retryAfter: number }; outer: { allowed: boolean; retryAfter: number } | null }> {
  const now = ctx.clock.now();
  const counted = (window: WindowLimit) => {
    const expired = sql`login_throttles.window_start <= ${iso(new Date(now.getTime() - window.windowSeconds * 1000))}`;
    return sql`on conflict (key) do update set
      failures = case when ${expired} then 1 else login_throttles.failures + 1 end,
      window_start = case when ${expired} then ${iso(now)} else login_throttles.window_start end
      returning failures, window_start`;
  };
  const result = await ctx.db.execute(sql`
    with inner_count as (
      insert into ${loginThrottles} (key, window_start, failures) values (${inner.key}, ${iso(now)}, 1) ${counted(inner.limit)}
    ), outer_count as (
      insert into ${loginThrottles} (key, window_start, failures)
        select ${outer.key}, ${iso(now)}, 1 where (select failures from inner_count) <= ${inner.limit.limit} ${counted(outer.limit)}
    )
    select i.failures as inner_count, i.window_start as inner_start, o.failures as outer_count, o.window_start as outer_start
      from inner_count i left join outer_count o on true`);
  const [row] = rowsOf<{ inner_count: number; inner_start: Date | string; outer_count: number | null; outer_start: Date | string | null }>(result);
  const verdict = (count: number, start: Date | string, { limit, windowSeconds }: WindowLimit) => ({
    allowed: count <= limit,
    retryAfter: secondsUntil(now, new Date(new Date(start).getTime() + windowSeconds * 1000)),
  });
  return {
    inner: verdict(Number(row!.inner_count), row!.inner_start, inner.limit),
    outer: row!.outer_count === null || row!.outer_start === null ? null : verdict(Number(row!.outer_count), row!.outer_start, outer.limit),
  };
}

/** consume(), throwing `code` (429 with retryAfter) past the limit. */
export async function take(
  ctx: ServiceContext,
  key: string,
  limit: WindowLimit,
  code: 'TOO_MANY_REQUESTS' | 'RESEND_TOO_SOON' | 'MAIL_RATE_LIMITED' = 'MAIL_RATE_LIMITED',
): Promise<void> {
  const { allowed, retryAfter } = await consume(ctx, key, limit);
  if (!allowed) throw new AppError(code, { retryAfter });
}

/**
 * 429 `code` while `key` has reached its limit in the current window, without counting this call:
 * for limits that count only failures (consume() on each failure), read before the work is done.
 */
export async function assertWithinLimit(
  ctx: ServiceContext,
  key: string,
  { limit, windowSeconds }: WindowLimit,
  code: 'TOO_MANY_REQUESTS' = 'TOO_MANY_REQUESTS',
): Promise<void> {
  const [row] = await ctx.db
    .select({ windowStart: loginThrottles.windowStart, count: loginThrottles.failures })
    .from(loginThrottles)
    .where(eq(loginThrottles.key, key));
  if (!row) return;
  const now = ctx.clock.now();
  const windowEnd = new Date(row.windowStart.getTime() + windowSeconds * 1000);
  if (windowEnd > now && row.count >= limit) throw new AppError(code, { retryAfter: secondsUntil(now, windowEnd) });
}

// ---------------------------------------------------------------- per address

/** 429 when the address failed too often in the window; known devices do not ask. */
export async function assertAddressAllowed(ctx: ServiceContext, ip: string): Promise<void> {
  const [row] = await ctx.db
    .select()
    .from(loginThrottles)
    .where(eq(loginThrottles.key, `ip:${ip}`));
  if (!row) return;
  const elapsed = (ctx.clock.now().getTime() - row.windowStart.getTime()) / 1000;
  if (elapsed < IP_WINDOW_SECONDS && row.failures >= IP_FAILURE_LIMIT) {
    throw new AppError('TOO_MANY_REQUESTS', { retryAfter: Math.ceil(IP_WINDOW_SECONDS - elapsed) });
  }
}

export async function recordAddressFailure(ctx: ServiceContext, ip: string): Promise<void> {
  await consume(ctx, `ip:${ip}`, { limit: IP_FAILURE_LIMIT, windowSeconds: IP_WINDOW_SECONDS });
}

// ---------------------------------------------------------------- password lock

/** 429 ACCOUNT_LOCKED while the subject's password is locked. */
export async function assertPasswordNotLocked(ctx: ServiceContext, subject: string): Promise<void> {
  const [row] = await ctx.db.select({ until: signInLimits.passwordLockedUntil }).from(signInLimits).where(eq(signInLimits.key, subject));
  const now = ctx.clock.now();
  if (row?.until && row.until > now) throw new AppError('ACCOUNT_LOCKED', { retryAfter: secondsUntil(now, row.until) });
}

/** Counts a wrong password; from the 5th in a row, locks the password (one statement). Returns the failures in a row. */
export async function recordPasswordFailure(ctx: ServiceContext, subject: string): Promise<number> {
  const now = ctx.clock.now();
  const failures = sql`${signInLimits.passwordFailures} + 1`;
  const lockSeconds = (n: SQL) =>
    sql`least(${PASSWORD_LOCK_BASE_SECONDS} * power(2, greatest(${n} - ${PASSWORD_LOCK_AFTER}, 0)), ${PASSWORD_LOCK_MAX_SECONDS})::double precision`;
  const [row] = await ctx.db
    .insert(signInLimits)
    .values({
      key: subject,
      passwordFailures: 1,
      passwordLockedUntil: PASSWORD_LOCK_AFTER <= 1 ? new Date(now.getTime() + PASSWORD_LOCK_BASE_SECONDS * 1000) : null,
    })
    .onConflictDoUpdate({
      target: signInLimits.key,
      set: {
        passwordFailures: failures,
        passwordLockedUntil: sql`case when ${failures} >= ${PASSWORD_LOCK_AFTER} then ${plusSeconds(now, lockSeconds(failures))} else ${signInLimits.passwordLockedUntil} end`,
      },
    })
    .returning({ failures: signInLimits.passwordFailures });
  return row?.failures ?? 1;
}

export async function resetPasswordFailures(ctx: ServiceContext, subject: string): Promise<void> {
  await ctx.db.update(signInLimits).set({ passwordFailures: 0, passwordLockedUntil: null }).where(eq(signInLimits.key, subject));
}

// ---------------------------------------------------------------- code checks

const codeWindowOver = (now: Date) =>
  sql`(${signInLimits.codeWindowStart} is null or ${signInLimits.codeWindowStart} <= ${iso(new Date(now.getTime() - CODE_WINDOW_SECONDS * 1000))})`;
const codeDelay = (tries: SQL) =>
  sql`(case when ${tries} <= ${CODE_FREE_TRIES} then 0 else least(${CODE_DELAY_BASE_SECONDS} * power(2, ${tries} - ${CODE_FREE_TRIES + 1}), ${CODE_DELAY_MAX_SECONDS}) end)::double precision`;

/** When the subject may next have a code checked, or null when it may now. */
async function codeLockedFor(ctx: ServiceContext, subject: string): Promise<number | null> {
  const now = ctx.clock.now();
  const [row] = await ctx.db.select().from(signInLimits).where(eq(signInLimits.key, subject));
  if (!row?.codeWindowStart) return null;
  const windowEnd = new Date(row.codeWindowStart.getTime() + CODE_WINDOW_SECONDS * 1000);
  if (windowEnd <= now) return null;
  if (row.codeTries >= CODE_TRIES_PER_HOUR) return secondsUntil(now, windowEnd);
  if (row.codeNextAt && row.codeNextAt > now) return secondsUntil(now, row.codeNextAt);
  return null;
}

/** 429 CODE_LOCKED while the subject may not have a code checked (code-only sign-in honours it). */
export async function assertCodeNotLocked(ctx: ServiceContext, subject: string): Promise<void> {
  const retryAfter = await codeLockedFor(ctx, subject);
  if (retryAfter !== null) throw new AppError('CODE_LOCKED', { retryAfter });
}

/**
 * Takes one code check for the subject before the code is compared, in one statement: it is
 * refused (429 CODE_LOCKED) past 10 an hour or before the growing delay is over, so concurrent
 * wrong codes can never pass the ceiling. A right code gives it back (resetCodeTries).
 */
export async function reserveCodeTry(ctx: ServiceContext, subject: string): Promise<void> {
  const now = ctx.clock.now();
  const over = codeWindowOver(now);
  const tries = sql`(case when ${over} then 1 else ${signInLimits.codeTries} + 1 end)`;
  const taken = await ctx.db
    .insert(signInLimits)
    .values({ key: subject, codeTries: 1, codeWindowStart: now, codeNextAt: now })
    .onConflictDoUpdate({
      target: signInLimits.key,
      set: {
        codeTries: tries,
        codeWindowStart: sql`case when ${over} then ${iso(now)} else ${signInLimits.codeWindowStart} end`,
        codeNextAt: plusSeconds(now, codeDelay(tries)),
      },
      setWhere: sql`${over} or (${signInLimits.codeTries} < ${CODE_TRIES_PER_HOUR} and (${signInLimits.codeNextAt} is null or ${signInLimits.codeNextAt} <= ${iso(now)}))`,
    })
    .returning({ tries: signInLimits.codeTries });
  if (taken.length === 0) throw new AppError('CODE_LOCKED', { retryAfter: (await codeLockedFor(ctx, subject)) ?? 1 });
}

export async function resetCodeTries(ctx: ServiceContext, subject: string): Promise<void> {
  await ctx.db.update(signInLimits).set({ codeTries: 0, codeWindowStart: null, codeNextAt: null }).where(eq(signInLimits.key, subject));
}
