import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import {
  V,
  type CategoryConfig,
  type CategoryInput,
  type DecisionConfig,
  type DecisionInput,
  type HopConfig,
  type HopInput,
  type MemberInput,
  type RequestConfig,
  type SubcategoryConfig,
  type SubcategoryInput,
  type UnitConfig,
  type UnitInput,
  type UnitMember,
} from '@portal/contract';
import type { Executor, Tx } from '../../db/client';
import {
  accounts,
  departments,
  persons,
  requestBatchItems,
  requestCategories,
  requestDecisions,
  requestHops,
  requests,
  requestSteps,
  requestSubcategories,
  requestUnits,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/sql';

type Thing = 'unit' | 'category' | 'subcategory' | 'hop' | 'decision' | 'member';

/** The field a duplicate is reported on. */
const DUPLICATE_FIELD: Record<Thing, string> = {
  unit: 'code',
  category: 'code',
  subcategory: 'code',
  hop: 'toUnitId',
  decision: 'hopId',
  member: 'REQUEST_UNIT_ID',
};

/**
 * Runs a configuration change with its audit entry in one transaction. A unique violation is a
 * duplicate (409 ALREADY_EXISTS); a foreign-key violation is something still used when deleting
 * (409 IN_USE), and a reference that vanished meanwhile when writing (400).
 */
async function write<T>(ctx: ServiceContext, thing: Thing, kind: 'write' | 'delete', fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(fn);
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === UNIQUE_VIOLATION) throw new AppError('ALREADY_EXISTS', { fields: { [DUPLICATE_FIELD[thing]]: V.invalid } });
    if (code === FOREIGN_KEY_VIOLATION) throw kind === 'delete' ? new AppError('IN_USE') : validationError({ _: V.invalid });
    throw error;
  }
}

/** The audit entry of a change: `requestConfig.<thing>.<created|updated|deleted>`, with the values before and after. */
async function auditChange(
  tx: Tx,
  ctx: ServiceContext,
  acting: Acting,
  thing: Thing,
  action: 'created' | 'updated' | 'deleted',
  id: number,
  change: { before: unknown; after: unknown },
): Promise<void> {
  await audit(tx, {
    at: ctx.clock.now(),
    actorId: acting.actor.id,
    action: `requestConfig.${thing}.${action}`,
    targetType: thing === 'member' ? 'person' : `request-${thing}`,
    targetId: id,
    ip: acting.meta.ip,
    details: { before: change.before, after: change.after },
  });
}

const notFound = () => new AppError('NOT_FOUND');

type Referenced = typeof requestUnits | typeof departments | typeof requestCategories | typeof requestSubcategories | typeof requestHops;

/** A referenced row must exist (else 400 naming the field); read under a share lock, so that it cannot go meanwhile. */
async function assertExists(tx: Tx, table: Referenced, id: number, field: string): Promise<void> {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('share');
  if (!row) throw validationError({ [field]: V.invalid });
}

// ---------------------------------------------------------------- reading it all

const unitColumns = {
  id: requestUnits.id,
  code: requestUnits.code,
  name: requestUnits.name,
  nameFr: requestUnits.nameFr,
  departmentId: requestUnits.departmentId,
};

/** A unit with its member count (the back-office accounts whose REQUEST_UNIT_ID names it). */
async function unitConfig(exec: Executor, id: number): Promise<UnitConfig> {
  const [row] = await exec.select(unitColumns).from(requestUnits).where(eq(requestUnits.id, id));
  const [members] = await exec.select({ n: count() }).from(persons).where(eq(persons.REQUEST_UNIT_ID, id));
  return { ...row!, members: members?.n ?? 0 };
}

type CategoryRow = typeof requestCategories.$inferSelect;
type SubcategoryRow = typeof requestSubcategories.$inferSelect;
type HopRow = typeof requestHops.$inferSelect;
type DecisionRow = typeof requestDecisions.$inferSelect;

