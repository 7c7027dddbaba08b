import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Identification } from '@portal/contract';
import { i18n } from '../../lib/i18n';
import { error, fakeApi, type FakeAnswer } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { agent, finger, identification, lecturer, PERSON } from './identification-fixtures';

const region = (name: string) => screen.getByRole('region', { name });
const slot = (name: string) => screen.getByRole('group', { name });
const png = (name = 'photo.png') => new File(['\x89PNG photo'], name, { type: 'image/png' });
const wsq = (name = 'finger.wsq') => new File(['\xff\xa0 wsq data'], name);

/** An answer the test gives when it wants: the upload stays in progress until then. */
function deferred() {
  let resolve: (answer: FakeAnswer) => void = () => undefined;
  const promise = new Promise<FakeAnswer>((done) => (resolve = done));
  return { promise, resolve };
}

/** The fake server with one person whose identification the handlers change. */
function personApi(start: Identification, handlers: Record<string, (current: Identification) => Identification | FakeAnswer> = {}) {
  let current = start;
  const routes: Record<string, () => FakeAnswer> = { [`GET ${PERSON}`]: () => ({ body: current }) };
  for (const [key, change] of Object.entries(handlers)) {
    routes[key] = () => {
      const result = change(current);
      if ('PERSON_ID' in result) {
        current = result;
        return { body: current };
      }
      return result;
    };
  }
  return fakeApi(routes);
}

/** The browser's camera: one video track, and a canvas that draws and encodes (happy-dom has no canvas). */
function stubCamera(getUserMedia?: () => Promise<MediaStream>) {
  const track = { kind: 'video', stop: vi.fn() };
  const stream = new MediaStream([track] as unknown as MediaStreamTrack[]);
  // happy-dom's MediaStream has no getTracks() (every browser has)
  Object.defineProperty(stream, 'getTracks', { value: () => [track] });
  const open = vi.fn(getUserMedia ?? (() => Promise.resolve(stream)));
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: open } });
  const drawImage = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback: BlobCallback, type?: string) => {
    callback(new Blob(['\xff\xd8\xff jpeg frame'], { type: type ?? 'image/png' }));
  });
  return { open, track, drawImage };
}

afterEach(() => {
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
});

