import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  frenchOr,
  V,
  type BranchInput,
  type CatalogueBranch,
  type CatalogueClass,
  type CatalogueCycle,
  type CatalogueDepartment,
  type CatalogueLevel,
  type CatalogueSubject,
  type CatalogueSubjectPage,
  type ClassInput,
  type CycleInput,
  type DepartmentInput,
  type SubjectInput,
} from '@portal/contract';
import type { Tx } from '../../db/client';
import { branches, classes, cycles, departments, levels, subjects } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { FOREIGN_KEY_VIOLATION, fold, likePattern, pgErrorCode, searchWords, UNIQUE_VIOLATION } from '../../lib/sql';

type Entity = 'department' | 'branch' | 'cycle' | 'class' | 'subject';

/** The field a duplicate is reported on, per entity. */
const CODE_FIELD: Record<Entity, string> = { department: 'CODE', branch: 'ABBREVIATION', cycle: 'CODE', class: 'CODE', subject: 'CODE' };

/**
 * Runs a catalogue write with its audit entry in one transaction. A unique violation is a
 * duplicate code (ALREADY_EXISTS); a foreign-key violation is a row still referenced (IN_USE)
 * when deleting, and a reference that vanished meanwhile (VALIDATION_FAILED) when writing.
 */
async function write<T>(ctx: ServiceContext, entity: Entity, kind: 'write' | 'delete', fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(fn);
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === UNIQUE_VIOLATION) throw new AppError('ALREADY_EXISTS', { fields: { [CODE_FIELD[entity]]: V.invalid } });
    if (code === FOREIGN_KEY_VIOLATION) throw kind === 'delete' ? new AppError('IN_USE') : validationError({ _: V.invalid });
    throw error;
  }
}

async function auditChange(
  tx: Tx,
  ctx: ServiceContext,
  acting: Acting,
  action: string,
  entity: Entity,
  id: number,
  details: Record<string, unknown>,
): Promise<void> {
  await audit(tx, {
    at: ctx.clock.now(),
    actorId: acting.actor.id,
    action: `academic.${entity}-${action}`,
    targetType: entity,
    targetId: id,
    ip: acting.meta.ip,
    details,
  });
}

const notFound = () => new AppError('NOT_FOUND');

// ---------------------------------------------------------------- departments

type DepartmentRow = typeof departments.$inferSelect;
const toDepartment = (d: DepartmentRow): CatalogueDepartment => ({ id: d.id, CODE: d.code, NAME: d.name, NAME_FR: d.nameFr });
const departmentValues = (input: DepartmentInput) => ({ code: input.CODE, name: input.NAME, nameFr: input.NAME_FR });

export async function listDepartments(ctx: ServiceContext): Promise<CatalogueDepartment[]> {
  return (await ctx.db.select().from(departments).orderBy(asc(departments.code))).map(toDepartment);
}

export async function createDepartment(ctx: ServiceContext, input: Acting & { values: DepartmentInput }): Promise<CatalogueDepartment> {
  return write(ctx, 'department', 'write', async (tx) => {
    const [row] = await tx.insert(departments).values(departmentValues(input.values)).returning();
    await auditChange(tx, ctx, input, 'created', 'department', row!.id, { values: input.values });
    return toDepartment(row!);
  });
}

export async function updateDepartment(ctx: ServiceContext, input: Acting & { id: number; values: DepartmentInput }): Promise<CatalogueDepartment> {
  return write(ctx, 'department', 'write', async (tx) => {
    const [row] = await tx.update(departments).set(departmentValues(input.values)).where(eq(departments.id, input.id)).returning();
    if (!row) throw notFound();
    await auditChange(tx, ctx, input, 'updated', 'department', row.id, { values: input.values });
    return toDepartment(row);
  });
}

export async function deleteDepartment(ctx: ServiceContext, input: Acting & { id: number }): Promise<void> {
  await write(ctx, 'department', 'delete', async (tx) => {
    const [used] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.departmentId, input.id)).limit(1);
    if (used) throw new AppError('IN_USE');
    const [row] = await tx.delete(departments).where(eq(departments.id, input.id)).returning();
    if (!row) throw notFound();
    await auditChange(tx, ctx, input, 'deleted', 'department', row.id, { values: toDepartment(row) });
  });
}

// ---------------------------------------------------------------- branches

