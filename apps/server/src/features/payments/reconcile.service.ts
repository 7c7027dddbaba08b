// The reconciliation of payments left pending (decision 43): a callback may never come (lost, the
// provider down, a payer who never answers). Every few minutes the job asks the provider about each
// payment PENDING for more than PAYMENT_RECONCILE_AFTER_SECONDS and settles what it answers; one
// still pending past PAYMENT_EXPIRY_SECONDS is given up (EXPIRED).
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { PAYMENT_EXPIRY_SECONDS, PAYMENT_RECONCILE_AFTER_SECONDS } from '@portal/contract';
import { payments } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import type { Job } from '../../lib/jobs';
import { settlePayment } from './payments.service';
import { paymentProvider } from './providers';

/** Payments asked about in one claim (the job claims again until none is left). */
const BATCH = 50;
/** A payment the job asked about is not asked again for this long (two runs at once, or back to back, share the work). */
const RECHECK_SECONDS = 60;

/** One run: the payments claimed, settled (paid or failed by the provider's answer) and expired. */
export async function reconcilePayments(ctx: ServiceContext): Promise<{ checked: number; settled: number; expired: number }> {
  const provider = paymentProvider(ctx);
  const now = ctx.clock.now();
  const askedBy = new Date(now.getTime() - PAYMENT_RECONCILE_AFTER_SECONDS * 1000);
  const expiredBy = new Date(now.getTime() - PAYMENT_EXPIRY_SECONDS * 1000);
  const recheckedBy = new Date(now.getTime() - RECHECK_SECONDS * 1000);
  const counts = { checked: 0, settled: 0, expired: 0 };
  for (;;) {
    // Claimed under FOR UPDATE SKIP LOCKED and marked checked in the same statement: another run
    // (another instance, a late tick) takes other payments; a settlement under way is skipped.
    const due = ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.status, 'PENDING'), lte(payments.createdAt, askedBy), or(isNull(payments.checkedAt), lte(payments.checkedAt, recheckedBy))))
      .orderBy(asc(payments.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await ctx.db
      .update(payments)
      .set({ checkedAt: now })
      .where(and(inArray(payments.id, due), eq(payments.status, 'PENDING')))
      .returning({ orderNumber: payments.orderNumber, reference: payments.providerTransactionId, createdAt: payments.createdAt });
    if (claimed.length === 0) return counts;
    for (const payment of claimed) {
      counts.checked++;
      let answer: Awaited<ReturnType<typeof provider.status>> = null;
      try {
        answer = await provider.status({ reference: payment.reference, orderNumber: payment.orderNumber });
      } catch (error) {
        ctx.log.warn({ err: error }, 'payment provider unavailable for reconciliation');
      }
      if (answer && answer.status !== 'PENDING') {
        const settled = await settlePayment(ctx, {
          orderNumber: payment.orderNumber,
          status: answer.status === 'SUCCESSFUL' ? 'PAID' : 'FAILED',
          providerReference: answer.reference,
          networkTransactionId: answer.operatorTransactionId,
          statusCode: answer.status,
          statusMessage: answer.reason,
        });
        if (settled.changed) counts.settled++;
      } else if (payment.createdAt <= expiredBy) {
        const expired = await settlePayment(ctx, {
          orderNumber: payment.orderNumber,
          status: 'EXPIRED',
          statusCode: 'EXPIRED',
          statusMessage: answer ? 'No answer from the payer' : 'Unknown to the provider',
        });
        if (expired.changed) counts.expired++;
      }
    }
  }
}

/** The reconciliation job: every 5 minutes on PostgreSQL, every minute on PGlite. */
export const paymentsReconcileJob: Job = { name: 'payments.reconcile', cron: '*/5 * * * *', everyMs: 60_000, handler: reconcilePayments };
