import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorKey, setUnauthorizedListener } from './api';
import { upload } from './upload';

function answer(status: number, body: string | null, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers })),
  );
}

describe('api client', () => {
  afterEach(() => setUnauthorizedListener(null));

  it('reads the error shape of the server', async () => {
    answer(429, JSON.stringify({ code: 'ACCOUNT_LOCKED', message: 'locked', retryAfter: 30, fields: { identifier: 'validation.invalid' } }));
    const error = await api('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'ACCOUNT_LOCKED', retryAfter: 30, fields: { identifier: 'validation.invalid' } });
  });

  it('falls back on the status when the body is not the error shape', async () => {
    answer(503, '<html>busy</html>', { 'Retry-After': '12' });
    await expect(api('/api/x')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: 12 });
    answer(500, JSON.stringify({ code: 'not a code' }));
    await expect(api('/api/x')).rejects.toMatchObject({ code: 'INTERNAL' });
    answer(418, JSON.stringify({ code: 'NEW_SERVER_CODE', message: 'x' }));
    const unknown = await api('/api/x').catch((e: unknown) => e);
    expect(errorKey(unknown)).toBe('errors.INTERNAL');
    expect(errorKey(new ApiError(400, { code: 'CODE_INCORRECT', message: 'x' }))).toBe('errors.CODE_INCORRECT');
  });

  it('turns a failed fetch into NETWORK', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('answers undefined on 204 and sends JSON bodies', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('/api/auth/logout', { method: 'POST', body: { a: 1 } })).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST', body: '{"a":1}', credentials: 'same-origin' }));
  });

  it('reports a 401 of authenticated calls only', async () => {
    const listener = vi.fn();
    setUnauthorizedListener(listener);
    answer(401, JSON.stringify({ code: 'UNAUTHENTICATED', message: 'no' }));
    await expect(api('/api/students/1', { anonymous: true })).rejects.toMatchObject({ status: 401 });
    expect(listener).not.toHaveBeenCalled();
    answer(401, JSON.stringify({ code: 'UNAUTHENTICATED', message: 'no' }));
    await expect(api('/api/students/1')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps the whole error body, the limit of a refused choice included', async () => {
    const body = { code: 'SUBJECT_LIMIT_REACHED', message: 'max', limit: { group: '12', shift: 'J', limit: 3 } };
    answer(409, JSON.stringify(body));
    const error = (await api('/api/applications-choices/1', { method: 'PUT', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.limit).toEqual({ group: '12', shift: 'J', limit: 3 });
    expect(error.body).toMatchObject(body);
    answer(409, JSON.stringify({ code: 'HOURS_CAP_EXCEEDED', message: 'hours', limit: { hours: 45, allowed: 40, other: 'dropped' } }));
    await expect(api('/api/x')).rejects.toMatchObject({ code: 'HOURS_CAP_EXCEEDED', limit: { hours: 45, allowed: 40 } });
    answer(400, JSON.stringify({ code: 'CLOSURE_FAILED', message: 'no', columns: ['NIU', 3] }));
    await expect(api('/api/x')).rejects.toMatchObject({ columns: ['NIU'], fields: {}, limit: undefined });
  });

  it('keeps the other lesson of a planning conflict, and nothing that is not one', async () => {
    const conflict = {
      kind: 'CLASS',
      lesson: { id: 9, date: '2026-11-23', begin: '08:00', end: '09:50', subject: 'INF201 CM', class: 'GL1/J', lecturer: 'Nkoulou Jean', room: null },
    };
    answer(409, JSON.stringify({ code: 'LESSON_CONFLICT', message: 'overlap', conflict }));
    const error = (await api('/api/lessons', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.conflict).toEqual(conflict);
    expect(error.body.conflict).toEqual(conflict);
    answer(409, JSON.stringify({ code: 'LESSON_CONFLICT', message: 'overlap', conflict: { kind: 'SEAT', lesson: conflict.lesson } }));
    await expect(api('/api/x')).rejects.toMatchObject({ code: 'LESSON_CONFLICT', conflict: undefined });
  });
});

/** A stand-in for XMLHttpRequest answering `status` with `text` once sent (or failing as a network error). */
function xhrAnswering(status: number, text: string, headers: Record<string, string> = {}) {
  return class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    getResponseHeader(name: string) {
      return headers[name] ?? null;
    }
    send() {
      queueMicrotask(() => {
        if (status === 0) return this.onerror?.();
        this.status = status;
        this.responseText = text;
        this.onload?.();
      });
    }
  };
}

describe('upload client', () => {
  afterEach(() => setUnauthorizedListener(null));

  it('answers the JSON body and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', xhrAnswering(201, JSON.stringify({ ID: 4 })));
    const onProgress = vi.fn();
    await expect(upload('/api/files', { fields: { name: 'cv' }, onProgress })).resolves.toEqual({ ID: 4 });
    expect(onProgress).toHaveBeenLastCalledWith(100);
  });

  it('fails with the same errors as api(): whole body, Retry-After, 401 reported, NETWORK', async () => {
    const listener = vi.fn();
    setUnauthorizedListener(listener);
    vi.stubGlobal('XMLHttpRequest', xhrAnswering(409, JSON.stringify({ code: 'FILE_EXISTS', message: 'x', fields: { file: 'validation.duplicate' } })));
    await expect(upload('/api/files', { fields: {} })).rejects.toMatchObject({ status: 409, code: 'FILE_EXISTS', fields: { file: 'validation.duplicate' } });
    vi.stubGlobal('XMLHttpRequest', xhrAnswering(503, 'busy', { 'Retry-After': '7' }));
    await expect(upload('/api/files', { fields: {} })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: 7 });
    expect(listener).not.toHaveBeenCalled();
    vi.stubGlobal('XMLHttpRequest', xhrAnswering(401, JSON.stringify({ code: 'UNAUTHENTICATED', message: 'no' })));
    await expect(upload('/api/files', { fields: {} })).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(1);
    vi.stubGlobal('XMLHttpRequest', xhrAnswering(0, ''));
    await expect(upload('/api/files', { fields: {} })).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
