import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error, fakeApi } from '../../test/fake-api';
import { preloadPages, renderApp } from '../../test/render-app';
import { PAYMENT_POLL_MS } from './candidate-payments-api';
import { candidateFile, document, FEES_PATH, fileHandlers, ME_PATH, PAY_PATH, payment, paymentPath } from './candidate-file-fixtures';

type User = ReturnType<typeof renderApp>['user'];
const PAGE = '/candidate/file';
/** The page, once the file is read. */
const heading = async () => {
  await screen.findByRole('heading', { name: 'My candidate file', level: 1 });
  return screen.findByLabelText('Candidate number C26000042');
};
const payForm = () => screen.getByRole('form', { name: 'Pay the registration fee' });
const documentItem = (name: string, list = 'Documents') => within(screen.getByRole('list', { name: list })).getByRole('listitem', { name });

/** Chooses a network, types the paying phone and checks the fee. */
async function checkFee(user: User, network = 'MTN Mobile Money', phone = '670000012') {
  await user.click(await screen.findByRole('radio', { name: network }));
  await user.type(screen.getByRole('textbox', { name: 'Phone number that pays' }), phone);
  await user.click(screen.getByRole('button', { name: 'Check the fee' }));
  return screen.findByRole('region', { name: 'Fee and total to pay' });
}

