// The admissions office's entrances (issue 14, decision 44): an entrance's name, year, school,
// fee, deadline and exam days, and the specialities it offers (a branch of the catalogue in a
// cycle); closing and reopening registration, the counts per speciality and per day, and the job
// that closes registration once the deadline has passed.
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { universityDayOf, V, type EntranceCounts, type EntranceInput as EntranceInputSchema, type OfficeEntrance } from '@portal/contract';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import { branches, candidates, cycles, entrances, entranceSpecialities } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { publicEntrances, specialitiesOf } from '../candidates/candidates.service';
import type { Job } from '../../lib/jobs';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../lib/sql';

export type EntranceInput = z.output<typeof EntranceInputSchema>;
type EntranceRow = typeof entrances.$inferSelect;

/** The university's UTC offset as PostgreSQL adds it to an instant to get the university day (West Africa Time, no daylight saving). */
const UNIVERSITY_OFFSET = sql.raw(`interval '1 hour'`);

// ---------------------------------------------------------------- reading

/** Entrances as the office reads them, in the order given: public fields, OPEN today, when closed, candidates and paid candidates. */
async function toOfficeEntrances(exec: Executor, rows: readonly EntranceRow[], now: Date): Promise<OfficeEntrance[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const today = universityDayOf(now);
  const [entrancesRead, counted] = await Promise.all([
    publicEntrances(exec, rows, today),
    exec
      .select({ entranceId: candidates.entranceId, n: count(), paid: sql<number>`count(*) filter (where ${candidates.HAS_PAID})`.mapWith(Number) })
      .from(candidates)
      .where(inArray(candidates.entranceId, ids))
      .groupBy(candidates.entranceId),
  ]);
  return rows.map((row, i) => {
    const counts = counted.find((c) => c.entranceId === row.id);
    return {
      ...entrancesRead[i]!,
      closedAt: row.closedAt?.toISOString() ?? null,
      candidates: counts?.n ?? 0,
      paid: counts?.paid ?? 0,
    };
  });
}

async function officeEntrance(exec: Executor, id: number, now: Date): Promise<OfficeEntrance> {
  const [row] = await exec.select().from(entrances).where(eq(entrances.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return (await toOfficeEntrances(exec, [row], now))[0]!;
}

/** `GET /admissions/entrances`: every entrance, the latest deadline first, with its specialities and counts. */
export async function listOfficeEntrances(ctx: ServiceContext): Promise<OfficeEntrance[]> {
  const rows = await ctx.db.select().from(entrances).orderBy(desc(entrances.registrationLimitDate), desc(entrances.id));
  return toOfficeEntrances(ctx.db, rows, ctx.clock.now());
}

// ---------------------------------------------------------------- creating and changing

/**
 * The catalogue's cycles and branches the specialities name: an unknown one is a 400 on its own
 * line (`SPECIALITIES.2.BRANCH_ID`), the same branch twice in a cycle a 400 on the second.
 */
async function checkSpecialities(exec: Executor, specialities: EntranceInput['SPECIALITIES']): Promise<void> {
  const cycleIds = [...new Set(specialities.map((s) => s.CYCLE_ID))];
  const branchIds = [...new Set(specialities.map((s) => s.BRANCH_ID))];
  const [knownCycles, knownBranches] = await Promise.all([
    exec.select({ id: cycles.id }).from(cycles).where(inArray(cycles.id, cycleIds)),
    exec.select({ id: branches.id }).from(branches).where(inArray(branches.id, branchIds)),
  ]);
  const cycleSet = new Set(knownCycles.map((c) => c.id));
  const branchSet = new Set(knownBranches.map((b) => b.id));
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  specialities.forEach((s, i) => {
    if (!cycleSet.has(s.CYCLE_ID)) fields[`SPECIALITIES.${i}.CYCLE_ID`] = V.invalid;
    if (!branchSet.has(s.BRANCH_ID)) fields[`SPECIALITIES.${i}.BRANCH_ID`] = V.invalid;
    const key = `${s.CYCLE_ID}|${s.BRANCH_ID}`;
    if (seen.has(key)) fields[`SPECIALITIES.${i}`] = V.duplicateLine;
    seen.add(key);
  });
  if (Object.keys(fields).length) throw validationError(fields);
}

const entranceValues = (values: EntranceInput) => ({
  name: values.NAME,
  yearName: values.YEAR_NAME,
  schoolName: values.SCHOOL_NAME,
  amount: values.AMOUNT,
  registrationLimitDate: values.REGISTRATION_LIMIT_DATE,
  evaluationBeginDate: values.EVALUATION_BEGIN_DATE,
  evaluationEndDate: values.EVALUATION_END_DATE,
});

async function auditEntrance(tx: Tx, ctx: ServiceContext, acting: Acting, action: string, id: number, details: Record<string, unknown>): Promise<void> {
  await audit(tx, { at: ctx.clock.now(), actorId: acting.actor.id, action, targetType: 'entrance', targetId: id, ip: acting.meta.ip, details });
}

/** `POST /admissions/entrances`: a new entrance, open until its deadline, with its specialities. */
export async function createEntrance(ctx: ServiceContext, input: Acting & { values: EntranceInput }): Promise<OfficeEntrance> {
  const { values } = input;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await checkSpecialities(tx, values.SPECIALITIES);
    const [row] = await tx
      .insert(entrances)
      .values({ ...entranceValues(values), createdAt: now, updatedAt: now })
      .returning();
    await tx.insert(entranceSpecialities).values(values.SPECIALITIES.map((s) => ({ entranceId: row!.id, cycleId: s.CYCLE_ID, branchId: s.BRANCH_ID })));
    await auditEntrance(tx, ctx, input, 'entrance.created', row!.id, {
      name: values.NAME,
      amount: values.AMOUNT,
      registrationLimitDate: values.REGISTRATION_LIMIT_DATE,
      specialities: values.SPECIALITIES.length,
    });
    return officeEntrance(tx, row!.id, now);
  });
}

