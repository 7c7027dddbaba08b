import type { PaymentAlert, PaymentNetwork, ReceiptCheck, SandboxCollection } from '@portal/contract';

/** Test data of the payment pages: a genuine receipt, the sandbox phone's collections and the networks. */

export const RECEIPT: ReceiptCheck = {
  valid: true,
  receiptNumber: 'R26-000042',
  candidateNumber: 'C26000042',
  candidateName: 'Brice Ngono',
  entrance: 'Engineering entrance 2026',
  amount: 25_000,
  paidAt: '2026-03-02T10:01:00.000Z',
};

export const COLLECTION: SandboxCollection = {
  reference: 'SBX-7F3K2Q9A',
  phone: '+237670000012',
  network: 'MTN_MOMO',
  amount: 25_250,
  description: 'Registration fee C26000042',
  status: 'PENDING',
  createdAt: '2026-03-02T10:00:00.000Z',
};

export const MTN: PaymentNetwork = {
  code: 'MTN_MOMO',
  name: 'MTN Mobile Money',
  minAmount: 100,
  maxAmount: 1_000_000,
  prefixes: ['67', '650', '68'],
  feeSchedule: [
    { upTo: 50_000, fixed: 100, rateBp: 0 },
    { upTo: null, fixed: 0, rateBp: 150 },
  ],
  color: '#ffcc00',
  ussdCode: '*126#',
  active: true,
  position: 1,
};

export const CAMTEL: PaymentNetwork = {
  ...MTN,
  code: 'CAMTEL',
  name: 'Camtel Money',
  prefixes: [],
  feeSchedule: [{ upTo: null, fixed: 50, rateBp: 0 }],
  color: null,
  ussdCode: null,
  active: false,
  position: 3,
};

/** A signed callback the server refused: it reported 1 FCFA for a payment of 25.375 FCFA. */
export const AMOUNT_ALERT: PaymentAlert = {
  id: 42,
  at: '2026-03-02T10:05:00.000Z',
  provider: 'sandbox',
  orderNumber: 'PAY-20260302-8F3K2Q9A11',
  candidateNumber: 'C26000042',
  status: 'PENDING',
  mismatches: ['amount'],
  expected: { amount: 25_375, currency: 'XAF', reference: 'SBX-7F3K2Q9A' },
  reported: { amount: 1, currency: 'XAF', reference: 'SBX-7F3K2Q9A' },
};