describe("the candidate's file", () => {
  it('shows the candidate number, the name, the entrance with its fee and deadline, and each document in its state', async () => {
    fakeApi(fileHandlers());
    renderApp(PAGE);
    await heading();
    expect(screen.getByLabelText('Candidate number C26000042')).toHaveTextContent('C26000042');
    expect(screen.getByText('Brice Ngono')).toBeInTheDocument();
    const facts = screen.getByText('Registration deadline').closest('dl') as HTMLElement;
    expect(within(facts).getByText('Engineering entrance 2026')).toBeInTheDocument();
    expect(within(facts).getByText('25.000 FCFA')).toBeInTheDocument();
    expect(within(facts).getByText('30/06/2026')).toBeInTheDocument();
    // the photo is missing, the birth certificate given, the diploma to be replaced with the office's reason
    expect(within(documentItem('4x4 photo')).getByText('Missing')).toBeInTheDocument();
    expect(within(documentItem('4x4 photo')).getByLabelText('Send the 4x4 photo')).toHaveAttribute('accept', 'image/jpeg,.jpg,image/png,.png');
    expect(within(documentItem('Birth certificate')).getByText('Given')).toBeInTheDocument();
    expect(within(documentItem('Birth certificate')).getByRole('link', { name: 'Open the Birth certificate' })).toHaveAttribute(
      'href',
      '/api/candidate/documents/BIRTH_CERTIFICATE',
    );
    expect(within(documentItem('Diploma')).getByText('To be replaced')).toBeInTheDocument();
    expect(within(documentItem('Diploma')).getByText('The admissions office asks you to replace it: The scan is unreadable')).toBeInTheDocument();
    expect(within(documentItem('Diploma')).getByLabelText('Replace the Diploma')).toBeInTheDocument();
    // no decision yet
    expect(screen.queryByRole('region', { name: 'Decision of the admissions office' })).not.toBeInTheDocument();
  });

  it('sends a missing document with its progress, and shows it given', async () => {
    const photo = document('PHOTO', { mime: 'image/png' });
    let sent = false;
    const api = fakeApi(
      fileHandlers(candidateFile(), {
        [`GET ${ME_PATH}`]: () => ({ body: sent ? candidateFile({ documents: [...candidateFile().documents, photo] }) : candidateFile() }),
        'POST /api/candidate/documents/PHOTO': () => {
          sent = true;
          return { status: 201, body: photo };
        },
      }),
    );
    const { user } = renderApp(PAGE);
    await heading();
    await user.upload(within(documentItem('4x4 photo')).getByLabelText('Send the 4x4 photo'), new File(['png'], 'me.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(api.to('POST', '/api/candidate/documents/PHOTO').map((r) => [r.via, r.body])).toEqual([
        ['xhr', { FILE: { name: 'me.png', type: 'image/png', size: 3 } }],
      ]),
    );
    await waitFor(() => expect(within(documentItem('4x4 photo')).getByText('Given')).toBeInTheDocument());
    expect(await screen.findByText('4x4 photo sent !')).toBeInTheDocument();
  });

  it("translates a refused upload: the file's type (before it goes), its size, the same file again", async () => {
    const api = fakeApi(fileHandlers(candidateFile(), { 'POST /api/candidate/documents/DIPLOMA': error(413, 'FILE_TOO_LARGE') }));
    const { user } = renderApp(PAGE);
    await heading();
    // a type the diploma does not take is refused here, and sends nothing
    await userEvent
      .setup({ applyAccept: false })
      .upload(within(documentItem('Diploma')).getByLabelText('Replace the Diploma'), new File(['x'], 'notes.docx', { type: 'application/msword' }));
    expect(await within(documentItem('Diploma')).findByRole('alert')).toHaveTextContent('This type of file is not accepted here');
    expect(api.to('POST', '/api/candidate/documents/DIPLOMA')).toHaveLength(0);
    await user.upload(within(documentItem('Diploma')).getByLabelText('Replace the Diploma'), new File(['pdf'], 'diploma.pdf', { type: 'application/pdf' }));
    expect(await within(documentItem('Diploma')).findByText('The file is too large: 5 MB at most')).toBeInTheDocument();
    api.set('POST /api/candidate/documents/DIPLOMA', error(409, 'FILE_EXISTS'));
    await user.upload(within(documentItem('Diploma')).getByLabelText('Replace the Diploma'), new File(['pdf'], 'diploma.pdf', { type: 'application/pdf' }));
    expect(await within(documentItem('Diploma')).findByText('Error, a similar file already exists')).toBeInTheDocument();
  });

  it("checks the fee of the entrance's amount on a network: the fee and the total, de-DE in FCFA, and the network's limits", async () => {
    const api = fakeApi(fileHandlers());
    const { user } = renderApp(PAGE);
    await heading();
    expect(await screen.findByRole('button', { name: 'Check the fee' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    const fees = await checkFee(user);
    expect(api.to('POST', FEES_PATH).map((r) => r.body)).toEqual([{ network: 'MTN_MOMO', amount: 25000 }]);
    expect(within(fees).getByText("Operator's fee").nextElementSibling).toHaveTextContent('250 FCFA');
    expect(within(fees).getByText('Total to pay').nextElementSibling).toHaveTextContent('25.250 FCFA');
    expect(within(fees).getByText('MTN Mobile Money carries from 100 FCFA to 1.000.000 FCFA.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay 25.250 FCFA' })).toBeEnabled();
    // another network: its fee is asked again before paying
    await user.click(screen.getByRole('radio', { name: 'Orange Money' }));
    expect(screen.queryByRole('region', { name: 'Fee and total to pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('translates a fee refused for its amount', async () => {
    fakeApi(fileHandlers(candidateFile(), { [`POST ${FEES_PATH}`]: error(422, 'AMOUNT_OUT_OF_RANGE') }));
    const { user } = renderApp(PAGE);
    await heading();
    await user.click(await screen.findByRole('radio', { name: 'Orange Money' }));
    await user.click(screen.getByRole('button', { name: 'Check the fee' }));
    expect(await within(payForm()).findByRole('alert')).toHaveTextContent('This network does not carry this amount');
  });

  it('pays: waits for the approval on the phone, asks every few seconds, then shows the fee paid with the receipt and the slip', async () => {
    // The page's modules are read first: the clock below moves only when the test moves it.
    await preloadPages();
    vi.useFakeTimers();
    let polls = 0;
    let paid = false;
    const api = fakeApi(
      fileHandlers(candidateFile(), {
        [`GET ${ME_PATH}`]: () => ({
          body: paid
            ? candidateFile({ HAS_PAID: true, paidAt: '2026-03-02T10:01:00.000Z', payments: [payment({ status: 'PAID', receiptNumber: 'R26-000042' })] })
            : candidateFile(),
        }),
        [`POST ${PAY_PATH}`]: { status: 201, body: payment() },
        [`GET ${paymentPath()}`]: () => {
          polls += 1;
          paid = polls >= 2;
          return { body: payment({ status: paid ? 'PAID' : 'PENDING' }) };
        },
      }),
    );
    const { user } = renderApp(PAGE, { fakeTimers: true });
    await heading();
    await checkFee(user, 'MTN Mobile Money', '67 000 00 12');
    await user.click(screen.getByRole('button', { name: 'Pay 25.250 FCFA' }));
    await waitFor(() => expect(api.to('POST', PAY_PATH).map((r) => r.body)).toEqual([{ network: 'MTN_MOMO', phone: '+237670000012' }]));
    const waiting = await screen.findByRole('status');
    expect(waiting).toHaveTextContent('Approve the payment on your phone');
    expect(await within(waiting).findByText(/A request of 25\.250 FCFA was sent to \+237 67•••••12/)).toBeInTheDocument();
    expect(within(waiting).getByText('No request on the phone? Dial *126# to find it.')).toBeInTheDocument();
    const sandbox = screen.getByRole('link', { name: 'Open the sandbox phone' });
    expect(sandbox).toHaveAttribute('href', '/sandbox/phone?phone=%2B237670000012');
    expect(sandbox).toHaveAttribute('target', '_blank');
    expect(polls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    await waitFor(() => expect(polls).toBe(2));
    expect(await screen.findByText('Paid on 02/03/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the receipt' })).toHaveAttribute('href', '/api/candidate/receipt');
    expect(screen.getByRole('link', { name: 'Download the registration slip' })).toHaveAttribute('href', '/api/candidate/slip');
    expect(screen.queryByRole('button', { name: 'Check the fee' })).not.toBeInTheDocument();
    // settled: no more asking
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3));
    expect(polls).toBe(2);
  });

  it('says a refused payment failed, with what the operator said, and lets the candidate try again', async () => {
    fakeApi(
      fileHandlers(candidateFile(), {
        [`POST ${PAY_PATH}`]: { status: 201, body: payment() },
        [`GET ${paymentPath()}`]: { body: payment({ status: 'FAILED', statusMessage: 'Insufficient funds' }) },
      }),
    );
    const { user } = renderApp(PAGE);
    await heading();
    await checkFee(user);
    await user.click(screen.getByRole('button', { name: 'Pay 25.250 FCFA' }));
    const failed = (await screen.findByText('The payment did not go through')).closest('[role="alert"]') as HTMLElement;
    expect(failed).toHaveTextContent('The operator said: Insufficient funds');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    // the network and the phone are kept
    expect(screen.getByRole('radio', { name: 'MTN Mobile Money' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Phone number that pays' })).toHaveValue('670000012');
  });

  it("refuses a phone that is not on the network: here by the network's prefixes, and as the server answers it", async () => {
    const api = fakeApi(fileHandlers(candidateFile(), { [`POST ${PAY_PATH}`]: error(422, 'PHONE_NOT_ON_NETWORK') }));
    const { user } = renderApp(PAGE);
    await heading();
    await checkFee(user, 'MTN Mobile Money', '690000012');
    await user.click(screen.getByRole('button', { name: 'Pay 25.250 FCFA' }));
    expect(screen.getByRole('textbox', { name: 'Phone number that pays' })).toHaveAccessibleDescription(
      'This phone number does not belong to the chosen network',
    );
    expect(api.to('POST', PAY_PATH)).toHaveLength(0);
    // a number the prefixes accept, that the server still refuses
    const phone = screen.getByRole('textbox', { name: 'Phone number that pays' });
    await user.clear(phone);
    await user.type(phone, '680000012');
    await user.click(screen.getByRole('button', { name: 'Pay 25.250 FCFA' }));
    await waitFor(() => expect(api.to('POST', PAY_PATH)).toHaveLength(1));
    await waitFor(() => expect(phone).toHaveAccessibleDescription('This phone number does not belong to the chosen network'));
    // not a phone number at all
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Pay 25.250 FCFA' }));
    expect(phone).toHaveAccessibleDescription('The format of the phone number is incorrect');
    expect(api.to('POST', PAY_PATH)).toHaveLength(1);
  });

  it('translates a provider that does not answer', async () => {
    fakeApi(fileHandlers(candidateFile(), { [`POST ${PAY_PATH}`]: error(503, 'PAYMENT_PROVIDER_UNAVAILABLE') }));
    const { user } = renderApp(PAGE);
    await heading();
    await checkFee(user);
    await user.click(screen.getByRole('button', { name: 'Pay 25.250 FCFA' }));
    expect(await within(payForm()).findByRole('alert')).toHaveTextContent('The payment service does not answer; try again in a few minutes');
  });

  it('waits again for the payment already pending when the server says so (PAYMENT_PENDING)', async () => {
    let reads = 0;
    const api = fakeApi(
      fileHandlers(candidateFile(), {
        [`GET ${ME_PATH}`]: () => {
          reads += 1;
          return { body: candidateFile({ payments: reads > 1 ? [payment({ id: 'e0c7a3f4-0000-4000-8000-000000000001' })] : [] }) };
        },
        [`POST ${PAY_PATH}`]: error(409, 'PAYMENT_PENDING'),
        [`GET ${PAY_PATH}/e0c7a3f4-0000-4000-8000-000000000001`]: { body: payment({ id: 'e0c7a3f4-0000-4000-8000-000000000001' }) },
      }),
    );
    const { user } = renderApp(PAGE);
    await heading();
    await checkFee(user);
    await user.click(screen.getByRole('button', { name: 'Pay 25.250 FCFA' }));
    expect(await screen.findByText('Approve the payment on your phone')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET', `${PAY_PATH}/e0c7a3f4-0000-4000-8000-000000000001`).length).toBeGreaterThan(0));
    expect(await screen.findByText('A payment is already waiting for approval on the phone; approve or refuse it first !')).toBeInTheDocument();
  });

  it('opens on the wait when a payment is pending, and lists the payments before', async () => {
    const api = fakeApi(
      fileHandlers(
        candidateFile({
          payments: [payment(), payment({ id: 'old', orderNumber: 'PAY-260301-0009', status: 'FAILED', createdAt: '2026-03-01T08:30:00.000Z' })],
        }),
        {
          [`GET ${paymentPath()}`]: { body: payment() },
        },
      ),
    );
    renderApp(PAGE);
    expect(await screen.findByText('Approve the payment on your phone')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET', paymentPath())).toHaveLength(1));
    // the sandbox phone opens without a number (the page does not know the whole one)
    expect(screen.getByRole('link', { name: 'Open the sandbox phone' })).toHaveAttribute('href', '/sandbox/phone');
    const history = screen.getByRole('region', { name: 'Payments' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(1);
    expect(within(history).getByText('25.250 FCFA by MTN Mobile Money from +237 67•••••12')).toBeInTheDocument();
    expect(within(history).getByText('Failed')).toBeInTheDocument();
  });

  it('sends the candidate to the page of the mailed link when the file closes while waiting', async () => {
    let reads = 0;
    fakeApi(
      fileHandlers(candidateFile({ payments: [payment()] }), {
        [`GET ${ME_PATH}`]: () => {
          reads += 1;
          return reads === 1 ? { body: candidateFile({ payments: [payment()] }) } : error(401, 'UNAUTHENTICATED');
        },
        [`GET ${paymentPath()}`]: error(401, 'UNAUTHENTICATED'),
      }),
    );
    const { location } = renderApp(PAGE);
    await waitFor(() => expect(location().pathname).toBe('/candidate/link'));
  });

  it('offers no sandbox phone when a real provider is configured', async () => {
    fakeApi(
      fileHandlers(candidateFile({ payments: [payment()] }), {
        'GET /api/payments/settings': { body: { provider: 'acme', sandbox: false } },
        [`GET ${paymentPath()}`]: { body: payment() },
      }),
    );
    renderApp(PAGE);
    expect(await screen.findByText('Approve the payment on your phone')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open the sandbox phone' })).not.toBeInTheDocument());
  });

  it.each([
    ['ADMITTED', 'Admitted to Software engineering'],
    ['WAITING_LIST', 'On the waiting list for Software engineering'],
    ['REFUSED', 'Not admitted'],
  ] as const)('shows the decision %s prominently, with its day', async (decision, text) => {
    const named = decision !== 'REFUSED';
    fakeApi(
      fileHandlers(
        candidateFile({
          HAS_PAID: true,
          paidAt: '2026-03-02T10:01:00.000Z',
          decision: {
            DECISION: decision,
            SPECIALITY_ID: named ? 41 : null,
            SPECIALITY_DESCRIPTION: named ? 'Software engineering' : null,
            SPECIALITY_DESCRIPTION_FR: named ? 'Génie logiciel' : null,
            decidedAt: '2026-08-01T09:00:00.000Z',
          },
        }),
      ),
    );
    renderApp(PAGE);
    const card = await screen.findByRole('region', { name: 'Decision of the admissions office' });
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(text);
    expect(within(card).getByText(text)).toBeInTheDocument();
    expect(card).toHaveTextContent('Decided on 01/08/2026');
  });

  it('shows what was registered, a section at a time, in the reader’s words', async () => {
    fakeApi(fileHandlers());
    const { user } = renderApp(PAGE);
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Diploma held' }));
    const details = await screen.findByText('Mention');
    expect(details.nextElementSibling).toHaveTextContent('Good');
    expect(screen.getByText('Rank last year').nextElementSibling).toHaveTextContent('Not given');
    await user.click(screen.getByRole('button', { name: 'Formation asked for' }));
    expect((await screen.findByText('First choice')).nextElementSibling).toHaveTextContent('Software engineering');
  });

  it('sends a candidate whose file is not open here to the page of the mailed link, saying so', async () => {
    fakeApi(fileHandlers(candidateFile(), { [`GET ${ME_PATH}`]: error(401, 'UNAUTHENTICATED') }));
    const { location } = renderApp(PAGE);
    await waitFor(() => expect(location().pathname).toBe('/candidate/link'));
    expect(await screen.findByText('Your file opens from the link mailed to you: ask for a new link if it has expired !')).toBeInTheDocument();
  });

  it('signs out of the file', async () => {
    const api = fakeApi(fileHandlers(candidateFile(), { 'POST /api/candidate/sign-out': { status: 204 } }));
    const { user, location } = renderApp(PAGE);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Sign out of this file' }));
    await waitFor(() => expect(location().pathname).toBe('/candidate/link'));
    expect(api.to('POST', '/api/candidate/sign-out')).toHaveLength(1);
  });

  it('reads in French: the page, the amounts de-DE in FCFA, the decision and the fee', async () => {
    await changeLanguage('fr');
    fakeApi(
      fileHandlers(
        candidateFile({
          decision: {
            DECISION: 'ADMITTED',
            SPECIALITY_ID: 41,
            SPECIALITY_DESCRIPTION: 'Software engineering',
            SPECIALITY_DESCRIPTION_FR: 'Génie logiciel',
            decidedAt: '2026-08-01T09:00:00.000Z',
          },
        }),
      ),
    );
    const { user } = renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'Mon dossier de candidat', level: 1 })).toBeInTheDocument();
    await screen.findByLabelText('Numéro de candidat C26000042');
    expect(screen.getByRole('region', { name: 'Décision du service des admissions' })).toHaveTextContent('Admis en Génie logiciel');
    expect(screen.getByText('Date limite d’inscription').nextElementSibling).toHaveTextContent('30/06/2026');
    expect(within(documentItem('Diplôme', 'Pièces')).getByText('À remplacer')).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: 'MTN Mobile Money' }));
    await user.click(screen.getByRole('button', { name: 'Voir les frais' }));
    const fees = await screen.findByRole('region', { name: 'Frais et total à payer' });
    expect(within(fees).getByText('Total à payer').nextElementSibling).toHaveTextContent('25.250 FCFA');
    expect(screen.getByRole('button', { name: 'Payer 25.250 FCFA' })).toBeInTheDocument();
  });
});
