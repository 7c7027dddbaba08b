import { vi } from 'vitest';
import type { Meta, PersonRecord } from '@portal/contract';

/** A canned answer of the fake server. `networkError` makes fetch reject, as when the device is offline. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  networkError?: boolean;
}

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

type Handler = FakeAnswer | ((request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>);

export const META: Meta = { academicYear: '2023-2024', version: '1.0.0', supportEmail: 'support@univ.example.cm', devMailbox: true };

export function person(overrides: Partial<PersonRecord> = {}): PersonRecord {
  return {
    id: 7,
    STUDENT_ID: 7,
    MATRICULE: 'ST2024001',
    USERNAME: 'amina.n',
    KIND: 'STUDENT',
    ROLES: [],
    STATUS: null,
    ACTIVED: true,
    FIRSTNAME: 'Amina',
    LASTNAME: 'Nkoulou',
    GENDER: 'Female',
    BIRTHDATE: '2003-07-03',
    BIRTHPLACE: 'Yaoundé',
    COUNTRY: 'Cameroon',
    EMAIL: 'amina@univ.example.cm',
    EMAIL_VERIFIED: true,
    PHONE_NUMBER: '+237 690000000',
    LANGUAGE: 'en',
    createdAt: '2023-09-01T08:00:00.000Z',
    updatedAt: '2023-09-01T08:00:00.000Z',
    ...overrides,
  };
}

export const error = (status: number, code: string, extra: Record<string, unknown> = {}): FakeAnswer => ({
  status,
  body: { code, message: code, ...extra },
});

/**
 * Replaces global fetch (the network boundary, and nothing else) with a tiny fake server.
 * Keys are `METHOD /path`. Unknown requests answer 404; /api/meta and /api/auth/session
 * have defaults (nobody signed in).
 */
export function fakeApi(handlers: Record<string, Handler> = {}) {
  const requests: FakeRequest[] = [];
  const routes: Record<string, Handler> = {
    'GET /api/meta': { body: META },
    'GET /api/auth/session': error(401, 'UNAUTHENTICATED'),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: FakeRequest = { method, path: url.pathname, body };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    const answer = typeof handler === 'function' ? await handler(request) : (handler ?? error(404, 'NOT_FOUND'));
    if (answer.networkError) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    return new Response(status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** the requests made to one endpoint */
    to: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    set: (key: string, handler: Handler) => {
      routes[key] = handler;
    },
  };
}
