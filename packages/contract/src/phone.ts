import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { CAMEROON_PHONE_CODE, nationalDigits } from './rules/phone';

// The phone checks need libphonenumber's metadata: they stay out of the Zod-free `rules` entry
// (which holds the calling codes).

/** A phone number given as its calling code and national digits, checked by libphonenumber. */
export function isValidPhone(code: string | null | undefined, national: string | null | undefined): boolean {
  if (!code || !national) return false;
  const digits = nationalDigits(national);
  if (!/^\d{4,14}$/.test(digits) || !/^\+\d{1,4}$/.test(code)) return false;
  return isValidPhoneNumber(`${code}${digits}`);
}

/** Cameroonian mobile numbers: 9 digits starting with 6 (MTN, Orange, Camtel, Nexttel). */
export function isCameroonMobile(national: string | null | undefined): boolean {
  const digits = nationalDigits(national ?? '');
  if (!/^6\d{8}$/.test(digits)) return false;
  return parsePhoneNumberFromString(`${CAMEROON_PHONE_CODE}${digits}`)?.getType() !== 'FIXED_LINE';
}
