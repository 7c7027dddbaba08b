import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestDetail } from '@portal/contract';
import { changeLanguage } from '../../lib/i18n';
import { error, fakeApi, type FakeAnswer, type FakeRequest } from '../../test/fake-api';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { renderApp } from '../../test/render-app';
import { FIN, requestDetail, SCHOOL } from './office-fixtures';

const REQUEST = '/api/requests/101';

const dialog = () => screen.getByRole('dialog');
const actions = () => screen.getByRole('region', { name: 'What your unit can do' });

/** The fake server with one request, which `routes` change (an answer, or the request as it now stands). */
function requestApi(start: RequestDetail, routes: Record<string, (request: FakeRequest, current: RequestDetail) => RequestDetail | FakeAnswer> = {}) {
  let current = start;
  const handlers: Record<string, (request: FakeRequest) => FakeAnswer> = { [`GET ${REQUEST}`]: () => ({ body: current }) };
  for (const [key, change] of Object.entries(routes)) {
    handlers[key] = (request) => {
      const result = change(request, current);
      if ('REQUEST_ID' in result) {
        current = result;
        return { body: current };
      }
      return result;
    };
  }
  const api = fakeApi(handlers);
  return { ...api, replace: (next: RequestDetail) => (current = next) };
}

/** At the lecturers' service, filed on 10 March 2026, not yet signed. */
const AT_SENG = requestDetail({
  filedAt: '2026-03-10T08:00:00.000Z',
  signatureDeadline: '2026-03-17T08:00:00.000Z',
  actions: { sign: true, reject: true, decisions: [] },
});

/** At the school, received and waiting for its decision: validate and send on to finance, or refuse. */
const AT_SCHOOL = requestDetail({
  REQUEST_STATUS: 'PROCESSING',
  stage: 'AWAITING_DECISION',
  unit: SCHOOL,
  signedAt: '2026-03-11T09:00:00.000Z',
  actions: {
    sign: false,
    reject: false,
    decisions: [
      { id: 61, label: 'Validate', labelFr: 'Valider', status: 'VALIDATED', forwardUnit: FIN },
      { id: 62, label: 'Refuse', labelFr: 'Refuser', status: 'NOT_VALIDATED', forwardUnit: null },
    ],
  },
});