describe('identification of a person', () => {
  it('shows an empty identification: header, registration note, no photo, ten empty fingers, completion blocked', async () => {
    personApi(identification());
    renderApp('/identification/42', { user: agent() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nkoulou Jean' })).toBeInTheDocument();
    const header = within(region('Person'));
    expect(header.getByText('PER0003')).toBeInTheDocument();
    expect(header.getByText('Lecturer (part-time)')).toBeInTheDocument();
    expect(header.getByText('Not closed')).toBeInTheDocument();
    expect(header.getByText('In progress')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/reach the subject-choice menu only once both the registration and the identification are done/);

    const photo = within(region('Photo'));
    expect(photo.getByText('No photo yet')).toBeInTheDocument();
    expect(photo.getByText('Missing')).toBeInTheDocument();
    expect(photo.queryByRole('img')).not.toBeInTheDocument();
    // no camera in this browser: a file only
    expect(photo.queryByRole('button', { name: 'Take a photo' })).not.toBeInTheDocument();
    expect(photo.getByLabelText('Upload a photo file')).toBeInTheDocument();

    const fingerprints = within(region('Fingerprints'));
    expect(fingerprints.getByText('0 / 10 registered')).toBeInTheDocument();
    const right = within(fingerprints.getByRole('group', { name: 'Right hand' }));
    const left = within(fingerprints.getByRole('group', { name: 'Left hand' }));
    expect(right.getAllByRole('listitem')).toHaveLength(5);
    for (const name of ['Right thumb', 'Right index finger', 'Right middle finger', 'Right ring finger', 'Right little finger']) {
      expect(right.getByRole('group', { name })).toBeInTheDocument();
    }
    expect(left.getAllByRole('listitem')).toHaveLength(5);
    expect(fingerprints.getAllByText('Empty')).toHaveLength(10);
    expect(fingerprints.getByLabelText('Upload a fingerprint: Left little finger')).toHaveAttribute(
      'accept',
      '.jpg,.jpeg,.png,.wsq,.fmr,.fir,.iso,.ist,.ansi,.bin,.tpl',
    );

    const completion = within(region('Completion'));
    const button = completion.getByRole('button', { name: 'Mark identification complete' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('The photo is missing. At least 2 fingerprints are needed (0 registered).');
  });

  it('shows a partial identification: the photo, the registered fingers with their format, size and date', async () => {
    personApi(
      identification({ ACTIVED: true, STATUS: 'PERMANENT', PHOTO_LINK: `${PERSON}/photo`, FINGERS: [finger('R_INDEX', { FORMAT: 'FMR', SIZE: 812 })] }),
    );
    renderApp('/identification/42', { user: agent() });
    await screen.findByRole('heading', { level: 1, name: 'Nkoulou Jean' });
    expect(within(region('Person')).getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(within(region('Photo')).getByRole('img', { name: 'Photo of Nkoulou Jean' })).toHaveAttribute('src', `${PERSON}/photo`);
    expect(within(region('Photo')).getByRole('button', { name: 'Remove the photo' })).toBeEnabled();

    const index = within(slot('Right index finger'));
    expect(index.getByText('Registered')).toBeInTheDocument();
    expect(index.getByText('Minutiae template · 812 B · 04/03/2024 10:15')).toBeInTheDocument();
    const download = index.getByRole('link', { name: 'Download the fingerprint: Right index finger' });
    expect(download).toHaveAttribute('href', `${PERSON}/fingerprints/R_INDEX/file`);
    expect(download).toHaveAttribute('download');
    expect(index.getByLabelText('Replace the fingerprint: Right index finger')).toBeInTheDocument();
    expect(within(slot('Right thumb')).getByText('Empty')).toBeInTheDocument();
    expect(within(slot('Right thumb')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(region('Fingerprints')).getByText('1 / 10 registered')).toBeInTheDocument();

    const button = within(region('Completion')).getByRole('button', { name: 'Mark identification complete' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('At least 2 fingerprints are needed (1 registered).');
  });

  it('shows a complete identification read-only, with its date and agent', async () => {
    personApi(
      identification({
        ACTIVED: true,
        PHOTO_LINK: `${PERSON}/photo`,
        FINGERS: [finger('R_THUMB'), finger('L_THUMB', { FORMAT: 'JPEG', SIZE: 150_000 })],
        COMPLETED_AT: '2024-03-05T09:30:00',
        COMPLETED_BY: 'Paul Eto',
      }),
    );
    renderApp('/identification/42', { user: agent() });
    await screen.findByRole('heading', { level: 1, name: 'Nkoulou Jean' });
    expect(within(region('Person')).getByText('Complete')).toBeInTheDocument();
    const completion = within(region('Completion'));
    expect(completion.getByText('Completed on 05/03/2024 09:30 by Paul Eto.')).toBeInTheDocument();
    expect(completion.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark identification complete' })).not.toBeInTheDocument();
    // nothing can change
    expect(document.querySelectorAll('input[type="file"]')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(within(region('Photo')).getByRole('img', { name: 'Photo of Nkoulou Jean' })).toBeInTheDocument();
    // still downloadable
    expect(within(slot('Left thumb')).getByText('JPEG image · 146.5 KB · 04/03/2024 10:15')).toBeInTheDocument();
    expect(within(slot('Left thumb')).getByRole('link', { name: 'Download the fingerprint: Left thumb' })).toBeInTheDocument();
  });

  it('sends a photo file with its progress, shows it, and removes it', async () => {
    const answer = deferred();
    const api = fakeApi({
      [`GET ${PERSON}`]: { body: identification() },
      [`POST ${PERSON}/photo`]: () => answer.promise,
      [`DELETE ${PERSON}/photo`]: { body: identification() },
    });
    const { user } = renderApp('/identification/42', { user: agent() });
    const photo = within(await screen.findByRole('region', { name: 'Photo' }));
    await user.upload(photo.getByLabelText('Upload a photo file'), png());
    const progress = await photo.findByRole('progressbar', { name: 'Sending the photo' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));

    answer.resolve({ body: identification({ PHOTO_LINK: `${PERSON}/photo` }) });
    expect(await screen.findByText('Photo saved !')).toBeInTheDocument();
    // the picture just sent, from memory (the address of a replaced photo may not change)
    expect(photo.getByRole('img', { name: 'Photo of Nkoulou Jean' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(photo.queryByRole('progressbar')).not.toBeInTheDocument();
    const sent = api.to('POST', `${PERSON}/photo`);
    expect(sent.map((request) => [request.via, request.body])).toEqual([['xhr', { FILE: { name: 'photo.png', type: 'image/png', size: png().size } }]]);
    expect(within(region('Completion')).getByRole('button', { name: 'Mark identification complete' })).toHaveAccessibleDescription(
      'At least 2 fingerprints are needed (0 registered).',
    );

    await user.click(photo.getByRole('button', { name: 'Remove the photo' }));
    expect(await screen.findByText('Photo removed !')).toBeInTheDocument();
    expect(api.to('DELETE', `${PERSON}/photo`)).toHaveLength(1);
    expect(photo.getByText('No photo yet')).toBeInTheDocument();
  });

  it('refuses a photo that is not JPEG or PNG before sending it', async () => {
    const api = fakeApi({ [`GET ${PERSON}`]: { body: identification() } });
    renderApp('/identification/42', { user: agent() });
    const user = userEvent.setup({ applyAccept: false });
    const photo = within(await screen.findByRole('region', { name: 'Photo' }));
    await user.upload(photo.getByLabelText('Upload a photo file'), new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await photo.findByRole('alert')).toHaveTextContent('This type of file is not accepted here');
    expect(api.requests.filter((request) => request.via === 'xhr')).toHaveLength(0);
  });

  it('takes a photo with the camera: live picture, capture, retake, use; the camera stops', async () => {
    const camera = stubCamera();
    const api = fakeApi({
      [`GET ${PERSON}`]: { body: identification() },
      [`POST ${PERSON}/photo`]: { body: identification({ PHOTO_LINK: `${PERSON}/photo` }) },
    });
    const { user } = renderApp('/identification/42', { user: agent() });
    await user.click(await screen.findByRole('button', { name: 'Take a photo' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Photo of Nkoulou Jean' }));
    const capture = dialog.getByRole('button', { name: 'Capture' });
    await waitFor(() => expect(capture).toBeEnabled());
    expect(camera.open).toHaveBeenCalledTimes(1);
    expect(camera.open.mock.calls[0]).toEqual([expect.objectContaining({ video: expect.anything(), audio: false })]);
    const video = dialog.getByLabelText('Camera view') as HTMLVideoElement;
    expect(video.srcObject).toBeInstanceOf(MediaStream);
    expect(video).toBeVisible();

    await user.click(capture);
    const preview = await dialog.findByRole('img', { name: 'Photo taken' });
    expect(preview).toBeVisible();
    expect(video).not.toBeVisible();
    expect(camera.drawImage).toHaveBeenCalledWith(video, 0, 0, 640, 480);
    await user.click(dialog.getByRole('button', { name: 'Retake' }));
    expect(dialog.getByRole('button', { name: 'Capture' })).toBeEnabled();
    expect(video).toBeVisible();
    expect(api.requests.filter((request) => request.via === 'xhr')).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Capture' }));
    await user.click(await dialog.findByRole('button', { name: 'Use this photo' }));
    expect(await screen.findByText('Photo saved !')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(camera.track.stop).toHaveBeenCalled();
    expect(camera.drawImage).toHaveBeenCalledTimes(2);
    const sent = api.to('POST', `${PERSON}/photo`);
    expect(sent.map((request) => request.body)).toEqual([
      { FILE: { name: 'photo.jpg', type: 'image/jpeg', size: new Blob(['\xff\xd8\xff jpeg frame']).size } },
    ]);
    expect(within(region('Photo')).getByRole('img', { name: 'Photo of Nkoulou Jean' })).toBeInTheDocument();
  });

  it('says when the camera is refused, stops nothing it did not start, and leaves the file upload', async () => {
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const api = fakeApi({ [`GET ${PERSON}`]: { body: identification() } });
    const { user } = renderApp('/identification/42', { user: agent() });
    await user.click(await screen.findByRole('button', { name: 'Take a photo' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Access to the camera was refused');
    expect(dialog.queryByRole('button', { name: 'Capture' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Upload a photo file')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.via === 'xhr')).toHaveLength(0);
  });

  it('closing the camera dialog without a photo stops the camera and sends nothing', async () => {
    const camera = stubCamera();
    const api = fakeApi({ [`GET ${PERSON}`]: { body: identification() } });
    const { user } = renderApp('/identification/42', { user: agent() });
    await user.click(await screen.findByRole('button', { name: 'Take a photo' }));
    const dialog = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Capture' })).toBeEnabled());
    expect(camera.track.stop).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(camera.track.stop).toHaveBeenCalled();
    expect(api.requests.filter((request) => request.via === 'xhr')).toHaveLength(0);
  });

  it('sends each fingerprint to its finger with its progress, and removes one', async () => {
    const answer = deferred();
    const api = personApi(identification(), {
      [`POST ${PERSON}/fingerprints/R_THUMB`]: (current) => ({ ...current, FINGERS: [...current.FINGERS, finger('R_THUMB')] }),
      [`DELETE ${PERSON}/fingerprints/R_THUMB`]: (current) => ({ ...current, FINGERS: current.FINGERS.filter((info) => info.FINGER !== 'R_THUMB') }),
    });
    api.set(`POST ${PERSON}/fingerprints/L_RING`, () => answer.promise);
    const { user } = renderApp('/identification/42', { user: agent() });
    await screen.findByRole('heading', { level: 1, name: 'Nkoulou Jean' });

    await user.upload(screen.getByLabelText('Upload a fingerprint: Left ring finger'), wsq('left-ring.wsq'));
    const progress = await within(slot('Left ring finger')).findByRole('progressbar', { name: 'Sending: Left ring finger' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    // the other fingers stay usable meanwhile
    await user.upload(screen.getByLabelText('Upload a fingerprint: Right thumb'), wsq('right-thumb.wsq'));
    expect(await screen.findByText('Fingerprint saved: Right thumb !')).toBeInTheDocument();
    expect(within(slot('Right thumb')).getByText('WSQ image · 12.5 KB · 04/03/2024 10:15')).toBeInTheDocument();

    answer.resolve({ body: identification({ FINGERS: [finger('R_THUMB'), finger('L_RING', { FORMAT: 'PNG' })] }) });
    await waitFor(() => expect(within(slot('Left ring finger')).getByText('Registered')).toBeInTheDocument());
    expect(within(slot('Left ring finger')).queryByRole('progressbar')).not.toBeInTheDocument();

    expect(api.to('POST', `${PERSON}/fingerprints/L_RING`).map((request) => request.body)).toEqual([
      { FILE: { name: 'left-ring.wsq', type: '', size: wsq().size } },
    ]);
    expect(api.to('POST', `${PERSON}/fingerprints/R_THUMB`).map((request) => request.body)).toEqual([
      { FILE: { name: 'right-thumb.wsq', type: '', size: wsq().size } },
    ]);
    expect(
      api.requests
        .filter((request) => request.via === 'xhr')
        .map((request) => request.path)
        .sort(),
    ).toEqual([`${PERSON}/fingerprints/L_RING`, `${PERSON}/fingerprints/R_THUMB`]);

    await user.click(screen.getByRole('button', { name: 'Remove the fingerprint: Right thumb' }));
    expect(await screen.findByText('Fingerprint removed: Right thumb !')).toBeInTheDocument();
    expect(api.to('DELETE', `${PERSON}/fingerprints/R_THUMB`)).toHaveLength(1);
    await waitFor(() => expect(within(slot('Right thumb')).getByText('Empty')).toBeInTheDocument());
  });

  it('shows why the server refused a fingerprint file, in the finger concerned', async () => {
    const api = fakeApi({
      [`GET ${PERSON}`]: { body: identification() },
      [`POST ${PERSON}/fingerprints/R_MIDDLE`]: error(415, 'FILE_TYPE_REFUSED'),
      [`POST ${PERSON}/fingerprints/R_RING`]: error(413, 'FILE_TOO_LARGE'),
    });
    const { user } = renderApp('/identification/42', { user: agent() });
    await screen.findByRole('heading', { level: 1, name: 'Nkoulou Jean' });
    await user.upload(screen.getByLabelText('Upload a fingerprint: Right middle finger'), wsq('middle.bin'));
    expect(await within(slot('Right middle finger')).findByRole('alert')).toHaveTextContent('This type of file is not accepted here');
    expect(within(slot('Right middle finger')).getByText('Empty')).toBeInTheDocument();
    expect(within(slot('Right thumb')).queryByRole('alert')).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Upload a fingerprint: Right ring finger'), wsq('ring.fmr'));
    expect(await within(slot('Right ring finger')).findByRole('alert')).toHaveTextContent('The file is too large');
    expect(api.to('POST', `${PERSON}/fingerprints/R_MIDDLE`)).toHaveLength(1);
  });

  it('refuses a fingerprint file of another kind or over 2 MB before sending it', async () => {
    const api = fakeApi({ [`GET ${PERSON}`]: { body: identification() } });
    renderApp('/identification/42', { user: agent() });
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('heading', { level: 1, name: 'Nkoulou Jean' });
    await user.upload(screen.getByLabelText('Upload a fingerprint: Left thumb'), new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await within(slot('Left thumb')).findByRole('alert')).toHaveTextContent('This type of file is not accepted here');
    await user.upload(screen.getByLabelText('Upload a fingerprint: Left index finger'), new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.wsq'));
    expect(await within(slot('Left index finger')).findByRole('alert')).toHaveTextContent('The file is too large: 2 MB at most');
    expect(api.requests.filter((request) => request.via === 'xhr')).toHaveLength(0);
  });

  it('enables the completion once the photo and two fingers are there, then completes after a confirmation', async () => {
    const api = personApi(identification({ PHOTO_LINK: `${PERSON}/photo`, FINGERS: [finger('R_THUMB')] }), {
      [`POST ${PERSON}/fingerprints/L_THUMB`]: (current) => ({ ...current, FINGERS: [...current.FINGERS, finger('L_THUMB')] }),
      [`POST ${PERSON}/complete`]: (current) => ({ ...current, COMPLETED_AT: '2024-03-06T11:20:00', COMPLETED_BY: 'Paul Eto' }),
    });
    const { user } = renderApp('/identification/42', { user: agent() });
    await screen.findByRole('heading', { level: 1, name: 'Nkoulou Jean' });
    const button = within(region('Completion')).getByRole('button', { name: 'Mark identification complete' });
    expect(button).toBeDisabled();

    await user.upload(screen.getByLabelText('Upload a fingerprint: Left thumb'), wsq());
    await waitFor(() => expect(within(region('Completion')).getByRole('button', { name: 'Mark identification complete' })).toBeEnabled());
    expect(within(region('Completion')).getByRole('button', { name: 'Mark identification complete' })).toHaveAccessibleDescription(
      'The photo and enough fingerprints are registered: the identification can be marked complete.',
    );

    // a confirmation first: Cancel sends nothing
    await user.click(within(region('Completion')).getByRole('button', { name: 'Mark identification complete' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Mark the identification of Nkoulou Jean complete?' }));
    expect(dialog.getByText(/The photo and 2 fingerprint\(s\) are registered/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST', `${PERSON}/complete`)).toHaveLength(0);

    await user.click(within(region('Completion')).getByRole('button', { name: 'Mark identification complete' }));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByText('Identification complete !')).toBeInTheDocument();
    expect(api.to('POST', `${PERSON}/complete`)).toHaveLength(1);
    expect(within(region('Completion')).getByText('Completed on 06/03/2024 11:20 by Paul Eto.')).toBeInTheDocument();
    expect(document.querySelectorAll('input[type="file"]')).toHaveLength(0);
  });

  it('shows the server refusing an incomplete identification', async () => {
    fakeApi({
      [`GET ${PERSON}`]: { body: identification({ PHOTO_LINK: `${PERSON}/photo`, FINGERS: [finger('R_THUMB'), finger('R_INDEX')] }) },
      [`POST ${PERSON}/complete`]: error(400, 'IDENTIFICATION_INCOMPLETE'),
    });
    const { user } = renderApp('/identification/42', { user: agent() });
    await user.click(await screen.findByRole('button', { name: 'Mark identification complete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark complete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(region('Completion')).findByRole('alert')).toHaveTextContent(i18n.t('errors.IDENTIFICATION_INCOMPLETE'));
  });

  it('reopens a complete identification with a reason of at least 5 characters', async () => {
    const api = personApi(
      identification({
        PHOTO_LINK: `${PERSON}/photo`,
        FINGERS: [finger('R_THUMB'), finger('L_THUMB')],
        COMPLETED_AT: '2024-03-05T09:30:00',
        COMPLETED_BY: 'Paul Eto',
      }),
      { [`POST ${PERSON}/reopen`]: (current) => ({ ...current, COMPLETED_AT: null, COMPLETED_BY: null }) },
    );
    const { user } = renderApp('/identification/42', { user: agent() });
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reopen the identification of Nkoulou Jean' }));
    const reason = dialog.getByRole('textbox', { name: /Reason/ });
    await user.type(reason, 'blur');
    await user.click(dialog.getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(i18n.t('validation.reason'));
    expect(api.to('POST', `${PERSON}/reopen`)).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, '  Blurred photo ');
    await user.click(dialog.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Identification reopened !')).toBeInTheDocument();
    expect(api.to('POST', `${PERSON}/reopen`).map((request) => request.body)).toEqual([{ reason: 'Blurred photo' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(region('Completion')).getByRole('button', { name: 'Mark identification complete' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove the photo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Replace the fingerprint: Right thumb')).toBeInTheDocument();
  });

  it('turns read-only when another agent completed the identification meanwhile', async () => {
    let completed = false;
    const api = fakeApi({
      [`GET ${PERSON}`]: () => ({
        body: completed
          ? identification({
              FINGERS: [finger('R_THUMB'), finger('L_THUMB')],
              PHOTO_LINK: `${PERSON}/photo`,
              COMPLETED_AT: '2024-03-05T09:30:00',
              COMPLETED_BY: 'Awa Biya',
            })
          : identification(),
      }),
      [`POST ${PERSON}/fingerprints/R_INDEX`]: () => {
        completed = true;
        return error(409, 'IDENTIFICATION_COMPLETED');
      },
    });
    const { user } = renderApp('/identification/42', { user: agent() });
    await screen.findByRole('heading', { level: 1, name: 'Nkoulou Jean' });
    await user.upload(screen.getByLabelText('Upload a fingerprint: Right index finger'), wsq());
    expect(await within(slot('Right index finger')).findByRole('alert')).toHaveTextContent(i18n.t('errors.IDENTIFICATION_COMPLETED'));
    expect(await within(region('Completion')).findByText('Completed on 05/03/2024 09:30 by Awa Biya.')).toBeInTheDocument();
    expect(api.to('GET', PERSON)).toHaveLength(2);
    expect(document.querySelectorAll('input[type="file"]')).toHaveLength(0);
  });

  it('says when the person does not exist', async () => {
    fakeApi({ [`GET ${PERSON}`]: error(404, 'NOT_FOUND') });
    renderApp('/identification/42', { user: agent() });
    expect(await screen.findByRole('alert')).toHaveTextContent('No element to show');
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/identification');
  });

  it('gives a lecturer the not-found page, without asking the server', async () => {
    const api = fakeApi({ [`GET ${PERSON}`]: { body: identification() } });
    renderApp('/identification/42', { user: lecturer() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', PERSON)).toHaveLength(0);
  });

  it('speaks French', async () => {
    await import('../../lib/i18n').then(({ changeLanguage }) => changeLanguage('fr'));
    personApi(identification({ FINGERS: [finger('L_INDEX', { SIZE: 1_536 })] }));
    renderApp('/identification/42', { user: agent({ LANGUAGE: 'fr' }) });
    await screen.findByRole('heading', { level: 1, name: 'Nkoulou Jean' });
    expect(within(slot('Index gauche')).getByText('Image WSQ · 1,5 Ko · 04/03/2024 10:15')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Main droite' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Marquer l'identification comme terminée" })).toBeDisabled();
  });
});
