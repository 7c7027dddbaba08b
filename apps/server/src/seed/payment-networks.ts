import type { FeeStep } from '@portal/contract/rules';
import type { Tx } from '../db/client';
import { paymentNetworks } from '../db/schema';

/**
 * The mobile-money networks candidates pay their registration fee with (decision 43): reference
 * data, seeded before the demo data (whose payments name MTN_MOMO). Administrators change them at
 * `PUT /api/payment-networks/{code}`.
 *
 * Prefixes: the first digits of Cameroon's 9-digit mobile numbers each operator was allocated in
 * the national numbering plan as it is commonly published — MTN 67x, 650-654 and 680-684; Orange
 * 69x, 655-659 and 685-689 (Camtel's 62x and 242/243 are not mobile money and are left out). An
 * operator given a new block is one administrator's edit away.
 *
 * Limits and fee schedules: illustrative figures for the sandbox and the demo, not the operators'
 * published tariffs (which the institution's aggregator contract fixes); every step of each schedule
 * is exercised by `networks.test.ts`.
 */
export const PAYMENT_NETWORKS_SEED: {
  code: string;
  name: string;
  minAmount: number;
  maxAmount: number;
  prefixes: string[];
  feeSchedule: FeeStep[];
  color: string;
  ussdCode: string;
  active: boolean;
  position: number;
}[] = [
  {
    code: 'MTN_MOMO',
    name: 'MTN Mobile Money',
    minAmount: 100,
    maxAmount: 1_000_000,
    prefixes: ['67', '650', '651', '652', '653', '654', '680', '681', '682', '683', '684'],
    // 50 F up to 5 000; 1.5 % up to 50 000; 250 F + 1 % up to 500 000; 5 250 F beyond
    feeSchedule: [
      { upTo: 5_000, fixed: 50, rateBp: 0 },
      { upTo: 50_000, fixed: 0, rateBp: 150 },
      { upTo: 500_000, fixed: 250, rateBp: 100 },
      { upTo: null, fixed: 5_250, rateBp: 0 },
    ],
    color: '#ffcc00',
    ussdCode: '*126#',
    active: true,
    position: 1,
  },
  {
    code: 'ORANGE_MONEY',
    name: 'Orange Money',
    minAmount: 100,
    maxAmount: 500_000,
    prefixes: ['69', '655', '656', '657', '658', '659', '685', '686', '687', '688', '689'],
    // 100 F up to 10 000; 1.75 % up to 100 000; 1.5 % beyond
    feeSchedule: [
      { upTo: 10_000, fixed: 100, rateBp: 0 },
      { upTo: 100_000, fixed: 0, rateBp: 175 },
      { upTo: null, fixed: 0, rateBp: 150 },
    ],
    color: '#ff7900',
    ussdCode: '#150#',
    active: true,
    position: 2,
  },
];

export async function seedPaymentNetworks(tx: Tx): Promise<void> {
  await tx.insert(paymentNetworks).values(PAYMENT_NETWORKS_SEED);
}
