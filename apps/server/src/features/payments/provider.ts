// A payment provider (decision 43): the aggregator that asks a phone's owner to approve a payment
// (a "collection", or request to pay), says where it stands, and calls back with the outcome. This
// version runs one, the local sandbox (sandbox.provider.ts); a real aggregator is another class
// behind the same interface, configured by PAYMENT_API_URL, PAYMENT_API_KEY, PAYMENT_API_SECRET
// and PAYMENT_MERCHANT_ID, its callbacks signed with PAYMENT_CALLBACK_SECRET.
import type { PaymentProviderName } from '@portal/contract/rules';

/** A request to pay: our order number, the paying phone (+237 and 9 digits), its network, the amount charged (FCFA, fees included). */
export interface CollectRequest {
  orderNumber: string;
  phone: string;
  network: string;
  amount: number;
  description: string;
}

/** Where a collection stands at the provider. */
export type ProviderOutcome = 'PENDING' | 'SUCCESSFUL' | 'FAILED';

export interface ProviderStatus {
  /** the provider's reference of the collection */
  reference: string;
  status: ProviderOutcome;
  /** the operator's transaction id, once paid */
  operatorTransactionId: string | null;
  /** why it failed (INSUFFICIENT_FUNDS, REFUSED ...) */
  reason: string | null;
}

/**
 * A verified callback: one event of the provider (its id makes a repeated delivery recognisable).
 * Its amount (charged, fees included), currency and reference are compared with the payment before
 * anything moves: a signature proves who sent it, not that it is about this payment (decision 68).
 */
export interface ProviderEvent {
  eventId: string;
  reference: string;
  orderNumber: string;
  status: 'SUCCESSFUL' | 'FAILED';
  operatorTransactionId: string | null;
  reason: string | null;
  amount: number;
  currency: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Asks the payer to approve; answers the provider's reference at once (the collection is pending). Throws ProviderUnavailable. */
  collect(request: CollectRequest): Promise<{ reference: string }>;
  /** Where a collection stands (by its reference, else our order number); null when the provider does not know it. Throws ProviderUnavailable. */
  status(query: { reference: string | null; orderNumber: string }): Promise<ProviderStatus | null>;
  /** Verifies a callback's signature over its raw body (401 PAYMENT_CALLBACK_INVALID) and reads it (400 when signed but malformed). */
  parseCallback(input: { rawBody: string; headers: Record<string, string | string[] | undefined> }): ProviderEvent;
}

/** The provider could not be reached or refused to work: the payment cannot be asked now. */
export class ProviderUnavailable extends Error {}
