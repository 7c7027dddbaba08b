import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoment } from '../../lib/format';
import { changeLanguage } from '../../lib/i18n';
import { error, fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { lecturer, requestDetail } from './requests-fixtures';

const FINANCE = { id: 5, code: 'FIN', name: 'Finance', nameFr: 'Finances' };
const SENG = { id: 1, code: 'SENG', name: "Lecturers' service", nameFr: 'Service des enseignants' };

/** The list of the request's fields as label → value. */
function fieldsOf(): Record<string, string> {
  const list = document.querySelector('dl')!;
  const labels = [...list.querySelectorAll('dt')].map((dt) => dt.textContent ?? '');
  const values = [...list.querySelectorAll('dd')].map((dd) => dd.textContent ?? '');
  return Object.fromEntries(labels.map((label, index) => [label, values[index] ?? '']));
}

describe('one of my requests', () => {
  it('shows its fields, its attachment and printable form, and its steps with the deliberation', async () => {
    fakeApi({
      'GET /api/requests/501': {
        body: requestDetail({
          REQUEST_STATUS: 'VALIDATED_BILLED',
          signedAt: '2024-01-16T09:00:00.000Z',
          unit: null,
          stage: 'FINISHED',
          REQUEST_FILE: '/api/requests/501/file',
          fileName: 'attendance.pdf',
          steps: [
            { id: 1, kind: 'FILED', unit: SENG, decision: null, comment: null, status: 'REGISTERED', batch: null, at: '2024-01-15T08:00:00.000Z', by: null },
            { id: 2, kind: 'SIGNED', unit: SENG, decision: null, comment: null, status: 'REGISTERED', batch: null, at: '2024-01-16T09:00:00.000Z', by: null },
            {
              id: 3,
              kind: 'DECIDED',
              unit: FINANCE,
              decision: { id: 9, label: 'Billed', labelFr: 'Facturée' },
              comment: 'Paid with the February fees.',
              status: 'VALIDATED_BILLED',
              batch: null,
              at: '2024-02-01T10:00:00.000Z',
              by: null,
            },
          ],
        }),
      },
    });
    renderApp('/requests/501', { user: lecturer() });
    expect(await screen.findByRole('heading', { level: 1, name: '0101@2024-000042' })).toBeInTheDocument();
    expect(fieldsOf()).toMatchObject({
      Reference: '0101@2024-000042',
      Category: 'Teaching · Teaching session not recorded',
      'Filed on': formatMoment('2024-01-15T08:00:00.000Z'),
      'Signed on': formatMoment('2024-01-16T09:00:00.000Z'),
      'Held by': 'Back with the lecturer',
      Class: 'GL1/J',
      Subject: 'Algorithms',
      'Date of the problem': '10/01/2024',
      Week: '2024-W02',
      'Time slot': '10:10 – 12:00',
    });
    expect(screen.getByRole('link', { name: 'Printable request (PDF)' })).toHaveAttribute('href', '/api/requests/501/form');
    expect(screen.getByRole('link', { name: 'Attachment attendance.pdf' })).toHaveAttribute('href', '/api/requests/501/file');
    const steps = within(screen.getByRole('heading', { name: 'Steps' }).parentElement!).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[0]).toHaveTextContent("Filed at Lecturers' service");
    expect(steps[1]).toHaveTextContent("Printed request signed at Lecturers' service");
    expect(steps[2]).toHaveTextContent('Decision of Finance');
    expect(steps[2]).toHaveTextContent('Decision: Billed');
    expect(steps[2]).toHaveTextContent('Deliberation: Paid with the February fees.');
    // no confirmation unless just filed
    expect(screen.queryByText(/filed$/)).not.toBeInTheDocument();

    await changeLanguage('fr');
    expect(await screen.findByText('Décision : Facturée')).toBeInTheDocument();
    const frenchSteps = within(screen.getByRole('heading', { name: 'Étapes' }).parentElement!).getAllByRole('listitem');
    expect(frenchSteps[0]).toHaveTextContent('Déposée auprès de : Service des enseignants');
    expect(frenchSteps[2]).toHaveTextContent('Décision prise par : Finances');
    expect(fieldsOf()).toMatchObject({ Matière: 'Algorithmique', Catégorie: 'Enseignement · Cours non enregistré' });
  });

  it('tells the rule when just filed: sign the printed request within 7 days, before its deadline, or it is rejected', async () => {
    fakeApi({ 'GET /api/requests/501': { body: requestDetail() } });
    renderApp('/requests/501?filed=1', { user: lecturer() });
    const confirmation = await screen.findByRole('alert', { name: 'Request 0101@2024-000042 filed' });
    const deadline = formatMoment('2024-01-22T08:00:00.000Z');
    expect(confirmation).toHaveTextContent(
      `Print this request and sign it at the service that received it, Lecturers' service, within 7 days: before ${deadline}. A request not signed by then is rejected.`,
    );
    expect(within(confirmation).getByRole('link', { name: 'Download and print the request' })).toHaveAttribute('href', '/api/requests/501/form');
    expect(fieldsOf()['Signed on']).toBe(`Not yet: sign it before ${deadline}`);

    await changeLanguage('fr');
    expect(await screen.findByRole('alert', { name: 'Requête 0101@2024-000042 déposée' })).toHaveTextContent(
      `Imprimez cette requête et signez-la auprès du service qui l’a reçue, Service des enseignants, dans les 7 jours : avant le ${deadline}. Une requête non signée à cette date est rejetée.`,
    );
  });

  it("says so for another person's request, an unknown one and a malformed address", async () => {
    const api = fakeApi({ 'GET /api/requests/502': error(403, 'FORBIDDEN'), 'GET /api/requests/503': error(404, 'NOT_FOUND') });
    const first = renderApp('/requests/502', { user: lecturer() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Action denied');
    first.unmount();
    const second = renderApp('/requests/503', { user: lecturer() });
    expect(await screen.findByRole('alert')).toHaveTextContent('No element to show');
    second.unmount();
    renderApp('/requests/abc', { user: lecturer() });
    expect(await screen.findByRole('alert')).toHaveTextContent('No element to show');
    expect(api.to('GET', '/api/requests/abc')).toHaveLength(0);
  });
});
