import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { isoToDmy, universityMoment } from '@portal/contract/rules';
import { tr } from './i18n';

/**
 * Printable documents (decision 32: the request form, the transmittal slip): A4 pages in French
 * and English at once, drawn with pdfkit's standard fonts. What every document shares lives here:
 * the letterhead, a bilingual label and its value, signature boxes, a table, a QR code, the
 * formats of amounts and instants, and the bytes of a finished document.
 */
export type Pdf = PDFKit.PDFDocument;

/** Page margin (points; A4 is 595 × 842). */
export const MARGIN = 50;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const GREY = '#555555';
const LINE = '#999999';

/** The institution a document is issued by (the `institutions` table). */
export interface Institution {
  name: string;
  city: string;
}

/** A new A4 document with its metadata. */
export function newDocument(info: { title: string; subject?: string }): Pdf {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: info.title, ...(info.subject ? { Subject: info.subject } : {}), Producer: 'University Portal', Creator: 'University Portal' },
  });
}

/** Ends the document and answers its bytes. */
export function toBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when `height` points do not fit below the current position. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** A text in French and English, from the server locales: `Référence / Reference`. */
export const bilingual = (key: string, vars: Record<string, string | number> = {}): string => `${tr('fr', key, vars)} / ${tr('en', key, vars)}`;

/** A horizontal rule across the page at the current position. */
export function rule(doc: Pdf, gap = 8): void {
  doc.moveDown(0.2);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .lineWidth(0.8)
    .strokeColor('#000000')
    .stroke();
  doc.y += gap;
}

/**
 * The bilingual letterhead: French on the left (République du Cameroun, Paix – Travail – Patrie),
 * English on the right, each with the institution's name and city; then a rule.
 */
export function letterhead(doc: Pdf, institution: Institution): void {
  const top = doc.y;
  const width = contentWidth(doc) / 2 - 10;
  const column = (lang: 'fr' | 'en', x: number, align: 'left' | 'right') => {
    doc.font(BOLD).fontSize(10).fillColor('#000000').text(tr(lang, 'pdf.letterhead.country').toUpperCase(), x, top, { width, align });
    doc.font('Helvetica-Oblique').fontSize(8).text(tr(lang, 'pdf.letterhead.motto'), x, doc.y, { width, align });
    doc.font(FONT).fontSize(8).text('*****', x, doc.y, { width, align });
    doc.font(BOLD).fontSize(9).text(institution.name, x, doc.y, { width, align });
    doc.font(FONT).fontSize(8).text(institution.city, x, doc.y, { width, align });
    return doc.y;
  };
  const left = column('fr', MARGIN, 'left');
  const right = column('en', doc.page.width - MARGIN - width, 'right');
  doc.x = MARGIN;
  doc.y = Math.max(left, right) + 4;
  rule(doc, 12);
}

/** A document's title, centred and bold. */
export function title(doc: Pdf, text: string): void {
  doc
    .font(BOLD)
    .fontSize(15)
    .fillColor('#000000')
    .text(text, MARGIN, doc.y, { width: contentWidth(doc), align: 'center' });
  doc.moveDown(0.6);
}

/** A small heading across the page. */
export function heading(doc: Pdf, text: string): void {
  ensureSpace(doc, 30);
  doc.moveDown(0.3);
  doc
    .font(BOLD)
    .fontSize(10)
    .fillColor('#000000')
    .text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.2);
}

/** A paragraph of running text. */
export function paragraph(doc: Pdf, text: string, options: { size?: number; bold?: boolean } = {}): void {
  doc
    .font(options.bold ? BOLD : FONT)
    .fontSize(options.size ?? 9)
    .fillColor('#000000');
  ensureSpace(doc, doc.heightOfString(text, { width: contentWidth(doc) }) + 4);
  doc.text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.4);
}

const LABEL_WIDTH = 190;

/**
 * A line `label   value`: the bilingual label in bold on the left, the value beside it; no value
 * (null or empty) leaves a dotted line to fill in by hand.
 */
export function labelValue(doc: Pdf, label: string, value: string | null | undefined): void {
  const valueX = MARGIN + LABEL_WIDTH + 8;
  const valueWidth = contentWidth(doc) - LABEL_WIDTH - 8;
  const filled = value !== null && value !== undefined && value.trim() !== '';
  doc.font(BOLD).fontSize(9);
  const labelHeight = doc.heightOfString(label, { width: LABEL_WIDTH });
  doc.font(FONT).fontSize(10);
  const valueHeight = filled ? doc.heightOfString(value, { width: valueWidth }) : 14;
  ensureSpace(doc, Math.max(labelHeight, valueHeight) + 6);
  const top = doc.y;
  doc.font(BOLD).fontSize(9).fillColor(GREY).text(label, MARGIN, top, { width: LABEL_WIDTH });
  const afterLabel = doc.y;
  let afterValue: number;
  if (filled) {
    doc.font(FONT).fontSize(10).fillColor('#000000').text(value, valueX, top, { width: valueWidth });
    afterValue = doc.y;
  } else {
    const y = top + 11;
    doc
      .moveTo(valueX, y)
      .lineTo(valueX + valueWidth, y)
      .dash(1, { space: 2 })
      .lineWidth(0.6)
      .strokeColor(LINE)
      .stroke()
      .undash();
    afterValue = y + 3;
  }
  doc.fillColor('#000000');
  doc.x = MARGIN;
  doc.y = Math.max(afterLabel, afterValue) + 5;
}

