import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestBatchDetail } from '@portal/contract';
import { error, fakeApi, queriesTo, type FakeAnswer, type FakeRequest } from '../../test/fake-api';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { renderApp } from '../../test/render-app';
import { apiPage, batch, batchDetail, eligible, FIN, requestConfig, SCHOOL } from './office-fixtures';

const BATCHES = '/api/request-batches';
const ELIGIBLE = '/api/request-batches/eligible';
const BATCH = '/api/request-batches/31';

const group = (name: string) => screen.findByRole('region', { name });
const dialog = () => screen.findByRole('dialog');

/** Two requests for the school, one for finance. */
const READY = [eligible(), eligible({ id: 102, REQUEST_ID: 'REQ-2026-0102' }), eligible({ id: 103, REQUEST_ID: 'REQ-2026-0103', destinations: [FIN] })];

/** The fake server with one batch, which the routes change. */
function batchApi(
  start: RequestBatchDetail,
  routes: Record<string, (request: FakeRequest, current: RequestBatchDetail) => RequestBatchDetail | FakeAnswer> = {},
  more: Record<string, FakeAnswer> = {},
) {
  let current = start;
  const handlers: Record<string, FakeAnswer | ((request: FakeRequest) => FakeAnswer)> = { [`GET ${BATCH}`]: () => ({ body: current }), ...more };
  for (const [key, change] of Object.entries(routes)) {
    handlers[key] = (request) => {
      const result = change(request, current);
      if ('reference' in result) {
        current = result;
        return { body: current };
      }
      return result;
    };
  }
  const api = fakeApi(handlers);
  return { ...api, replace: (next: RequestBatchDetail) => (current = next) };
}

