// Payments outside the candidate's file (issue 14, decision 43): the public check of a receipt,
// the sandbox provider's test phone (development only) and the administrators' networks.
import { useQuery } from '@tanstack/react-query';
import type { PaymentAlert, PaymentNetwork, PaymentNetworkInput, PaymentSettings, ReceiptCheck, SandboxCollection } from '@portal/contract';
import { api, isApiError } from '../../lib/api';

/** How often the sandbox phone looks for new collections to answer. */
export const SANDBOX_POLL_MS = 3000;

export const paymentKeys = {
  all: ['payments'] as const,
  settings: ['payments', 'settings'] as const,
  receipt: (number: string, key: string) => ['payments', 'receipt', number, key] as const,
  collections: (phone: string) => ['payments', 'sandbox', phone] as const,
  networks: ['payments', 'networks'] as const,
  alerts: ['payments', 'alerts'] as const,
};

/** `GET /api/payments/settings`: the provider, and whether it is the local sandbox. */
export function usePaymentSettings() {
  return useQuery({
    queryKey: paymentKeys.settings,
    queryFn: ({ signal }) => api<PaymentSettings>('/api/payments/settings', { anonymous: true, signal }),
    staleTime: Infinity,
  });
}

/** A receipt nobody can vouch for: the answer shown for an unknown number or a wrong key. */
const unverified = (number: string): ReceiptCheck => ({
  valid: false,
  receiptNumber: number,
  candidateNumber: null,
  candidateName: null,
  entrance: null,
  amount: null,
  paidAt: null,
});

/** `GET /api/receipts/{number}?k=`: whether a receipt is genuine (an unknown one, 404, reads as not verified). */
export function useReceiptCheck(number: string, key: string) {
  return useQuery({
    queryKey: paymentKeys.receipt(number, key),
    queryFn: async ({ signal }) => {
      try {
        return await api<ReceiptCheck>(`/api/receipts/${encodeURIComponent(number)}?${new URLSearchParams({ k: key }).toString()}`, {
          anonymous: true,
          signal,
        });
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 400)) return unverified(number);
        throw error;
      }
    },
  });
}

/** A phone number as the sandbox knows it: `+237` and the national digits (9 digits alone are Cameroon's). */
export function sandboxPhone(typed: string): string {
  const digits = typed.replace(/[^\d]/g, '');
  if (typed.trim().startsWith('+')) return `+${digits}`;
  if (digits.length === 9) return `+237${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  return digits ? `+${digits}` : '';
}

/** `GET /api/sandbox/collections?phone=`: the collections waiting for this phone's answer, looked for again every few seconds. */
export function useSandboxCollections(phone: string) {
  return useQuery({
    queryKey: paymentKeys.collections(phone),
    queryFn: ({ signal }) => api<SandboxCollection[]>(`/api/sandbox/collections?${new URLSearchParams({ phone }).toString()}`, { anonymous: true, signal }),
    enabled: phone !== '',
    refetchInterval: SANDBOX_POLL_MS,
  });
}

/** `POST /api/sandbox/collections/{reference}/approve | refuse`: the test phone's answer. */
export const answerCollection = (reference: string, answer: 'approve' | 'refuse') =>
  api<SandboxCollection>(`/api/sandbox/collections/${encodeURIComponent(reference)}/${answer}`, { method: 'POST', anonymous: true });

/** `GET /api/payment-networks/all`: every network, active or not (administrators). */
export function useAllNetworks() {
  return useQuery({ queryKey: paymentKeys.networks, queryFn: ({ signal }) => api<PaymentNetwork[]>('/api/payment-networks/all', { signal }) });
}

/** `POST /api/payment-networks` (a new one) or `PUT /api/payment-networks/{code}`. */
export const saveNetwork = (code: string | null, body: PaymentNetworkInput) =>
  code === null
    ? api<PaymentNetwork>('/api/payment-networks', { method: 'POST', body })
    : api<PaymentNetwork>(`/api/payment-networks/${encodeURIComponent(code)}`, { method: 'PUT', body });

/** `GET /api/payments/alerts`: the providers' callbacks refused for disagreeing with their payment (administrators, decision 68). */
export function usePaymentAlerts() {
  return useQuery({ queryKey: paymentKeys.alerts, queryFn: ({ signal }) => api<PaymentAlert[]>('/api/payments/alerts', { signal }) });
}
