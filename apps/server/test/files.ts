import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Client, TestApp } from './helpers';

/** Real files for tests: a minimal valid PDF, and PNG/JPEG images made by sharp. */
export function pdf(text = 'Curriculum vitae'): Buffer {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return Buffer.from(body);
}

export function png(width = 64, height = 48, seed = 0): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 120 } } })
    .png()
    .toBuffer();
}

export function jpeg(width = 64, height = 48, seed = 0): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: (seed * 53) % 256, b: (seed * 17) % 256 } } })
    .jpeg()
    .toBuffer();
}

export const dataUrl = (mime: string, data: Buffer) => `data:${mime};base64,${data.toString('base64')}`;

/** A multipart/form-data body built by hand: text fields, then one file part (field FILE unless told). */
export function multipartBody(fields: Record<string, string | number>, file?: { data: Buffer; filename: string; type: string; field?: string }) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'FILE'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function postMultipart(
  client: Client,
  url: string,
  fields: Record<string, string | number>,
  file?: { data: Buffer; filename: string; type: string; field?: string },
) {
  const { payload, headers } = multipartBody(fields, file);
  return client.request('POST', url, payload, headers);
}

/** The stored objects of a person (their keys' last part), as files on disk under the test app's DATA_DIR. */
export function storedObjects(t: TestApp, personId: number): string[] {
  const dir = path.join(t.config.dataDir, 'uploads', String(personId));
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}
