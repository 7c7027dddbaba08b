import QRCode from 'qrcode';
import { CANDIDATE_DOCUMENT_KINDS, candidateSlipCode, formatFcfa, type CandidateFile } from '@portal/contract';
import { bilingual, formatDay, heading, labelValue, letterhead, MARGIN, newDocument, table, toBuffer, type Institution } from '../../lib/pdf';

const label = (key: string, vars: Record<string, string | number> = {}) => bilingual(`candidate.slip.${key}`, vars);
const both = (fr: string, en: string) => (fr === en ? en : `${fr} / ${en}`);

/**
 * The registration slip a candidate prints (decision 42): the letterhead, the candidate number in
 * large type, who registered, for which entrance (fee, deadline, exam), the formation asked for, the
 * diploma held, the documents given, whether the fee is paid, and a QR code carrying the candidate
 * number and the entrance (`candidateSlipCode`) for the admissions office's scanner. Labels in French
 * and English, as every printed document.
 */
export async function candidateSlipPdf(input: { candidate: CandidateFile; institution: Institution; printedAt: Date }): Promise<Buffer> {
  const { candidate: c, institution } = input;
  const doc = newDocument({ title: `${c.CANDIDATE_NUMBER}`, subject: label('title') });
  letterhead(doc, institution);
  // The title and the number on the left, the QR code on the right.
  const top = doc.y;
  const qrSize = 92;
  const qrX = doc.page.width - MARGIN - qrSize;
  const leftWidth = qrX - MARGIN - 12;
  const qr = await QRCode.toBuffer(candidateSlipCode(c.CANDIDATE_NUMBER, c.ENTRANCE_ID), { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });
  doc.image(qr, qrX, top, { width: qrSize, height: qrSize });
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .fillColor('#555555')
    .text(label('verify'), qrX, top + qrSize + 2, { width: qrSize, align: 'center' });
  const qrBottom = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('#000000')
    .text(label('title'), MARGIN, top + 4, { width: leftWidth, align: 'center' });
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(label('number'), MARGIN, doc.y, { width: leftWidth, align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(28)
    .fillColor('#000000')
    .text(c.CANDIDATE_NUMBER, MARGIN, doc.y + 2, { width: leftWidth, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555555')
    .text(label('printed', { date: formatDay(input.printedAt) }), MARGIN, doc.y + 2, { width: leftWidth, align: 'center' });
  doc.fillColor('#000000');
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, qrBottom) + 4;

  heading(doc, label('identity'));
  labelValue(doc, label('name'), `${c.LASTNAME} ${c.FIRSTNAME}`);
  labelValue(doc, label('birth'), `${formatDay(c.BIRTHDATE)}, ${c.BIRTHPLACE}`);
  labelValue(doc, label('gender'), label(`genders.${c.GENDER}`));
  labelValue(doc, label('country'), c.COUNTRY);
  labelValue(doc, label('region'), c.DEPARTMENT ? `${c.REGION_ORIGIN} (${c.DEPARTMENT})` : c.REGION_ORIGIN);
  labelValue(doc, label('phone'), c.PHONE_NUMBER);
  labelValue(doc, label('email'), c.EMAIL);

  heading(doc, label('entrance'));
  labelValue(doc, label('entranceName'), c.ENTRANCE_NAME);
  labelValue(doc, label('school'), c.ENTRANCE_SCHOOL);
  labelValue(doc, label('year'), c.ENTRANCE_YEAR);
  labelValue(doc, label('fee'), formatFcfa(c.ENTRANCE_AMOUNT));
  labelValue(doc, label('deadline'), formatDay(c.ENTRANCE_REGISTRATION_LIMIT));
  labelValue(doc, label('evaluation'), formatDay(c.ENTRANCE_EVALUATION_BEGIN));

  heading(doc, label('formation'));
  labelValue(doc, label('cycle'), c.CYCLE);
  const choice = (ch: CandidateFile['FORMATION_FIRST_CHOICE']) => both(ch.SPECIALITY_DESCRIPTION_FR, ch.SPECIALITY_DESCRIPTION);
  labelValue(doc, label('firstChoice'), choice(c.FORMATION_FIRST_CHOICE));
  labelValue(doc, label('secondChoice'), c.FORMATION_SECOND_CHOICE ? choice(c.FORMATION_SECOND_CHOICE) : label('none'));

  heading(doc, label('diploma'));
  labelValue(doc, label('diplomaName'), c.ADMISSION_DIPLOMA);
  labelValue(doc, label('mention'), label(`mentions.${c.MENTION_OBTAINED}`));
  labelValue(doc, label('diplomaObtained'), `${c.YEAR_OBTENTION}, ${c.SCHOOL_OBTENTION} (${c.COUNTRY_OBTENTION})`);

  heading(doc, label('documents'));
  table(
    doc,
    [
      { header: label('document'), share: 1.4 },
      { header: label('status'), share: 1 },
    ],
    CANDIDATE_DOCUMENT_KINDS.map((kind) => [label(`kinds.${kind}`), label(`statuses.${c.documents.find((d) => d.kind === kind)?.status ?? 'MISSING'}`)]),
  );
  labelValue(doc, label('payment'), c.HAS_PAID && c.paidAt ? label('paid', { date: formatDay(new Date(c.paidAt)) }) : label('notPaid'));
  return toBuffer(doc);
}
