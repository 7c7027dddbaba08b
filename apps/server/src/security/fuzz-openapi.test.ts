/**
 * Fuzz over the OpenAPI document (issue 9, "Proof"): "Keep a fuzz test over the OpenAPI
 * document (every operation, malformed bodies): 0 answers of 500, 0 rows changed."
 *
 * Every operation the app documents is called anonymously, as the person who owns the
 * self-service data (a permanent lecturer) and as an administrator (every permission), with
 * malformed path parameters, query values and bodies: odd ids, NUL bytes, unpaired UTF-16
 * surrogates, huge strings, wrong types, missing required fields, arrays for objects,
 * malformed JSON and broken multipart forms. No answer may be a 5xx, and the tables that
 * hold people's data must be exactly as they were (a checksum of every row of each table).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { persons } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { createTestApp, sessionFor, type Client, type TestApp } from '../../test/helpers';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  $ref?: string;
  minimum?: number;
};
interface Operation {
  method: string;
  path: string;
  params: { in: string; name: string; schema?: Schema }[];
  body: Schema | null;
  consumes: string[];
}

/**
 * Tables whose rows malformed requests may legitimately add to or touch: the append-only
 * audit log records refused accesses, the throttles count refused attempts, and a session's
 * last-seen time moves on every authenticated request, and on PostgreSQL the announcements of
 * those changes wait in `portal_announcements` until sent (docs/performance.md, deferred announcements). Every other table must
 * not change.
 */
const BOOKKEEPING = new Set(['audit_log', 'login_throttles', 'sessions', '__drizzle_migrations', 'portal_announcements']);

/** Path and query values that are not a decimal, positive id (or not text at all). */
const ODD_PARAMS = [
  '0x1F',
  '+1',
  '0001',
  '%201',
  '1e1',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'abc',
  '%00',
  '1%00',
  '%ED%A0%80',
  '%F0%9F%98',
  '%C0%AF',
  'NaN',
  'Infinity',
  '',
];

/** Values that no field of any body accepts. */
const NUL = 'a\u0000b';
const LONE = 'x\ud800y';
const HUGE = 'x'.repeat(300_000);
const ODD_IDS = ['0x1F', '+1', '0001', ' 1', '1e1', -1, 0, 1.5, 2 ** 31, '9'.repeat(30)];

let t: TestApp;
let ops: Operation[];
let components: Record<string, Schema>;
let clients: { who: string; client: Client | null }[];
let ownerId: number;
let adminId: number;

const resolve = (s: Schema | undefined): Schema => {
  if (!s) return {};
  if (s.$ref) return resolve(components[s.$ref.split('/').pop()!]);
  if (s.allOf?.length === 1) return resolve(s.allOf[0]);
  return s;
};

const typeOf = (s: Schema): string | undefined => {
  const r = resolve(s);
  if (Array.isArray(r.type)) return r.type.find((x) => x !== 'null');
  if (r.type) return r.type;
  const alt = r.anyOf ?? r.oneOf;
  if (alt) return alt.map(typeOf).find((x) => x && x !== 'null');
  return undefined;
};