const toCategory = (c: CategoryRow, subcategories: SubcategoryConfig[]): CategoryConfig => ({
  id: c.id,
  code: c.code,
  name: c.name,
  nameFr: c.nameFr,
  description: c.description,
  descriptionFr: c.descriptionFr,
  audience: c.audience,
  position: c.position,
  enabled: c.enabled,
  subcategories,
});
const toSubcategory = (s: SubcategoryRow): SubcategoryConfig => ({
  id: s.id,
  code: s.code,
  name: s.name,
  nameFr: s.nameFr,
  description: s.description,
  descriptionFr: s.descriptionFr,
  REQUEST_DISPCONFIG: s.display,
  categoryId: s.categoryId,
  firstUnitId: s.firstUnitId,
  position: s.position,
  enabled: s.enabled,
});
const toDecision = (d: DecisionRow, used: boolean): DecisionConfig => ({
  id: d.id,
  hopId: d.hopId,
  label: d.label,
  labelFr: d.labelFr,
  status: d.status,
  forwardUnitId: d.forwardUnitId,
  used,
});
const toHop = (h: HopRow, used: boolean, decisions: DecisionConfig[]): HopConfig => ({
  id: h.id,
  subcategoryId: h.subcategoryId,
  fromUnitId: h.fromUnitId,
  toUnitId: h.toUnitId,
  used,
  decisions,
});

/** A decision is used once a step names it (the history keeps it). */
async function decisionUsed(exec: Executor, id: number): Promise<boolean> {
  const [step] = await exec.select({ id: requestSteps.id }).from(requestSteps).where(eq(requestSteps.decisionId, id)).limit(1);
  return step !== undefined;
}

/**
 * Whether a hop is used, so that it cannot be deleted: a request arrived by it, a batch carried a
 * request along it, a step names one of its decisions, or a decision of the same sub-category
 * forwards requests along it (a decision that forwards needs its hop, decision 32).
 */
async function hopUsed(tx: Tx, hop: HopRow): Promise<boolean> {
  const checks = [
    tx.select({ id: requests.id }).from(requests).where(eq(requests.arrivalHopId, hop.id)).limit(1),
    tx.select({ id: requestBatchItems.requestId }).from(requestBatchItems).where(eq(requestBatchItems.hopId, hop.id)).limit(1),
    tx
      .select({ id: requestSteps.id })
      .from(requestSteps)
      .innerJoin(requestDecisions, eq(requestDecisions.id, requestSteps.decisionId))
      .where(eq(requestDecisions.hopId, hop.id))
      .limit(1),
    tx
      .select({ id: requestDecisions.id })
      .from(requestDecisions)
      .innerJoin(requestHops, eq(requestHops.id, requestDecisions.hopId))
      .where(and(eq(requestHops.subcategoryId, hop.subcategoryId), eq(requestHops.toUnitId, hop.fromUnitId), eq(requestDecisions.forwardUnitId, hop.toUnitId)))
      .limit(1),
  ];
  for (const check of checks) if ((await check).length > 0) return true;
  return false;
}

