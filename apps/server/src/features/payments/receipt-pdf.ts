import { formatFcfa } from '@portal/contract/rules';
import { tr, type Lang } from '../../lib/i18n';
import { formatInstant, labelValue, letterhead, newDocument, qrCode, rule, title, toBuffer, type Institution } from '../../lib/pdf';

/** What a receipt shows. */
export interface ReceiptData {
  lang: Lang;
  institution: Institution;
  receiptNumber: string;
  paidAt: Date;
  candidateNumber: string;
  candidateName: string;
  entrance: string;
  amount: number;
  fees: number;
  total: number;
  /** the paying phone, masked */
  account: string;
  /** our order number (the reference system's "Transaction ID") */
  orderNumber: string;
  operatorTransactionId: string | null;
  networkName: string;
  /** the public check's address (the QR code) */
  verifyUrl: string;
}

/**
 * The receipt of a registration fee (decision 43), A4, in the candidate's language: the
 * institution, the date, the candidate number in upper case, "Entrance examination" / "Concours",
 * the amount paid, the operator's fees and the total in FCFA, the account (masked phone), the
 * transaction ids and the network, and a QR code to the public check of the receipt.
 */
export async function receiptPdf(data: ReceiptData): Promise<Buffer> {
  const t = (key: string) => tr(data.lang, `payment.pdf.${key}`);
  const doc = newDocument({ title: `${t('title')} ${data.receiptNumber}`, subject: t('title') });
  letterhead(doc, data.institution);
  title(doc, t('title'));
  labelValue(doc, t('receiptNumber'), data.receiptNumber);
  labelValue(doc, t('company'), data.institution.name);
  labelValue(doc, t('date'), formatInstant(data.paidAt));
  labelValue(doc, t('candidateNumber'), data.candidateNumber.toUpperCase());
  labelValue(doc, t('candidate'), data.candidateName);
  labelValue(doc, t('description'), `${t('descriptionValue')} – ${data.entrance}`);
  rule(doc);
  labelValue(doc, t('amount'), formatFcfa(data.amount));
  labelValue(doc, t('fees'), formatFcfa(data.fees));
  labelValue(doc, t('total'), formatFcfa(data.total));
  rule(doc);
  labelValue(doc, t('network'), data.networkName);
  labelValue(doc, t('account'), data.account);
  labelValue(doc, t('transactionId'), data.orderNumber);
  labelValue(doc, t('operatorTransactionId'), data.operatorTransactionId);
  doc.moveDown(0.8);
  await qrCode(doc, data.verifyUrl, { caption: t('verify') });
  return toBuffer(doc);
}
