import { describe, expect, it } from 'vitest';
import type { InboxRow, RequestBatchDetail, RequestUnit } from '@portal/contract';
import { pdfPages, pdfQrCodes, pdfText } from '../../../test/pdf';
import { batchSlipPdf } from './batch-slip';

const SENG: RequestUnit = { id: 1, code: 'SENG', name: "Lecturers' service", nameFr: 'Service aux enseignants' };
const FIN: RequestUnit = { id: 6, code: 'FIN', name: 'Finance', nameFr: 'Finances' };
const institution = { name: 'Institut Universitaire du Littoral', city: 'Douala' };

/** The n-th request of a batch, as the batch's loader answers it. */
const row = (n: number, audience: InboxRow['audience'] = 'STAFF'): InboxRow => ({
  id: n,
  REQUEST_ID: `0201@2024-${String(n).padStart(6, '0')}`,
  REQUEST_OBJECT: `Fees ${n}`,
  REQUEST_STATUS: 'REGISTERED',
  subcategory: { id: 4, code: '0201', name: 'Amount received', nameFr: 'Montant perçu', categoryName: 'Payment', categoryNameFr: 'Paiement' },
  audience,
  unit: SENG,
  CLASS_ID: n % 2 ? 7 : null,
  className: n % 2 ? 'BTS1 GSI/J A' : null,
  REQUEST_PBLM_DATE: null,
  REQUEST_PBLM_HOUR_START: null,
  REQUEST_PBLM_HOUR_END: null,
  // filed at 23:30 UTC: already the next day in Douala
  filedAt: '2024-01-14T23:30:00.000Z',
  signedAt: '2024-01-16T09:00:00.000Z',
  signatureDeadline: '2024-01-21T23:30:00.000Z',
  stage: 'IN_BATCH',
  author: { id: 100 + n, MATRICULE: `VAC${String(n).padStart(4, '0')}`, FIRSTNAME: 'Aïcha', LASTNAME: `Ngono${n}` },
});

const batch = (count: number, sentAt: string | null, audience?: (n: number) => InboxRow['audience']): RequestBatchDetail => ({
  id: 3,
  reference: 'SENG-2024-000003',
  from: SENG,
  to: FIN,
  status: sentAt ? 'SENT' : 'DRAFT',
  count,
  createdAt: '2024-01-16T13:05:00.000Z',
  sentAt,
  receivedAt: null,
  cancelledAt: null,
  requests: Array.from({ length: count }, (_, i) => row(i + 1, audience?.(i + 1))),
});

describe('the transmittal slip of a batch (batchSlipPdf)', () => {
  it('prints the letterhead, the batch, its units in both languages, its dates, every request, the count and the two signature boxes', async () => {
    const data = await batchSlipPdf({ batch: batch(3, '2024-01-16T14:20:00.000Z'), institution });
    expect(data.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(data);
    for (const expected of [
      'RÉPUBLIQUE DU CAMEROUN',
      'REPUBLIC OF CAMEROON',
      'Institut Universitaire du Littoral',
      'Bordereau de transmission / Transmittal slip',
      'Référence du bordereau / Batch reference SENG-2024-000003',
      "Unité d'origine / Sending unit SENG – Service aux enseignants / Lecturers' service",
      'Unité destinataire / Receiving unit FIN – Finances / Finance',
      // university time (UTC+1)
      'Préparé le / Prepared on 16/01/2024 14:05',
      'Envoyé le / Sent on 16/01/2024 15:20',
      'Référence / Reference Enseignant / Lecturer Sous-catégorie / Sub-category Classe / Class Déposée le / Filed on',
      '0201@2024-000001 Ngono1 Aïcha (VAC0001) 0201 – Montant perçu / Amount received BTS1 GSI/J A 15/01/2024',
      '0201@2024-000002 Ngono2 Aïcha (VAC0002) 0201 – Montant perçu / Amount received 15/01/2024',
      '0201@2024-000003 Ngono3 Aïcha (VAC0003)',
      'Nombre de requêtes / Number of requests 3',
      'Transmis par / Sent by',
      'Reçu par (date et heure) / Received by (date and hour)',
    ]) {
      expect(text).toContain(expected);
    }
    expect(await pdfQrCodes(data)).toEqual([]);
  });

  it("names the authors' column after who filed the requests: students, or both lecturers and students (decision 41)", async () => {
    const students = await pdfText(await batchSlipPdf({ batch: batch(2, null, () => 'STUDENT'), institution }));
    expect(students).toContain('Référence / Reference Étudiant / Student Sous-catégorie / Sub-category');
    expect(students).not.toContain('Enseignant / Lecturer');
    const both = await pdfText(await batchSlipPdf({ batch: batch(2, null, (n) => (n === 1 ? 'STUDENT' : 'STAFF')), institution }));
    expect(both).toContain('Référence / Reference Auteur / Author Sous-catégorie / Sub-category');
  });

  it('leaves the sending date to fill in for a batch not sent yet, and repeats the table header on each page of a long batch', async () => {
    const data = await batchSlipPdf({ batch: batch(80, null), institution });
    const pages = await pdfPages(data);
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.join('\n');
    expect(text).toContain('Envoyé le / Sent on\n');
    for (const page of pages) expect(page).toContain('Sous-catégorie / Sub-category');
    expect(text).toContain('0201@2024-000080');
    expect(pages.at(-1)).toContain('Nombre de requêtes / Number of requests 80');
  });
});
