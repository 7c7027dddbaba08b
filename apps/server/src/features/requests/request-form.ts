import {
  displayForAudience,
  REQUEST_SIGNATURE_DAYS,
  signatureRequiredFor,
  type RequestDetail,
  type RequestDisplayConfig,
  type RequestFieldGroup,
} from '@portal/contract';
import { tr } from '../../lib/i18n';
import {
  bilingual,
  formatAmount,
  formatDay,
  formatInstant,
  formatNumber,
  heading,
  labelValue,
  letterhead,
  newDocument,
  paragraph,
  qrCode,
  rule,
  signatureBoxes,
  title,
  toBuffer,
  type Institution,
  type Pdf,
} from '../../lib/pdf';

const label = (key: string) => bilingual(`pdf.requestForm.${key}`);
const both = (fr: string | null, en: string | null) => (fr && en && fr !== en ? `${fr} / ${en}` : (fr ?? en));
const hours = (n: number | null) => (n === null ? null : `${formatNumber(n)} h`);
const percent = (n: number | null) => (n === null ? null : `${formatNumber(n)} %`);
const amount = (n: number | null) => (n === null ? null : formatAmount(n));
const count = (n: number | null) => (n === null ? null : String(n));

/** The lines each group of detail fields prints (REQUEST_FIELD_GROUPS), its label key and value; DESCRIPTION is printed apart, below the title. */
const GROUP_LINES: Record<Exclude<RequestFieldGroup, 'DESCRIPTION'>, (r: RequestDetail) => [string, string | null][]> = {
  CLASS_ID: (r) => [
    ['class', r.className],
    ['subject', both(r.subjectNameFr, r.subjectName)],
  ],
  REQUEST_PBLM_DATE: (r) => [
    ['problemDate', r.REQUEST_PBLM_DATE ? formatDay(r.REQUEST_PBLM_DATE) : null],
    ['slot', r.REQUEST_PBLM_HOUR_START && r.REQUEST_PBLM_HOUR_END ? `${r.REQUEST_PBLM_HOUR_START} – ${r.REQUEST_PBLM_HOUR_END}` : null],
    ['week', r.REQUEST_PBLM_WEEK],
  ],
  CONTRACT_NUMBER: (r) => [['contractNumber', r.CONTRACT_NUMBER]],
  VH: (r) => [
    ['hoursNoted', hours(r.VH_DISPLAYED)],
    ['hoursExpected', hours(r.VH_EXPECTED)],
  ],
  TH: (r) => [
    ['rateNoted', amount(r.TH_DISPLAYED)],
    ['rateExpected', amount(r.TH_EXPECTED)],
  ],
  TI: (r) => [
    ['taxNoted', percent(r.TI_DISPLAYED)],
    ['taxExpected', percent(r.TI_EXPECTED)],
  ],
  AMOUNT: (r) => [
    ['amountReceived', amount(r.AMOUNT_RECEIVED)],
    ['amountExpected', amount(r.AMOUNT_EXPECTED)],
  ],
  REPRO: (r) => [
    ['copies', count(r.REPRO_COPY_NUMBER)],
    ['students', count(r.REPRO_STUDENT_COUNT)],
  ],
  FILE: (r) => [['attachment', r.fileName]],
};
const GROUP_ORDER = Object.keys(GROUP_LINES) as (keyof typeof GROUP_LINES)[];

function body(doc: Pdf, request: RequestDetail, display: RequestDisplayConfig): void {
  const { author } = request;
  labelValue(doc, label('reference'), request.REQUEST_ID);
  labelValue(doc, label(request.audience === 'STUDENT' ? 'student' : 'lecturer'), `${author.LASTNAME} ${author.FIRSTNAME} (${author.MATRICULE})`);
  labelValue(doc, label('filedAt'), formatInstant(request.filedAt));
  labelValue(doc, label('category'), both(request.subcategory.categoryNameFr, request.subcategory.categoryName));
  labelValue(doc, label('subcategory'), `${request.subcategory.code} – ${both(request.subcategory.nameFr, request.subcategory.name)}`);
  // Every group the sub-category shows, filled or left blank to complete by hand.
  for (const group of GROUP_ORDER) {
    if (display[group] === 'HIDDEN') continue;
    for (const [key, value] of GROUP_LINES[group](request)) labelValue(doc, label(key), value);
  }
  labelValue(doc, label('object'), request.REQUEST_OBJECT);
  if (display.DESCRIPTION !== 'HIDDEN') {
    if (request.DESCRIPTION) {
      heading(doc, label('description'));
      paragraph(doc, request.DESCRIPTION, { size: 10 });
    } else {
      labelValue(doc, label('description'), null);
    }
  }
}

/**
 * The printable request (decision 32): an A4 page in French and English with the letterhead, every
 * field the sub-category shows (an empty line where nothing was given), the 7-day signature rule,
 * three signature boxes (the lecturer; received by the lecturers' service on; its head) and a QR
 * code to the public verification page, whose address is printed under it. A student's request
 * (decision 41) names its author a student and needs no signature: the form says it was filed in
 * the student's own session, and keeps two boxes for the units (received on; the school's decision).
 */
export async function requestFormPdf(input: {
  request: RequestDetail;
  display: RequestDisplayConfig;
  institution: Institution;
  verificationUrl: string;
}): Promise<Buffer> {
  const { request, institution, verificationUrl } = input;
  const display = displayForAudience(input.display, request.audience);
  const doc = newDocument({ title: `${request.REQUEST_ID}`, subject: bilingual('pdf.requestForm.title') });
  letterhead(doc, institution);
  title(doc, label('title'));
  body(doc, request, display);
  rule(doc);
  if (signatureRequiredFor(request.audience)) {
    const deadline = { days: REQUEST_SIGNATURE_DAYS, deadline: formatInstant(request.signatureDeadline) };
    paragraph(doc, tr('fr', 'pdf.requestForm.rule', deadline), { bold: true });
    paragraph(doc, tr('en', 'pdf.requestForm.rule', deadline), { bold: true });
    signatureBoxes(doc, [label('lecturerSignature'), label('received'), label('head')]);
  } else {
    paragraph(doc, tr('fr', 'pdf.requestForm.studentNote'), { bold: true });
    paragraph(doc, tr('en', 'pdf.requestForm.studentNote'), { bold: true });
    signatureBoxes(doc, [label('studentReceived'), label('schoolDecision')]);
  }
  await qrCode(doc, verificationUrl, { size: 80, caption: label('verify') });
  return toBuffer(doc);
}
