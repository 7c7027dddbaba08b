// A candidate's payment of the registration fee (decision 43): asked of the provider, PENDING until
// its signed callback (or the reconciliation job) settles it, and the one function that settles.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  CAMEROON_PHONE_CODE,
  formatFcfa,
  isCameroonMobile,
  phoneOnNetwork,
  V,
  type CandidatePayment,
  type PaymentCallbackCheck,
  type PaymentSettings,
  type PaymentStatus,
} from '@portal/contract';
import type { Tx } from '../../db/client';
import { candidates, entrances, paymentCallbacks, paymentNetworks, payments } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { tr } from '../../lib/i18n';
import { composeMail } from '../../lib/mail';
import { isUniqueViolation } from '../../lib/sql';
import { callbackMismatches, recordRefusedCallback, type ReportedTerms } from './alerts.service';
import { activeNetwork, feeOn } from './networks.service';
import { toCandidatePayment } from './payment-view.service';
import { ProviderUnavailable, type ProviderEvent } from './provider';
import { paymentProvider } from './providers';
import { receiptPdf, type ReceiptData } from './receipt-pdf';
import { receiptData } from './receipts.service';

/** `PAY-20261126-8F3K…`: the day (UTC) and 40 random bits; unique in the table besides. */
const newOrderNumber = (now: Date) => `PAY-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(5).toString('hex').toUpperCase()}`;
/** `RC-20261126-…`: a receipt's number; its public check needs the key of its QR code besides. */
const newReceiptNumber = (now: Date) => `RC-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex').toUpperCase()}`;

/** The name of the constraint a failed query broke, when the driver tells it. */
function constraintOf(error: unknown): string | undefined {
  for (let e = error as { constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.constraint === 'string') return e.constraint;
  }
  return undefined;
}

const withNetworkName = async (ctx: ServiceContext, id: string, candidateId?: number): Promise<CandidatePayment | null> => {
  const [row] = await ctx.db
    .select({ payment: payments, networkName: paymentNetworks.name })
    .from(payments)
    .innerJoin(paymentNetworks, eq(paymentNetworks.code, payments.network))
    .where(and(eq(payments.id, id), candidateId === undefined ? undefined : eq(payments.candidateId, candidateId)));
  return row ? toCandidatePayment(row.payment, row.networkName) : null;
};

/** The payer's phone (`+237` and 9 digits, as PayRequest gives it) on the network's prefixes, or 400 PHONE_NOT_ON_NETWORK. */
function assertPhoneOnNetwork(phone: string, prefixes: readonly string[]): void {
  const national = phone.startsWith(CAMEROON_PHONE_CODE) ? phone.slice(CAMEROON_PHONE_CODE.length) : null;
  if (!national || !isCameroonMobile(national) || !phoneOnNetwork(national, prefixes)) {
    throw new AppError('PHONE_NOT_ON_NETWORK', { fields: { phone: V.invalid } });
  }
}

/**
 * `POST /candidate/payments`: the candidate pays their entrance's fee (never an amount of the
 * client's) from a phone of an active network, plus the network's fee. Already paid: 409
 * ALREADY_PAID; a payment still pending: 409 PAYMENT_PENDING, decided by the partial unique index
 * payments_one_pending_uq when two requests race. The payment is written PENDING, then asked of the
 * provider; a provider that cannot be reached fails it (503 PAYMENT_PROVIDER_UNAVAILABLE).
 */
