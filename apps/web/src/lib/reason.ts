import { Reason } from '@portal/contract';

/** The shortest reason the contract accepts for a reopening or a correction (read from its schema). */
export const REASON_MIN: number = Reason.minLength ?? 1;
