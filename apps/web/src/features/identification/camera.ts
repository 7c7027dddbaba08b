/** The camera, through the browser's media devices API (https or localhost only). */

/** Whether this browser can give a camera's live picture. */
export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** A camera's live stream, large enough for an ID photo. */
export function openCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 960 } }, audio: false });
}

/** Stops every track of a stream: the camera's light goes off. */
export function closeCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Why the camera did not start, as a translation key. */
export function cameraErrorKey(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'identification.camera.denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'identification.camera.notFound';
  if (name === 'NotReadableError' || name === 'TrackStartError') return 'identification.camera.busy';
  return 'identification.camera.failed';
}

export const JPEG_QUALITY = 0.9;

/**
 * Draws the video's current frame on the canvas (which then shows it as the preview) and encodes
 * it as a JPEG. Rejects when the browser cannot draw or encode.
 */
export function grabFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<Blob> {
  const width = video.videoWidth || 640;
  const height = video.videoHeight || 480;
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('No 2D canvas'));
  context.drawImage(video, 0, 0, width, height);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob && blob.size > 0 ? resolve(blob) : reject(new Error('No image'))), 'image/jpeg', JPEG_QUALITY);
  });
}

/** The captured frame as the file the server receives. */
export const photoFile = (blob: Blob): File => new File([blob], 'photo.jpg', { type: 'image/jpeg' });