/** `GET /request-config`: every unit with its member count, every category and sub-category (disabled ones too), every hop with its decisions, and what is used. */
export async function requestConfig(ctx: ServiceContext): Promise<RequestConfig> {
  const units = await ctx.db.select(unitColumns).from(requestUnits).orderBy(asc(requestUnits.code));
  const members = new Map(
    (
      await ctx.db
        .select({ unitId: persons.REQUEST_UNIT_ID, n: count() })
        .from(persons)
        .where(isNotNull(persons.REQUEST_UNIT_ID))
        .groupBy(persons.REQUEST_UNIT_ID)
    ).map((r) => [r.unitId, r.n]),
  );
  const categories = await ctx.db.select().from(requestCategories).orderBy(asc(requestCategories.position), asc(requestCategories.id));
  const subs = await ctx.db.select().from(requestSubcategories).orderBy(asc(requestSubcategories.position), asc(requestSubcategories.id));
  const hops = await ctx.db.select().from(requestHops).orderBy(asc(requestHops.subcategoryId), asc(requestHops.fromUnitId), asc(requestHops.toUnitId));
  const decisions = await ctx.db.select().from(requestDecisions).orderBy(asc(requestDecisions.id));
  const decided = new Set(
    (await ctx.db.selectDistinct({ id: requestSteps.decisionId }).from(requestSteps).where(isNotNull(requestSteps.decisionId))).map((r) => r.id),
  );
  const arrived = await ctx.db.selectDistinct({ id: requests.arrivalHopId }).from(requests).where(isNotNull(requests.arrivalHopId));
  const carried = await ctx.db.selectDistinct({ id: requestBatchItems.hopId }).from(requestBatchItems);

  const hopById = new Map(hops.map((h) => [h.id, h]));
  const used = new Set<number>([...arrived.map((r) => r.id!), ...carried.map((r) => r.id)]);
  const key = (subcategoryId: number, from: number, to: number) => `${subcategoryId}:${from}:${to}`;
  const forwardedAlong = new Set<string>();
  const decisionsOf = new Map<number, DecisionConfig[]>();
  for (const decision of decisions) {
    const hop = hopById.get(decision.hopId)!;
    const decisionUsed = decided.has(decision.id);
    if (decisionUsed) used.add(hop.id);
    if (decision.forwardUnitId !== null) forwardedAlong.add(key(hop.subcategoryId, hop.toUnitId, decision.forwardUnitId));
    decisionsOf.set(hop.id, [...(decisionsOf.get(hop.id) ?? []), toDecision(decision, decisionUsed)]);
  }
  const subsOf = new Map<number, SubcategoryConfig[]>();
  for (const s of subs) subsOf.set(s.categoryId, [...(subsOf.get(s.categoryId) ?? []), toSubcategory(s)]);
  return {
    units: units.map((u) => ({ ...u, members: members.get(u.id) ?? 0 })),
    categories: categories.map((c) => toCategory(c, subsOf.get(c.id) ?? [])),
    hops: hops.map((h) => toHop(h, used.has(h.id) || forwardedAlong.has(key(h.subcategoryId, h.fromUnitId, h.toUnitId)), decisionsOf.get(h.id) ?? [])),
  };
}

// ---------------------------------------------------------------- units

const unitValues = (input: UnitInput) => ({ code: input.code, name: input.name, nameFr: input.nameFr, departmentId: input.departmentId });

/** Adds a unit (its code unique: 409 ALREADY_EXISTS; its department, a school's, must exist). */
export async function createUnit(ctx: ServiceContext, input: Acting & { values: UnitInput }): Promise<UnitConfig> {
  return write(ctx, 'unit', 'write', async (tx) => {
    if (input.values.departmentId !== null) await assertExists(tx, departments, input.values.departmentId, 'departmentId');
    const [row] = await tx.insert(requestUnits).values(unitValues(input.values)).returning();
    await auditChange(tx, ctx, input, 'unit', 'created', row!.id, { before: null, after: row });
    return unitConfig(tx, row!.id);
  });
}

export async function updateUnit(ctx: ServiceContext, input: Acting & { id: number; values: UnitInput }): Promise<UnitConfig> {
  return write(ctx, 'unit', 'write', async (tx) => {
    const [before] = await tx.select().from(requestUnits).where(eq(requestUnits.id, input.id)).for('update');
    if (!before) throw notFound();
    if (input.values.departmentId !== null) await assertExists(tx, departments, input.values.departmentId, 'departmentId');
    const [after] = await tx.update(requestUnits).set(unitValues(input.values)).where(eq(requestUnits.id, input.id)).returning();
    await auditChange(tx, ctx, input, 'unit', 'updated', input.id, { before, after });
    return unitConfig(tx, input.id);
  });
}

// ---------------------------------------------------------------- categories and sub-categories

