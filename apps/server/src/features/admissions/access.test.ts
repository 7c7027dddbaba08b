import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeEntrance } from '@portal/contract';
import { postMultipart } from '../../../test/files';
import { Client, type TestApp } from '../../../test/helpers';
import { admissionsApp, entranceBody, insertCandidate, openEntrance, type AdmissionsCast } from './admissions.fixtures';

/**
 * Who may use the admissions office's routes (`admissions.manage`): the admissions office and
 * administrators; human resources and the academic office are refused (403), nobody signed in 401.
 */
let t: TestApp;
let cast: AdmissionsCast;
let entrance: OfficeEntrance;
let candidate: { id: number; number: string };

beforeAll(async () => {
  ({ t, cast } = await admissionsApp());
  entrance = await openEntrance(t, cast.office, { specialities: ['BTS GSI', 'BTS CGE'] });
  candidate = await insertCandidate(t, { entrance, first: 'GSI', documents: { PHOTO: 'SUBMITTED' } });
});
afterAll(async () => {
  await t?.close();
});

type Call = (client: Client) => ReturnType<Client['get']>;
const ROUTES: Record<string, { call: () => Call; status: number }> = {
  'GET /admissions/entrances': { call: () => (c) => c.get('/api/admissions/entrances'), status: 200 },
  'POST /admissions/entrances': { call: () => async (c) => c.post('/api/admissions/entrances', await entranceBody(t)), status: 201 },
  'PUT /admissions/entrances/:id': {
    call: () => async (c) =>
      c.request('PUT', `/api/admissions/entrances/${entrance.Entrance_ID}`, await entranceBody(t, { specialities: ['BTS GSI', 'BTS CGE'] })),
    status: 200,
  },
  'POST /admissions/entrances/:id/close': { call: () => (c) => c.post(`/api/admissions/entrances/${entrance.Entrance_ID}/close`), status: 200 },
  'POST /admissions/entrances/:id/reopen': { call: () => (c) => c.post(`/api/admissions/entrances/${entrance.Entrance_ID}/reopen`), status: 200 },
  'GET /admissions/entrances/:id/counts': { call: () => (c) => c.get(`/api/admissions/entrances/${entrance.Entrance_ID}/counts`), status: 200 },
  'GET /admissions/candidates': { call: () => (c) => c.get(`/api/admissions/candidates?entrance=${entrance.Entrance_ID}`), status: 200 },
  'GET /admissions/candidates/export': {
    call: () => (c) => c.get(`/api/admissions/candidates/export?format=csv&entrance=${entrance.Entrance_ID}`),
    status: 200,
  },
  'GET /admissions/candidates/:id': { call: () => (c) => c.get(`/api/admissions/candidates/${candidate.id}`), status: 200 },
  'GET /admissions/candidates/:id/documents/:kind': { call: () => (c) => c.get(`/api/admissions/candidates/${candidate.id}/documents/PHOTO`), status: 200 },
  'POST /admissions/candidates/:id/documents/:kind/check': {
    call: () => (c) => c.post(`/api/admissions/candidates/${candidate.id}/documents/PHOTO/check`),
    status: 200,
  },
  'POST /admissions/candidates/:id/documents/:kind/replace': {
    call: () => (c) => c.post(`/api/admissions/candidates/${candidate.id}/documents/PHOTO/replace`, { REASON: 'Blurred' }),
    status: 200,
  },
  'POST /admissions/decisions': {
    call: () => (c) => c.post('/api/admissions/decisions', { decisions: [{ CANDIDATE_NUMBER: candidate.number, DECISION: 'ADMITTED' }] }),
    status: 200,
  },
  'POST /admissions/decisions/import': {
    call: () => (c) =>
      postMultipart(
        c,
        '/api/admissions/decisions/import',
        {},
        { data: Buffer.from(`CANDIDATE_NUMBER,DECISION\n${candidate.number},REFUSED\n`), filename: 'd.csv', type: 'text/csv' },
      ),
    status: 200,
  },
};

describe('who may use the admissions office', () => {
  it('covers every admissions route the app serves', () => {
    // the route tree as Fastify prints it: a path on each line, its methods in parentheses
    const served: string[] = [];
    const stack: string[] = [];
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line.trimEnd());
      if (!match) continue;
      const depth = match[1]!.length / 4;
      stack.length = depth;
      const path = (stack[depth - 1] ?? '') + match[2]!;
      stack.push(path);
      for (const method of (match[3] ?? '').split(',').map((m) => m.trim()))
        if (method && method !== 'HEAD' && path.startsWith('/api/admissions')) served.push(`${method} ${path.slice(4)}`);
    }
    expect(served.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [route, { call, status }] of Object.entries(ROUTES)) {
    it(`${route}: the admissions office and administrators may (${status}); human resources and the academic office may not (403); nobody signed in 401`, async () => {
      for (const who of ['hr', 'academic'] as const) {
        const res = await call()(cast[who]);
        expect([who, res.statusCode, (res.json() as { code?: string }).code]).toEqual([who, 403, 'FORBIDDEN']);
      }
      const anonymous = await call()(new Client(t.app));
      expect(anonymous.statusCode).toBe(401);
      for (const who of ['office', 'admin'] as const) {
        const res = await call()(cast[who]);
        expect([who, res.statusCode], res.body).toEqual([who, status]);
      }
    });
  }
});
