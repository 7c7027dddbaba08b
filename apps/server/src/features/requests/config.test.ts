import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CategoryConfig,
  DecisionConfig,
  HopConfig,
  RequestCategory,
  RequestConfig,
  RequestDisplayConfig,
  SubcategoryConfig,
  UnitConfig,
  UnitMember,
} from '@portal/contract';
import {
  auditLog,
  departments,
  persons,
  requestBatchItems,
  requestBatches,
  requestDecisions,
  requestHops,
  requests,
  requestSteps,
  requestSubcategories,
  requestUnits,
} from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { type Client, createTestApp, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: Client;
let adminId: number;
let unit: Record<string, number>;
let sub: Record<string, number>;
let serial = 0;

const idOf = async (matricule: string) => (await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule)))[0]!.id;
const refusal = (res: { statusCode: number; json: () => unknown }) => ({
  status: res.statusCode,
  ...(res.json() as { code: string; fields?: Record<string, string> }),
});
const config = async () => (await admin.get('/api/request-config')).json() as RequestConfig;
const hopOf = (c: RequestConfig, id: number) => c.hops.find((h) => h.id === id)!;

/** The audit entries written since `after` with this action. */
async function auditedSince(after: number, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.id, after), eq(auditLog.action, action)));
}
const lastAuditId = async () => (await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;

const DISPLAY: RequestDisplayConfig = {
  CLASS_ID: 'HIDDEN',
  REQUEST_PBLM_DATE: 'HIDDEN',
  CONTRACT_NUMBER: 'REQUIRED',
  VH: 'HIDDEN',
  TH: 'HIDDEN',
  TI: 'HIDDEN',
  AMOUNT: 'OPTIONAL',
  REPRO: 'HIDDEN',
  DESCRIPTION: 'REQUIRED',
  FILE: 'OPTIONAL',
  TIME_TABLE: false,
};
const unitBody = (overrides: Record<string, unknown> = {}) => ({ code: `U${++serial}`, name: 'Library', nameFr: 'Bibliothèque', ...overrides });
const categoryBody = (overrides: Record<string, unknown> = {}) => ({
  code: `C${++serial}`,
  name: 'Library',
  nameFr: 'Bibliothèque',
  description: 'Books and loans',
  descriptionFr: 'Livres et prêts',
  position: 9,
  ...overrides,
});
const subcategoryBody = (categoryId: number, overrides: Record<string, unknown> = {}) => ({
  code: `S${++serial}`,
  categoryId,
  name: 'Lost book',
  nameFr: 'Livre perdu',
  description: 'A book was lost',
  descriptionFr: 'Un livre a été perdu',
  display: DISPLAY,
  firstUnitId: unit.SENG,
  ...overrides,
});

/** A request of the lecturer PER0001 under the sub-category, inserted as the units' processing leaves it. */
async function insertRequest(values: Partial<typeof requests.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(requests)
    .values({
      REQUEST_ID: `CFG@2024-${String(++serial).padStart(6, '0')}`,
      REQUEST_AUTHOR: await idOf(DEMO_ACCOUNTS.permanent.matricule),
      REQUEST_CATEGORY_ID: sub['0201']!,
      REQUEST_OBJECT: 'Config test',
      filedAt: t.clock.now(),
      ...values,
    })
    .returning();
  return row!;
}

/** A fresh hop of a sub-category (through the API) and a decision on it. */
async function hopWithDecision(subcategoryId: number, from: string, to: string, decision: Record<string, unknown> = {}) {
  const hop = await admin.post('/api/request-config/hops', { subcategoryId, fromUnitId: unit[from], toUnitId: unit[to] });
  expect(hop.statusCode, hop.body).toBe(201);
  const made = await admin.post('/api/request-config/decisions', {
    hopId: hop.json().id,
    label: 'Checked',
    labelFr: 'Vérifié',
    status: 'VALIDATED',
    ...decision,
  });
  expect(made.statusCode, made.body).toBe(201);
  return { hop: hop.json() as HopConfig, decision: made.json() as DecisionConfig };
}

beforeAll(async () => {
  t = await createTestApp();
  adminId = await idOf(DEMO_ACCOUNTS.admin.matricule);
  admin = await sessionFor(t, adminId);
  unit = Object.fromEntries((await t.db.select({ id: requestUnits.id, code: requestUnits.code }).from(requestUnits)).map((u) => [u.code, u.id]));
  sub = Object.fromEntries(
    (await t.db.select({ id: requestSubcategories.id, code: requestSubcategories.code }).from(requestSubcategories)).map((s) => [s.code, s.id]),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/request-config', () => {
  it('answers every unit with its department and members, every category and sub-category, every hop with its decisions and whether each is used', async () => {
    const res = await admin.get('/api/request-config');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const c = res.json() as RequestConfig;
    const [inf] = await t.db.select({ id: departments.id }).from(departments).where(eq(departments.code, 'INF'));
    expect(c.units.map((u) => u.code)).toEqual([...c.units.map((u) => u.code)].sort());
    expect(c.units.find((u) => u.code === 'SCH-INF')).toEqual({
      id: unit['SCH-INF'],
      code: 'SCH-INF',
      name: 'School of Computer Science',
      nameFr: "École d'informatique",
      departmentId: inf!.id,
      members: 1,
    });
    expect(c.units.find((u) => u.code === 'SENG')).toMatchObject({ departmentId: null, members: 1 });
    expect(c.units.find((u) => u.code === 'ADM')).toMatchObject({ members: 0 });
    expect(c.categories.map((k) => `${k.nameFr} (${k.audience})`)).toEqual([
      'Enseignement (STAFF)',
      'Paiement (STAFF)',
      'Contrat (STAFF)',
      'Reprographie (STAFF)',
      'Attestations (STUDENT)',
      'Notes (STUDENT)',
      'Inscription (STUDENT)',
    ]);
    const teaching = c.categories[0]!.subcategories.find((s) => s.code === '0101')!;
    expect(teaching).toMatchObject({
      firstUnitId: unit.SENG,
      enabled: true,
      categoryId: c.categories[0]!.id,
      REQUEST_DISPCONFIG: { CLASS_ID: 'REQUIRED', TIME_TABLE: true },
    });
    const hop = (code: string, from: string, to: string) =>
      c.hops.find((h) => h.subcategoryId === sub[code] && h.fromUnitId === unit[from] && h.toUnitId === unit[to])!;
    expect(hop('0101', 'SENG', 'SCH-INF').decisions.map((d) => [d.label, d.status, d.forwardUnitId])).toEqual([
      ['Validate and send to finance', 'VALIDATED', unit.FIN],
      ['Not validated', 'NOT_VALIDATED', null],
    ]);
    // used: a decision a step names (the demo's decided requests), a hop a request arrived by or a batch went along
    const decided = new Set((await t.db.select({ id: requestSteps.decisionId }).from(requestSteps).where(isNotNull(requestSteps.decisionId))).map((r) => r.id));
    expect(decided.size).toBeGreaterThan(0);
    expect(
      c.hops
        .flatMap((h) => h.decisions)
        .filter((d) => d.used)
        .map((d) => d.id)
        .sort(),
    ).toEqual([...decided].sort());
    // the demo's teaching claim went from SENG to the School of Computer Science, none to the School of Engineering
    expect(hop('0101', 'SENG', 'SCH-INF').used).toBe(true);
    expect(hop('0101', 'SENG', 'SCH-ING').used).toBe(false);
    // a school's hop to finance is used by the forwarding decision (it cannot go while that decision exists)
    expect(hop('0101', 'SCH-ING', 'FIN').used).toBe(true);
  });

  it('lists disabled categories and sub-categories too', async () => {
    const made = (await admin.post('/api/request-config/categories', categoryBody({ enabled: false }))).json() as CategoryConfig;
    const child = (await admin.post('/api/request-config/subcategories', subcategoryBody(made.id, { enabled: false }))).json() as SubcategoryConfig;
    const listed = (await config()).categories.find((k) => k.id === made.id)!;
    expect(listed).toMatchObject({ enabled: false, subcategories: [{ id: child.id, enabled: false }] });
  });

  it('marks a hop used once a request arrived by it, a batch carried one along it, or a step names one of its decisions; and the decision a step names', async () => {
    const arrived = await hopWithDecision(sub['0201']!, 'SENG', 'ADM');
    const carried = await hopWithDecision(sub['0202']!, 'SENG', 'ADM');
    const decided = await hopWithDecision(sub['0203']!, 'SENG', 'ADM');
    const before = await config();
    expect([arrived, carried, decided].map(({ hop }) => hopOf(before, hop.id).used)).toEqual([false, false, false]);

    await insertRequest({ arrivalHopId: arrived.hop.id, REQUEST_UNITY_ID: unit.ADM });
    const request = await insertRequest();
    const [batch] = await t.db
      .insert(requestBatches)
      .values({ reference: `CFG-${++serial}`, fromUnitId: unit.SENG!, toUnitId: unit.ADM!, status: 'SENT', createdAt: t.clock.now() })
      .returning();
    await t.db.insert(requestBatchItems).values({ batchId: batch!.id, requestId: request.id, hopId: carried.hop.id });
    const decidedRequest = await insertRequest();
    await t.db
      .insert(requestSteps)
      .values({ requestId: decidedRequest.id, kind: 'DECIDED', unitId: unit.ADM, decisionId: decided.decision.id, status: 'VALIDATED', at: t.clock.now() });

    const after = await config();
    expect([arrived, carried, decided].map(({ hop }) => hopOf(after, hop.id).used)).toEqual([true, true, true]);
    expect(hopOf(after, decided.hop.id).decisions).toEqual([{ ...decided.decision, used: true }]);
    expect(hopOf(after, arrived.hop.id).decisions[0]!.used).toBe(false);
  });

  it('is for administrators: a unit member and a lecturer are 403', async () => {
    const seng = await sessionFor(t, await idOf(DEMO_ACCOUNTS.seng.matricule));
    expect((await seng.get('/api/request-config')).statusCode).toBe(403);
    expect((await seng.post('/api/request-config/units', unitBody())).statusCode).toBe(403);
    const lecturer = await sessionFor(t, await idOf(DEMO_ACCOUNTS.permanent.matricule));
    expect((await lecturer.get('/api/request-config/members')).statusCode).toBe(403);
  });
});

describe('units', () => {
  it('creates a unit (code upper-cased) and changes it, each change audited with before and after', async () => {
    const mark = await lastAuditId();
    const created = await admin.post('/api/request-config/units', { code: 'lib-1', name: 'Library', nameFr: 'Bibliothèque' });
    expect(created.statusCode).toBe(201);
    const made = created.json() as UnitConfig;
    expect(made).toEqual({ id: expect.any(Number), code: 'LIB-1', name: 'Library', nameFr: 'Bibliothèque', departmentId: null, members: 0 });
    const [inf] = await t.db.select({ id: departments.id }).from(departments).where(eq(departments.code, 'INF'));
    const changed = await admin.request('PATCH', `/api/request-config/units/${made.id}`, {
      code: 'LIB-2',
      name: 'Central library',
      nameFr: 'Bibliothèque centrale',
      departmentId: inf!.id,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: made.id, code: 'LIB-2', name: 'Central library', departmentId: inf!.id });
    const [createdEntry] = await auditedSince(mark, 'requestConfig.unit.created');
    expect(createdEntry).toMatchObject({
      actorId: adminId,
      targetType: 'request-unit',
      targetId: String(made.id),
      details: { before: null, after: { code: 'LIB-1', name: 'Library' } },
    });
    const [updatedEntry] = await auditedSince(mark, 'requestConfig.unit.updated');
    expect(updatedEntry!.details).toMatchObject({ before: { code: 'LIB-1', departmentId: null }, after: { code: 'LIB-2', departmentId: inf!.id } });
    expect((await config()).units.find((u) => u.id === made.id)).toMatchObject({ code: 'LIB-2' });
  });

  it('refuses a code already used (409 ALREADY_EXISTS, whatever the case), an unknown department (400), an unknown unit (404), and writes nothing', async () => {
    const mark = await lastAuditId();
    expect(refusal(await admin.post('/api/request-config/units', unitBody({ code: 'seng' })))).toMatchObject({
      status: 409,
      code: 'ALREADY_EXISTS',
      fields: { code: 'validation.invalid' },
    });
    expect(refusal(await admin.post('/api/request-config/units', unitBody({ departmentId: 999_999 })))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { departmentId: 'validation.invalid' },
    });
    expect(refusal(await admin.request('PATCH', `/api/request-config/units/${unit.ADM}`, unitBody({ code: 'FIN' })))).toMatchObject({
      status: 409,
      code: 'ALREADY_EXISTS',
    });
    expect((await admin.request('PATCH', '/api/request-config/units/999999', unitBody())).statusCode).toBe(404);
    expect(refusal(await admin.post('/api/request-config/units', { code: 'bad code!', name: '', nameFr: 'x' }))).toMatchObject({
      status: 400,
      fields: { code: 'validation.invalid', name: 'validation.required' },
    });
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(gt(auditLog.id, mark))
        .then((rows) => rows.filter((r) => r.action.startsWith('requestConfig.'))),
    ).toEqual([]);
    expect(await t.db.select().from(requestUnits).where(eq(requestUnits.code, 'FIN'))).toHaveLength(1);
  });
});

