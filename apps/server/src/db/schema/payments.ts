import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES, type FeeStep } from '@portal/contract/rules';
import { ts, updated, inList } from './columns';
import { candidates } from './candidates';

/* Payments of the registration fee by mobile money (decision 43): networks, payments, callbacks and the sandbox provider. */

/** A mobile-money network candidates pay with (decision 43): limits, phone prefixes and fee schedule, kept by administrators. */
export const paymentNetworks = pgTable('payment_networks', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  minAmount: integer('min_amount').notNull(),
  maxAmount: integer('max_amount').notNull(),
  prefixes: text('prefixes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  feeSchedule: jsonb('fee_schedule').$type<FeeStep[]>().notNull(),
  color: text('color'),
  ussdCode: text('ussd_code'),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  updatedAt: updated(),
});

/**
 * A payment of a candidate's registration fee (the reference system's order transaction): asked of
 * the provider, PENDING until its signed callback (or the reconciliation job) says PAID or FAILED.
 * At most one pending and one paid per candidate (payments_one_pending_uq, payments_one_paid_uq).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    network: text('network')
      .notNull()
      .references(() => paymentNetworks.code),
    /** the paying phone, +237 and its digits */
    accountNumber: text('account_number').notNull(),
    /** our reference, sent to the provider (the receipt's "Transaction ID") */
    orderNumber: text('order_number').notNull().unique(),
    amount: integer('amount').notNull(),
    fees: integer('fees').notNull(),
    total: integer('total').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    /** the provider's id, and the operator's, once known */
    providerTransactionId: text('provider_transaction_id'),
    networkTransactionId: text('network_transaction_id'),
    statusCode: text('status_code'),
    statusMessage: text('status_message'),
    statusAt: ts('status_at'),
    /** the last time the reconciliation job asked the provider */
    checkedAt: ts('checked_at'),
    receiptNumber: text('receipt_number').unique(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payments_one_pending_uq')
      .on(t.candidateId)
      .where(sql`${t.status} = 'PENDING'`),
    uniqueIndex('payments_one_paid_uq')
      .on(t.candidateId)
      .where(sql`${t.status} = 'PAID'`),
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'PENDING'`),
    check('payments_status', inList(t.status, PAYMENT_STATUSES)),
    check('payments_total', sql`${t.total} = ${t.amount} + ${t.fees}`),
  ],
);

/** Every callback a provider sent, by its event id: the same event twice is recorded once and changes nothing. */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    status: text('status').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The local sandbox provider's own book (decision 43): the collections asked of it, as a real
 * aggregator would keep them. Only the sandbox reads and writes it.
 */
export const sandboxCollections = pgTable('sandbox_collections', {
  reference: text('reference').primaryKey(),
  orderNumber: text('order_number').notNull().unique(),
  network: text('network').notNull(),
  phone: text('phone').notNull(),
  amount: integer('amount').notNull(),
  description: text('description').notNull(),
  status: text('status', { enum: ['PENDING', 'SUCCESSFUL', 'FAILED'] }).notNull(),
  operatorReference: text('operator_reference'),
  reason: text('reason'),
  createdAt: ts('created_at').notNull(),
  decidedAt: ts('decided_at'),
  /** when its callback was delivered (null: not yet, or never for a payer who does not answer) */
  notifiedAt: ts('notified_at'),
});
