/**
 * Central African (CEMAC) bank account identifiers: 23 characters, bank code (5 digits),
 * branch code (5 digits), account number (11 characters) and a 2-digit key, computed as the
 * French RIB key: 97 - ((89 x bank + 15 x branch + 3 x account) mod 97), letters of the
 * account number counting as digits (A, J = 1; B, K, S = 2; ... I, R, Z = 9).
 */
const LETTER_VALUES: Record<string, string> = {};
'ABCDEFGHI'.split('').forEach((c, i) => (LETTER_VALUES[c] = String(i + 1)));
'JKLMNOPQR'.split('').forEach((c, i) => (LETTER_VALUES[c] = String(i + 1)));
'STUVWXYZ'.split('').forEach((c, i) => (LETTER_VALUES[c] = String(i + 2)));

const digitsOf = (value: string) => value.toUpperCase().replace(/[A-Z]/g, (c) => LETTER_VALUES[c]!);

/** Remainder of a long decimal string by 97, without floating point. */
function mod97(decimal: string): number {
  let rest = 0;
  for (const ch of decimal) rest = (rest * 10 + Number(ch)) % 97;
  return rest;
}

export function ribKey(bank: string, branch: string, account: string): string {
  const b = mod97(digitsOf(bank));
  const g = mod97(digitsOf(branch));
  const a = mod97(digitsOf(account));
  const key = 97 - ((89 * b + 15 * g + 3 * a) % 97);
  return String(key).padStart(2, '0');
}

export const BANK_CODE = /^\d{5}$/;
export const BRANCH_CODE = /^\d{5}$/;
export const ACCOUNT_NUMBER = /^[0-9A-Z]{11}$/;
export const RIB_KEY = /^\d{2}$/;

export function isValidRib(bank: string, branch: string, account: string, key: string): boolean {
  return (
    BANK_CODE.test(bank) && BRANCH_CODE.test(branch) && ACCOUNT_NUMBER.test(account.toUpperCase()) && RIB_KEY.test(key) && ribKey(bank, branch, account) === key
  );
}

/** Prepaid card numbers: 16 digits passing the Luhn check. */
export function isValidCardNumber(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{16}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