describe('categories and sub-categories', () => {
  it('creates and changes a category; a code already used is 409', async () => {
    const mark = await lastAuditId();
    const made = await admin.post('/api/request-config/categories', categoryBody({ code: 'lib' }));
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ code: 'LIB', position: 9, enabled: true, subcategories: [] });
    const changed = await admin.request(
      'PATCH',
      `/api/request-config/categories/${made.json().id}`,
      categoryBody({ code: 'LIB', name: 'Library services', enabled: false }),
    );
    expect(changed.json()).toMatchObject({ name: 'Library services', enabled: false });
    expect(refusal(await admin.post('/api/request-config/categories', categoryBody({ code: '01' })))).toMatchObject({
      status: 409,
      code: 'ALREADY_EXISTS',
      fields: { code: 'validation.invalid' },
    });
    expect((await admin.request('PATCH', '/api/request-config/categories/999999', categoryBody())).statusCode).toBe(404);
    expect((await auditedSince(mark, 'requestConfig.category.updated'))[0]!.details).toMatchObject({
      before: { enabled: true, name: 'Library' },
      after: { enabled: false, name: 'Library services' },
    });
  });

  it('creates a sub-category with its display configuration and first unit, and changes it; the filing form follows', async () => {
    const [payment] = (await config()).categories.filter((k) => k.code === '02');
    const made = await admin.post('/api/request-config/subcategories', subcategoryBody(payment!.id, { code: 'lib1', position: 7 }));
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json() as SubcategoryConfig;
    expect(created).toMatchObject({ code: 'LIB1', categoryId: payment!.id, firstUnitId: unit.SENG, position: 7, enabled: true, REQUEST_DISPCONFIG: DISPLAY });
    const lecturer = await sessionFor(t, await idOf(DEMO_ACCOUNTS.permanent.matricule));
    const offered = async () =>
      ((await lecturer.get('/api/request-categories')).json() as RequestCategory[]).flatMap((k) => k.sousCategories.map((s) => s.code));
    expect(await offered()).toContain('LIB1');

    const display = { ...DISPLAY, CONTRACT_NUMBER: 'HIDDEN', TIME_TABLE: true };
    const changed = await admin.request(
      'PATCH',
      `/api/request-config/subcategories/${created.id}`,
      subcategoryBody(payment!.id, { code: 'LIB1', display, firstUnitId: unit.HR, enabled: false }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ firstUnitId: unit.HR, enabled: false, REQUEST_DISPCONFIG: display });
    expect(await offered()).not.toContain('LIB1');
    const [row] = await t.db.select().from(requestSubcategories).where(eq(requestSubcategories.id, created.id));
    expect(row).toMatchObject({ display, firstUnitId: unit.HR, enabled: false });
  });

  it('refuses an unknown category or first unit (400 naming it), a code already used (409), a display configuration the contract refuses (400)', async () => {
    const [payment] = (await config()).categories.filter((k) => k.code === '02');
    expect(refusal(await admin.post('/api/request-config/subcategories', subcategoryBody(999_999)))).toMatchObject({
      status: 400,
      fields: { categoryId: 'validation.invalid' },
    });
    expect(refusal(await admin.post('/api/request-config/subcategories', subcategoryBody(payment!.id, { firstUnitId: 999_999 })))).toMatchObject({
      status: 400,
      fields: { firstUnitId: 'validation.invalid' },
    });
    expect(refusal(await admin.post('/api/request-config/subcategories', subcategoryBody(payment!.id, { code: '0101' })))).toMatchObject({
      status: 409,
      code: 'ALREADY_EXISTS',
      fields: { code: 'validation.invalid' },
    });
    const badDisplay = await admin.post('/api/request-config/subcategories', subcategoryBody(payment!.id, { display: { ...DISPLAY, CLASS_ID: 'SOMETIMES' } }));
    expect(refusal(badDisplay)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { 'display.CLASS_ID': 'validation.invalid' } });
    const { TIME_TABLE: _, ...incomplete } = DISPLAY;
    expect((await admin.post('/api/request-config/subcategories', subcategoryBody(payment!.id, { display: incomplete }))).statusCode).toBe(400);
    expect((await admin.request('PATCH', '/api/request-config/subcategories/999999', subcategoryBody(payment!.id))).statusCode).toBe(404);
  });
});

