// Billing periods and the billing of validated lessons (issue 12, decision 35): a period covers
// days that no other period covers (an exclusion constraint); billing a lesson into a period
// gives it ValidatedAndBilled, final.
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  LESSON_BULK_MAX,
  lessonHoursOf,
  V,
  type BillingPeriod,
  type BillingPeriodInput as BillingPeriodInputSchema,
  type LessonBillingInput as LessonBillingInputSchema,
  type LessonsChanged,
} from '@portal/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { billingPeriods, lessons } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isUniqueViolation, pgErrorCode } from '../../lib/sql';
import { clockOf } from './lesson-rows';

export type BillingPeriodInput = z.output<typeof BillingPeriodInputSchema>;
export type LessonBillingInput = z.output<typeof LessonBillingInputSchema>;

/** The hours of the lessons billed into a period, in SQL (two decimals). */
const billedHours = sql<string>`coalesce(round(sum(extract(epoch from (${lessons.end} - ${lessons.begin}))) / 3600.0, 2), 0)`;

/** Periods with the lessons billed into them (all of them, or one), newest first. */
async function periodsWithCounts(exec: Executor, id?: number): Promise<BillingPeriod[]> {
  const rows = await exec
    .select({
      id: billingPeriods.id,
      name: billingPeriods.name,
      beginDate: billingPeriods.beginDate,
      endDate: billingPeriods.endDate,
      billedLessons: sql<number>`count(${lessons.id})::int`,
      billedHours,
    })
    .from(billingPeriods)
    .leftJoin(lessons, eq(lessons.billingPeriodId, billingPeriods.id))
    .where(id === undefined ? undefined : eq(billingPeriods.id, id))
    .groupBy(billingPeriods.id)
    .orderBy(desc(billingPeriods.beginDate));
  return rows.map((row) => ({ ...row, billedHours: Number(row.billedHours) }));
}

/** `GET /billing-periods`: every period, newest first, with the lessons and hours billed into it. */
export async function listBillingPeriods(ctx: ServiceContext): Promise<BillingPeriod[]> {
  return periodsWithCounts(ctx.db);
}

/**
 * `POST /billing-periods`: a new period. One sharing a day with another is 409
 * BILLING_PERIOD_OVERLAP (the exclusion constraint billing_periods_excl decides, even under
 * concurrent creations); a name taken is 409 ALREADY_EXISTS.
 */
export async function createBillingPeriod(ctx: ServiceContext, input: Acting & { values: BillingPeriodInput }): Promise<BillingPeriod> {
  const { values } = input;
  const now = ctx.clock.now();
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(billingPeriods)
        .values({ name: values.NAME, beginDate: values.BEGIN_DATE, endDate: values.END_DATE, createdAt: now, createdBy: input.actor.id })
        .returning({ id: billingPeriods.id });
      await audit(tx, {
        at: now,
        actorId: input.actor.id,
        action: 'billing-period.created',
        targetType: 'billing-period',
        targetId: row!.id,
        ip: input.meta.ip,
        details: { name: values.NAME, beginDate: values.BEGIN_DATE, endDate: values.END_DATE },
      });
      return row!.id;
    });
    return (await periodsWithCounts(ctx.db, id))[0]!;
  } catch (error) {
    if (pgErrorCode(error) === '23P01') throw new AppError('BILLING_PERIOD_OVERLAP', { fields: { BEGIN_DATE: V.invalid } });
    if (isUniqueViolation(error)) throw new AppError('ALREADY_EXISTS', { fields: { NAME: V.invalid } });
    throw error;
  }
}

/**
 * `POST /lessons/billing`: validated lessons dated within the period billed into it
 * (ValidatedAndBilled, final), under their row locks. Named lessons must all be validated and not
 * billed, and dated within the period: otherwise 409 LESSON_NOT_BILLABLE and nothing is billed
 * (an unknown id is 404). Without ids, every validated lesson of the period.
 */
export async function billLessons(ctx: ServiceContext, input: Acting & { values: LessonBillingInput }): Promise<LessonsChanged> {
  const { values } = input;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // The period's row is locked too: billing into it runs one at a time.
    const [period] = await tx.select().from(billingPeriods).where(eq(billingPeriods.id, values.BILLING_PERIOD_ID)).for('update');
    if (!period) throw new AppError('NOT_FOUND');
    const columns = { id: lessons.id, status: lessons.status, date: lessons.date, begin: lessons.begin, end: lessons.end, lecturerId: lessons.lecturerId };
    let billed: { id: number; status: string; date: string; begin: string; end: string; lecturerId: number }[];
    if (values.LESSON_IDS) {
      const ids = [...new Set(values.LESSON_IDS)];
      billed = await tx.select(columns).from(lessons).where(inArray(lessons.id, ids)).orderBy(asc(lessons.id)).for('update');
      if (billed.length !== ids.length) throw new AppError('NOT_FOUND');
      const billable = (lesson: (typeof billed)[number]) =>
        lesson.status === 'ValidatedButNotBilled' && lesson.date >= period.beginDate && lesson.date <= period.endDate;
      if (!billed.every(billable)) throw new AppError('LESSON_NOT_BILLABLE');
    } else {
      billed = await tx
        .select(columns)
        .from(lessons)
        .where(and(eq(lessons.status, 'ValidatedButNotBilled'), gte(lessons.date, period.beginDate), lte(lessons.date, period.endDate)))
        .orderBy(asc(lessons.id))
        .for('update');
    }
    if (!billed.length) return { changed: 0 };
    await tx
      .update(lessons)
      .set({ status: 'ValidatedAndBilled', billingPeriodId: period.id, billedAt: now, billedBy: input.actor.id, updatedAt: now })
      .where(
        inArray(
          lessons.id,
          billed.map((lesson) => lesson.id),
        ),
      );
    const hours = Math.round(billed.reduce((sum, lesson) => sum + lessonHoursOf(clockOf(lesson.begin), clockOf(lesson.end)), 0) * 100) / 100;
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'lessons.billed',
      targetType: 'billing-period',
      targetId: period.id,
      ip: input.meta.ip,
      // the lessons themselves when they are few enough to read (a whole period may bill thousands)
      details: {
        count: billed.length,
        hours,
        ...(billed.length <= LESSON_BULK_MAX ? { lessonIds: billed.map((lesson) => lesson.id) } : {}),
        lecturerIds: [...new Set(billed.map((lesson) => lesson.lecturerId))].sort((a, b) => a - b),
      },
    });
    return { changed: billed.length };
  });
}
