import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { REQUEST_ATTACHMENT_DRAFT_DAYS, REQUEST_SIGNATURE_DAYS, signatureDeadlineOf, signatureReminderOf, universityMoment } from '@portal/contract';
import type { Tx } from '../../db/client';
import { files, requests, requestSteps, requestUnits } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import type { Job } from '../../lib/jobs';
import { mailPerson } from '../../lib/mail';
import { deleteStoredFile, fileTransaction } from '../../lib/uploads';

/** Rows taken per transaction: short transactions, short locks. */
const BATCH = 20;
const DAY_MS = 86_400_000;
/** The purpose of an attachment uploaded before its request is filed (POST /requests/attachments). */
export const REQUEST_ATTACHMENT_PURPOSE = 'REQUEST_ATTACHMENT';

/**
 * A request still waiting for its signature: written as the partial index `requests_unsigned_idx`
 * (migration 0010) says it, literally, so that the planner reads that index.
 */
const unsigned = sql`${requests.REQUEST_STATUS} = 'REGISTERED' and ${requests.signedAt} is null`;

/** How long after `now` a rule of the contract puts its instant (the rules add a fixed span to the filing). */
const spanOf = (rule: (filedAt: Date) => Date, now: Date): number => rule(now).getTime() - now.getTime();

type Taken = { id: number; reference: string; title: string; authorId: number; unitId: number | null; filedAt: Date };
const takenColumns = {
  id: requests.id,
  reference: requests.REQUEST_ID,
  title: requests.REQUEST_OBJECT,
  authorId: requests.REQUEST_AUTHOR,
  unitId: requests.REQUEST_UNITY_ID,
  filedAt: requests.filedAt,
};

/** Mails the author of a request, in their language, about its signature (`key`: requestReminder or requestExpired). */
async function mailAuthor(ctx: ServiceContext, tx: Tx, request: Taken, mail: { key: 'requestReminder' | 'requestExpired'; kind: string }): Promise<boolean> {
  const [unit] =
    request.unitId === null
      ? []
      : await tx.select({ name: requestUnits.name, nameFr: requestUnits.nameFr }).from(requestUnits).where(eq(requestUnits.id, request.unitId));
  const deadline = universityMoment(signatureDeadlineOf(request.filedAt));
  return mailPerson(ctx.mailer, tx, {
    personId: request.authorId,
    kind: mail.kind,
    key: mail.key,
    vars: (lang) => ({
      reference: request.reference,
      title: request.title,
      date: deadline.day,
      time: deadline.time,
      unit: (lang === 'fr' ? unit?.nameFr : unit?.name) ?? '',
      days: REQUEST_SIGNATURE_DAYS,
      link: `${ctx.config.publicUrl}/requests/${request.id}`,
    }),
  });
}

/**
 * Runs `batch` (one transaction taking at most BATCH rows) until a batch takes fewer rows: what
 * another instance holds locked is skipped by SKIP LOCKED, so the loop ends. Answers how many rows
 * the batches changed and whether a mail was written.
 */
async function inBatches(step: () => Promise<{ taken: number; changed: number; mailed: boolean }>): Promise<{ changed: number; mailed: boolean }> {
  let changed = 0;
  let mailed = false;
  for (;;) {
    const batch = await step();
    changed += batch.changed;
    mailed ||= batch.mailed;
    if (batch.taken < BATCH || batch.changed === 0) return { changed, mailed };
  }
}