describe('transmittal batches, to send', () => {
  it('groups the requests ready to send by destination and prepares a batch of those ticked, then shows it with its slip', async () => {
    const api = batchApi(
      batchDetail({ requests: [READY[0]!] }),
      {},
      {
        [`GET ${ELIGIBLE}`]: { body: READY },
        [`POST ${BATCHES}`]: { status: 201, body: batchDetail({ requests: [READY[0]!] }) },
      },
    );
    const { user, location } = renderApp('/office/batches', { user: DEMO_PEOPLE.seng() });
    const school = within(await group('To School of Computer Science'));
    expect(within(await group('To Finance')).getByText('REQ-2026-0103')).toBeInTheDocument();
    expect(school.getByText('REQ-2026-0101')).toBeInTheDocument();
    expect(school.getByText('REQ-2026-0102')).toBeInTheDocument();
    expect(school.queryByText('REQ-2026-0103')).not.toBeInTheDocument();
    expect(queriesTo(ELIGIBLE)[0]!.toString()).toBe('');
    expect(school.getByRole('button', { name: 'Prepare batch' })).toBeDisabled();

    await user.click(school.getByRole('checkbox', { name: 'Put REQ-2026-0101 in the batch' }));
    expect(school.getByText('1 of 2 chosen')).toBeInTheDocument();
    await user.click(school.getByRole('button', { name: 'Prepare batch' }));
    expect(await screen.findByText('Batch BT-2026-0031 prepared !')).toBeInTheDocument();
    expect(api.to('POST', BATCHES)[0]!.body).toEqual({ TO_UNIT_ID: SCHOOL.id, REQUEST_IDS: [101], SEND: false });
    // the new batch opens, ready to print and send
    const opened = within(await dialog());
    expect(await opened.findByRole('heading', { name: 'Batch BT-2026-0031' })).toBeInTheDocument();
    expect(opened.getByRole('link', { name: 'Print slip' })).toHaveAttribute('href', '/api/request-batches/31/slip');
    expect(opened.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(new URLSearchParams(location().search).get('batch')).toBe('31');
  });

  it('prepares and sends every request for a destination at once', async () => {
    const api = batchApi(
      batchDetail({ status: 'SENT' }),
      {},
      {
        [`GET ${ELIGIBLE}`]: { body: READY },
        [`POST ${BATCHES}`]: { status: 201, body: batchDetail({ status: 'SENT' }) },
      },
    );
    const { user } = renderApp('/office/batches', { user: DEMO_PEOPLE.seng() });
    const school = within(await group('To School of Computer Science'));
    await user.click(school.getByRole('checkbox', { name: 'Put every request for School of Computer Science in the batch' }));
    expect(school.getByText('2 of 2 chosen')).toBeInTheDocument();
    await user.click(school.getByRole('button', { name: 'Prepare and send' }));
    expect(await screen.findByText('Batch BT-2026-0031 sent !')).toBeInTheDocument();
    expect(api.to('POST', BATCHES)[0]!.body).toEqual({ TO_UNIT_ID: SCHOOL.id, REQUEST_IDS: [101, 102], SEND: true });
  });

  it('names the requests that can no longer go and lists again those that can (409)', async () => {
    const api = fakeApi({
      [`GET ${ELIGIBLE}`]: { body: READY },
      [`POST ${BATCHES}`]: error(409, 'BATCH_REQUESTS_UNAVAILABLE', { columns: ['REQ-2026-0102'] }),
    });
    const { user } = renderApp('/office/batches', { user: DEMO_PEOPLE.seng() });
    const school = within(await group('To School of Computer Science'));
    await user.click(school.getByRole('checkbox', { name: 'Put every request for School of Computer Science in the batch' }));
    const loads = api.to('GET', ELIGIBLE).length;
    await user.click(school.getByRole('button', { name: 'Prepare batch' }));
    expect(await school.findByRole('alert')).toHaveTextContent(
      'Some of these requests can no longer go in this batch; reload the list. Refused: REQ-2026-0102.',
    );
    await waitFor(() => expect(api.to('GET', ELIGIBLE).length).toBeGreaterThan(loads));
  });

  it('says when nothing is ready to send', async () => {
    fakeApi({ [`GET ${ELIGIBLE}`]: { body: [] } });
    renderApp('/office/batches', { user: DEMO_PEOPLE.seng() });
    expect(await screen.findByText('No request is ready to send.')).toBeInTheDocument();
  });
});

describe('transmittal batches, sent and received', () => {
  it('lists the outgoing batches, sends a prepared one, and cancels it after saying the requests go back', async () => {
    const api = batchApi(
      batchDetail(),
      {
        [`POST ${BATCH}/send`]: (_request, current) => ({ ...current, status: 'SENT', sentAt: '2026-03-12T10:00:00' }),
        [`POST ${BATCH}/cancel`]: (_request, current) => ({ ...current, status: 'CANCELLED', cancelledAt: '2026-03-12T11:00:00' }),
      },
      {
        [`GET ${BATCHES}`]: {
          body: apiPage([
            batch(),
            batch({ id: 32, reference: 'BT-2026-0032', status: 'RECEIVED', to: FIN, sentAt: '2026-03-01T10:00:00', receivedAt: '2026-03-02T10:00:00' }),
          ]),
        },
      },
    );
    const { user } = renderApp('/office/batches?tab=outgoing', { user: DEMO_PEOPLE.seng() });
    const table = await screen.findByRole('table', { name: 'Outgoing' });
    expect(Object.fromEntries(queriesTo(BATCHES)[0]!)).toEqual({ direction: 'OUT', page: '1', pageSize: '20' });
    const [, draft, received] = within(table).getAllByRole('row');
    expect(within(draft!).getByText('Prepared')).toBeInTheDocument();
    expect(
      within(received!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['BT-2026-0032', "Lecturers' service", 'Finance', 'Received', '2', '12/03/2026 09:00', '01/03/2026 10:00', '02/03/2026 10:00']);

    await user.click(within(draft!).getByRole('button', { name: 'BT-2026-0031' }));
    const opened = within(await dialog());
    expect(await opened.findByRole('table', { name: "The batch's 2 requests" })).toBeInTheDocument();
    expect(opened.getByRole('link', { name: 'REQ-2026-0102' })).toHaveAttribute('href', '/office/requests/102');
    expect(opened.queryByRole('button', { name: 'Confirm reception' })).not.toBeInTheDocument();
    await user.click(opened.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Batch BT-2026-0031 sent !')).toBeInTheDocument();
    expect(await opened.findByText('Sent')).toBeInTheDocument();
    expect(opened.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();

    await user.click(opened.getByRole('button', { name: 'Cancel the batch' }));
    const confirm = within((await screen.findAllByRole('dialog')).at(-1)!);
    expect(confirm.getByText("Its 2 requests go back to Lecturers' service, ready to send again.")).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel the batch' }));
    expect(await screen.findByText('Batch BT-2026-0031 cancelled !')).toBeInTheDocument();
    expect(api.to('POST', `${BATCH}/cancel`)).toHaveLength(1);
    expect(await opened.findByText('Cancelled')).toBeInTheDocument();
    expect(opened.queryByRole('button', { name: 'Cancel the batch' })).not.toBeInTheDocument();
    expect(opened.getByRole('link', { name: 'Print slip' })).toBeInTheDocument();
  });

  it('confirms the reception of an incoming batch, which the destination may not send nor cancel', async () => {
    const api = batchApi(
      batchDetail({ status: 'SENT', sentAt: '2026-03-12T10:00:00' }),
      { [`POST ${BATCH}/receive`]: (_request, current) => ({ ...current, status: 'RECEIVED', receivedAt: '2026-03-13T08:00:00' }) },
      { [`GET ${BATCHES}`]: { body: apiPage([batch({ status: 'SENT' })]) } },
    );
    const { user } = renderApp('/office/batches?tab=incoming&batch=31', { user: DEMO_PEOPLE.school() });
    const opened = within(await dialog());
    await opened.findByRole('heading', { name: 'Batch BT-2026-0031' });
    expect(opened.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(opened.queryByRole('button', { name: 'Cancel the batch' })).not.toBeInTheDocument();
    await user.click(opened.getByRole('button', { name: 'Confirm reception' }));
    expect(await screen.findByText('Reception of batch BT-2026-0031 confirmed !')).toBeInTheDocument();
    expect(api.to('POST', `${BATCH}/receive`)).toHaveLength(1);
    expect(await opened.findByText('Received')).toBeInTheDocument();
    expect(queriesTo(BATCHES).at(-1)?.get('direction')).toBe('IN');
  });

  it('shows a batch that changed meanwhile as it now stands (409)', async () => {
    const api = batchApi(batchDetail(), { [`POST ${BATCH}/send`]: () => error(409, 'BATCH_CHANGED') }, { [`GET ${BATCHES}`]: { body: apiPage([batch()]) } });
    const { user } = renderApp('/office/batches?tab=outgoing&batch=31', { user: DEMO_PEOPLE.seng() });
    const opened = within(await dialog());
    const send = await opened.findByRole('button', { name: 'Send' });
    // cancelled by another agent meanwhile
    api.replace(batchDetail({ status: 'CANCELLED', cancelledAt: '2026-03-12T11:00:00' }));
    await user.click(send);
    expect(await opened.findByRole('alert')).toHaveTextContent('This batch was sent, received or cancelled in the meantime; reload it.');
    expect(await opened.findByText('Cancelled')).toBeInTheDocument();
    expect(opened.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });
});

describe('transmittal batches, administrators', () => {
  it('choose the sending unit, prepare its batches, and see every batch', async () => {
    const api = batchApi(
      batchDetail(),
      {},
      {
        'GET /api/request-config': { body: requestConfig() },
        [`GET ${ELIGIBLE}`]: { body: READY },
        [`POST ${BATCHES}`]: { status: 201, body: batchDetail() },
        [`GET ${BATCHES}`]: { body: apiPage([batch()]) },
      },
    );
    const { user } = renderApp('/office/batches', { user: DEMO_PEOPLE.admin() });
    expect(await screen.findByText('Choose the sending unit to see the requests it may send.')).toBeInTheDocument();
    expect(api.to('GET', ELIGIBLE)).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: 'Sending unit' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: "SENG – Lecturers' service" }));
    const school = within(await group('To School of Computer Science'));
    expect(queriesTo(ELIGIBLE).at(-1)?.get('unit')).toBe('1');
    await user.click(school.getByRole('checkbox', { name: 'Put REQ-2026-0102 in the batch' }));
    await user.click(school.getByRole('button', { name: 'Prepare batch' }));
    await screen.findByText('Batch BT-2026-0031 prepared !');
    expect(api.to('POST', BATCHES)[0]!.body).toEqual({ TO_UNIT_ID: SCHOOL.id, REQUEST_IDS: [102], SEND: false, FROM_UNIT_ID: 1 });
    // an administrator may do either side's part
    const opened = within(await dialog());
    expect(await opened.findByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(opened.getByRole('button', { name: 'Cancel the batch' })).toBeInTheDocument();
    await user.click(opened.getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('tab', { name: 'Outgoing' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All batches' }));
    await screen.findByRole('table', { name: 'All batches' });
    expect(queriesTo(BATCHES).at(-1)?.get('direction')).toBe('ALL');
  });
});
