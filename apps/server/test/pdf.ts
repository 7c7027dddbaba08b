import { createRequire } from 'node:module';
import path from 'node:path';
import jsQR from 'jsqr';
import { getDocument, OPS, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reading back the PDFs the server prints (tests only): their text, page by page, and the QR codes
 * drawn in them, decoded. pdfjs runs in Node without a canvas: images come as raw pixels.
 */

const require = createRequire(import.meta.url);
/** pdfjs needs the metrics of the standard fonts (Helvetica ...) that pdfkit does not embed. */
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}${path.sep}`;

async function open(data: Buffer): Promise<PDFDocumentProxy> {
  return getDocument({
    data: new Uint8Array(data),
    standardFontDataUrl: STANDARD_FONTS,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
}

async function eachPage<T>(data: Buffer, fn: (page: PDFPageProxy) => Promise<T>): Promise<T[]> {
  const doc = await open(data);
  try {
    const out: T[] = [];
    for (let i = 1; i <= doc.numPages; i++) out.push(await fn(await doc.getPage(i)));
    return out;
  } finally {
    await doc.destroy();
  }
}

/** The text of each page, its lines joined by `\n`, spaces (non-breaking ones too) collapsed. */
export async function pdfPages(data: Buffer): Promise<string[]> {
  return eachPage(data, async (page) => {
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str + (item.hasEOL ? '\n' : '');
    }
    return text
      .split('\n')
      .map((line) => line.replace(/[\s\u00a0\u202f]+/g, ' ').trim())
      .filter(Boolean)
      .join('\n');
  });
}

/** The whole text of a PDF, every page, on one line with single spaces (for `toContain` on text that may wrap). */
export async function pdfText(data: Buffer): Promise<string> {
  return (await pdfPages(data)).join(' ').replace(/\s+/g, ' ');
}

/** A decoded image's pixels as RGBA, whatever pdfjs gave (1 = 1-bit grey, 2 = RGB, 3 = RGBA). */
function rgba(image: { width: number; height: number; data: Uint8Array | Uint8ClampedArray; kind: number }): Uint8ClampedArray {
  const { width, height, data, kind } = image;
  if (kind === 3) return new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
  const out = new Uint8ClampedArray(width * height * 4);
  if (kind === 2) {
    for (let i = 0, j = 0; i < width * height; i++, j += 3) out.set([data[j]!, data[j + 1]!, data[j + 2]!, 255], i * 4);
    return out;
  }
  // 1 bit per pixel, rows padded to whole bytes; a set bit is white
  const rowBytes = (width + 7) >> 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bit = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
      out.set(bit ? [255, 255, 255, 255] : [0, 0, 0, 255], (y * width + x) * 4);
    }
  }
  return out;
}

/** The text of every QR code drawn as an image in the PDF, in page order. */
export async function pdfQrCodes(data: Buffer): Promise<string[]> {
  const found = await eachPage(data, async (page) => {
    const operators = await page.getOperatorList();
    const names = operators.fnArray.flatMap((fn, i) => (fn === OPS.paintImageXObject ? [operators.argsArray[i]![0] as string] : []));
    const codes: string[] = [];
    for (const name of names) {
      const image = await new Promise<{ width: number; height: number; data: Uint8ClampedArray; kind: number }>((resolve) => page.objs.get(name, resolve));
      const code = jsQR(rgba(image), image.width, image.height);
      if (code) codes.push(code.data);
    }
    return codes;
  });
  return found.flat();
}