type BranchRow = typeof branches.$inferSelect;
const toBranch = (b: BranchRow): CatalogueBranch => ({
  id: b.id,
  ABBREVIATION: b.abbreviation,
  NAME: b.name,
  NAME_FR: b.nameFr,
  DEPARTMENT_ID: b.departmentId,
});
const branchValues = (input: BranchInput) => ({ abbreviation: input.ABBREVIATION, name: input.NAME, nameFr: input.NAME_FR, departmentId: input.DEPARTMENT_ID });

async function assertExists(tx: Tx, table: typeof departments | typeof branches | typeof cycles | typeof classes, id: number, field: string): Promise<void> {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  if (!row) throw validationError({ [field]: V.invalid });
}

export async function listBranches(ctx: ServiceContext): Promise<CatalogueBranch[]> {
  return (await ctx.db.select().from(branches).orderBy(asc(branches.abbreviation))).map(toBranch);
}

export async function createBranch(ctx: ServiceContext, input: Acting & { values: BranchInput }): Promise<CatalogueBranch> {
  return write(ctx, 'branch', 'write', async (tx) => {
    await assertExists(tx, departments, input.values.DEPARTMENT_ID, 'DEPARTMENT_ID');
    const [row] = await tx.insert(branches).values(branchValues(input.values)).returning();
    await auditChange(tx, ctx, input, 'created', 'branch', row!.id, { values: input.values });
    return toBranch(row!);
  });
}

export async function updateBranch(ctx: ServiceContext, input: Acting & { id: number; values: BranchInput }): Promise<CatalogueBranch> {
  return write(ctx, 'branch', 'write', async (tx) => {
    const [existing] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, input.id)).limit(1);
    if (!existing) throw notFound();
    await assertExists(tx, departments, input.values.DEPARTMENT_ID, 'DEPARTMENT_ID');
    const [row] = await tx.update(branches).set(branchValues(input.values)).where(eq(branches.id, input.id)).returning();
    await auditChange(tx, ctx, input, 'updated', 'branch', row!.id, { values: input.values });
    return toBranch(row!);
  });
}

export async function deleteBranch(ctx: ServiceContext, input: Acting & { id: number }): Promise<void> {
  await write(ctx, 'branch', 'delete', async (tx) => {
    const [used] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.branchId, input.id)).limit(1);
    if (used) throw new AppError('IN_USE');
    const [row] = await tx.delete(branches).where(eq(branches.id, input.id)).returning();
    if (!row) throw notFound();
    await auditChange(tx, ctx, input, 'deleted', 'branch', row.id, { values: toBranch(row) });
  });
}

// ---------------------------------------------------------------- cycles

type CycleRow = typeof cycles.$inferSelect;
const toCycle = (c: CycleRow): CatalogueCycle => ({
  id: c.id,
  CODE: c.code,
  NAME: c.name,
  NAME_FR: c.nameFr,
  FIRST_LEVEL: c.firstLevel,
  LAST_LEVEL: c.lastLevel,
});
const cycleValues = (input: CycleInput) => ({
  code: input.CODE,
  name: input.NAME,
  nameFr: input.NAME_FR,
  firstLevel: input.FIRST_LEVEL,
  lastLevel: input.LAST_LEVEL,
});

export async function listCycles(ctx: ServiceContext): Promise<CatalogueCycle[]> {
  return (await ctx.db.select().from(cycles).orderBy(asc(cycles.firstLevel), asc(cycles.code))).map(toCycle);
}

export async function createCycle(ctx: ServiceContext, input: Acting & { values: CycleInput }): Promise<CatalogueCycle> {
  return write(ctx, 'cycle', 'write', async (tx) => {
    const [row] = await tx.insert(cycles).values(cycleValues(input.values)).returning();
    await auditChange(tx, ctx, input, 'created', 'cycle', row!.id, { values: input.values });
    return toCycle(row!);
  });
}

export async function updateCycle(ctx: ServiceContext, input: Acting & { id: number; values: CycleInput }): Promise<CatalogueCycle> {
  return write(ctx, 'cycle', 'write', async (tx) => {
    const [existing] = await tx.select({ id: cycles.id }).from(cycles).where(eq(cycles.id, input.id)).limit(1);
    if (!existing) throw notFound();
    // The classes of the cycle must stay within its levels.
    const [outside] = await tx
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.cycleId, input.id), sql`(${classes.levelId} < ${input.values.FIRST_LEVEL} or ${classes.levelId} > ${input.values.LAST_LEVEL})`))
      .limit(1);
    if (outside) throw validationError({ FIRST_LEVEL: V.invalid, LAST_LEVEL: V.invalid });
    const [row] = await tx.update(cycles).set(cycleValues(input.values)).where(eq(cycles.id, input.id)).returning();
    await auditChange(tx, ctx, input, 'updated', 'cycle', row!.id, { values: input.values });
    return toCycle(row!);
  });
}

