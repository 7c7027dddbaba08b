import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '@portal/contract/rules';

export const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

const EXTENSIONS: Record<string, string> = UPLOAD_EXTENSIONS;
const BY_EXTENSION: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/** The extension of a file name, in lower case: `Scan.JPEG` → `jpeg`; empty without one. */
export const extensionOf = (name: string): string => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** The type of a chosen file: the browser's, or guessed from the name when the browser has none. */
export function fileType(file: File): string {
  if (file.type) return file.type;
  return BY_EXTENSION[extensionOf(file.name)] ?? '';
}

/** The `accept` attribute of a file input for these types: `application/pdf,.pdf`. */
export function acceptOf(types: readonly string[]): string {
  return types
    .flatMap((type) => [type, EXTENSIONS[type] ? `.${EXTENSIONS[type]}` : ''])
    .filter(Boolean)
    .join(',');
}

/**
 * Checks a file before it is sent: its type and its size. The server checks again (by the
 * file's content); this only spares a slow upload that would be refused. Answers a
 * translation key, or null when the file may go.
 */
export function checkFile(file: File, types: readonly string[], wrongTypeKey: string): string | null {
  if (!types.includes(fileType(file))) return wrongTypeKey;
  if (file.size > MAX_UPLOAD_BYTES) return 'validation.fileTooLarge';
  return null;
}
