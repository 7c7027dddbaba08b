// Paying the registration fee from the candidate's own file (issue 14, decision 43): the active
// networks, the fee of the entrance's amount on a network, the payment itself and its polling while
// the payer approves on the phone, the receipt, and whether the provider is the local sandbox.
import { useQuery } from '@tanstack/react-query';
import type { CandidatePayment, FeesAnswer, FeesRequest, PaymentNetwork, PaymentSettings } from '@portal/contract';
import type { PaymentStatus } from '@portal/contract/rules';
import { api } from '../../lib/api';

/** How often a pending payment is asked about while the candidate waits on the page. */
export const PAYMENT_POLL_MS = 3000;

export const candidatePaymentKeys = {
  networks: ['candidates', 'payment-networks'] as const,
  settings: ['candidates', 'payment-settings'] as const,
  payment: (id: string) => ['candidates', 'payment', id] as const,
};

/** `GET /api/payment-networks`: the active networks (public), in their order. */
export function usePaymentNetworks() {
  return useQuery({
    queryKey: candidatePaymentKeys.networks,
    queryFn: ({ signal }) => api<PaymentNetwork[]>('/api/payment-networks', { anonymous: true, signal }),
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/payments/settings`: the provider, and whether it is the local sandbox (its test phone page then exists). */
export function usePaymentSettings() {
  return useQuery({
    queryKey: candidatePaymentKeys.settings,
    queryFn: ({ signal }) => api<PaymentSettings>('/api/payments/settings', { anonymous: true, signal }),
    staleTime: Infinity,
  });
}

/** `POST /api/candidate/get-fees-of-request-to-pay`: the operator's fee and the total for an amount on a network, with its limits. */
export const checkFees = (body: FeesRequest) => api<FeesAnswer>('/api/candidate/get-fees-of-request-to-pay', { method: 'POST', body, anonymous: true });

/** `POST /api/candidate/payments`: asks the payer's phone to approve the entrance's fee (the server sets the amount). */
export const startPayment = (body: { network: string; phone: string }) =>
  api<CandidatePayment>('/api/candidate/payments', { method: 'POST', body, anonymous: true });

/** Whether a payment is settled: paid, failed or given up. */
export const isSettled = (status: PaymentStatus): boolean => status !== 'PENDING';

/**
 * `GET /api/candidate/payments/{id}`, asked every few seconds while it is pending; the polling
 * stops once it is settled, and when the page is left (the query goes with it).
 */
export function usePaymentPolling(id: string | null) {
  return useQuery({
    queryKey: candidatePaymentKeys.payment(id ?? ''),
    queryFn: ({ signal }) => api<CandidatePayment>(`/api/candidate/payments/${encodeURIComponent(id ?? '')}`, { anonymous: true, signal }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data && isSettled(query.state.data.status) ? false : PAYMENT_POLL_MS),
    refetchIntervalInBackground: true,
  });
}

/** Where the candidate downloads the receipt of the paid fee (PDF; 409 NOT_PAID before). */
export const CANDIDATE_RECEIPT_URL = '/api/candidate/receipt';

/** The sandbox's test phone page (development only), opened on a phone number when there is one. */
export const sandboxPhoneUrl = (phone: string | null): string => (phone ? `/sandbox/phone?${new URLSearchParams({ phone }).toString()}` : '/sandbox/phone');