export async function deleteCycle(ctx: ServiceContext, input: Acting & { id: number }): Promise<void> {
  await write(ctx, 'cycle', 'delete', async (tx) => {
    const [used] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.cycleId, input.id)).limit(1);
    if (used) throw new AppError('IN_USE');
    const [row] = await tx.delete(cycles).where(eq(cycles.id, input.id)).returning();
    if (!row) throw notFound();
    await auditChange(tx, ctx, input, 'deleted', 'cycle', row.id, { values: toCycle(row) });
  });
}

// ---------------------------------------------------------------- levels (fixed: 1 to 5)

export async function listLevels(ctx: ServiceContext): Promise<CatalogueLevel[]> {
  return (await ctx.db.select().from(levels).orderBy(asc(levels.id))).map((l) => ({ id: l.id, NAME: l.name, NAME_FR: l.nameFr }));
}

// ---------------------------------------------------------------- classes

type ClassRow = typeof classes.$inferSelect;
const toClass = (c: ClassRow): CatalogueClass => ({ id: c.id, CODE: c.code, BRANCH_ID: c.branchId, CYCLE_ID: c.cycleId, LEVEL_ID: c.levelId, SHIFT: c.shift });
const classValues = (input: ClassInput) => ({
  code: input.CODE,
  branchId: input.BRANCH_ID,
  cycleId: input.CYCLE_ID,
  levelId: input.LEVEL_ID,
  shift: input.SHIFT,
});

/** The branch must exist, and the level must be one of the cycle's. */
async function checkClassReferences(tx: Tx, values: ClassInput): Promise<void> {
  await assertExists(tx, branches, values.BRANCH_ID, 'BRANCH_ID');
  const [cycle] = await tx.select().from(cycles).where(eq(cycles.id, values.CYCLE_ID)).limit(1);
  if (!cycle) throw validationError({ CYCLE_ID: V.invalid });
  if (values.LEVEL_ID < cycle.firstLevel || values.LEVEL_ID > cycle.lastLevel) throw validationError({ LEVEL_ID: V.invalid });
}

export async function listClasses(ctx: ServiceContext): Promise<CatalogueClass[]> {
  return (await ctx.db.select().from(classes).orderBy(asc(classes.code))).map(toClass);
}

export async function createClass(ctx: ServiceContext, input: Acting & { values: ClassInput }): Promise<CatalogueClass> {
  return write(ctx, 'class', 'write', async (tx) => {
    await checkClassReferences(tx, input.values);
    const [row] = await tx.insert(classes).values(classValues(input.values)).returning();
    await auditChange(tx, ctx, input, 'created', 'class', row!.id, { values: input.values });
    return toClass(row!);
  });
}

export async function updateClass(ctx: ServiceContext, input: Acting & { id: number; values: ClassInput }): Promise<CatalogueClass> {
  return write(ctx, 'class', 'write', async (tx) => {
    const [existing] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, input.id)).limit(1);
    if (!existing) throw notFound();
    await checkClassReferences(tx, input.values);
    const [row] = await tx.update(classes).set(classValues(input.values)).where(eq(classes.id, input.id)).returning();
    await auditChange(tx, ctx, input, 'updated', 'class', row!.id, { values: input.values });
    return toClass(row!);
  });
}

export async function deleteClass(ctx: ServiceContext, input: Acting & { id: number }): Promise<void> {
  await write(ctx, 'class', 'delete', async (tx) => {
    const [used] = await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.classId, input.id)).limit(1);
    if (used) throw new AppError('IN_USE');
    const [row] = await tx.delete(classes).where(eq(classes.id, input.id)).returning();
    if (!row) throw notFound();
    await auditChange(tx, ctx, input, 'deleted', 'class', row.id, { values: toClass(row) });
  });
}

// ---------------------------------------------------------------- subjects

