// The signature of a provider's callback (decision 43): HMAC-SHA256, under the callback secret, of
// `<timestamp>.<raw body>`, sent as `X-Payment-Signature: t=<unix seconds>,v1=<hex>`. A callback
// without it, with another signature (a tampered body, another secret) or older than
// CALLBACK_TOLERANCE_SECONDS (a replay) is 401 PAYMENT_CALLBACK_INVALID; the comparison takes the
// same time whatever the signature.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { keptKey } from '../../lib/kept-key';

/** The header that carries a callback's signature. */
export const SIGNATURE_HEADER = 'x-payment-signature';
/** How old (or how far ahead) a callback's timestamp may be. */
export const CALLBACK_TOLERANCE_SECONDS = 5 * 60;
/** The file in DATA_DIR that keeps the callback secret made when PAYMENT_CALLBACK_SECRET is not set. */
export const CALLBACK_KEY_FILE = 'payment-callback.key';

/** The callback secret: PAYMENT_CALLBACK_SECRET, or 32 random bytes made once and kept in DATA_DIR (mode 0600). */
export function callbackSecret(config: Config): Buffer {
  return config.payments.callbackSecret
    ? Buffer.from(config.payments.callbackSecret, 'utf8')
    : keptKey(config.dataDir, CALLBACK_KEY_FILE, 'PAYMENT_CALLBACK_SECRET');
}

const mac = (secret: Buffer, timestamp: number, rawBody: string) => createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();

/** The signature header's value for a body sent at `at`. */
export function signCallback(secret: Buffer, at: Date, rawBody: string): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${mac(secret, timestamp, rawBody).toString('hex')}`;
}

const invalid = () => new AppError('PAYMENT_CALLBACK_INVALID');

/** Checks a callback's signature header against its raw body at `now`; throws 401 PAYMENT_CALLBACK_INVALID. */
export function verifyCallbackSignature(secret: Buffer, header: string | string[] | undefined, rawBody: string, now: Date): void {
  if (typeof header !== 'string') throw invalid();
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get('t') ?? '';
  const v1 = parts.get('v1') ?? '';
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) throw invalid();
  const timestamp = Number(t);
  const expected = mac(secret, timestamp, rawBody);
  const given = Buffer.from(v1, 'hex');
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  const fresh = Math.abs(now.getTime() / 1000 - timestamp) <= CALLBACK_TOLERANCE_SECONDS;
  if (!matches || !fresh) throw invalid();
}
