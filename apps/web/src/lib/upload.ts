import { networkError, reportUnauthorized, toApiError } from './api';

export interface UploadOptions {
  /** the fields of the multipart body, in order; a File is sent with its name */
  fields: Record<string, string | Blob | null | undefined>;
  /** called with 0 to 100 while the body is sent */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * A same-origin multipart POST through XMLHttpRequest, the only browser API that reports
 * upload progress (fetch does not). Errors are the same `ApiError`s as `api()`'s, and a
 * 401 opens the session-expired dialog the same way.
 */
export function upload<T>(path: string, { fields, onProgress, signal }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (value === null || value === undefined) continue;
      if (typeof value === 'string') body.append(name, value);
      else body.append(name, value, value instanceof File ? value.name : 'file');
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        try {
          resolve((text ? JSON.parse(text) : undefined) as T);
        } catch {
          resolve(undefined as T);
        }
        return;
      }
      if (xhr.status === 401) reportUnauthorized();
      reject(toApiError(xhr.status, xhr.statusText, text, xhr.getResponseHeader('Retry-After')));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('Upload aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    onProgress?.(0);
    xhr.send(body);
  });
}
