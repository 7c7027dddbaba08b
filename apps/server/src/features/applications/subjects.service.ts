import { and, asc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  SUBJECTS_PAGE_SIZE,
  taxRateFor,
  type Catalogue,
  type CatalogueClass,
  type ChoiceCategory,
  type SubjectFilters,
  type SubjectPage,
  type SubjectRow,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { applicationSessions, branches, catalogueVersion, classes, cycles, departments, levels, subjects } from '../../db/schema';
import type { CatalogueChanges, ServiceContext } from '../../lib/context';
import { fold, likePattern } from '../../lib/sql';
import { frozenAnswer } from '../../lib/frozen-answer';

// ---------------------------------------------------------------- shared SQL pieces

/**
 * The id of the session open at `now` (active, started, not ended, not closed by hand), as
 * a scalar subquery: the same rule as currentApplicationSession(), inside the caller's statement.
 */
export function currentApplicationSessionIdSql(now: Date | SQL.Aliased | ReturnType<typeof sql.placeholder>): SQL<number | null> {
  return sql<number | null>`(select ${applicationSessions.id} from ${applicationSessions}
    where ${applicationSessions.ACTIVED} and not ${applicationSessions.MANUAL_CLOSURE} and ${applicationSessions.START_DATE} <= ${now}
      and (${applicationSessions.END_DATE} is null or ${applicationSessions.END_DATE} > ${now})
    order by ${applicationSessions.START_DATE} desc limit 1)`;
}

/** A subject's own columns: the `subjects` table, or a subquery that selects them under the same names. */
type SubjectSource = Record<'id' | 'code' | 'name' | 'nameFr' | 'classId' | 'hoursCm' | 'hoursTd' | 'hoursTp' | 'hourlyRate' | 'credits', unknown>;

/** Where a subject is taught: its class, branch, cycle and department. */
const placeColumns = {
  CLASS_CODE: classes.code,
  BRANCH_ID: classes.branchId,
  BRANCH_ABREVIATION: branches.abbreviation,
  LEVEL_ID: classes.levelId,
  CYCLE_ID: classes.cycleId,
  CYCLE_NAME: cycles.name,
  CYCLE_NAME_FR: cycles.nameFr,
  DEPARTMENT_NAME: departments.name,
  DEPARTMENT_NAME_FR: departments.nameFr,
  SHIFT: classes.shift,
};

type SubjectColumnsOf<S extends SubjectSource> = {
  SUBJECT_ID: S['id'];
  SUBJECT_CODE: S['code'];
  SUBJECT_NAME: S['name'];
  SUBJECT_NAME_FR: S['nameFr'];
  CLASS_ID: S['classId'];
} & typeof placeColumns & {
    HOURS_CM: S['hoursCm'];
    HOURS_TD: S['hoursTd'];
    HOURS_TP: S['hoursTp'];
    HOURLY_RATE: S['hourlyRate'];
    CREDITS: S['credits'];
  };

/** The columns of a SubjectRow (less TAX_RATE and ASSIGNED) from a subject source; the query joins it to the catalogue (joinSubjectCatalogue or joinClassCatalogue). */
function subjectColumnsOf<S extends SubjectSource>(s: S): SubjectColumnsOf<S> {
  return {
    SUBJECT_ID: s.id,
    SUBJECT_CODE: s.code,
    SUBJECT_NAME: s.name,
    SUBJECT_NAME_FR: s.nameFr,
    CLASS_ID: s.classId,
    ...placeColumns,
    HOURS_CM: s.hoursCm,
    HOURS_TD: s.hoursTd,
    HOURS_TP: s.hoursTp,
    HOURLY_RATE: s.hourlyRate,
    CREDITS: s.credits,
  };
}

/** A subject's hours per part, as hoursOf reads them. */
export const subjectHours = { HOURS_CM: subjects.hoursCm, HOURS_TD: subjects.hoursTd, HOURS_TP: subjects.hoursTp };

/** The columns of a SubjectRow, less TAX_RATE and ASSIGNED; the query reads `subjects` through joinSubjectCatalogue. */
export const subjectColumns = subjectColumnsOf(subjects);

/**
 * Joins a class's branch, department and cycle to a query that reads `classes` (made `$dynamic()`).
 * Inner joins change none of a partial selection's types, so the query keeps its type.
 */
export function joinClassCatalogue<T extends PgSelect>(query: T): T {
  return query
    .innerJoin(branches, eq(branches.id, classes.branchId))
    .innerJoin(departments, eq(departments.id, branches.departmentId))
    .innerJoin(cycles, eq(cycles.id, classes.cycleId)) as unknown as T;
}

/**
 * Joins a subject's class, branch, department and cycle to a query that reads `subjects` (made
 * `$dynamic()`): what subjectColumns need. The one place the subject catalogue's joins are written.
 */
export function joinSubjectCatalogue<T extends PgSelect>(query: T): T {
  return joinClassCatalogue(query.innerJoin(classes, eq(classes.id, subjects.classId)) as unknown as T);
}
export type SubjectColumns = { [K in keyof typeof subjectColumns]: (typeof subjectColumns)[K]['_']['data'] };

export function toSubjectRow(row: SubjectColumns, assigned: readonly ChoiceCategory[] | null, hasNiu: boolean): SubjectRow {
  return { ...row, TAX_RATE: taxRateFor(hasNiu), ASSIGNED: assigned ? [...assigned] : [] };
}

/** The parts of the row's subject confirmed to someone in the session (evaluated for the rows answered only). */
const assignedIn = (sessionId: SQL, subjectId: SQLWrapper) =>
  sql<
    ChoiceCategory[]
  >`array(select x.category from application_choices x where x.session_id = ${sessionId} and x.subject_id = ${subjectId} and x.affectation = 1 order by x.category)`;

/**
 * Still offered: not every part with hours is confirmed to someone in the session. The fully
 * assigned subjects are few (a hashed set built once per statement, from the partial index of
 * confirmed choices), so this costs one hash probe per subject.
 */
const offeredIn = (sessionId: SQL) => sql`${subjects.id} not in (select x.subject_id from application_choices x join subjects y on y.id = x.subject_id
  where x.session_id = ${sessionId} and x.affectation = 1
  group by x.subject_id, y.hours_cm, y.hours_td, y.hours_tp
  having (y.hours_cm = 0 or bool_or(x.category = 'CM')) and (y.hours_td = 0 or bool_or(x.category = 'TD')) and (y.hours_tp = 0 or bool_or(x.category = 'TP')))`;

const FILTERS = ['CLASS', 'CYCLE', 'LEVEL', 'REGIME', 'BRANCH', 'DEPARTMENT', 'SEARCH'] as const;
type FilterName = (typeof FILTERS)[number];

/** The filters given, as the placeholders' values. */
function filterValues(filters: SubjectFilters): Partial<Record<FilterName, string | number>> {
  const values: Partial<Record<FilterName, string | number>> = {};
  for (const name of FILTERS) {
    const value = filters[name];
    if (value === undefined || value === '') continue;
    values[name] = name === 'SEARCH' ? likePattern(fold(String(value))) : value;
  }
  return values;
}

/** The conditions of the filters given; the search reads the column subjects_search_trgm_idx indexes. */
function filterConditions(given: readonly FilterName[]): SQL[] {
  const p = (name: FilterName) => sql.placeholder(name);
  const condition: Record<FilterName, () => SQL> = {
    CLASS: () => sql`${subjects.classId} = ${p('CLASS')}`,
    CYCLE: () => sql`${classes.cycleId} = ${p('CYCLE')}`,
    LEVEL: () => sql`${classes.levelId} = ${p('LEVEL')}`,
    REGIME: () => sql`${classes.shift} = ${p('REGIME')}`,
    BRANCH: () => sql`${classes.branchId} = ${p('BRANCH')}`,
    DEPARTMENT: () => sql`${branches.departmentId} = ${p('DEPARTMENT')}`,
    SEARCH: () => sql`${subjects.searchText} like ${p('SEARCH')}`,
  };
  return given.map((name) => condition[name]());
}

/**
 * The statements of one combination of filters, prepared once per database and combination
 * (at most 2^7), so that PostgreSQL parses them once per connection:
 * - `page`: the offered subjects by level, class code and subject code. Classes are few: they
 *   are sorted, and each one's subjects are read in code order from the (class, code) index,
 *   at most `window` (offset + page size) of them, laterally; a page then reads about as many
 *   subjects as it skips and shows, not the whole catalogue;
 * - `count`: how many subjects are offered.
 */
function buildStatements(db: Db, given: readonly FilterName[], key: string) {
  const session = currentApplicationSessionIdSql(sql.placeholder('now'));
  const conditions = filterConditions(given);
  const searchCondition = given.includes('SEARCH') ? conditions[given.indexOf('SEARCH')] : undefined;
  const classConditions = given.flatMap((name, i) =>
    name === 'SEARCH' ? [] : [name === 'CLASS' ? sql`${classes.id} = ${sql.placeholder('CLASS')}` : conditions[i]!],
  );

  const offered = db
    .select({
      id: subjects.id,
      code: subjects.code,
      name: subjects.name,
      nameFr: subjects.nameFr,
      classId: subjects.classId,
      hoursCm: subjects.hoursCm,
      hoursTd: subjects.hoursTd,
      hoursTp: subjects.hoursTp,
      hourlyRate: subjects.hourlyRate,
      credits: subjects.credits,
    })
    .from(subjects)
    .where(and(sql`${subjects.classId} = ${classes.id}`, searchCondition, offeredIn(session)))
    .orderBy(asc(subjects.code))
    .limit(sql.placeholder('window'))
    .as('s');
  const page = joinClassCatalogue(
    db
      .select({ ...subjectColumnsOf(offered), ASSIGNED: assignedIn(session, offered.id) })
      .from(classes)
      .$dynamic(),
  )
    .crossJoinLateral(offered)
    .where(and(...classConditions))
    .orderBy(asc(classes.levelId), asc(classes.code), asc(offered.code))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`subjects_page_${key}`);

  const needsBranch = given.includes('DEPARTMENT');
  const needsClass = needsBranch || given.some((name) => name !== 'CLASS' && name !== 'SEARCH');
  let counter = db
    .select({ total: sql<number>`count(*)::int` })
    .from(subjects)
    .$dynamic();
  if (needsClass) counter = counter.innerJoin(classes, eq(classes.id, subjects.classId));
  if (needsBranch) counter = counter.innerJoin(branches, eq(branches.id, classes.branchId));
  const count = counter.where(and(...conditions, offeredIn(session))).prepare(`subjects_count_${key}`);

  return { page, count };
}
type Statements = ReturnType<typeof buildStatements>;
const prepared = new WeakMap<Db, Map<string, Statements>>();

