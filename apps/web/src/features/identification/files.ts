import { MAX_FINGERPRINT_BYTES, PHOTO_TYPES } from '@portal/contract/rules';
import { checkFile, extensionOf, MAX_UPLOAD_MB } from '../../lib/files';

export const PHOTO_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';
export const MAX_PHOTO_MB = MAX_UPLOAD_MB;
export const MAX_FINGERPRINT_MB = MAX_FINGERPRINT_BYTES / (1024 * 1024);

/** What office scanners export: images (JPEG, PNG, WSQ), templates (ISO 19794-2, ANSI 378) and ISO 19794-4 records. */
export const FINGERPRINT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'wsq', 'fmr', 'fir', 'iso', 'ist', 'ansi', 'bin', 'tpl'] as const;
export const FINGERPRINT_ACCEPT = FINGERPRINT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * Checks a photo before it is sent: JPEG or PNG, not too large. The server checks again by the
 * file's content; this only spares a slow upload that would be refused. A translation key, or null.
 */
export const checkPhoto = (file: File): string | null => checkFile(file, PHOTO_TYPES, 'errors.FILE_TYPE_REFUSED');

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