/** The entrance's row, locked for a change; 404 when there is none. */
async function lockEntrance(tx: Tx, id: number): Promise<EntranceRow> {
  const [row] = await tx.select().from(entrances).where(eq(entrances.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * `PUT /admissions/entrances/{id}`: the entrance's fields, and its specialities replaced by those
 * given. A speciality kept keeps its id (what candidates' choices name); one removed that a
 * candidate chose, or was admitted or waitlisted to, is 409 ENTRANCE_HAS_CANDIDATES, and nothing
 * changes. Whether registration is open is not changed here (close and reopen do it).
 */
export async function changeEntrance(ctx: ServiceContext, input: Acting & { id: number; values: EntranceInput }): Promise<OfficeEntrance> {
  const { values } = input;
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await lockEntrance(tx, input.id);
      await checkSpecialities(tx, values.SPECIALITIES);
      const existing = await tx.select().from(entranceSpecialities).where(eq(entranceSpecialities.entranceId, input.id));
      const wanted = new Set(values.SPECIALITIES.map((s) => `${s.CYCLE_ID}|${s.BRANCH_ID}`));
      const have = new Set(existing.map((s) => `${s.cycleId}|${s.branchId}`));
      const removed = existing.filter((s) => !wanted.has(`${s.cycleId}|${s.branchId}`)).map((s) => s.id);
      const added = values.SPECIALITIES.filter((s) => !have.has(`${s.CYCLE_ID}|${s.BRANCH_ID}`));
      if (removed.length) {
        const [chosen] = await tx
          .select({ id: candidates.id })
          .from(candidates)
          .where(
            and(
              eq(candidates.entranceId, input.id),
              or(inArray(candidates.firstChoiceId, removed), inArray(candidates.secondChoiceId, removed), inArray(candidates.decisionSpecialityId, removed)),
            ),
          )
          .limit(1);
        if (chosen) throw new AppError('ENTRANCE_HAS_CANDIDATES');
        await tx.delete(entranceSpecialities).where(inArray(entranceSpecialities.id, removed));
      }
      if (added.length) await tx.insert(entranceSpecialities).values(added.map((s) => ({ entranceId: input.id, cycleId: s.CYCLE_ID, branchId: s.BRANCH_ID })));
      await tx
        .update(entrances)
        .set({ ...entranceValues(values), updatedAt: now })
        .where(eq(entrances.id, input.id));
      const changed = Object.entries(entranceValues(values))
        .filter(([key, value]) => before[key as keyof EntranceRow] !== value)
        .map(([key]) => key);
      await auditEntrance(tx, ctx, input, 'entrance.changed', input.id, { changed, specialitiesAdded: added.length, specialitiesRemoved: removed.length });
      return officeEntrance(tx, input.id, now);
    });
  } catch (error) {
    // A candidate who chose a removed speciality while this ran: the foreign key refuses the delete.
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('ENTRANCE_HAS_CANDIDATES');
    throw error;
  }
}

/**
 * `POST /admissions/entrances/{id}/close` and `/reopen`. Closing stops registration at once
 * (closing a closed entrance changes nothing); reopening clears the closing, but only while the
 * deadline has not passed (409 ENTRANCE_CLOSED: move the deadline first, then reopen).
 */
export async function setEntranceClosed(ctx: ServiceContext, input: Acting & { id: number; closed: boolean }): Promise<OfficeEntrance> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await lockEntrance(tx, input.id);
    if (input.closed && row.closedAt === null) {
      await tx.update(entrances).set({ closedAt: now, updatedAt: now }).where(eq(entrances.id, row.id));
      await auditEntrance(tx, ctx, input, 'entrance.closed', row.id, { registrationLimitDate: row.registrationLimitDate });
    }
    if (!input.closed && row.closedAt !== null) {
      if (row.registrationLimitDate < universityDayOf(now)) throw new AppError('ENTRANCE_CLOSED');
      await tx.update(entrances).set({ closedAt: null, updatedAt: now }).where(eq(entrances.id, row.id));
      await auditEntrance(tx, ctx, input, 'entrance.reopened', row.id, {
        registrationLimitDate: row.registrationLimitDate,
        closedAt: row.closedAt.toISOString(),
      });
    }
    return officeEntrance(tx, row.id, now);
  });
}