function statementsFor(db: Db, given: readonly FilterName[]): Statements {
  const key = given.map((name) => name.slice(0, 2).toLowerCase()).join('') || 'all';
  let forDb = prepared.get(db);
  if (!forDb) prepared.set(db, (forDb = new Map()));
  let statements = forDb.get(key);
  if (!statements) forDb.set(key, (statements = buildStatements(db, given, key)));
  return statements;
}

type PageRow = Awaited<ReturnType<Statements['page']['execute']>>[number];

/** The database's channel on which every move of the catalogue's version is announced (migration 0015). */
export const CATALOGUE_CHANGE_CHANNEL = 'portal_catalogue_change';

/**
 * What the lists depend on besides the filters: the catalogue's version (moved by triggers on
 * the catalogue, the sessions and confirmations) and the session open now. One primary-key read,
 * which also says when the session open could next change by time alone (the next start or end of
 * an active session), so that the stamp can be kept until then.
 */
function stampStatement(db: Db) {
  const now = sql.placeholder('now');
  const open = sql`${applicationSessions.ACTIVED} and not ${applicationSessions.MANUAL_CLOSURE}`;
  return db
    .select({
      version: catalogueVersion.version,
      session: currentApplicationSessionIdSql(now),
      // in milliseconds since the epoch (a float8 comes back as a number from both drivers)
      nextChange: sql<
        number | null
      >`(select (extract(epoch from least(min(${applicationSessions.START_DATE}) filter (where ${applicationSessions.START_DATE} > ${now}), min(${applicationSessions.END_DATE}) filter (where ${applicationSessions.END_DATE} > ${now}))) * 1000)::float8 from ${applicationSessions} where ${open})`,
    })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1))
    .prepare('catalogue_stamp');
}

