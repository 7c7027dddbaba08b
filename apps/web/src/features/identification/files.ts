import { MAX_FINGERPRINT_BYTES, MAX_UPLOAD_BYTES, PHOTO_TYPES } from '@portal/contract/rules';

export const PHOTO_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';
export const MAX_PHOTO_MB = MAX_UPLOAD_BYTES / (1024 * 1024);
export const MAX_FINGERPRINT_MB = MAX_FINGERPRINT_BYTES / (1024 * 1024);

/** What office scanners export: images (JPEG, PNG, WSQ), templates (ISO 19794-2, ANSI 378) and ISO 19794-4 records. */
export const FINGERPRINT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'wsq', 'fmr', 'fir', 'iso', 'ist', 'ansi', 'bin', 'tpl'] as const;
export const FINGERPRINT_ACCEPT = FINGERPRINT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * Checks a photo before it is sent: JPEG or PNG, not too large. The server checks again by the
 * file's content; this only spares a slow upload that would be refused. A translation key, or null.
 */
export function checkPhoto(file: File): string | null {
  const type = file.type || ({ jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' } as Record<string, string>)[extensionOf(file.name)] || '';
  if (!(PHOTO_TYPES as readonly string[]).includes(type)) return 'errors.FILE_TYPE_REFUSED';
  if (file.size > MAX_UPLOAD_BYTES) return 'validation.fileTooLarge';
  return null;
}

/**
 * Checks a fingerprint file before it is sent: a known extension (a file without one may be a
 * scanner's raw export: the server decides by its content), not empty, at most 2 MiB.
 */
export function checkFingerprint(file: File): string | null {
  const extension = extensionOf(file.name);
  if (extension && !(FINGERPRINT_EXTENSIONS as readonly string[]).includes(extension)) return 'errors.FILE_TYPE_REFUSED';
  if (file.size === 0) return 'errors.FILE_TYPE_REFUSED';
  if (file.size > MAX_FINGERPRINT_BYTES) return 'validation.fileTooLarge';
  return null;
}
