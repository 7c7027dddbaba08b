import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Default country calling code (Cameroon). */
export const DEFAULT_PHONE_CODE = '+237';

/** Calling codes offered next to phone numbers: Cameroon, its neighbours, then the usual others. */
export const PHONE_CODES = ['+237', '+236', '+235', '+234', '+240', '+241', '+242', '+243', '+33', '+32', '+41', '+1', '+44', '+49', '+86', '+971'] as const;

/** A phone number given as its calling code and national digits, checked by libphonenumber. */
export function isValidPhone(code: string | null | undefined, national: string | null | undefined): boolean {
  if (!code || !national) return false;
  const digits = national.replace(/[\s.-]/g, '');
  if (!/^\d{4,14}$/.test(digits) || !/^\+\d{1,4}$/.test(code)) return false;
  return isValidPhoneNumber(`${code}${digits}`);
}

/** Cameroonian mobile numbers: 9 digits starting with 6 (MTN, Orange, Camtel, Nexttel). */
export function isCameroonMobile(national: string | null | undefined): boolean {
  const digits = (national ?? '').replace(/[\s.-]/g, '');
  if (!/^6\d{8}$/.test(digits)) return false;
  return parsePhoneNumberFromString(`+237${digits}`)?.getType() !== 'FIXED_LINE';
}

export const nationalDigits = (value: string) => value.replace(/[\s.-]/g, '');