/** A category's columns; its audience only when named (a new category's is then STAFF, an edited one's unchanged). */
const categoryValues = (input: CategoryInput) => ({
  code: input.code,
  name: input.name,
  nameFr: input.nameFr,
  description: input.description,
  descriptionFr: input.descriptionFr,
  position: input.position,
  enabled: input.enabled,
  ...(input.audience === undefined ? {} : { audience: input.audience }),
});

/** The category with its sub-categories, as GET /request-config shows it. */
async function categoryConfig(exec: Executor, id: number): Promise<CategoryConfig> {
  const [category] = await exec.select().from(requestCategories).where(eq(requestCategories.id, id));
  const subs = await exec
    .select()
    .from(requestSubcategories)
    .where(eq(requestSubcategories.categoryId, id))
    .orderBy(asc(requestSubcategories.position), asc(requestSubcategories.id));
  return toCategory(category!, subs.map(toSubcategory));
}

/** Adds a category (its code unique: 409 ALREADY_EXISTS). */
export async function createCategory(ctx: ServiceContext, input: Acting & { values: CategoryInput }): Promise<CategoryConfig> {
  return write(ctx, 'category', 'write', async (tx) => {
    const [row] = await tx.insert(requestCategories).values(categoryValues(input.values)).returning();
    await auditChange(tx, ctx, input, 'category', 'created', row!.id, { before: null, after: row });
    return categoryConfig(tx, row!.id);
  });
}

/**
 * Changes a category (disabling it hides it and its sub-categories from the filing form); a new
 * audience offers it to the other side from now on (decision 41): the requests already filed keep
 * their signature as it was at their filing.
 */
