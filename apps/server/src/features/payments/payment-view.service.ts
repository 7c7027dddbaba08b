import { desc, eq } from 'drizzle-orm';
import type { CandidatePayment } from '@portal/contract';
import type { Executor } from '../../db/client';
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

/** A candidate's payments, newest first. */
export async function paymentsOfCandidate(exec: Executor, candidateId: number): Promise<CandidatePayment[]> {
  const rows = await exec
    .select({ payment: payments, networkName: paymentNetworks.name })
    .from(payments)
    .innerJoin(paymentNetworks, eq(paymentNetworks.code, payments.network))
    .where(eq(payments.candidateId, candidateId))
    .orderBy(desc(payments.createdAt));
  return rows.map((row) => toCandidatePayment(row.payment, row.networkName));
}
