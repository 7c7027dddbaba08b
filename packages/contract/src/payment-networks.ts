// The mobile-money networks (issue 14, decision 43) as everyone reads them and as administrators
// keep them: limits, phone prefixes and fee steps. A module of its own, without the phone checks
// the payment itself needs, so that the networks' form does not load libphonenumber.
import { z } from 'zod';
import { required, wholeNumber } from './common';
import { isFeeScheduleValid, NETWORK_AMOUNT_MAX, NETWORK_CODE_PATTERN } from './rules/payments';
import { V } from './rules/validation';

export const FeeStep = z.object({
  upTo: wholeNumber(1, NETWORK_AMOUNT_MAX).nullable(),
  fixed: wholeNumber(0, NETWORK_AMOUNT_MAX),
  rateBp: wholeNumber(0, 10_000),
});
export type FeeStep = z.infer<typeof FeeStep>;

/** A network's code as typed: trimmed, upper-cased, `MTN_MOMO`. */
export const networkCode = z.string({ error: V.required }).trim().toUpperCase().regex(NETWORK_CODE_PATTERN, { error: V.networkCode });

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
    prefixes: z
      .array(
        z
          .string()
          .trim()
          .regex(/^\d{1,4}$/, { error: V.invalid }),
      )
      .max(30),
    feeSchedule: z.array(FeeStep).min(1, { error: V.feeSchedule }).max(20),
    color: z
      .preprocess(
        (v) => (v === '' ? null : v),
        z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/, { error: V.invalid })
          .nullable(),
      )
      .optional()
      .transform((v) => v ?? null),
    ussdCode: z
      .preprocess((v) => (v === '' ? null : v), z.string().trim().max(30, { error: V.tooLong }).nullable())
      .optional()
      .transform((v) => v ?? null),
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