/** The requests still registered and unsigned at or past their deadline: REJECTED, back with the lecturer, an EXPIRED step, an audit entry, a mail. */
async function expireUnsigned(ctx: ServiceContext, now: Date) {
  const filedBy = new Date(now.getTime() - spanOf(signatureDeadlineOf, now));
  const due = and(unsigned, lte(requests.filedAt, filedBy));
  return inBatches(() =>
    ctx.db.transaction(async (tx) => {
      const taken = await tx
        .select(takenColumns)
        .from(requests)
        .where(due)
        .orderBy(asc(requests.filedAt), asc(requests.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let changed = 0;
      let mailed = false;
      for (const request of taken) {
        // Under the lock, in a statement of its own: the request is still unsigned and due.
        const [expired] = await tx
          .update(requests)
          .set({ REQUEST_STATUS: 'REJECTED', REQUEST_UNITY_ID: null, updatedAt: now })
          .where(and(eq(requests.id, request.id), due))
          .returning({ id: requests.id });
        if (!expired) continue;
        changed++;
        await tx.insert(requestSteps).values({ requestId: request.id, kind: 'EXPIRED', unitId: request.unitId, status: 'REJECTED', at: now, by: null });
        await audit(tx, {
          at: now,
          actorId: null,
          action: 'request.expired',
          targetType: 'request',
          targetId: request.id,
          details: { reference: request.reference, deadline: signatureDeadlineOf(request.filedAt).toISOString() },
        });
        mailed = (await mailAuthor(ctx, tx, request, { key: 'requestExpired', kind: 'request-expired' })) || mailed;
      }
      return { taken: taken.length, changed, mailed };
    }),
  );
}

/** The requests unsigned REQUEST_REMINDER_DAYS after filing and not yet past their deadline: their author is reminded, once. */
async function remindUnsigned(ctx: ServiceContext, now: Date) {
  const filedBy = new Date(now.getTime() - spanOf(signatureReminderOf, now));
  const filedAfter = new Date(now.getTime() - spanOf(signatureDeadlineOf, now));
  const due = and(unsigned, isNull(requests.remindedAt), lte(requests.filedAt, filedBy), gt(requests.filedAt, filedAfter));
  return inBatches(() =>
    ctx.db.transaction(async (tx) => {
      const taken = await tx
        .select(takenColumns)
        .from(requests)
        .where(due)
        .orderBy(asc(requests.filedAt), asc(requests.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let changed = 0;
      let mailed = false;
      for (const request of taken) {
        const [reminded] = await tx
          .update(requests)
          .set({ remindedAt: now })
          .where(and(eq(requests.id, request.id), due))
          .returning({ id: requests.id });
        if (!reminded) continue;
        changed++;
        mailed = (await mailAuthor(ctx, tx, request, { key: 'requestReminder', kind: 'request-reminder' })) || mailed;
      }
      return { taken: taken.length, changed, mailed };
    }),
  );
}

/** Attachments uploaded for a request that was never filed, older than REQUEST_ATTACHMENT_DRAFT_DAYS: the row and the stored object go. */
async function deleteDraftAttachments(ctx: ServiceContext, now: Date): Promise<number> {
  const createdBy = new Date(now.getTime() - REQUEST_ATTACHMENT_DRAFT_DAYS * DAY_MS);
  const { changed } = await inBatches(() =>
    fileTransaction(ctx, async (tx) => {
      const taken = await tx
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            eq(files.purpose, REQUEST_ATTACHMENT_PURPOSE),
            lte(files.createdAt, createdBy),
            sql`not exists (select 1 from ${requests} where ${requests.REQUEST_FILE} = ${files.id})`,
          ),
        )
        .orderBy(asc(files.createdAt), asc(files.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let changed = 0;
      for (const file of taken) {
        // Under the lock, in a statement of its own: a request filed meanwhile may name it now.
        const [named] = await tx.select({ id: requests.id }).from(requests).where(eq(requests.REQUEST_FILE, file.id)).limit(1);
        if (named) continue;
        if (await deleteStoredFile(ctx, tx, file.id)) changed++;
      }
      return { taken: taken.length, changed, mailed: false };
    }),
  );
  return changed;
}

/**
 * The requests' deadlines (decision 32), read from `ctx.clock`: reminds the authors of requests
 * still unsigned REQUEST_REMINDER_DAYS × 24 h after filing (once), rejects those still unsigned
 * REQUEST_SIGNATURE_DAYS × 24 h after filing (EXPIRED), and deletes draft attachments never filed.
 * Safe to run on two instances at once: each request is taken by one of them (FOR UPDATE SKIP
 * LOCKED) and checked again under its lock.
 */
export async function runRequestDeadlines(ctx: ServiceContext): Promise<{ reminded: number; expired: number; draftsDeleted: number }> {
  const now = ctx.clock.now();
  const expired = await expireUnsigned(ctx, now);
  const reminded = await remindUnsigned(ctx, now);
  const draftsDeleted = await deleteDraftAttachments(ctx, now);
  if (expired.mailed || reminded.mailed) ctx.mailer.kick();
  return { reminded: reminded.changed, expired: expired.changed, draftsDeleted };
}

/** The job of the 7-day rule: every 10 minutes. */
export const requestDeadlinesJob: Job = { name: 'request-deadlines', cron: '*/10 * * * *', everyMs: 600_000, handler: runRequestDeadlines };
