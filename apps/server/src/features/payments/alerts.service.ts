// Provider callbacks refused because they disagree with the payment they name (decision 68): kept in
// the audit log under one action, and listed for the administrators on their payments page.
import { and, desc, eq, sql } from 'drizzle-orm';
import { PAYMENT_CURRENCY, type PaymentAlert, type PaymentCallbackCheck } from '@portal/contract';
import type { Tx } from '../../db/client';
import { auditLog, candidates, payments } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';

/** The audit action of a refused callback. */
export const CALLBACK_REFUSED = 'payment.callback_refused';
/** The alerts the administrators' page lists, newest first. */
const ALERTS_SHOWN = 100;

/** What a callback says of the payment it names. */
export interface ReportedTerms {
  amount: number;
  currency: string;
  reference: string;
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * What a callback gets wrong about a payment: the amount charged (fees included), the currency, and
 * the provider's reference given when the payment was asked. A reference not stored yet (the
 * callback came before the provider's answer to the request was written) cannot be compared.
 */
export function callbackMismatches(payment: PaymentRow, reported: ReportedTerms): PaymentCallbackCheck[] {
  const mismatches: PaymentCallbackCheck[] = [];
  if (reported.amount !== payment.total) mismatches.push('amount');
  if (reported.currency !== PAYMENT_CURRENCY) mismatches.push('currency');
  if (payment.providerTransactionId !== null && reported.reference !== payment.providerTransactionId) mismatches.push('reference');
  return mismatches;
}

/**
 * Records a refused callback for the administrators, once per event: a provider that delivers the
 * same event again (it was answered 409) adds nothing to the list.
 */
export async function recordRefusedCallback(
  tx: Tx,
  input: {
    at: Date;
    payment: PaymentRow;
    event: { provider: string; eventId: string; ip?: string | null };
    mismatches: PaymentCallbackCheck[];
    reported: ReportedTerms;
  },
): Promise<void> {
  const { payment, event } = input;
  const [already] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'payment'),
        eq(auditLog.targetId, payment.id),
        eq(auditLog.action, CALLBACK_REFUSED),
        sql`${auditLog.details}->>'eventId' = ${event.eventId}`,
      ),
    )
    .limit(1);
  if (already) return;
  await audit(tx, {
    at: input.at,
    action: CALLBACK_REFUSED,
    targetType: 'payment',
    targetId: payment.id,
    ip: event.ip ?? null,
    details: {
      provider: event.provider,
      eventId: event.eventId,
      orderNumber: payment.orderNumber,
      mismatches: input.mismatches,
      expected: { amount: payment.total, currency: PAYMENT_CURRENCY, reference: payment.providerTransactionId },
      reported: { amount: input.reported.amount, currency: input.reported.currency, reference: input.reported.reference },
    },
  });
}

interface RefusedDetails {
  provider: string;
  orderNumber: string;
  mismatches: PaymentCallbackCheck[];
  expected: PaymentAlert['expected'];
  reported: PaymentAlert['reported'];
}

/** `GET /payments/alerts`: the refused callbacks, newest first, with where their payment stands now. */
export async function paymentAlerts(ctx: ServiceContext): Promise<PaymentAlert[]> {
  const rows = await ctx.db
    .select({ id: auditLog.id, at: auditLog.at, details: auditLog.details, status: payments.status, candidateNumber: candidates.CANDIDATE_NUMBER })
    .from(auditLog)
    .leftJoin(payments, sql`${payments.id}::text = ${auditLog.targetId}`)
    .leftJoin(candidates, eq(candidates.id, payments.candidateId))
    // (target_type first: the audit log's target index finds the payments' entries)
    .where(and(eq(auditLog.targetType, 'payment'), eq(auditLog.action, CALLBACK_REFUSED)))
    .orderBy(desc(auditLog.id))
    .limit(ALERTS_SHOWN);
  return rows.map((row) => {
    const details = row.details as unknown as RefusedDetails;
    return {
      id: row.id,
      at: row.at.toISOString(),
      provider: details.provider,
      orderNumber: details.orderNumber,
      candidateNumber: row.candidateNumber,
      status: row.status,
      mismatches: details.mismatches,
      expected: details.expected,
      reported: details.reported,
    };
  });
}