export async function startPayment(ctx: ServiceContext, input: { candidateId: number; network: string; phone: string }): Promise<CandidatePayment> {
  // The sandbox in production without PAYMENT_SANDBOX_IN_PRODUCTION: no payment is taken at all.
  if (!ctx.config.payments.enabled) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  const network = await activeNetwork(ctx.db, input.network);
  assertPhoneOnNetwork(input.phone, network.prefixes);
  const now = ctx.clock.now();
  const orderNumber = newOrderNumber(now);
  let collect: { description: string; total: number };
  let paymentId: string;
  try {
    ({ paymentId, collect } = await ctx.db.transaction(async (tx) => {
      // FOR SHARE: a settlement of this candidate (which locks the row to mark it paid) is waited
      // for and then seen; two payments asked at once do not wait on each other (the index decides).
      const [candidate] = await tx
        .select({ paid: candidates.HAS_PAID, number: candidates.CANDIDATE_NUMBER, language: candidates.language, fee: entrances.amount })
        .from(candidates)
        .innerJoin(entrances, eq(entrances.id, candidates.entranceId))
        .where(eq(candidates.id, input.candidateId))
        .for('share', { of: candidates });
      if (!candidate) throw new AppError('NOT_FOUND');
      if (candidate.paid) throw new AppError('ALREADY_PAID');
      const fees = feeOn(network, candidate.fee);
      const [pending] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.candidateId, input.candidateId), eq(payments.status, 'PENDING')))
        .limit(1);
      if (pending) throw new AppError('PAYMENT_PENDING');
      const [row] = await tx
        .insert(payments)
        .values({
          candidateId: input.candidateId,
          provider: ctx.config.payments.provider,
          network: network.code,
          accountNumber: input.phone,
          orderNumber,
          amount: candidate.fee,
          fees,
          total: candidate.fee + fees,
          status: 'PENDING',
          createdAt: now,
        })
        .returning({ id: payments.id });
      const lang = candidate.language === 'fr' ? 'fr' : 'en';
      return {
        paymentId: row!.id,
        collect: { description: tr(lang, 'payment.collectDescription', { candidateNumber: candidate.number.toUpperCase() }), total: candidate.fee + fees },
      };
    }));
  } catch (error) {
    if (isUniqueViolation(error) && (constraintOf(error) ?? 'payments_one_pending_uq') === 'payments_one_pending_uq') throw new AppError('PAYMENT_PENDING');
    throw error;
  }

  try {
    const { reference } = await paymentProvider(ctx).collect({
      orderNumber,
      phone: input.phone,
      network: network.code,
      amount: collect.total,
      description: collect.description,
    });
    await ctx.db.update(payments).set({ providerTransactionId: reference }).where(eq(payments.id, paymentId));
  } catch (error) {
    ctx.log.warn({ err: error instanceof ProviderUnavailable ? error.message : error }, 'payment provider unavailable');
    await settlePayment(ctx, { orderNumber, status: 'FAILED', statusCode: 'PROVIDER_UNAVAILABLE', statusMessage: 'The payment provider could not be reached' });
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { retryAfter: 60 });
  }
  return (await withNetworkName(ctx, paymentId))!;
}

/** `GET /candidate/payments/{id}`: one of the candidate's own payments; anyone else's is 404. */
export async function candidatePayment(ctx: ServiceContext, input: { candidateId: number; id: string }): Promise<CandidatePayment> {
  const payment = await withNetworkName(ctx, input.id, input.candidateId);
  if (!payment) throw new AppError('NOT_FOUND');
  return payment;
}

export interface Settlement {
  /** our order number, as the provider returns it */
  orderNumber: string;
  status: Exclude<PaymentStatus, 'PENDING'>;
  /** the provider's reference, when it gives one */
  providerReference?: string | null;
  networkTransactionId?: string | null;
  statusCode?: string | null;
  statusMessage?: string | null;
  /** the provider's callback event that says so (none for the reconciliation job), and the address it came from */
  event?: { provider: string; eventId: string; ip?: string | null };
  /** what the callback says of the payment: compared with it before anything moves (decision 68) */
  reported?: ReportedTerms;
}

/**
 * Settles a payment: the one function the callbacks and the reconciliation job use. Under the
 * candidate's and the payment's row locks (SELECT ... FOR UPDATE, in that order, the order every
 * writer of both takes them in), the callback's event is recorded once (payment_callbacks, ON
 * CONFLICT DO NOTHING: the same event again changes nothing), and only a PENDING payment moves
 * (to PAID, FAILED or EXPIRED). PAID marks the candidate paid (HAS_PAID and paid_at, check
 * candidates_paid), numbers the receipt and queues the receipt mail, its PDF attached, in the
 * candidate's language — all in one transaction, so a repeated or concurrent settlement makes one
 * transition and one mail. A callback whose amount, currency or reference disagrees with the
 * payment moves nothing and spends no event id (the genuine one may still come): it is recorded for
 * the administrators and answered in `refused`. Answers whether this call moved the payment, and
 * where it stands.
 */
