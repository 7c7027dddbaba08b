import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256-bit random opaque token, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A 6-digit code from the secure random source. */
export const randomCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** A code is stored salted with its attempt, so equal codes never share a hash. */
export const hashCode = (attemptTokenHash: string, code: string): string => createHash('sha256').update(`${attemptTokenHash}:${code}`).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** j***@example.org: enough for a person to recognise the address, not enough to harvest it. */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.indexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