/**
 * Subject lists and counts already read, kept while the stamp they were read under holds:
 * 50 lecturers paging the same catalogue do not recount 20,000 subjects each time, and any
 * change of the catalogue or a confirmation, on any instance, moves the stamp.
 */
class ListCache {
  private readonly entries = new Map<string, { stamp: string; value: unknown }>();
  constructor(private readonly capacity: number) {}
  get<T>(key: string, stamp: string): T | undefined {
    const entry = this.entries.get(key);
    return entry && entry.stamp === stamp ? (entry.value as T) : undefined;
  }
  set(key: string, stamp: string, value: unknown): void {
    this.entries.delete(key);
    this.entries.set(key, { stamp, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

interface PerDb {
  stamp: ReturnType<typeof stampStatement>;
  cache: ListCache;
  /**
   * How many subjects match a set of filters, kept apart from the pages and answers: a count is a
   * number where a page is twenty rows, it serves every page of its filters, and it is the costly
   * read (every match counted, where a page stops at its window). Answers drawn anew each time
   * would otherwise push the counts out first.
   */
  counts: ListCache;
  /** the last stamp read, kept while no change of the catalogue is announced and before its next change by time */
  kept?: { stamp: string; generation: number; from: number; until: number };
}
const perDb = new WeakMap<Db, PerDb>();
function forDb(db: Db): PerDb {
  let state = perDb.get(db);
  if (!state) perDb.set(db, (state = { stamp: stampStatement(db), cache: new ListCache(2000), counts: new ListCache(20_000) }));
  return state;
}

/**
 * The stamp the lists are read under. Where the database announces the catalogue's changes
 * (docs/performance.md, subject lists' stamp), the stamp is kept in memory until one is announced or the open session could
 * change by time; otherwise (or while announcements may be missed) it is read each time.
 */
async function currentStamp(db: Db, now: Date, changes: CatalogueChanges | undefined): Promise<string> {
  const state = forDb(db);
  const kept = state.kept;
  const at = now.getTime();
  if (kept && changes?.active && kept.generation === changes.generation && kept.from <= at && at < kept.until) return kept.stamp;
  const generation = changes?.generation;
  const [current] = await state.stamp.execute({ now });
  const stamp = `${current?.version ?? 0}:${current?.session ?? ''}`;
  if (changes?.active && generation === changes.generation) {
    state.kept = { stamp, generation, from: at, until: current?.nextChange == null ? Number.POSITIVE_INFINITY : Number(current.nextChange) };
  }
  return stamp;
}

/** Offered subjects matching the filters, from `offset`, and how many match in all. */
async function offeredSubjects(
  db: Db,
  input: { filters: SubjectFilters; now: Date; limit: number; offset: number; withTotal: boolean; changes: CatalogueChanges | undefined; stamp?: string },
): Promise<{ rows: PageRow[]; total: number }> {
  const values = filterValues(input.filters);
  const given = FILTERS.filter((name) => values[name] !== undefined);
  const { cache, counts } = forDb(db);
  const stamp = input.stamp ?? (await currentStamp(db, input.now, input.changes));
  const filterKey = JSON.stringify(given.map((name) => values[name]));
  const pageKey = `${filterKey}|${input.offset}|${input.limit}`;

  const { page, count } = statementsFor(db, given);
  const countNow = async () => {
    const [counted] = await count.execute({ ...values, now: input.now });
    counts.set(filterKey, stamp, counted!.total);
    return counted!.total;
  };
  let total = input.withTotal ? counts.get<number>(filterKey, stamp) : undefined;
  // Past the first page the count is needed whatever the page holds: it is read beside the page (on
  // PGlite both wait in line once, on PostgreSQL they run on two connections).
  const counting = input.withTotal && total === undefined && input.offset > 0 ? countNow() : undefined;
  let rows = cache.get<PageRow[]>(pageKey, stamp);
  if (!rows) {
    const reading = page.execute({ ...values, now: input.now, limit: input.limit, offset: input.offset, window: input.offset + input.limit });
    // (a count that fails while the page is read is the answer's error, not an unhandled rejection)
    rows = counting ? (await Promise.all([reading, counting]))[0] : await reading;
    cache.set(pageKey, stamp, rows);
  }
  if (!input.withTotal) return { rows, total: rows.length };
  if (counting) return { rows, total: await counting };
  // A first page that is not full holds every match: no need to count them.
  if (input.offset === 0 && rows.length < input.limit) return { rows, total: rows.length };
  total ??= await countNow();
  return { rows, total };
}

// ---------------------------------------------------------------- services

/** `PATCH /subjects/by-level/{page}`: 20 offered subjects a page, or null when nothing matches. */
export async function subjectsByLevel(ctx: ServiceContext, input: { page: number; filters: SubjectFilters; hasNiu: boolean }): Promise<SubjectPage | null> {
  const offset = (input.page - 1) * SUBJECTS_PAGE_SIZE;
  const now = ctx.clock.now();
  // The answer itself is kept under the stamp, frozen (lib/frozen-answer.ts): the next request for
  // the same page, filters and tax rate sends the same object, whose text the serializer keeps.
  const { cache } = forDb(ctx.db);
  const stamp = await currentStamp(ctx.db, now, ctx.catalogueChanges);
  const answerKey = `answer|${JSON.stringify(filterValues(input.filters))}|${input.page}|${input.hasNiu}`;
  const kept = cache.get<SubjectPage | null>(answerKey, stamp);
  if (kept !== undefined) return kept;
  const { rows, total } = await offeredSubjects(ctx.db, {
    filters: input.filters,
    now,
    limit: SUBJECTS_PAGE_SIZE,
    offset,
    withTotal: true,
    changes: ctx.catalogueChanges,
    stamp,
  });
  const answer =
    total === 0
      ? null
      : frozenAnswer({
          rows: rows.map(({ ASSIGNED, ...row }) => toSubjectRow(row, ASSIGNED, input.hasNiu)),
          count: Math.ceil(total / SUBJECTS_PAGE_SIZE),
          total,
          page: input.page,
        });
  cache.set(answerKey, stamp, answer);
  return answer;
}

/** A class holds a few dozen subjects; this bounds the answer all the same. */
const MAX_CLASS_SUBJECTS = 1000;

/** `GET /subjects/class/{classId}`: the subjects of a class still offered in the current session. */
export async function subjectsOfClass(ctx: ServiceContext, input: { classId: number; hasNiu: boolean }): Promise<SubjectRow[]> {
  const { rows } = await offeredSubjects(ctx.db, {
    filters: { CLASS: input.classId },
    now: ctx.clock.now(),
    limit: MAX_CLASS_SUBJECTS,
    offset: 0,
    withTotal: false,
    changes: ctx.catalogueChanges,
  });
  return rows.map(({ ASSIGNED, ...row }) => toSubjectRow(row, ASSIGNED, input.hasNiu));
}

/** `GET /catalogue`: departments, branches, cycles and levels, for the filters. */
export async function catalogue(ctx: ServiceContext): Promise<Catalogue> {
  const [departmentRows, branchRows, cycleRows, levelRows] = await Promise.all([
    ctx.db
      .select({ id: departments.id, CODE: departments.code, NAME: departments.name, NAME_FR: departments.nameFr })
      .from(departments)
      .orderBy(asc(departments.code)),
    ctx.db
      .select({ id: branches.id, ABBREVIATION: branches.abbreviation, NAME: branches.name, NAME_FR: branches.nameFr, DEPARTMENT_ID: branches.departmentId })
      .from(branches)
      .orderBy(asc(branches.abbreviation)),
    ctx.db
      .select({ id: cycles.id, CODE: cycles.code, NAME: cycles.name, NAME_FR: cycles.nameFr, FIRST_LEVEL: cycles.firstLevel, LAST_LEVEL: cycles.lastLevel })
      .from(cycles)
      .orderBy(asc(cycles.firstLevel), asc(cycles.code)),
    ctx.db.select({ id: levels.id, NAME: levels.name, NAME_FR: levels.nameFr }).from(levels).orderBy(asc(levels.id)),
  ]);
  return { departments: departmentRows, branches: branchRows, cycles: cycleRows, levels: levelRows };
}

/** `GET /classes`: the classes of a branch, level or cycle, by code. */
export async function listClasses(
  ctx: ServiceContext,
  input: { branch?: number | undefined; level?: number | undefined; cycle?: number | undefined },
): Promise<CatalogueClass[]> {
  const where = [
    input.branch !== undefined ? eq(classes.branchId, input.branch) : undefined,
    input.level !== undefined ? eq(classes.levelId, input.level) : undefined,
    input.cycle !== undefined ? eq(classes.cycleId, input.cycle) : undefined,
  ];
  return ctx.db
    .select({ id: classes.id, CODE: classes.code, BRANCH_ID: classes.branchId, CYCLE_ID: classes.cycleId, LEVEL_ID: classes.levelId, SHIFT: classes.shift })
    .from(classes)
    .where(and(...where))
    .orderBy(asc(classes.code));
}
