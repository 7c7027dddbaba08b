import { desc, eq, sql } from 'drizzle-orm';
import type { CandidatePayment } from '@portal/contract';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { paymentNetworks, payments } from '../../db/schema';

type PaymentRow = typeof payments.$inferSelect;

/** A paying phone as it is shown: its calling code, the first two and the last two digits (`+237 67•••••12`). */
export const maskPhone = (phone: string): string => {
  const match = /^(\+\d{3})(\d+)$/.exec(phone);
  if (!match) return phone.replace(/\d(?=\d{2})/g, '•');
  const [, code, digits] = match as unknown as [string, string, string];
  return `${code} ${digits.slice(0, 2)}${'•'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-2)}`;
};

/** A payment as its payer and the office read it. */
export const toCandidatePayment = (row: PaymentRow, networkName: string): CandidatePayment => ({
  id: row.id,
  orderNumber: row.orderNumber,
  network: row.network,
  networkName,
  accountNumber: maskPhone(row.accountNumber),
  amount: row.amount,
  fees: row.fees,
  total: row.total,
  status: row.status,
  statusMessage: row.statusMessage,
  createdAt: row.createdAt.toISOString(),
  statusAt: row.statusAt?.toISOString() ?? null,
  receiptNumber: row.receiptNumber,
});

/**
 * A candidate's payments, newest first: a statement prepared once per database (the candidate's
 * file reads it on every visit, and drizzle's building of its SQL was most of such a read's time).
 */
function buildPaymentsOfCandidate(db: Db) {
  return db
    .select({ payment: payments, networkName: paymentNetworks.name })
    .from(payments)
    .innerJoin(paymentNetworks, eq(paymentNetworks.code, payments.network))
    .where(eq(payments.candidateId, sql.placeholder('candidate')))
    .orderBy(desc(payments.createdAt))
    .prepare('payments_of_candidate');
}
const paymentsOfCandidateStatement = perDatabase(buildPaymentsOfCandidate);

/** A candidate's payments, newest first (read on the database, not in a transaction). */
export async function paymentsOfCandidate(db: Db, candidateId: number): Promise<CandidatePayment[]> {
  const rows = await paymentsOfCandidateStatement(db).execute({ candidate: candidateId });
  return rows.map((row) => toCandidatePayment(row.payment, row.networkName));
}
