import type { RequestBatchDetail, RequestUnit } from '@portal/contract';
import {
  bilingual,
  formatDay,
  formatInstant,
  labelValue,
  letterhead,
  newDocument,
  signatureBoxes,
  table,
  title,
  toBuffer,
  type Institution,
} from '../../lib/pdf';

const label = (key: string) => bilingual(`pdf.batchSlip.${key}`);
const both = (fr: string, en: string) => (fr === en ? en : `${fr} / ${en}`);
const unitName = (unit: RequestUnit) => `${unit.code} – ${both(unit.nameFr, unit.name)}`;

/**
 * The printable transmittal slip of a batch (decision 32): the letterhead, the batch's reference,
 * its sending and receiving units (in both languages), when it was prepared and sent, a table of
 * its requests (reference, author, sub-category, class, filing day) with their count, and two
 * signature boxes: sent by; received by, date and hour. The author's column reads "Lecturer" for
 * staff requests, "Student" for students' (decision 41), "Author" when both travel together. The
 * route that serves it loads the batch.
 */
export async function batchSlipPdf(input: { batch: RequestBatchDetail; institution: Institution }): Promise<Buffer> {
  const { batch, institution } = input;
  const doc = newDocument({ title: batch.reference, subject: label('title') });
  const audiences = new Set(batch.requests.map((r) => r.audience));
  const author = audiences.size > 1 ? 'author' : audiences.has('STUDENT') ? 'student' : 'lecturer';
  letterhead(doc, institution);
  title(doc, label('title'));
  labelValue(doc, label('reference'), batch.reference);
  labelValue(doc, label('from'), unitName(batch.from));
  labelValue(doc, label('to'), unitName(batch.to));
  labelValue(doc, label('preparedAt'), formatInstant(batch.createdAt));
  labelValue(doc, label('sentAt'), batch.sentAt ? formatInstant(batch.sentAt) : null);
  doc.moveDown(0.5);
  table(
    doc,
    [
      { header: label('request'), share: 1.3 },
      { header: label(author), share: 1.8 },
      { header: label('subcategory'), share: 1.8 },
      { header: label('class'), share: 1 },
      { header: label('filedAt'), share: 0.9 },
    ],
    batch.requests.map((r) => [
      r.REQUEST_ID,
      `${r.author.LASTNAME} ${r.author.FIRSTNAME} (${r.author.MATRICULE})`,
      `${r.subcategory.code} – ${both(r.subcategory.nameFr, r.subcategory.name)}`,
      r.className ?? '',
      formatDay(new Date(r.filedAt)),
    ]),
  );
  labelValue(doc, label('count'), String(batch.requests.length));
  doc.moveDown(0.5);
  signatureBoxes(doc, [label('sentBy'), label('receivedBy')]);
  return toBuffer(doc);
}
