// Calling codes. The phone number checks themselves use libphonenumber-js: `../phone.ts`.

/** Cameroon's calling code: the default next to phone numbers, and the only one of mobile payments. */
export const CAMEROON_PHONE_CODE = '+237';
/** Default country calling code (Cameroon). */
export const DEFAULT_PHONE_CODE = CAMEROON_PHONE_CODE;

/** Calling codes offered next to phone numbers: Cameroon, its neighbours, then the usual others. */
export const PHONE_CODES = ['+237', '+236', '+235', '+234', '+240', '+241', '+242', '+243', '+33', '+32', '+41', '+1', '+44', '+49', '+86', '+971'] as const;
export type PhoneCode = (typeof PHONE_CODES)[number];

/** The national digits of a number as typed: spaces, dots and dashes removed. */
export const nationalDigits = (value: string) => value.replace(/[\s.-]/g, '');
