// Paying the registration fee by mobile money (issue 14, decision 43): the networks, the fee of an
// amount (`POST /candidate/get-fees-of-request-to-pay`), a candidate's payment, the provider's
// callback and the public check of a receipt.
import { z } from 'zod';
import { wholeNumber } from './common';
import { networkCode } from './payment-networks';
import { NETWORK_AMOUNT_MAX, PAYMENT_CALLBACK_CHECKS, PAYMENT_STATUSES } from './rules/payments';
import { V } from './rules/validation';
import { contactPhone } from './students';

export { FeeStep, NetworkParams, PaymentNetwork, PaymentNetworkInput } from './payment-networks';

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

/** `GET /sandbox/collections?phone=`: the sandbox phone's number (as a contact phone is typed). */
export const SandboxQuery = z.object({ phone: PayRequest.shape.phone });
export type SandboxQuery = z.input<typeof SandboxQuery>;

/** `POST /sandbox/collections/{reference}/approve | refuse`. */
export const SandboxParams = z.object({
  reference: z
    .string()
    .trim()
    .regex(/^SBX-[A-Z0-9]{6,40}$/, { error: V.invalid }),
});
export type SandboxParams = z.infer<typeof SandboxParams>;

/**
 * What the sandbox's phone does by itself, by the last two digits of the paying number (decision
 * 43), for tests and the demo: `99` refuses at once (insufficient funds), `98` never answers (the
 * reconciliation job expires the payment), `97` approves at once but its callback is lost (the
 * reconciliation job finds it paid), `96` makes the provider unavailable (503). Any other number
 * waits for its payer on the sandbox phone page.
 */
export const SANDBOX_PHONE_ENDINGS = { refusedAtOnce: '99', neverAnswers: '98', callbackLost: '97', providerDown: '96' } as const;

/** `POST /payments/callback/{provider}`: the provider's name (decision 43). */
export const CallbackParams = z.object({ provider: z.string().trim().min(1).max(30) });
export type CallbackParams = z.infer<typeof CallbackParams>;

/** What a provider's callback is answered once verified and recorded (the same event twice is answered alike). */
export const PaymentCallbackAnswer = z.object({ received: z.literal(true) });
export type PaymentCallbackAnswer = z.infer<typeof PaymentCallbackAnswer>;

/** What a callback said, or what the payment it named holds: the amount charged (fees included), the currency, the provider's reference. */
const CallbackTerms = z.object({ amount: z.number().int(), currency: z.string(), reference: z.string().nullable() });

/**
 * `GET /payments/alerts` (administrators): a provider's signed callback that disagreed with the
 * payment it named and was refused (decision 68), newest first. `expected` is the payment's (its
 * reference null when the provider's was not stored yet), `reported` the callback's; the payment's
 * status is where it stands now.
 */
export const PaymentAlert = z.object({
  id: z.number().int(),
  at: z.string(),
  provider: z.string(),
  orderNumber: z.string(),
  candidateNumber: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES).nullable(),
  mismatches: z.array(z.enum(PAYMENT_CALLBACK_CHECKS)),
  expected: CallbackTerms,
  reported: CallbackTerms,
});
export type PaymentAlert = z.infer<typeof PaymentAlert>;
