import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@portal/contract/rules';
import { acceptOf, checkFile, fileType } from './files';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('file checks', () => {
  it('take the browser type, or guess it from the name', () => {
    expect(fileType(file('scan.bin', 'image/png'))).toBe('image/png');
    expect(fileType(file('Scan.JPEG', ''))).toBe('image/jpeg');
    expect(fileType(file('notes', ''))).toBe('');
  });

  it('offer the types with their extensions, and refuse a wrong type or a too large file', () => {
    expect(acceptOf(['application/pdf', 'image/png'])).toBe('application/pdf,.pdf,image/png,.png');
    expect(checkFile(file('cv.pdf', 'application/pdf'), ['application/pdf'], 'errors.CV_NOT_PDF')).toBeNull();
    expect(checkFile(file('cv.png', 'image/png'), ['application/pdf'], 'errors.CV_NOT_PDF')).toBe('errors.CV_NOT_PDF');
    expect(checkFile(file('cv.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1), ['application/pdf'], 'errors.CV_NOT_PDF')).toBe('validation.fileTooLarge');
  });
});
