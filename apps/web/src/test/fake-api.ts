import { vi } from 'vitest';
import { ProfileFields, type Meta, type PersonRecord } from '@portal/contract';

/** A canned answer of the fake server. `networkError` makes fetch reject, as when the device is offline. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  networkError?: boolean;
}

export interface FakeRequest {
  method: string;
  path: string;
  /** JSON bodies parsed; multipart bodies (uploads) as an object, files as `{ name, type, size }` */
  body: unknown;
  /** how it was sent: fetch, or XMLHttpRequest (uploads with progress) */
  via: 'fetch' | 'xhr';
}

/** What the fake server answers on a route: an answer, or a function of the request. */
export type FakeHandler = FakeAnswer | ((request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>);

export const META: Meta = { academicYear: '2023-2024', version: '1.0.0', supportEmail: 'support@univ.example.cm', devMailbox: true };

/** Every field of the registration wizard, empty (as for someone who has not started). */
export const BLANK_PROFILE = {
  ...(Object.fromEntries(Object.keys(ProfileFields.shape).map((key) => [key, null])) as Record<keyof ProfileFields, null>),
  CHILDREN: [],
} satisfies ProfileFields;

export function person(overrides: Partial<PersonRecord> = {}): PersonRecord {
  return {
    ...BLANK_PROFILE,
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
    IDENTIFIED: false,
    PHOTO_LINK: null,
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
 * have defaults (nobody signed in: the session answers null).
 */
export function fakeApi(handlers: Record<string, FakeHandler> = {}) {
  const requests: FakeRequest[] = [];
  const routes: Record<string, FakeHandler> = {
    'GET /api/meta': { body: META },
    'GET /api/auth/session': { body: null },
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: FakeRequest = { method, path: url.pathname, body, via: 'fetch' };
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

  /** Uploads go through XMLHttpRequest (for their progress): the same fake server answers them. */
  class FakeXhr {
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    #method = 'GET';
    #url = '';
    #aborted = false;
    open(method: string, url: string) {
      this.#method = method.toUpperCase();
      this.#url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    abort() {
      this.#aborted = true;
      this.onabort?.();
    }
    send(data?: unknown) {
      const body: Record<string, unknown> = {};
      if (data instanceof FormData) {
        for (const [name, value] of data.entries()) {
          body[name] = typeof value === 'string' ? value : { name: value.name, type: value.type, size: value.size };
        }
      }
      const url = new URL(this.#url, 'http://localhost');
      const request: FakeRequest = { method: this.#method, path: url.pathname, body, via: 'xhr' };
      requests.push(request);
      const handler = routes[`${this.#method} ${url.pathname}`];
      void (async () => {
        await Promise.resolve();
        const total = 1000;
        this.upload.onprogress?.({ lengthComputable: true, loaded: total / 2, total } as ProgressEvent);
        const answer = typeof handler === 'function' ? await handler(request) : (handler ?? error(404, 'NOT_FOUND'));
        if (this.#aborted) return;
        if (answer.networkError) {
          this.onerror?.();
          return;
        }
        this.upload.onprogress?.({ lengthComputable: true, loaded: total, total } as ProgressEvent);
        this.status = answer.status ?? 200;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);

  return {
    requests,
    /** the requests made to one endpoint */
    to: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    set: (key: string, handler: FakeHandler) => {
      routes[key] = handler;
    },
  };
}

/** One page of a paged list as the server answers it: `count` is the number of pages. */
export const pageOf = <T>(rows: T[], total = rows.length, current = 1, pageSize = 20) => ({
  rows,
  total,
  count: Math.max(1, Math.ceil(total / pageSize)),
  page: current,
});

/** The query strings of the calls made to one path (the fake records paths only; fetch itself saw the full URL). */
export function queriesTo(path: string): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}
