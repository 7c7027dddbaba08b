// Receipts of registration fees (decision 43): the PDF mailed when a payment is settled PAID and
// downloaded by the candidate, and its public check. The QR code's address carries a key, a
// truncated HMAC of the receipt number under a key derived from the callback secret, so that
// receipt numbers cannot be enumerated: without the key, a real number is answered exactly as an
// unknown one.
import { createHmac } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { ReceiptCheck } from '@portal/contract';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { candidates, entrances, institutions, paymentNetworks, payments } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { safeEqual } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import { maskPhone } from './payment-view.service';
import { receiptPdf, type ReceiptData } from './receipt-pdf';
import { callbackSecret } from './signature';

/** The receipt key's length in base64url characters (120 bits). */
const KEY_LENGTH = 20;

const verificationSecrets = new WeakMap<Config, Buffer>();
const verificationSecret = (config: Config): Buffer => {
  let secret = verificationSecrets.get(config);
  if (!secret) {
    secret = createHmac('sha256', callbackSecret(config)).update('portal/receipt-verification/v1').digest();
    verificationSecrets.set(config, secret);
  }
  return secret;
};

/** The key of a receipt number, as its QR code carries it (`?k=`). */
export const receiptKey = (config: Config, receiptNumber: string): string =>
  createHmac('sha256', verificationSecret(config)).update(receiptNumber).digest('base64url').slice(0, KEY_LENGTH);

/** The public check's address of a receipt: the web page `/receipts/{number}?k=` (which asks `GET /api/receipts/{number}?k=`). */
export const receiptUrl = (config: Config, receiptNumber: string): string =>
  `${config.publicUrl}/receipts/${encodeURIComponent(receiptNumber)}?k=${receiptKey(config, receiptNumber)}`;

const languageOf = (value: string): Lang => (value === 'fr' ? 'fr' : 'en');

/** A paid payment's receipt, as the PDF shows it; null when the payment is not paid. */
export async function receiptData(exec: Executor, config: Config, paymentId: string): Promise<ReceiptData | null> {
  const [row] = await exec
    .select({
      payment: payments,
      candidate: { number: candidates.CANDIDATE_NUMBER, lastname: candidates.LASTNAME, firstname: candidates.FIRSTNAME, language: candidates.language },
      entrance: entrances.name,
      networkName: paymentNetworks.name,
    })
    .from(payments)
    .innerJoin(candidates, eq(candidates.id, payments.candidateId))
    .innerJoin(entrances, eq(entrances.id, candidates.entranceId))
    .innerJoin(paymentNetworks, eq(paymentNetworks.code, payments.network))
    .where(eq(payments.id, paymentId));
  if (!row || row.payment.status !== 'PAID' || !row.payment.receiptNumber) return null;
  const [institution] = await exec.select({ name: institutions.name, city: institutions.city }).from(institutions).orderBy(asc(institutions.id)).limit(1);
  const { payment } = row;
  const receiptNumber = payment.receiptNumber!;
  return {
    lang: languageOf(row.candidate.language),
    institution: institution ?? { name: '', city: '' },
    receiptNumber,
    paidAt: payment.statusAt ?? payment.createdAt,
    candidateNumber: row.candidate.number,
    candidateName: `${row.candidate.lastname} ${row.candidate.firstname}`,
    entrance: row.entrance,
    amount: payment.amount,
    fees: payment.fees,
    total: payment.total,
    account: maskPhone(payment.accountNumber),
    orderNumber: payment.orderNumber,
    operatorTransactionId: payment.networkTransactionId,
    networkName: row.networkName,
    verifyUrl: receiptUrl(config, receiptNumber),
  };
}

/** `GET /candidate/receipt`: the candidate's own receipt (PDF, in their language); 409 NOT_PAID before they paid. */
export async function candidateReceipt(ctx: ServiceContext, input: { candidateId: number }): Promise<{ filename: string; data: Buffer }> {
  const [paid] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.candidateId, input.candidateId), eq(payments.status, 'PAID')))
    .limit(1);
  const data = paid ? await receiptData(ctx.db, ctx.config, paid.id) : null;
  if (!data) throw new AppError('NOT_PAID');
  return { filename: `receipt-${data.receiptNumber}`, data: await receiptPdf(data) };
}

/**
 * `GET /receipts/{number}?k=`: a receipt's public check. Genuine only when the key matches
 * (compared in constant time): then the candidate number, name, entrance, amount and paid date;
 * otherwise valid:false and nothing else, the same answer for an unknown number.
 */
export async function checkReceipt(ctx: ServiceContext, input: { number: string; k: string | undefined }): Promise<ReceiptCheck> {
  const expected = receiptKey(ctx.config, input.number);
  const keyMatches = safeEqual(input.k ?? '', expected);
  const [row] = await ctx.db
    .select({
      status: payments.status,
      amount: payments.amount,
      paidAt: payments.statusAt,
      number: candidates.CANDIDATE_NUMBER,
      lastname: candidates.LASTNAME,
      firstname: candidates.FIRSTNAME,
      entrance: entrances.name,
    })
    .from(payments)
    .innerJoin(candidates, eq(candidates.id, payments.candidateId))
    .innerJoin(entrances, eq(entrances.id, candidates.entranceId))
    .where(eq(payments.receiptNumber, input.number));
  if (!keyMatches || !row || row.status !== 'PAID') {
    return { valid: false, receiptNumber: input.number, candidateNumber: null, candidateName: null, entrance: null, amount: null, paidAt: null };
  }
  return {
    valid: true,
    receiptNumber: input.number,
    candidateNumber: row.number.toUpperCase(),
    candidateName: `${row.lastname} ${row.firstname}`,
    entrance: row.entrance,
    amount: row.amount,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}
