// The mobile-money networks (decision 43): what candidates pay with, kept by administrators
// (`payments.configure`), and the operator's fee of an amount on one of them.
import { and, asc, eq } from 'drizzle-orm';
import { feeFor, V, type FeesAnswer, type FeesRequest, type PaymentNetwork, type PaymentNetworkInput } from '@portal/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { paymentNetworks } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql';

type NetworkRow = typeof paymentNetworks.$inferSelect;
/** A network's values as the schema parsed them. */
export type NetworkValues = z.output<typeof PaymentNetworkInput>;

export const toPaymentNetwork = (row: NetworkRow): PaymentNetwork => ({
  code: row.code,
  name: row.name,
  minAmount: row.minAmount,
  maxAmount: row.maxAmount,
  prefixes: row.prefixes,
  feeSchedule: row.feeSchedule,
  color: row.color,
  ussdCode: row.ussdCode,
  active: row.active,
  position: row.position,
});

/** The networks, in their display order: only the active ones (what candidates are offered), or all (administrators). */
export async function listPaymentNetworks(ctx: ServiceContext, input: { all: boolean }): Promise<PaymentNetwork[]> {
  const rows = await ctx.db
    .select()
    .from(paymentNetworks)
    .where(input.all ? undefined : eq(paymentNetworks.active, true))
    .orderBy(asc(paymentNetworks.position), asc(paymentNetworks.code));
  return rows.map(toPaymentNetwork);
}

/** An active network, or 400 NETWORK_UNAVAILABLE (unknown or switched off alike). */
export async function activeNetwork(exec: Executor, code: string): Promise<NetworkRow> {
  const [row] = await exec
    .select()
    .from(paymentNetworks)
    .where(and(eq(paymentNetworks.code, code), eq(paymentNetworks.active, true)));
  if (!row) throw new AppError('NETWORK_UNAVAILABLE', { fields: { network: V.invalid } });
  return row;
}

/**
 * The operator's fee of an amount on a network: 400 AMOUNT_OUT_OF_RANGE outside the network's
 * limits (its `limit.limit` is the bound crossed: the minimum when below, the maximum when above).
 */
export function feeOn(network: NetworkRow, amount: number): number {
  if (amount < network.minAmount) throw new AppError('AMOUNT_OUT_OF_RANGE', { fields: { amount: V.invalid }, limit: { limit: network.minAmount } });
  if (amount > network.maxAmount) throw new AppError('AMOUNT_OUT_OF_RANGE', { fields: { amount: V.invalid }, limit: { limit: network.maxAmount } });
  const fee = feeFor(network.feeSchedule, amount);
  // A valid schedule ends without an upper bound: no fee is a schedule saved before the check.
  if (fee === null) throw new AppError('AMOUNT_OUT_OF_RANGE', { fields: { amount: V.invalid }, limit: { limit: network.maxAmount } });
  return fee;
}

/** `POST /candidate/get-fees-of-request-to-pay`: the fee, the total the payer is charged, and the network's limits. */
export async function feesOfRequestToPay(ctx: ServiceContext, input: FeesRequest): Promise<FeesAnswer> {
  const network = await activeNetwork(ctx.db, input.network);
  const fee = feeOn(network, input.amount);
  return {
    network: network.code,
    networkName: network.name,
    amount: input.amount,
    fee,
    total: input.amount + fee,
    minAmount: network.minAmount,
    maxAmount: network.maxAmount,
    prefixes: network.prefixes,
    currency: 'XAF',
  };
}

const columns = (values: NetworkValues) => ({
  name: values.name,
  minAmount: values.minAmount,
  maxAmount: values.maxAmount,
  prefixes: [...new Set(values.prefixes)],
  feeSchedule: values.feeSchedule,
  color: values.color,
  ussdCode: values.ussdCode,
  active: values.active,
  position: values.position,
});

/** `POST /payment-networks`: a new network (administrators); a taken code is 409 ALREADY_EXISTS. Audited. */
export async function createPaymentNetwork(ctx: ServiceContext, input: Acting & { values: NetworkValues }): Promise<PaymentNetwork> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(paymentNetworks)
        .values({ code: input.values.code, ...columns(input.values), updatedAt: now })
        .returning();
      await audit(tx, {
        at: now,
        actorId: input.actor.id,
        action: 'payment_network.created',
        targetType: 'payment_network',
        targetId: row!.code,
        ip: input.meta.ip,
        details: { values: columns(input.values) },
      });
      return toPaymentNetwork(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ALREADY_EXISTS', { fields: { code: V.invalid } });
    throw error;
  }
}

/**
 * `PUT /payment-networks/{code}`: a network's values (administrators); its code stays (payments
 * name it), so a body naming another code is 400; an unknown one 404. Audited with what changed.
 */
export async function updatePaymentNetwork(ctx: ServiceContext, input: Acting & { code: string; values: NetworkValues }): Promise<PaymentNetwork> {
  if (input.values.code !== input.code) throw new AppError('VALIDATION_FAILED', { fields: { code: V.invalid } });
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(paymentNetworks).where(eq(paymentNetworks.code, input.code)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const next = columns(input.values);
    const [row] = await tx
      .update(paymentNetworks)
      .set({ ...next, updatedAt: now })
      .where(eq(paymentNetworks.code, input.code))
      .returning();
    const previous = toPaymentNetwork(before) as Record<string, unknown>;
    const changed = Object.fromEntries(
      Object.entries(next)
        .filter(([key, value]) => JSON.stringify(previous[key]) !== JSON.stringify(value))
        .map(([key, value]) => [key, { from: previous[key], to: value }]),
    );
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'payment_network.updated',
      targetType: 'payment_network',
      targetId: input.code,
      ip: input.meta.ip,
      details: { changed },
    });
    return toPaymentNetwork(row!);
  });
}