// ---------------------------------------------------------------- counts

/**
 * `GET /admissions/entrances/{id}/counts`: the candidates per speciality of first choice (every
 * speciality the entrance offers, none left out) and per day of registration (university time),
 * each with how many have paid.
 */
export async function entranceCounts(ctx: ServiceContext, input: { id: number }): Promise<EntranceCounts> {
  const [row] = await ctx.db.select({ id: entrances.id }).from(entrances).where(eq(entrances.id, input.id));
  if (!row) throw new AppError('NOT_FOUND');
  const paid = sql<number>`count(*) filter (where ${candidates.HAS_PAID})`.mapWith(Number);
  const day = sql<string>`to_char((${candidates.createdAt} at time zone 'UTC') + ${UNIVERSITY_OFFSET}, 'YYYY-MM-DD')`;
  const [specialities, perSpeciality, perDay] = await Promise.all([
    specialitiesOf(ctx.db, [input.id]),
    ctx.db
      .select({ id: candidates.firstChoiceId, total: count(), paid })
      .from(candidates)
      .where(eq(candidates.entranceId, input.id))
      .groupBy(candidates.firstChoiceId),
    ctx.db.select({ day, total: count(), paid }).from(candidates).where(eq(candidates.entranceId, input.id)).groupBy(day).orderBy(day),
  ]);
  return {
    perSpeciality: (specialities.get(input.id) ?? []).map((s) => {
      const counted = perSpeciality.find((c) => c.id === s.SPECIALITY_ID);
      return {
        SPECIALITY_ID: s.SPECIALITY_ID,
        SPECIALITY_DESCRIPTION: s.SPECIALITY_DESCRIPTION,
        SPECIALITY_DESCRIPTION_FR: s.SPECIALITY_DESCRIPTION_FR,
        CYCLE_NAME: s.CYCLE_NAME,
        total: counted?.total ?? 0,
        paid: counted?.paid ?? 0,
      };
    }),
    perDay: perDay.map((d) => ({ day: d.day, total: d.total, paid: d.paid })),
  };
}

// ---------------------------------------------------------------- the closing job

/** Entrances closed per transaction of the job. */
const CLOSE_BATCH = 200;

/**
 * Closes registration of every open entrance whose last day (registration_limit_date) is before
 * today's university day: closed_at is the run's instant, audited as the system. Safe to run on
 * two instances at once (FOR UPDATE SKIP LOCKED, re-checked under the lock) and again (an entrance
 * closed stays as it is).
 */
export async function closePastDeadlineEntrances(ctx: ServiceContext): Promise<{ closed: number }> {
  const now = ctx.clock.now();
  const today = universityDayOf(now);
  let closed = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: entrances.id, registrationLimitDate: entrances.registrationLimitDate })
        .from(entrances)
        .where(and(isNull(entrances.closedAt), lt(entrances.registrationLimitDate, today)))
        .orderBy(asc(entrances.id))
        .limit(CLOSE_BATCH)
        .for('update', { skipLocked: true });
      if (!due.length) return 0;
      await tx
        .update(entrances)
        .set({ closedAt: now, updatedAt: now })
        .where(
          inArray(
            entrances.id,
            due.map((e) => e.id),
          ),
        );
      for (const entrance of due) {
        await audit(tx, {
          at: now,
          actorId: null,
          action: 'entrance.closed',
          targetType: 'entrance',
          targetId: entrance.id,
          details: { registrationLimitDate: entrance.registrationLimitDate, by: 'deadline' },
        });
      }
      return due.length;
    });
    closed += done;
    if (done < CLOSE_BATCH) return { closed };
  }
}

/** Shortly after midnight, university time (hourly on PGlite): registration closes once its last day has passed. */
export const entrancesClosePastDeadlineJob: Job = {
  name: 'entrances.close-past-deadline',
  cron: '5 0 * * *',
  everyMs: 3_600_000,
  handler: closePastDeadlineEntrances,
};