/** A value of the schema's type for a required field, so that one other field's mutation is what the request is refused on. */
function sample(s: Schema): unknown {
  const r = resolve(s);
  if (r.enum?.length) return r.enum[0];
  switch (typeOf(r)) {
    case 'string':
      return r.pattern?.includes('\\d{4}') ? '2024-01-15' : 'x';
    case 'integer':
    case 'number':
      return Math.max(1, r.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries((r.required ?? []).map((k) => [k, sample(r.properties?.[k] ?? {})]));
    default:
      return null;
  }
}

const isNullable = (s: Schema): boolean => {
  const r = resolve(s);
  return (
    r.nullable === true ||
    (Array.isArray(r.type) && r.type.includes('null')) ||
    Boolean((r.anyOf ?? r.oneOf)?.some((x) => resolve(x).type === 'null' || resolve(x).nullable))
  );
};

/** The mutated values for one field of a body: each is invalid for that field. */
function mutations(s: Schema, required: boolean): unknown[] {
  const r = resolve(s);
  const type = typeOf(s);
  if (!type) return [NUL, LONE]; // a field the contract leaves free: only text that is never text
  const out: unknown[] = [NUL, LONE, { $gt: '' }, [NUL]];
  if (required && !isNullable(s)) out.push(null);
  if (type === 'string' && !r.enum) out.push(HUGE, 12345, true, ['x']);
  if (type === 'string' && r.enum) out.push('not-a-value', 1);
  if (type === 'integer' || type === 'number') {
    // ' 1' is how a typed amount may come ('1 000 000') where the contract strips spaces (nullable section numbers).
    out.push(...ODD_IDS.filter((v) => !(v === ' 1' && isNullable(s))), 'abc', true);
  }
  if (type === 'boolean') out.push('yes', 2);
  if (type === 'object') out.push('x', 1);
  if (type === 'array')
    out.push(
      'x',
      { 0: 'x' },
      Array.from({ length: 2000 }, () => NUL),
    );
  // A number inside the field's own bounds is no mutation (0 hours is a valid value).
  const bounds = [r, ...(r.anyOf ?? r.oneOf ?? []).map(resolve)].find((x) => typeof x.minimum === 'number') as (Schema & { maximum?: number }) | undefined;
  if (bounds && (type === 'integer' || type === 'number')) out.push(bounds.minimum! - 1, ...(bounds.maximum !== undefined ? [bounds.maximum + 1] : []));
  return out.filter((v) => !(typeof v === 'number' && bounds && Number.isInteger(v) && v >= bounds.minimum! && v <= (bounds.maximum ?? Infinity)));
}

interface Probe {
  op: Operation;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  label: string;
}

function urlOf(op: Operation, params: Record<string, string>, query: string): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '1');
  return query ? `${path}?${query}` : path;
}

function baseParams(op: Operation): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of op.params.filter((x) => x.in === 'path')) {
    const r = resolve(p.schema);
    out[p.name] = r.enum?.length ? String(r.enum[0]) : typeOf(r) === 'string' ? 'x' : String(ownerId);
  }
  return out;
}

function probesOf(op: Operation): Probe[] {
  const probes: Probe[] = [];
  const params = baseParams(op);
  const json = { 'content-type': 'application/json' };
  const base = op.body ? (sample(op.body) as Record<string, unknown> | null) : null;
  const basePayload = base && typeof base === 'object' ? JSON.stringify(base) : undefined;
  const add = (label: string, url: string, headers: Record<string, string> = {}, payload?: string | Buffer) =>
    probes.push({ op, url, headers, label, ...(payload !== undefined ? { payload } : {}) });
  const withBody = (h: Record<string, string> = {}) =>
    basePayload && op.method !== 'GET' ? { headers: { ...json, ...h }, payload: basePayload } : { headers: h, payload: undefined };

  for (const p of op.params.filter((x) => x.in === 'path')) {
    for (const odd of ODD_PARAMS) {
      if (odd === '') continue;
      const b = withBody();
      add(`path ${p.name}=${odd}`, urlOf(op, { ...params, [p.name]: odd }, ''), b.headers, b.payload);
    }
  }
  for (const p of op.params.filter((x) => x.in === 'query')) {
    // Numbers get the odd ids; free text only what is never text (any other text is a valid search).
    const odd = ['integer', 'number'].includes(typeOf(p.schema ?? {}) ?? '') ? [...ODD_PARAMS, `1&${p.name}=2`] : ['%00', 'a%00b', `x${'y'.repeat(5000)}`];
    for (const value of odd) {
      const b = withBody();
      add(`query ${p.name}=${value.slice(0, 20)}`, urlOf(op, params, `${p.name}=${value}`), b.headers, b.payload);
    }
  }
  const url = urlOf(op, params, '');
  // A query parameter no route takes, with a NUL in its value or its name.
  for (const junk of ['x=%00', '%00=1']) {
    const b = withBody();
    add(`query ${junk}`, urlOf(op, params, junk), b.headers, b.payload);
  }
  if (op.method === 'GET') return probes;

  // Bodies that no parser or route takes.
  add('malformed json', url, json, '{"a":');
  add('json with a NUL key', url, json, '{"a\\u0000":"x"}');
  add('json NUL text', url, json, JSON.stringify({ x: NUL }));
  add('json lone surrogate', url, json, '{"x":"\\ud800"}');
  if (!op.consumes.length) return probes; // the route reads no body: any other body is ignored

  add('json array', url, json, '[]');
  add('json null', url, json, 'null');
  add('json string', url, json, '"x"');
  add('json number', url, json, '1');
  add('json deep', url, json, '['.repeat(5000) + ']'.repeat(5000));
  add('text/plain', url, { 'content-type': 'text/plain' }, 'hello');
  add('multipart without boundary', url, { 'content-type': 'multipart/form-data' }, 'x');
  const bnd = 'fuzzboundary';
  const mp = { 'content-type': `multipart/form-data; boundary=${bnd}` };
  add(
    'multipart cut short',
    url,
    mp,
    `--${bnd}\r\nContent-Disposition: form-data; name="FILE"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 truncated`,
  );
  add('multipart bad header', url, mp, `--${bnd}\r\nContent-Dispositio\r\n\r\nx\r\n--${bnd}--\r\n`);
  add(
    'multipart NUL field',
    url,
    mp,
    `--${bnd}\r\nContent-Disposition: form-data; name="col"\r\n\r\nCV_LINK\u0000\r\n--${bnd}\r\nContent-Disposition: form-data; name="FILE"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${bnd}--\r\n`,
  );
  add('multipart empty', url, mp, `--${bnd}--\r\n`);
  add('csv NUL', url, { 'content-type': 'text/csv' }, 'CODE;NAME\nA\u0000;B\n');

  // One field at a time, the others as the schema asks.
  const body = resolve(op.body ?? undefined);
  if (op.body && body.properties) {
    const required = new Set(body.required ?? []);
    if (required.size) add('missing required', url, json, '{}');
    for (const [name, schema] of Object.entries(body.properties)) {
      for (const value of mutations(schema, required.has(name))) {
        const payload = JSON.stringify({ ...(base ?? {}), [name]: value });
        add(`body ${name}=${JSON.stringify(value).slice(0, 20)}`, url, json, payload);
      }
    }
  }
  return probes;
}

