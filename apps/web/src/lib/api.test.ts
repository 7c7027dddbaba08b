import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorKey, setUnauthorizedListener } from './api';

function answer(status: number, body: string | null, headers: Record<string, string> = {}) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers })));
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
    expect(errorKey(new ApiError(400, 'CODE_INCORRECT', 'x'))).toBe('errors.CODE_INCORRECT');
  });

  it('turns a failed fetch into NETWORK', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
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
});