describe('hops', () => {
  it('creates a hop (201, audited) and deletes an unused one with its decisions (204, audited with them)', async () => {
    const mark = await lastAuditId();
    const { hop, decision } = await hopWithDecision(sub['0401']!, 'SENG', 'HR');
    expect(hop).toEqual({ id: expect.any(Number), subcategoryId: sub['0401'], fromUnitId: unit.SENG, toUnitId: unit.HR, used: false, decisions: [] });
    expect(hopOf(await config(), hop.id).decisions).toEqual([decision]);
    const res = await admin.request('DELETE', `/api/request-config/hops/${hop.id}`);
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(requestHops).where(eq(requestHops.id, hop.id))).toEqual([]);
    expect(await t.db.select().from(requestDecisions).where(eq(requestDecisions.id, decision.id))).toEqual([]);
    expect(await auditedSince(mark, 'requestConfig.hop.created')).toHaveLength(1);
    const [deleted] = await auditedSince(mark, 'requestConfig.hop.deleted');
    expect(deleted!.details).toMatchObject({ before: { id: hop.id, decisions: [{ id: decision.id, label: 'Checked' }] }, after: null });
    expect((await admin.request('DELETE', `/api/request-config/hops/${hop.id}`)).statusCode).toBe(404);
  });

  it('refuses a hop to the unit it starts from (400 naming toUnitId), the same hop twice (409), an unknown sub-category or unit (400)', async () => {
    expect(refusal(await admin.post('/api/request-config/hops', { subcategoryId: sub['0401'], fromUnitId: unit.SENG, toUnitId: unit.SENG }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { toUnitId: 'validation.invalid' },
    });
    expect(
      refusal(await admin.post('/api/request-config/hops', { subcategoryId: sub['0101'], fromUnitId: unit.SENG, toUnitId: unit['SCH-INF'] })),
    ).toMatchObject({ status: 409, code: 'ALREADY_EXISTS', fields: { toUnitId: 'validation.invalid' } });
    expect(refusal(await admin.post('/api/request-config/hops', { subcategoryId: 999_999, fromUnitId: unit.SENG, toUnitId: unit.ADM }))).toMatchObject({
      status: 400,
      fields: { subcategoryId: 'validation.invalid' },
    });
    expect(refusal(await admin.post('/api/request-config/hops', { subcategoryId: sub['0401'], fromUnitId: 999_999, toUnitId: unit.ADM }))).toMatchObject({
      status: 400,
      fields: { fromUnitId: 'validation.invalid' },
    });
    expect(refusal(await admin.post('/api/request-config/hops', { subcategoryId: sub['0401'], fromUnitId: unit.SENG, toUnitId: 999_999 }))).toMatchObject({
      status: 400,
      fields: { toUnitId: 'validation.invalid' },
    });
  });

  it('refuses to delete a used hop (409 IN_USE): a request arrived by it, a batch carried one, a step names its decision, a decision forwards along it', async () => {
    const arrived = await hopWithDecision(sub['0102']!, 'SENG', 'ADM');
    await insertRequest({ arrivalHopId: arrived.hop.id });
    const carried = await hopWithDecision(sub['0102']!, 'SENG', 'HR');
    const request = await insertRequest();
    const [batch] = await t.db
      .insert(requestBatches)
      .values({ reference: `CFG-${++serial}`, fromUnitId: unit.SENG!, toUnitId: unit.HR!, status: 'CANCELLED', createdAt: t.clock.now() })
      .returning();
    await t.db.insert(requestBatchItems).values({ batchId: batch!.id, requestId: request.id, hopId: carried.hop.id });
    const decided = await hopWithDecision(sub['0102']!, 'SENG', 'FIN');
    await t.db.insert(requestSteps).values({
      requestId: (await insertRequest()).id,
      kind: 'DECIDED',
      unitId: unit.FIN,
      decisionId: decided.decision.id,
      status: 'VALIDATED',
      at: t.clock.now(),
    });
    // FIN → HR, along which a decision of the hop SENG → FIN forwards
    const onward = await admin.post('/api/request-config/hops', { subcategoryId: sub['0102'], fromUnitId: unit.FIN, toUnitId: unit.HR });
    await admin.post('/api/request-config/decisions', {
      hopId: decided.hop.id,
      label: 'To HR',
      labelFr: 'Aux RH',
      status: 'PROCESSING',
      forwardUnitId: unit.HR,
    });

    for (const id of [arrived.hop.id, carried.hop.id, decided.hop.id, onward.json().id as number]) {
      expect([id, refusal(await admin.request('DELETE', `/api/request-config/hops/${id}`))]).toMatchObject([id, { status: 409, code: 'IN_USE' }]);
      expect(await t.db.select().from(requestHops).where(eq(requestHops.id, id))).toHaveLength(1);
    }
    expect(hopOf(await config(), onward.json().id).used).toBe(true);
  });
});