async function fingerprint(): Promise<Record<string, string>> {
  const result = (await t.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, string> = {};
  for (const { name } of result.rows) {
    if (BOOKKEEPING.has(name)) continue;
    const r = (await t.db.execute(
      sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum from "${name}" t`),
    )) as unknown as { rows: { n: number; sum: string }[] };
    out[name] = `${r.rows[0]!.n}:${r.rows[0]!.sum}`;
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
    components?: { schemas?: Record<string, Schema> };
  };
  components = doc.components?.schemas ?? {};
  ops = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: content['application/json']?.schema ?? null,
        consumes: Object.keys(content),
      });
    }
  }
  const people = await t.db
    .select({ id: persons.id, MATRICULE: persons.MATRICULE })
    .from(persons)
    .where(inArray(persons.MATRICULE, [DEMO_ACCOUNTS.permanent.matricule, DEMO_ACCOUNTS.admin.matricule]));
  const idOf = (m: string) => people.find((p) => p.MATRICULE === m)!.id;
  ownerId = idOf(DEMO_ACCOUNTS.permanent.matricule);
  adminId = idOf(DEMO_ACCOUNTS.admin.matricule);
});
afterAll(async () => {
  await t?.close();
});

describe('fuzz over the OpenAPI document', () => {
  it('answers every malformed request of every operation without a 5xx, and changes no row', { timeout: 900_000 }, async () => {
    expect(ops.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const changed: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const covered = new Set<string>();
    for (const op of ops) {
      const before = await fingerprint();
      // Fresh sessions for each operation: a probe of sign-out may have ended the previous ones.
      clients = [
        { who: 'anonymous', client: null },
        { who: 'owner', client: await sessionFor(t, ownerId) },
        { who: 'admin', client: await sessionFor(t, adminId) },
      ];
      for (const probe of probesOf(op)) {
        for (const { who, client } of clients) {
          const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
          const response = await t.app.inject({
            method: op.method as 'GET',
            url: probe.url,
            remoteAddress: `10.9.${sent % 250}.${(sent >> 8) % 250}`,
            headers: { ...probe.headers, ...(cookie ? { cookie } : {}) },
            ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
          });
          sent++;
          covered.add(`${op.method} ${op.path}`);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500)
            failures.push(`${response.statusCode} ${who} ${op.method} ${op.path} [${probe.label}] ${response.body.slice(0, 120)}`);
        }
      }
      const after = await fingerprint();
      for (const name of Object.keys(before)) if (before[name] !== after[name]) changed.push(`${op.method} ${op.path}: ${name}`);
    }
    console.warn(
      `fuzz: ${sent} requests over ${covered.size} operations; statuses ${JSON.stringify(Object.fromEntries(statuses))}; 5xx: ${failures.length}; tables changed: ${changed.join('; ') || 'none'}`,
    );
    if (failures.length) console.warn(failures.slice(0, 200).join('\n'));
    expect(covered.size).toBe(ops.length);
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
  });
});