export async function settlePayment(
  ctx: ServiceContext,
  input: Settlement,
): Promise<{ changed: boolean; status: PaymentStatus | null; refused?: PaymentCallbackCheck[] }> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [known] = await tx.select({ candidateId: payments.candidateId }).from(payments).where(eq(payments.orderNumber, input.orderNumber));
    if (known) await tx.select({ id: candidates.id }).from(candidates).where(eq(candidates.id, known.candidateId)).for('update');
    const [payment] = known ? await tx.select().from(payments).where(eq(payments.orderNumber, input.orderNumber)).for('update') : [];
    if (payment && input.event && input.reported) {
      const mismatches = callbackMismatches(payment, input.reported);
      if (mismatches.length > 0) {
        await recordRefusedCallback(tx, { at: now, payment, event: input.event, mismatches, reported: input.reported });
        return { changed: false, status: payment.status, mailed: false, refused: mismatches };
      }
    }
    if (input.event) {
      const [recorded] = await tx
        .insert(paymentCallbacks)
        .values({ provider: input.event.provider, eventId: input.event.eventId, paymentId: payment?.id ?? null, status: input.status, receivedAt: now })
        .onConflictDoNothing()
        .returning({ eventId: paymentCallbacks.eventId });
      if (!recorded) return { changed: false, status: payment?.status ?? null, mailed: false };
    }
    if (!payment) return { changed: false, status: null, mailed: false };
    if (payment.status !== 'PENDING') {
      if (input.status === 'PAID' && payment.status !== 'PAID') {
        // The operator took the money after the portal gave the payment up: a refund is the office's, by hand.
        ctx.log.warn({ paymentId: payment.id, status: payment.status }, 'payment reported paid after it was settled otherwise');
      }
      return { changed: false, status: payment.status, mailed: false };
    }
    const paid = input.status === 'PAID';
    await tx
      .update(payments)
      .set({
        status: input.status,
        statusAt: now,
        statusCode: input.statusCode ?? null,
        statusMessage: input.statusMessage ?? null,
        ...(input.providerReference ? { providerTransactionId: input.providerReference } : {}),
        ...(input.networkTransactionId ? { networkTransactionId: input.networkTransactionId } : {}),
        ...(paid ? { receiptNumber: newReceiptNumber(now) } : {}),
      })
      .where(eq(payments.id, payment.id));
    if (!paid) return { changed: true, status: input.status, mailed: false };
    const [candidate] = await tx
      .update(candidates)
      .set({ HAS_PAID: true, paidAt: now, updatedAt: now })
      .where(eq(candidates.id, payment.candidateId))
      .returning({ email: candidates.EMAIL, firstname: candidates.FIRSTNAME, lastname: candidates.LASTNAME });
    const receipt = (await receiptData(tx, ctx.config, payment.id))!;
    await mailReceipt(ctx, tx, { to: candidate!.email, name: `${candidate!.firstname} ${candidate!.lastname}`, receipt });
    return { changed: true, status: input.status, mailed: true };
  });
  if (result.mailed) ctx.mailer.kick();
  return { changed: result.changed, status: result.status, ...('refused' in result ? { refused: result.refused } : {}) };
}

/** The receipt mail, its PDF attached, in the candidate's language. */
async function mailReceipt(ctx: ServiceContext, tx: Tx, input: { to: string; name: string; receipt: ReceiptData }): Promise<void> {
  const { receipt } = input;
  const pdf = await receiptPdf(receipt);
  const mail = composeMail(receipt.lang, {
    to: input.to,
    name: input.name,
    kind: 'payment-receipt',
    key: 'payment.receipt',
    vars: {
      receiptNumber: receipt.receiptNumber,
      candidateNumber: receipt.candidateNumber.toUpperCase(),
      entrance: receipt.entrance,
      amount: formatFcfa(receipt.amount),
      fees: formatFcfa(receipt.fees),
      total: formatFcfa(receipt.total),
      network: receipt.networkName,
      account: receipt.account,
      orderNumber: receipt.orderNumber,
      verifyUrl: receipt.verifyUrl,
    },
  });
  await ctx.mailer.enqueue(tx, { ...mail, attachments: [{ filename: `receipt-${receipt.receiptNumber}.pdf`, contentType: 'application/pdf', content: pdf }] });
}

/**
 * `POST /payments/callback/{provider}`: a provider's callback, its signature verified over the raw
 * body (401 PAYMENT_CALLBACK_INVALID), then settled. Only the configured provider is heard (404
 * for any other name). One that disagrees with its payment is 409 PAYMENT_CALLBACK_MISMATCH: not a
 * 2xx, which would tell the provider it was acted on, and not a 5xx, since no retry will make it agree
 * (decision 68).
 */
export async function receivePaymentCallback(
  ctx: ServiceContext,
  input: { provider: string; rawBody: string; headers: Record<string, string | string[] | undefined>; ip?: string },
): Promise<{ received: true }> {
  const provider = paymentProvider(ctx);
  if (input.provider !== provider.name) throw new AppError('NOT_FOUND');
  const event: ProviderEvent = provider.parseCallback({ rawBody: input.rawBody, headers: input.headers });
  const settled = await settlePayment(ctx, {
    orderNumber: event.orderNumber,
    status: event.status === 'SUCCESSFUL' ? 'PAID' : 'FAILED',
    providerReference: event.reference,
    networkTransactionId: event.operatorTransactionId,
    statusCode: event.status,
    statusMessage: event.reason,
    event: { provider: provider.name, eventId: event.eventId, ip: input.ip ?? null },
    reported: { amount: event.amount, currency: event.currency, reference: event.reference },
  });
  if (settled.refused) {
    // Which order and what differed; never the payer's number.
    ctx.log.warn(
      { provider: provider.name, eventId: event.eventId, orderNumber: event.orderNumber, mismatches: settled.refused },
      'payment callback refused: it disagrees with the payment',
    );
    throw new AppError('PAYMENT_CALLBACK_MISMATCH');
  }
  return { received: true };
}

/** `GET /payments/settings`: the provider, and whether the sandbox's phone page exists. */
export const paymentSettings = (ctx: ServiceContext): PaymentSettings => ({
  provider: ctx.config.payments.provider,
  sandbox: ctx.config.payments.enabled && ctx.config.payments.provider === 'sandbox',
});