export async function updateCategory(ctx: ServiceContext, input: Acting & { id: number; values: CategoryInput }): Promise<CategoryConfig> {
  return write(ctx, 'category', 'write', async (tx) => {
    const [before] = await tx.select().from(requestCategories).where(eq(requestCategories.id, input.id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx.update(requestCategories).set(categoryValues(input.values)).where(eq(requestCategories.id, input.id)).returning();
    await auditChange(tx, ctx, input, 'category', 'updated', input.id, { before, after });
    return categoryConfig(tx, input.id);
  });
}

const subcategoryValues = (input: SubcategoryInput) => ({
  code: input.code,
  categoryId: input.categoryId,
  name: input.name,
  nameFr: input.nameFr,
  description: input.description,
  descriptionFr: input.descriptionFr,
  display: input.display,
  firstUnitId: input.firstUnitId,
  position: input.position,
  enabled: input.enabled,
});

async function assertSubcategoryReferences(tx: Tx, values: SubcategoryInput): Promise<void> {
  await assertExists(tx, requestCategories, values.categoryId, 'categoryId');
  await assertExists(tx, requestUnits, values.firstUnitId, 'firstUnitId');
}

/** Adds a sub-category (its code unique: 409 ALREADY_EXISTS; its category and first unit must exist; its display configuration is the contract's). */
export async function createSubcategory(ctx: ServiceContext, input: Acting & { values: SubcategoryInput }): Promise<SubcategoryConfig> {
  return write(ctx, 'subcategory', 'write', async (tx) => {
    await assertSubcategoryReferences(tx, input.values);
    const [row] = await tx.insert(requestSubcategories).values(subcategoryValues(input.values)).returning();
    await auditChange(tx, ctx, input, 'subcategory', 'created', row!.id, { before: null, after: row });
    return toSubcategory(row!);
  });
}

/** Changes a sub-category; its requests keep their reference, and the new display configuration applies to the requests filed from now on. */
export async function updateSubcategory(ctx: ServiceContext, input: Acting & { id: number; values: SubcategoryInput }): Promise<SubcategoryConfig> {
  return write(ctx, 'subcategory', 'write', async (tx) => {
    const [before] = await tx.select().from(requestSubcategories).where(eq(requestSubcategories.id, input.id)).for('update');
    if (!before) throw notFound();
    await assertSubcategoryReferences(tx, input.values);
    const [after] = await tx.update(requestSubcategories).set(subcategoryValues(input.values)).where(eq(requestSubcategories.id, input.id)).returning();
    await auditChange(tx, ctx, input, 'subcategory', 'updated', input.id, { before, after });
    return toSubcategory(after!);
  });
}

// ---------------------------------------------------------------- hops

/** Adds a hop: the sub-category and both units exist, `to` differs from `from` (400 naming toUnitId), one hop per sub-category, from and to (409 ALREADY_EXISTS). */
export async function createHop(ctx: ServiceContext, input: Acting & { values: HopInput }): Promise<HopConfig> {
  const { values } = input;
  if (values.fromUnitId === values.toUnitId) throw validationError({ toUnitId: V.invalid });
  return write(ctx, 'hop', 'write', async (tx) => {
    await assertExists(tx, requestSubcategories, values.subcategoryId, 'subcategoryId');
    await assertExists(tx, requestUnits, values.fromUnitId, 'fromUnitId');
    await assertExists(tx, requestUnits, values.toUnitId, 'toUnitId');
    const [row] = await tx.insert(requestHops).values(values).returning();
    await auditChange(tx, ctx, input, 'hop', 'created', row!.id, { before: null, after: row });
    return toHop(row!, false, []);
  });
}

/** Deletes a hop and its decisions; a used one (see hopUsed) is 409 IN_USE. */
export async function deleteHop(ctx: ServiceContext, input: Acting & { id: number }): Promise<void> {
  await write(ctx, 'hop', 'delete', async (tx) => {
    const [hop] = await tx.select().from(requestHops).where(eq(requestHops.id, input.id)).for('update');
    if (!hop) throw notFound();
    if (await hopUsed(tx, hop)) throw new AppError('IN_USE');
    const decisions = await tx.delete(requestDecisions).where(eq(requestDecisions.hopId, hop.id)).returning();
    await tx.delete(requestHops).where(eq(requestHops.id, hop.id));
    await auditChange(tx, ctx, input, 'hop', 'deleted', hop.id, { before: { ...hop, decisions }, after: null });
  });
}

// ---------------------------------------------------------------- decisions

const decisionValues = (input: DecisionInput) => ({
  hopId: input.hopId,
  label: input.label,
  labelFr: input.labelFr,
  status: input.status,
  forwardUnitId: input.forwardUnitId,
});

/**
 * The rules of a decision: its hop exists; the status it gives is not REGISTERED (a decision moves
 * a request on); one that forwards names a unit the hop table lets the request go to from the
 * deciding unit (a hop of the same sub-category from the hop's `to` to it: else 400
 * DECISION_FORWARD_INVALID). The hops read are share-locked, so that none goes meanwhile.
 */
async function assertDecision(tx: Tx, values: DecisionInput): Promise<void> {
  if (values.status === 'REGISTERED') throw validationError({ status: V.invalid });
  const [hop] = await tx.select().from(requestHops).where(eq(requestHops.id, values.hopId)).for('share');
  if (!hop) throw validationError({ hopId: V.invalid });
  if (values.forwardUnitId === null) return;
  const [onward] = await tx
    .select({ id: requestHops.id })
    .from(requestHops)
    .where(and(eq(requestHops.subcategoryId, hop.subcategoryId), eq(requestHops.fromUnitId, hop.toUnitId), eq(requestHops.toUnitId, values.forwardUnitId)))
    .for('share');
  if (!onward) throw new AppError('DECISION_FORWARD_INVALID', { fields: { forwardUnitId: V.forwardHop } });
}

export async function createDecision(ctx: ServiceContext, input: Acting & { values: DecisionInput }): Promise<DecisionConfig> {
  return write(ctx, 'decision', 'write', async (tx) => {
    await assertDecision(tx, input.values);
    const [row] = await tx.insert(requestDecisions).values(decisionValues(input.values)).returning();
    await auditChange(tx, ctx, input, 'decision', 'created', row!.id, { before: null, after: row });
    return toDecision(row!, false);
  });
}

/** Changes a decision's labels, status or forwarding; moving a used one (a step names it) to another hop is 409 IN_USE. */
export async function updateDecision(ctx: ServiceContext, input: Acting & { id: number; values: DecisionInput }): Promise<DecisionConfig> {
  return write(ctx, 'decision', 'write', async (tx) => {
    const [before] = await tx.select().from(requestDecisions).where(eq(requestDecisions.id, input.id)).for('update');
    if (!before) throw notFound();
    await assertDecision(tx, input.values);
    const used = await decisionUsed(tx, before.id);
    if (used && before.hopId !== input.values.hopId) throw new AppError('IN_USE');
    const [after] = await tx.update(requestDecisions).set(decisionValues(input.values)).where(eq(requestDecisions.id, input.id)).returning();
    await auditChange(tx, ctx, input, 'decision', 'updated', input.id, { before, after });
    return toDecision(after!, used);
  });
}

/** Deletes a decision no step names (else 409 IN_USE). */
export async function deleteDecision(ctx: ServiceContext, input: Acting & { id: number }): Promise<void> {
  await write(ctx, 'decision', 'delete', async (tx) => {
    const [row] = await tx.select().from(requestDecisions).where(eq(requestDecisions.id, input.id)).for('update');
    if (!row) throw notFound();
    if (await decisionUsed(tx, row.id)) throw new AppError('IN_USE');
    await tx.delete(requestDecisions).where(eq(requestDecisions.id, input.id));
    await auditChange(tx, ctx, input, 'decision', 'deleted', input.id, { before: row, after: null });
  });
}

// ---------------------------------------------------------------- members

const memberColumns = {
  id: persons.id,
  MATRICULE: persons.MATRICULE,
  username: accounts.username,
  FIRSTNAME: persons.FIRSTNAME,
  LASTNAME: persons.LASTNAME,
  ROLES: persons.ROLES,
  REQUEST_UNIT_ID: persons.REQUEST_UNIT_ID,
};
const holdsARole = sql`cardinality(${persons.ROLES}) > 0`;
const membersFrom = (exec: Executor) => exec.select(memberColumns).from(persons).leftJoin(accounts, eq(accounts.personId, persons.id));

/** `GET /request-config/members`: the back-office accounts (persons holding a role), each with the unit they process requests in, by matricule. */
export async function unitMembers(ctx: ServiceContext): Promise<UnitMember[]> {
  return membersFrom(ctx.db).where(holdsARole).orderBy(asc(persons.MATRICULE));
}

/** Puts a back-office account in a unit, or out of any (null). Someone without a role is 400; an unknown person 404; the unit must exist. */
export async function setUnitMember(ctx: ServiceContext, input: Acting & { personId: number; values: MemberInput }): Promise<UnitMember> {
  const unitId = input.values.REQUEST_UNIT_ID;
  return write(ctx, 'member', 'write', async (tx) => {
    const [person] = await tx
      .select({ id: persons.id, ROLES: persons.ROLES, REQUEST_UNIT_ID: persons.REQUEST_UNIT_ID })
      .from(persons)
      .where(eq(persons.id, input.personId))
      .for('update');
    if (!person) throw notFound();
    if (person.ROLES.length === 0) throw validationError({ REQUEST_UNIT_ID: V.invalid });
    if (unitId !== null) await assertExists(tx, requestUnits, unitId, 'REQUEST_UNIT_ID');
    await tx.update(persons).set({ REQUEST_UNIT_ID: unitId }).where(eq(persons.id, person.id));
    await auditChange(tx, ctx, input, 'member', 'updated', person.id, {
      before: { REQUEST_UNIT_ID: person.REQUEST_UNIT_ID },
      after: { REQUEST_UNIT_ID: unitId },
    });
    const [member] = await membersFrom(tx).where(eq(persons.id, person.id));
    return member!;
  });
}