/** Boxes side by side, each with its title on top and room below to sign (or write a date). */
export function signatureBoxes(doc: Pdf, titles: string[], height = 85): void {
  const gap = 10;
  const width = (contentWidth(doc) - gap * (titles.length - 1)) / titles.length;
  ensureSpace(doc, height + 10);
  const top = doc.y;
  titles.forEach((text, i) => {
    const x = MARGIN + i * (width + gap);
    doc.rect(x, top, width, height).lineWidth(0.8).strokeColor('#000000').stroke();
    doc
      .font(BOLD)
      .fontSize(8)
      .fillColor('#000000')
      .text(text, x + 5, top + 5, { width: width - 10 });
  });
  doc.x = MARGIN;
  doc.y = top + height + 10;
}

export interface TableColumn {
  header: string;
  /** a share of the page's width (the shares need not add up to 1: they are scaled) */
  share: number;
}

/** A table with a header row repeated on every page it runs onto. */
export function table(doc: Pdf, columns: TableColumn[], rows: string[][]): void {
  const total = columns.reduce((sum, c) => sum + c.share, 0);
  const widths = columns.map((c) => (c.share / total) * contentWidth(doc));
  const pad = 3;
  const draw = (cells: string[], header: boolean) => {
    doc.font(header ? BOLD : FONT).fontSize(header ? 8 : 8.5);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i]! - 2 * pad }))) + 2 * pad;
    return {
      height,
      paint: (top: number) => {
        let x = MARGIN;
        if (header) doc.rect(MARGIN, top, contentWidth(doc), height).fillColor('#e8e8e8').fill();
        cells.forEach((cell, i) => {
          doc.rect(x, top, widths[i]!, height).lineWidth(0.5).strokeColor('#000000').stroke();
          doc
            .font(header ? BOLD : FONT)
            .fontSize(header ? 8 : 8.5)
            .fillColor('#000000')
            .text(cell, x + pad, top + pad, { width: widths[i]! - 2 * pad });
          x += widths[i]!;
        });
      },
    };
  };
  const headerRow = draw(
    columns.map((c) => c.header),
    true,
  );
  const paintHeader = () => {
    const top = doc.y;
    headerRow.paint(top);
    doc.y = top + headerRow.height;
  };
  ensureSpace(doc, headerRow.height * 2);
  paintHeader();
  for (const cells of rows) {
    const row = draw(cells, false);
    if (doc.y + row.height > bottom(doc)) {
      doc.addPage();
      paintHeader();
    }
    const top = doc.y;
    row.paint(top);
    doc.y = top + row.height;
  }
  doc.x = MARGIN;
  doc.moveDown(0.6);
}

/**
 * A QR code of `text` at the current position (`size` points wide), with `text` itself printed in
 * small type under it; `caption`, when given, is written to its right.
 */
export async function qrCode(doc: Pdf, text: string, options: { size?: number; caption?: string } = {}): Promise<void> {
  const size = options.size ?? 90;
  const png = await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  ensureSpace(doc, size + 16);
  const top = doc.y;
  doc.image(png, MARGIN, top, { width: size, height: size });
  if (options.caption)
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(GREY)
      .text(options.caption, MARGIN + size + 10, top + size / 2 - 10, { width: contentWidth(doc) - size - 10 });
  doc
    .font(FONT)
    .fontSize(7)
    .fillColor('#000000')
    .text(text, MARGIN, top + size + 2, { lineBreak: false });
  doc.x = MARGIN;
  doc.y = top + size + 14;
}

/** de-DE digits, at most two decimals; made once (a formatter costs far more to make than to use). */
const TWO_DECIMALS = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });
/** An amount as the portal shows amounts: de-DE grouping, in CFA francs (`187.500,5 FCFA`). */
export const formatAmount = (n: number): string => `${TWO_DECIMALS.format(n)} FCFA`;
/** A number with a decimal comma (`5,5`). */
export const formatNumber = (n: number): string => TWO_DECIMALS.format(n);
/** The day of an instant or a `YYYY-MM-DD` day, `dd/mm/yyyy` (an instant in university time). */
export const formatDay = (value: Date | string): string => (typeof value === 'string' && value.length === 10 ? isoToDmy(value) : universityMoment(value).day);
/** An instant as `dd/mm/yyyy HH:MM`, university time (as the mails write it: `universityMoment`). */
export const formatInstant = (instant: Date | string): string => {
  const { day, time } = universityMoment(instant);
  return `${day} ${time}`;
};
