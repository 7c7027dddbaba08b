import sharp from 'sharp';

/** Real files for tests: a minimal valid PDF, and PNG/JPEG images made by sharp. */
export function pdf(text = 'Curriculum vitae'): Buffer {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return Buffer.from(body);
}

export function png(width = 64, height = 48, seed = 0): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 120 } } }).png().toBuffer();
}

export function jpeg(width = 64, height = 48, seed = 0): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: (seed * 53) % 256, b: (seed * 17) % 256 } } }).jpeg().toBuffer();
}

export const dataUrl = (mime: string, data: Buffer) => `data:${mime};base64,${data.toString('base64')}`;
