// Paying the registration fee by mobile money (issue 14, decision 43): the networks, the fee of an
// amount (`POST /candidate/get-fees-of-request-to-pay`), a candidate's payment, the provider's
// callback and the public check of a receipt.
import { z } from 'zod';
import { required, wholeNumber } from './common';
import { isFeeScheduleValid, NETWORK_AMOUNT_MAX, NETWORK_CODE_PATTERN } from './rules/payments';
import { V } from './rules/validation';
import { contactPhone } from './students';

export const FeeStep = z.object({
  upTo: wholeNumber(1, NETWORK_AMOUNT_MAX).nullable(),
  fixed: wholeNumber(0, NETWORK_AMOUNT_MAX),
  rateBp: wholeNumber(0, 10_000),
});
export type FeeStep = z.infer<typeof FeeStep>;

const networkCode = z.string({ error: V.required }).trim().toUpperCase().regex(NETWORK_CODE_PATTERN, { error: V.networkCode });

/** A mobile-money network as everyone reads it (`GET /payment-networks`: the active ones). */
export const PaymentNetwork = z.object({
  code: z.string(),
  name: z.string(),
  /** the smallest and largest amount it carries, FCFA */
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  /** the national number prefixes of its phones (`67`, `650` ...) */
  prefixes: z.array(z.string()),
  feeSchedule: z.array(FeeStep),
  /** a colour to show it by (`#ffcc00`) */
  color: z.string().nullable(),
  /** how the payer approves on their phone (a USSD code), shown while waiting */
  ussdCode: z.string().nullable(),
  active: z.boolean(),
  position: z.number().int(),
});
export type PaymentNetwork = z.infer<typeof PaymentNetwork>;

/** `POST /payment-networks` and `PUT /payment-networks/{code}` (administrators). */
export const PaymentNetworkInput = z
  .object({
    code: networkCode,
    name: required(60),
    minAmount: wholeNumber(1, NETWORK_AMOUNT_MAX),
    maxAmount: wholeNumber(1, NETWORK_AMOUNT_MAX),
    prefixes: z.array(z.string().trim().regex(/^\d{1,4}$/, { error: V.invalid })).max(30),
    feeSchedule: z.array(FeeStep).min(1, { error: V.feeSchedule }).max(20),
    color: z.preprocess((v) => (v === '' ? null : v), z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: V.invalid }).nullable()).optional().transform((v) => v ?? null),
    ussdCode: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(30, { error: V.tooLong }).nullable()).optional().transform((v) => v ?? null),
    active: z.boolean(),
    position: wholeNumber(0, 1000),
  })
  .superRefine((v, ctx) => {
    if (v.maxAmount < v.minAmount) ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: V.amountRange });
    if (!isFeeScheduleValid(v.feeSchedule)) ctx.addIssue({ code: 'custom', path: ['feeSchedule'], message: V.feeSchedule });
  });
export type PaymentNetworkInput = z.input<typeof PaymentNetworkInput>;

export const NetworkParams = z.object({ code: networkCode });
export type NetworkParams = z.infer<typeof NetworkParams>;

/** `POST /candidate/get-fees-of-request-to-pay`: a network and an amount (FCFA). Anyone may ask. */
export const FeesRequest = z.object({
  network: networkCode,
  amount: wholeNumber(1, NETWORK_AMOUNT_MAX),
});
export type FeesRequest = z.infer<typeof FeesRequest>;

/** The fee answer: the operator's fee, the total the payer's account is charged, and the network's limits. */
export const FeesAnswer = z.object({
  network: z.string(),
  networkName: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  total: z.number().int(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  prefixes: z.array(z.string()),
  currency: z.literal('XAF'),
});
export type FeesAnswer = z.infer<typeof FeesAnswer>;

/**
 * `POST /candidate/payments`: pay one's registration fee from a phone on a network. The amount is
 * the entrance's fee (never the client's); the phone must be on the network (PHONE_NOT_ON_NETWORK).
 * Answers the payment, PENDING until the payer approves on the phone.
 */
export const PayRequest = z.object({
  network: networkCode,
  phone: contactPhone.refine((v) => v !== null, { error: V.required }),
});
export type PayRequest = z.input<typeof PayRequest>;

export const PaymentParams = z.object({ id: z.uuid({ error: V.invalid }) });
export type PaymentParams = z.infer<typeof PaymentParams>;

/** `GET /receipts/{number}?k=`: a receipt's public check (the QR code's address carries `k`). */
export const ReceiptParams = z.object({ number: z.string().trim().min(4).max(40) });
export const ReceiptQuery = z.object({ k: z.string().trim().max(100).optional() });
export const ReceiptCheck = z.object({
  valid: z.boolean(),
  receiptNumber: z.string(),
  /** shown only when the receipt is genuine */
  candidateNumber: z.string().nullable(),
  candidateName: z.string().nullable(),
  entrance: z.string().nullable(),
  amount: z.number().int().nullable(),
  paidAt: z.string().nullable(),
});
export type ReceiptCheck = z.infer<typeof ReceiptCheck>;

/** What the payment settings tell the web app: the provider, and whether its sandbox phone page exists. */
export const PaymentSettings = z.object({ provider: z.string(), sandbox: z.boolean() });
export type PaymentSettings = z.infer<typeof PaymentSettings>;

/** The sandbox's phone (development only): a collection waiting for its payer's answer. */
export const SandboxCollection = z.object({
  reference: z.string(),
  phone: z.string(),
  network: z.string(),
  amount: z.number().int(),
  description: z.string(),
  status: z.enum(['PENDING', 'SUCCESSFUL', 'FAILED']),
  createdAt: z.string(),
});
export type SandboxCollection = z.infer<typeof SandboxCollection>;