/** A subject's columns as the catalogue lists it (CLASS_CODE read through its class). */
export const subjectColumns = {
  id: subjects.id,
  CODE: subjects.code,
  NAME: subjects.name,
  NAME_FR: subjects.nameFr,
  CLASS_ID: subjects.classId,
  CLASS_CODE: classes.code,
  HOURS_CM: subjects.hoursCm,
  HOURS_TD: subjects.hoursTd,
  HOURS_TP: subjects.hoursTp,
  HOURLY_RATE: subjects.hourlyRate,
  CREDITS: subjects.credits,
};

export const subjectValues = (input: SubjectInput) => ({
  code: input.CODE,
  name: input.NAME,
  nameFr: frenchOr(input.NAME_FR, input.NAME),
  classId: input.CLASS_ID,
  hoursCm: input.HOURS_CM,
  hoursTd: input.HOURS_TD,
  hoursTp: input.HOURS_TP,
  hourlyRate: input.HOURLY_RATE,
  credits: input.CREDITS,
});

async function subjectById(tx: Tx, id: number): Promise<CatalogueSubject | undefined> {
  const [row] = await tx.select(subjectColumns).from(subjects).innerJoin(classes, eq(classes.id, subjects.classId)).where(eq(subjects.id, id)).limit(1);
  return row;
}

/** The catalogue's subjects: free search over code, both names and class (every word, without case or accents), optionally of one class. */
export async function listSubjects(
  ctx: ServiceContext,
  query: { search?: string | undefined; classId?: number | undefined; page: number; pageSize: number },
): Promise<CatalogueSubjectPage> {
  const conditions: SQL[] = searchWords(query.search).map(
    (word) => sql`(${subjects.searchText} like ${likePattern(fold(word))} or lower(${classes.code}) like ${likePattern(word)})`,
  );
  if (query.classId) conditions.push(eq(subjects.classId, query.classId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(subjectColumns)
      .from(subjects)
      .innerJoin(classes, eq(classes.id, subjects.classId))
      .where(where)
      .orderBy(asc(classes.code), asc(subjects.code), asc(subjects.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(subjects).innerJoin(classes, eq(classes.id, subjects.classId)).where(where),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: n, count: Math.max(1, Math.ceil(n / query.pageSize)), page: query.page };
}

export async function createSubject(ctx: ServiceContext, input: Acting & { values: SubjectInput }): Promise<CatalogueSubject> {
  return write(ctx, 'subject', 'write', async (tx) => {
    await assertExists(tx, classes, input.values.CLASS_ID, 'CLASS_ID');
    const [row] = await tx.insert(subjects).values(subjectValues(input.values)).returning({ id: subjects.id });
    await auditChange(tx, ctx, input, 'created', 'subject', row!.id, { values: input.values });
    return (await subjectById(tx, row!.id))!;
  });
}

export async function updateSubject(ctx: ServiceContext, input: Acting & { id: number; values: SubjectInput }): Promise<CatalogueSubject> {
  return write(ctx, 'subject', 'write', async (tx) => {
    const [existing] = await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, input.id)).limit(1);
    if (!existing) throw notFound();
    await assertExists(tx, classes, input.values.CLASS_ID, 'CLASS_ID');
    await tx.update(subjects).set(subjectValues(input.values)).where(eq(subjects.id, input.id));
    await auditChange(tx, ctx, input, 'updated', 'subject', input.id, { values: input.values });
    return (await subjectById(tx, input.id))!;
  });
}

/** Deletes a subject nobody chose (a subject chosen in any application, even declined, is IN_USE). */
export async function deleteSubject(ctx: ServiceContext, input: Acting & { id: number }): Promise<void> {
  await write(ctx, 'subject', 'delete', async (tx) => {
    const before = await subjectById(tx, input.id);
    if (!before) throw notFound();
    await tx.delete(subjects).where(eq(subjects.id, input.id));
    await auditChange(tx, ctx, input, 'deleted', 'subject', input.id, { values: before });
  });
}

/** Class ids by code (exact, then case-insensitive when unambiguous), for the CSV import. */
export async function classCodeIndex(ctx: ServiceContext): Promise<(code: string) => number | undefined> {
  const rows = await ctx.db.select({ id: classes.id, code: classes.code }).from(classes);
  const exact = new Map(rows.map((r) => [r.code, r.id]));
  const folded = new Map<string, number | null>();
  for (const r of rows) {
    const key = r.code.toUpperCase();
    folded.set(key, folded.has(key) ? null : r.id);
  }
  return (code) => exact.get(code) ?? folded.get(code.toUpperCase()) ?? undefined;
}