describe('processing a request', () => {
  it('shows the request, its steps, its form and what the unit may do', async () => {
    requestApi(AT_SENG);
    renderApp('/office/requests/101', { user: DEMO_PEOPLE.seng(), state: { from: '?stage=AWAITING_SIGNATURE' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Request REQ-2026-0101' })).toBeInTheDocument();
    expect(screen.getByText('Two hours missing in March')).toBeInTheDocument();
    expect(screen.getByText('Alice Fouda (VAC0001)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Printable request (PDF)' })).toHaveAttribute('href', '/api/requests/101/form');
    expect(screen.getByRole('link', { name: 'Back to the requests' })).toHaveAttribute('href', '/office/requests?stage=AWAITING_SIGNATURE');
    expect(within(actions()).getByRole('button', { name: 'Record the signature' })).toBeInTheDocument();
    expect(within(actions()).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(actions()).queryByRole('button', { name: 'Decide' })).not.toBeInTheDocument();
  });

  it('says why there is nothing to do', async () => {
    requestApi(requestDetail({ stage: 'IN_BATCH', signedAt: '2026-03-11T09:00:00.000Z' }));
    renderApp('/office/requests/101', { user: DEMO_PEOPLE.seng() });
    expect(await screen.findByText('Nothing to do now: the request is in a transmittal batch not yet received.')).toBeInTheDocument();
    expect(within(actions()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('records the signature: now by default, typed as day and hour of the university, never in the future nor before the filing', async () => {
    const api = requestApi(AT_SENG, {
      [`POST ${REQUEST}/signature`]: (_request, current) => ({
        ...current,
        signedAt: '2026-03-11T13:30:00.000Z',
        stage: 'READY_TO_SEND',
        actions: { sign: false, reject: false, decisions: [] },
      }),
    });
    const { user } = renderApp('/office/requests/101', { user: DEMO_PEOPLE.seng() });
    await user.click(await within(await screen.findByRole('region', { name: 'What your unit can do' })).findByRole('button', { name: 'Record the signature' }));
    const day = await within(await screen.findByRole('dialog')).findByRole('textbox', { name: /^Day/ });
    const hour = within(dialog()).getByRole('textbox', { name: /^Hour/ });
    // now, on the university's clock (UTC+1)
    const now = new Date(Date.now() + 3_600_000).toISOString();
    expect(day).toHaveValue(`${now.slice(8, 10)}/${now.slice(5, 7)}/${now.slice(0, 4)}`);
    expect((hour as HTMLInputElement).value).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);

    const tomorrow = new Date(Date.now() + 3_600_000 + 86_400_000).toISOString();
    await user.clear(day);
    await user.type(day, `${tomorrow.slice(8, 10)}${tomorrow.slice(5, 7)}${tomorrow.slice(0, 4)}`);
    await user.click(within(dialog()).getByRole('button', { name: 'Record' }));
    expect(await within(await screen.findByRole('dialog')).findByText('Not in the future, nor before the filing')).toBeInTheDocument();
    await user.clear(day);
    await user.type(day, '09032026');
    await user.click(within(dialog()).getByRole('button', { name: 'Record' }));
    expect(await within(await screen.findByRole('dialog')).findByText('Not in the future, nor before the filing')).toBeInTheDocument();
    expect(api.to('POST', `${REQUEST}/signature`)).toHaveLength(0);

    await user.clear(day);
    await user.type(day, '11032026');
    await user.clear(hour);
    await user.type(hour, '1430');
    expect(hour).toHaveValue('14:30');
    await user.click(within(dialog()).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Signature recorded !')).toBeInTheDocument();
    expect(api.to('POST', `${REQUEST}/signature`)[0]!.body).toEqual({ SIGNED_AT: '2026-03-11T14:30:00+01:00' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the page shows the request as it now stands
    expect(await screen.findByText('Nothing to decide here: the request is ready to go on in a transmittal batch.')).toBeInTheDocument();
    expect(screen.getAllByText('Ready to send').length).toBeGreaterThan(0);
  });

  it('keeps a refusal that is not a change of state in the dialog', async () => {
    requestApi(AT_SENG, { [`POST ${REQUEST}/signature`]: () => error(400, 'REQUEST_SIGNATURE_DATE_INVALID') });
    const { user } = renderApp('/office/requests/101', { user: DEMO_PEOPLE.seng() });
    await user.click(await screen.findByRole('button', { name: 'Record the signature' }));
    await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Record' }));
    expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'The signature cannot be dated in the future nor before the request was filed.',
    );
  });

  it('shows where the request stands when another agent signed it meanwhile (409)', async () => {
    const api = requestApi(AT_SENG, { [`POST ${REQUEST}/signature`]: () => error(409, 'REQUEST_CHANGED') });
    const { user } = renderApp('/office/requests/101', { user: DEMO_PEOPLE.seng() });
    await user.click(await screen.findByRole('button', { name: 'Record the signature' }));
    const loads = api.to('GET', REQUEST).length;
    api.replace({ ...AT_SENG, signedAt: '2026-03-11T09:00:00.000Z', stage: 'READY_TO_SEND', actions: { sign: false, reject: false, decisions: [] } });
    await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Record' }));
    expect(await screen.findByText('This request was processed by someone else in the meantime; reload it to see where it stands.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.to('GET', REQUEST).length).toBeGreaterThan(loads));
    expect(await screen.findByText('Nothing to decide here: the request is ready to go on in a transmittal batch.')).toBeInTheDocument();
  });

  it('rejects with a reason, which is required', async () => {
    const api = requestApi(AT_SENG, {
      [`POST ${REQUEST}/rejection`]: (_request, current) => ({
        ...current,
        REQUEST_STATUS: 'REJECTED',
        stage: 'FINISHED',
        unit: null,
        actions: { sign: false, reject: false, decisions: [] },
      }),
    });
    const { user } = renderApp('/office/requests/101', { user: DEMO_PEOPLE.seng() });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Reject the request' }));
    expect(await within(await screen.findByRole('dialog')).findByText('Give a reason of a few words')).toBeInTheDocument();
    expect(api.to('POST', `${REQUEST}/rejection`)).toHaveLength(0);
    await user.type(within(dialog()).getByRole('textbox', { name: /^Reason/ }), 'Not signed: the lecturer is abroad');
    await user.click(within(dialog()).getByRole('button', { name: 'Reject the request' }));
    expect(await screen.findByText('Request rejected !')).toBeInTheDocument();
    expect(api.to('POST', `${REQUEST}/rejection`)[0]!.body).toEqual({ REASON: 'Not signed: the lecturer is abroad' });
    expect(await screen.findByText('Nothing more to do: the request is back with its author.')).toBeInTheDocument();
  });

  it('decides: each allowed decision says where the request goes, and the comment is required', async () => {
    const api = requestApi(AT_SCHOOL, {
      [`POST ${REQUEST}/decision`]: (_request, current) => ({
        ...current,
        REQUEST_STATUS: 'VALIDATED',
        stage: 'READY_TO_SEND',
        actions: { sign: false, reject: false, decisions: [] },
      }),
    });
    const { user } = renderApp('/office/requests/101', { user: DEMO_PEOPLE.school() });
    await user.click(await within(await screen.findByRole('region', { name: 'What your unit can do' })).findByRole('button', { name: 'Decide' }));
    const choices = await within(await screen.findByRole('dialog')).findByRole('radiogroup', { name: 'Decision' });
    expect(within(choices).getByRole('radio', { name: /^Validate Goes on to Finance · status: Validated$/ })).toBeInTheDocument();
    expect(within(choices).getByRole('radio', { name: /^Refuse Goes back to its author · status: Not validated$/ })).toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Record the decision' }));
    expect(await within(dialog()).findAllByText('This field is required')).toHaveLength(2);
    expect(api.to('POST', `${REQUEST}/decision`)).toHaveLength(0);

    await user.click(within(choices).getByRole('radio', { name: /^Validate/ }));
    await user.type(within(dialog()).getByRole('textbox', { name: /^Comment/ }), 'Hours checked against the register.');
    await user.click(within(dialog()).getByRole('button', { name: 'Record the decision' }));
    expect(await screen.findByText('Decision recorded !')).toBeInTheDocument();
    expect(api.to('POST', `${REQUEST}/decision`)[0]!.body).toEqual({ DECISION_ID: 61, COMMENT: 'Hours checked against the register.' });
  });

  it('names the decisions in the reader’s language', async () => {
    await changeLanguage('fr');
    requestApi(AT_SCHOOL);
    const { user } = renderApp('/office/requests/101', { user: DEMO_PEOPLE.school({ LANGUAGE: 'fr' }) });
    await user.click(await screen.findByRole('button', { name: 'Décider' }));
    const choices = await within(await screen.findByRole('dialog')).findByRole('radiogroup', { name: 'Décision' });
    expect(within(choices).getByRole('radio', { name: /^Valider Part vers Finances · statut\u00a0: Validée$/ })).toBeInTheDocument();
    expect(within(choices).getByRole('radio', { name: /^Refuser Retourne à son auteur/ })).toBeInTheDocument();
  });

  it('shows where the request stands when another agent decided meanwhile (409)', async () => {
    const api = requestApi(AT_SCHOOL, { [`POST ${REQUEST}/decision`]: () => error(409, 'REQUEST_CHANGED') });
    const { user } = renderApp('/office/requests/101', { user: DEMO_PEOPLE.school() });
    await user.click(await screen.findByRole('button', { name: 'Decide' }));
    await user.click(await within(await screen.findByRole('dialog')).findByRole('radio', { name: /^Refuse/ }));
    await user.type(within(dialog()).getByRole('textbox', { name: /^Comment/ }), 'Not in the register.');
    api.replace({ ...AT_SCHOOL, REQUEST_STATUS: 'VALIDATED', stage: 'READY_TO_SEND', actions: { sign: false, reject: false, decisions: [] } });
    await user.click(within(dialog()).getByRole('button', { name: 'Record the decision' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This request was processed by someone else in the meantime');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Nothing to decide here: the request is ready to go on in a transmittal batch.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decide' })).not.toBeInTheDocument();
  });

  it('says when the request cannot be seen', async () => {
    fakeApi({ [`GET ${REQUEST}`]: error(403, 'FORBIDDEN') });
    renderApp('/office/requests/101', { user: DEMO_PEOPLE.finance() });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What your unit can do' })).not.toBeInTheDocument();
  });
});