describe('decisions', () => {
  it('creates, changes and deletes a decision, each audited', async () => {
    const mark = await lastAuditId();
    const { hop, decision } = await hopWithDecision(sub['0301']!, 'HR', 'ADM');
    expect(decision).toEqual({
      id: expect.any(Number),
      hopId: hop.id,
      label: 'Checked',
      labelFr: 'Vérifié',
      status: 'VALIDATED',
      forwardUnitId: null,
      used: false,
    });
    const changed = await admin.request('PATCH', `/api/request-config/decisions/${decision.id}`, {
      hopId: hop.id,
      label: 'Closed',
      labelFr: 'Clôturé',
      status: 'CLOSED',
      forwardUnitId: null,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ label: 'Closed', labelFr: 'Clôturé', status: 'CLOSED' });
    expect((await admin.request('DELETE', `/api/request-config/decisions/${decision.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(requestDecisions).where(eq(requestDecisions.id, decision.id))).toEqual([]);
    expect(await auditedSince(mark, 'requestConfig.decision.created')).toHaveLength(1);
    expect((await auditedSince(mark, 'requestConfig.decision.updated'))[0]!.details).toMatchObject({
      before: { status: 'VALIDATED', label: 'Checked' },
      after: { status: 'CLOSED', label: 'Closed' },
    });
    expect((await auditedSince(mark, 'requestConfig.decision.deleted'))[0]!.details).toMatchObject({ before: { id: decision.id }, after: null });
    expect((await admin.request('DELETE', `/api/request-config/decisions/${decision.id}`)).statusCode).toBe(404);
  });

  it('takes a forwarding decision only along a hop from the deciding unit to the forward unit (else 400 DECISION_FORWARD_INVALID naming forwardUnitId)', async () => {
    const { hop } = await hopWithDecision(sub['0302']!, 'SENG', 'FIN');
    const forward = { hopId: hop.id, label: 'To administration', labelFr: "À l'administration", status: 'PROCESSING' };
    expect(refusal(await admin.post('/api/request-config/decisions', { ...forward, forwardUnitId: unit.ADM }))).toMatchObject({
      status: 400,
      code: 'DECISION_FORWARD_INVALID',
      fields: { forwardUnitId: 'validation.forwardHop' },
    });
    // a hop of another sub-category does not count, nor one from another unit
    expect((await admin.post('/api/request-config/hops', { subcategoryId: sub['0301'], fromUnitId: unit.FIN, toUnitId: unit.ADM })).statusCode).toBe(201);
    expect((await admin.post('/api/request-config/hops', { subcategoryId: sub['0302'], fromUnitId: unit.SENG, toUnitId: unit.ADM })).statusCode).toBe(201);
    expect(refusal(await admin.post('/api/request-config/decisions', { ...forward, forwardUnitId: unit.ADM }))).toMatchObject({
      status: 400,
      code: 'DECISION_FORWARD_INVALID',
    });
    expect((await admin.post('/api/request-config/hops', { subcategoryId: sub['0302'], fromUnitId: unit.FIN, toUnitId: unit.ADM })).statusCode).toBe(201);
    const made = await admin.post('/api/request-config/decisions', { ...forward, forwardUnitId: unit.ADM });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ forwardUnitId: unit.ADM });
    // the same rule when changing one
    const plain = (await admin.post('/api/request-config/decisions', { ...forward, status: 'VALIDATED' })).json() as DecisionConfig;
    expect(refusal(await admin.request('PATCH', `/api/request-config/decisions/${plain.id}`, { ...forward, forwardUnitId: unit.FIN }))).toMatchObject({
      status: 400,
      code: 'DECISION_FORWARD_INVALID',
    });
  });

  it('refuses the status REGISTERED, an unknown hop (400), and deleting or moving a decision a step names (409 IN_USE)', async () => {
    const { hop, decision } = await hopWithDecision(sub['0103']!, 'SENG', 'ADM');
    expect(refusal(await admin.post('/api/request-config/decisions', { hopId: hop.id, label: 'x', labelFr: 'x', status: 'REGISTERED' }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { status: 'validation.invalid' },
    });
    expect(refusal(await admin.post('/api/request-config/decisions', { hopId: 999_999, label: 'x', labelFr: 'x', status: 'CLOSED' }))).toMatchObject({
      status: 400,
      fields: { hopId: 'validation.invalid' },
    });
    await t.db
      .insert(requestSteps)
      .values({ requestId: (await insertRequest()).id, kind: 'DECIDED', unitId: unit.ADM, decisionId: decision.id, status: 'VALIDATED', at: t.clock.now() });
    expect(refusal(await admin.request('DELETE', `/api/request-config/decisions/${decision.id}`))).toMatchObject({ status: 409, code: 'IN_USE' });
    const other = await hopWithDecision(sub['0103']!, 'SENG', 'HR');
    expect(
      refusal(
        await admin.request('PATCH', `/api/request-config/decisions/${decision.id}`, { hopId: other.hop.id, label: 'x', labelFr: 'x', status: 'CLOSED' }),
      ),
    ).toMatchObject({ status: 409, code: 'IN_USE' });
    // its labels may still change
    const relabelled = await admin.request('PATCH', `/api/request-config/decisions/${decision.id}`, {
      hopId: hop.id,
      label: 'Approved',
      labelFr: 'Approuvé',
      status: 'VALIDATED',
    });
    expect(relabelled.json()).toMatchObject({ label: 'Approved', used: true });
    expect(await t.db.select().from(requestDecisions).where(eq(requestDecisions.id, decision.id))).toHaveLength(1);
  });
});

describe('members', () => {
  it('lists the back-office accounts only, with username, roles and unit', async () => {
    const res = await admin.get('/api/request-config/members');
    expect(res.statusCode).toBe(200);
    const members = res.json() as UnitMember[];
    expect(members.map((m) => m.MATRICULE)).toEqual([...members.map((m) => m.MATRICULE)].sort());
    expect(members.find((m) => m.MATRICULE === DEMO_ACCOUNTS.hr.matricule)).toEqual({
      id: expect.any(Number),
      MATRICULE: 'BO0001',
      username: 'hr',
      FIRSTNAME: expect.any(String),
      LASTNAME: expect.any(String),
      ROLES: ['HR', 'REQUESTS'],
      REQUEST_UNIT_ID: unit.HR,
    });
    expect(members.find((m) => m.MATRICULE === DEMO_ACCOUNTS.academic.matricule)).toMatchObject({ REQUEST_UNIT_ID: null, ROLES: ['ACADEMIC'] });
    expect(members.some((m) => m.MATRICULE === DEMO_ACCOUNTS.permanent.matricule || m.MATRICULE === DEMO_ACCOUNTS.student.matricule)).toBe(false);
  });

  it('puts an account in a unit and out again, audited', async () => {
    const mark = await lastAuditId();
    const academicId = await idOf(DEMO_ACCOUNTS.academic.matricule);
    const set = await admin.request('PUT', `/api/request-config/members/${academicId}`, { REQUEST_UNIT_ID: unit.ADM });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: academicId, username: 'academic', REQUEST_UNIT_ID: unit.ADM });
    expect((await config()).units.find((u) => u.id === unit.ADM)!.members).toBe(1);
    const cleared = await admin.request('PUT', `/api/request-config/members/${academicId}`, { REQUEST_UNIT_ID: null });
    expect(cleared.json()).toMatchObject({ REQUEST_UNIT_ID: null });
    const entries = await auditedSince(mark, 'requestConfig.member.updated');
    expect(entries.map((e) => [e.targetType, e.targetId, e.details])).toEqual([
      ['person', String(academicId), { before: { REQUEST_UNIT_ID: null }, after: { REQUEST_UNIT_ID: unit.ADM } }],
      ['person', String(academicId), { before: { REQUEST_UNIT_ID: unit.ADM }, after: { REQUEST_UNIT_ID: null } }],
    ]);
  });

  it('refuses a person without a role (400), an unknown unit (400), an unknown person (404)', async () => {
    const lecturerId = await idOf(DEMO_ACCOUNTS.permanent.matricule);
    expect(refusal(await admin.request('PUT', `/api/request-config/members/${lecturerId}`, { REQUEST_UNIT_ID: unit.SENG }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { REQUEST_UNIT_ID: 'validation.invalid' },
    });
    const [lecturer] = await t.db.select({ unit: persons.REQUEST_UNIT_ID }).from(persons).where(eq(persons.id, lecturerId));
    expect(lecturer!.unit).toBeNull();
    const financeId = await idOf(DEMO_ACCOUNTS.finance.matricule);
    expect(refusal(await admin.request('PUT', `/api/request-config/members/${financeId}`, { REQUEST_UNIT_ID: 999_999 }))).toMatchObject({
      status: 400,
      fields: { REQUEST_UNIT_ID: 'validation.invalid' },
    });
    expect((await admin.request('PUT', '/api/request-config/members/999999', { REQUEST_UNIT_ID: null })).statusCode).toBe(404);
    expect((await admin.request('PUT', `/api/request-config/members/${financeId}`, {})).statusCode).toBe(400);
  });
});
