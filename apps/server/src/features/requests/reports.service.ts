import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import {
  REGIMES,
  REQUEST_REPORT_EXPORT_MAX,
  REQUEST_STATUSES,
  sessionEndOf,
  sessionStartOf,
  V,
  type Regime,
  type ReportExportQuery,
  type ReportQuery,
  type ReportRow,
  type RequestReport,
  type RequestStatus,
  type RequestUnit,
} from '@portal/contract';
import type { Executor } from '../../db/client';
import { classes, persons, requestCategories, requestDecisions, requests, requestSteps, requestSubcategories, requestUnits } from '../../db/schema';
import { actorCan, refuseAccess } from '../../lib/auth';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { tr, type Lang } from '../../lib/i18n';
import { addTableSheet, csvDocument, EXPORT_CONTENT_TYPES, type Cell } from '../../lib/spreadsheet';
import { onPage } from '../../lib/sql';
import { authorColumns } from './requests.service';

/** The filters of a report, without paging. */
type Filters = Omit<ReportQuery, 'page' | 'pageSize'>;

/**
 * The unit a report is narrowed to: administrators see every unit's requests (`unit` narrows
 * them); a unit member sees only their unit's, whatever they ask: naming another unit is refused
 * (403, audited); an account processing requests without a unit is 403 NO_REQUEST_UNIT.
 */
async function reportUnit(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; unit: number | undefined }): Promise<number | undefined> {
  const { actor, unit } = input;
  if (actorCan(actor, 'requests.configure')) return unit;
  if (actor.requestUnitId === null) throw new AppError('NO_REQUEST_UNIT');
  if (unit !== undefined && unit !== actor.requestUnitId) {
    return refuseAccess(ctx, { actor, meta: input.meta, target: { type: 'request-unit', id: unit }, details: { report: true, ownUnit: actor.requestUnitId } });
  }
  return actor.requestUnitId;
}

const holdingUnit = alias(requestUnits, 'holding_unit');

/**
 * The selection: requests filed in the period (calendar days, university time: from the start of
 * `from` to the end of `to`), held or once held by the unit (a step names it), of the category, in
 * the status, of a class of the regime (requests without a class are left out when one is asked),
 * filed by staff or by students (the category's audience).
 */
function selection(filters: Filters, unitId: number | undefined): SQL {
  if (filters.to < filters.from) throw validationError({ to: V.endBeforeStart });
  const conditions: (SQL | undefined)[] = [gte(requests.filedAt, sessionStartOf(filters.from)), lt(requests.filedAt, sessionEndOf(filters.to))];
  if (unitId !== undefined) {
    // held: a step names the unit (the query joins other tables, so the columns here are qualified)
    const held = sql`exists (select 1 from ${requestSteps} where ${requestSteps.requestId} = ${requests.id} and ${requestSteps.unitId} = ${unitId})`;
    conditions.push(or(eq(requests.REQUEST_UNITY_ID, unitId), held));
  }
  if (filters.category !== undefined) conditions.push(eq(requestSubcategories.categoryId, filters.category));
  if (filters.status !== undefined) conditions.push(eq(requests.REQUEST_STATUS, filters.status));
  if (filters.regime !== undefined) conditions.push(eq(classes.shift, filters.regime));
  if (filters.audience !== undefined) conditions.push(eq(requestCategories.audience, filters.audience));
  return and(...conditions)!;
}

type Counts = Omit<RequestReport, 'rows' | 'page' | 'pageSize'>;

/** The counts over the whole selection, by status, category, holding unit (null: back with the lecturer) and regime (null: no class), from one grouped query. */
async function countsOf(exec: Executor, where: SQL): Promise<Counts> {
  const groups = await exec
    .select({
      status: requests.REQUEST_STATUS,
      category: { id: requestCategories.id, name: requestCategories.name, nameFr: requestCategories.nameFr, position: requestCategories.position },
      unitId: holdingUnit.id,
      unitCode: holdingUnit.code,
      unitName: holdingUnit.name,
      unitNameFr: holdingUnit.nameFr,
      regime: classes.shift,
      n: count(),
    })
    .from(requests)
    .innerJoin(requestSubcategories, eq(requestSubcategories.id, requests.REQUEST_CATEGORY_ID))
    .innerJoin(requestCategories, eq(requestCategories.id, requestSubcategories.categoryId))
    .leftJoin(holdingUnit, eq(holdingUnit.id, requests.REQUEST_UNITY_ID))
    .leftJoin(classes, eq(classes.id, requests.CLASS_ID))
    .where(where)
    .groupBy(requests.REQUEST_STATUS, requestCategories.id, holdingUnit.id, classes.shift);

  const byStatus = new Map<RequestStatus, number>();
  const byCategory = new Map<number, { key: { id: number; name: string; nameFr: string }; position: number; count: number }>();
  const byUnit = new Map<number | null, { key: RequestUnit | null; count: number }>();
  const byRegime = new Map<Regime | null, number>();
  const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  let total = 0;
  for (const g of groups) {
    total += g.n;
    add(byStatus, g.status, g.n);
    const category = byCategory.get(g.category.id) ?? {
      key: { id: g.category.id, name: g.category.name, nameFr: g.category.nameFr },
      position: g.category.position,
      count: 0,
    };
    category.count += g.n;
    byCategory.set(g.category.id, category);
    const unit = byUnit.get(g.unitId) ?? {
      key: g.unitId === null ? null : { id: g.unitId, code: g.unitCode!, name: g.unitName!, nameFr: g.unitNameFr! },
      count: 0,
    };
    unit.count += g.n;
    byUnit.set(g.unitId, unit);
    add(byRegime, g.regime, g.n);
  }
  return {
    total,
    byStatus: REQUEST_STATUSES.filter((status) => byStatus.has(status)).map((key) => ({ key, count: byStatus.get(key)! })),
    byCategory: [...byCategory.values()].sort((a, b) => a.position - b.position || a.key.id - b.key.id).map(({ key, count: n }) => ({ key, count: n })),
    // by unit code, the requests back with the lecturer last
    byUnit: [...byUnit.values()]
      .sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : a.key.code.localeCompare(b.key.code)))
      .map(({ key, count: n }) => ({ key, count: n })),
    byRegime: [...REGIMES, null].filter((regime) => byRegime.has(regime)).map((key) => ({ key, count: byRegime.get(key)! })),
  };
}

/** The rows of the selection, newest first, each with its last decision (a lateral join: one step per request). */
function rowsOf(exec: Executor, where: SQL) {
  const lastDecision = exec
    .select({ label: requestDecisions.label, labelFr: requestDecisions.labelFr, at: requestSteps.at })
    .from(requestSteps)
    .innerJoin(requestDecisions, eq(requestDecisions.id, requestSteps.decisionId))
    .where(eq(requestSteps.requestId, requests.id))
    .orderBy(desc(requestSteps.at), desc(requestSteps.id))
    .limit(1)
    .as('last_decision');
  return exec
    .select({
      id: requests.id,
      REQUEST_ID: requests.REQUEST_ID,
      REQUEST_OBJECT: requests.REQUEST_OBJECT,
      filedAt: requests.filedAt,
      REQUEST_STATUS: requests.REQUEST_STATUS,
      category: { id: requestCategories.id, name: requestCategories.name, nameFr: requestCategories.nameFr },
      subcategory: { id: requestSubcategories.id, code: requestSubcategories.code, name: requestSubcategories.name, nameFr: requestSubcategories.nameFr },
      audience: requestCategories.audience,
      unitId: holdingUnit.id,
      unitCode: holdingUnit.code,
      unitName: holdingUnit.name,
      unitNameFr: holdingUnit.nameFr,
      author: authorColumns,
      className: classes.code,
      regime: classes.shift,
      REQUEST_PBLM_DATE: requests.REQUEST_PBLM_DATE,
      VH_DISPLAYED: requests.VH_DISPLAYED,
      VH_EXPECTED: requests.VH_EXPECTED,
      AMOUNT_RECEIVED: requests.AMOUNT_RECEIVED,
      AMOUNT_EXPECTED: requests.AMOUNT_EXPECTED,
      decisionLabel: lastDecision.label,
      decisionLabelFr: lastDecision.labelFr,
      decidedAt: lastDecision.at,
    })
    .from(requests)
    .innerJoin(requestSubcategories, eq(requestSubcategories.id, requests.REQUEST_CATEGORY_ID))
    .innerJoin(requestCategories, eq(requestCategories.id, requestSubcategories.categoryId))
    .innerJoin(persons, eq(persons.id, requests.REQUEST_AUTHOR))
    .leftJoin(holdingUnit, eq(holdingUnit.id, requests.REQUEST_UNITY_ID))
    .leftJoin(classes, eq(classes.id, requests.CLASS_ID))
    .leftJoinLateral(lastDecision, sql`true`)
    .where(where)
    .orderBy(desc(requests.filedAt), desc(requests.id));
}

type SelectedRow = Awaited<ReturnType<typeof rowsOf>>[number];

function toReportRow(r: SelectedRow): ReportRow {
  return {
    id: r.id,
    REQUEST_ID: r.REQUEST_ID,
    REQUEST_OBJECT: r.REQUEST_OBJECT,
    filedAt: r.filedAt.toISOString(),
    REQUEST_STATUS: r.REQUEST_STATUS,
    category: r.category,
    subcategory: r.subcategory,
    unit: r.unitId === null ? null : { id: r.unitId, code: r.unitCode!, name: r.unitName!, nameFr: r.unitNameFr! },
    audience: r.audience,
    author: r.author,
    className: r.className,
    regime: r.regime,
    REQUEST_PBLM_DATE: r.REQUEST_PBLM_DATE,
    lastDecision: r.decidedAt === null ? null : { label: r.decisionLabel!, labelFr: r.decisionLabelFr!, at: r.decidedAt.toISOString() },
  };
}

/**
 * `GET /requests/reports`: the requests filed in the period, narrowed by unit (held or held),
 * category, status and regime; the counts over the whole selection and a page of its rows, newest
 * first. A unit member's report is their unit's (see reportUnit).
 */
export async function requestReport(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; query: ReportQuery }): Promise<RequestReport> {
  const { query } = input;
  const unitId = await reportUnit(ctx, { actor: input.actor, meta: input.meta, unit: query.unit });
  const where = selection(query, unitId);
  const counts = await countsOf(ctx.db, where);
  const rows = await onPage(rowsOf(ctx.db, where).$dynamic(), query);
  return { ...counts, rows: rows.map(toReportRow), page: query.page, pageSize: query.pageSize };
}

// ---------------------------------------------------------------- exports

/** The university's offset from UTC in milliseconds (midnight there is this long before midnight UTC). */
const OFFSET_MS = Date.parse('1970-01-01T00:00:00Z') - sessionStartOf('1970-01-01').getTime();
/** An instant as the university's wall clock reads it, as a UTC date (a spreadsheet's dates have no time zone). */
const wallClock = (instant: Date): Date => new Date(instant.getTime() + OFFSET_MS);

/** The export's columns, in order: the locale key of each header, and how a spreadsheet types it. */
const COLUMNS = [
  { key: 'reference', width: 20 },
  { key: 'title', width: 40 },
  { key: 'filedAt', width: 18, numFmt: 'yyyy-mm-dd hh:mm' },
  { key: 'status', width: 22 },
  { key: 'category', width: 18 },
  { key: 'subcategory', width: 30 },
  { key: 'unit', width: 28 },
  { key: 'matricule', width: 12 },
  { key: 'lastName', width: 18 },
  { key: 'firstName', width: 18 },
  { key: 'filedBy', width: 12 },
  { key: 'class', width: 16 },
  { key: 'regime', width: 10 },
  { key: 'problemDate', width: 14, numFmt: 'yyyy-mm-dd' },
  { key: 'hoursNoted', width: 10, numFmt: '0.00' },
  { key: 'hoursExpected', width: 10, numFmt: '0.00' },
  { key: 'amountReceived', width: 14, numFmt: '#,##0.00' },
  { key: 'amountExpected', width: 14, numFmt: '#,##0.00' },
  { key: 'lastDecision', width: 30 },
  { key: 'decidedAt', width: 18, numFmt: 'yyyy-mm-dd hh:mm' },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];

/** One request as the export's cells, by column: texts in the language asked, dates as Dates (university wall clock), amounts as numbers. */
function exportCells(r: SelectedRow, lang: Lang): Record<ColumnKey, string | number | Date | null> {
  const fr = lang === 'fr';
  return {
    reference: r.REQUEST_ID,
    title: r.REQUEST_OBJECT,
    filedAt: wallClock(r.filedAt),
    status: tr(lang, `requestReport.statuses.${r.REQUEST_STATUS}`),
    category: fr ? r.category.nameFr : r.category.name,
    subcategory: `${r.subcategory.code} ${fr ? r.subcategory.nameFr : r.subcategory.name}`,
    unit: r.unitId === null ? tr(lang, r.audience === 'STUDENT' ? 'requestReport.student' : 'requestReport.lecturer') : fr ? r.unitNameFr : r.unitName,
    matricule: r.author.MATRICULE,
    lastName: r.author.LASTNAME,
    firstName: r.author.FIRSTNAME,
    filedBy: tr(lang, `requestReport.audiences.${r.audience}`),
    class: r.className,
    regime: r.regime ? tr(lang, `requestReport.regimes.${r.regime}`) : null,
    problemDate: r.REQUEST_PBLM_DATE ? new Date(`${r.REQUEST_PBLM_DATE}T00:00:00Z`) : null,
    hoursNoted: r.VH_DISPLAYED,
    hoursExpected: r.VH_EXPECTED,
    amountReceived: r.AMOUNT_RECEIVED,
    amountExpected: r.AMOUNT_EXPECTED,
    lastDecision: r.decidedAt === null ? null : fr ? r.decisionLabelFr : r.decisionLabel,
    decidedAt: r.decidedAt ? wallClock(r.decidedAt) : null,
  };
}

/** A CSV cell of an export cell: dates as text (a date alone for the problem date), the rest through lib/spreadsheet. */
function csvCell(key: ColumnKey, value: string | number | Date | null): Cell {
  if (!(value instanceof Date)) return value;
  return key === 'problemDate' ? value.toISOString().slice(0, 10) : value.toISOString().slice(0, 16).replace('T', ' ');
}

/** The counts sheet's lines: the total, then each count by status, category, unit and regime, labelled in the language asked. */
function countLines(counts: Counts, lang: Lang, period: string): [string, string, number][] {
  const fr = lang === 'fr';
  const by = (key: string) => tr(lang, `requestReport.counts.${key}`);
  return [
    [by('total'), period, counts.total],
    ...counts.byStatus.map(({ key, count: n }): [string, string, number] => [by('status'), tr(lang, `requestReport.statuses.${key}`), n]),
    ...counts.byCategory.map(({ key, count: n }): [string, string, number] => [by('category'), fr ? key.nameFr : key.name, n]),
    ...counts.byUnit.map(({ key, count: n }): [string, string, number] => [
      by('unit'),
      key === null ? tr(lang, 'requestReport.author') : fr ? key.nameFr : key.name,
      n,
    ]),
    ...counts.byRegime.map(({ key, count: n }): [string, string, number] => [
      by('regime'),
      key === null ? tr(lang, 'requestReport.noClass') : tr(lang, `requestReport.regimes.${key}`),
      n,
    ]),
  ];
}

async function workbookOf(rows: SelectedRow[], counts: Counts, lang: Lang, period: string, now: Date): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'University portal';
  workbook.created = now;
  addTableSheet(workbook, {
    name: tr(lang, 'requestReport.sheet'),
    columns: COLUMNS.map((column) => ({ ...column, header: tr(lang, `requestReport.columns.${column.key}`) })),
    rows: rows.map((r) => exportCells(r, lang)),
  });
  addTableSheet(workbook, {
    name: tr(lang, 'requestReport.countsSheet'),
    columns: [
      { key: 'by', header: tr(lang, 'requestReport.counts.by'), width: 14 },
      { key: 'value', header: tr(lang, 'requestReport.counts.value'), width: 34 },
      { key: 'count', header: tr(lang, 'requestReport.counts.count'), width: 12, numFmt: '0' },
    ],
    rows: countLines(counts, lang, period).map(([by, value, n]) => ({ by, value, count: n })),
    filter: false,
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * `GET /requests/reports/export`: the whole selection as a file, headers in the requester's
 * language: CSV (spreadsheet-safe, lib/spreadsheet.ts) or XLSX (a sheet of requests with typed
 * dates and numbers, and a sheet of the counts). More than REQUEST_REPORT_EXPORT_MAX requests is
 * 400 REPORT_TOO_LARGE (`max` lowers it, for tests).
 */
export async function exportRequestReport(
  ctx: ServiceContext,
  input: { actor: Actor; meta: RequestMeta; query: ReportExportQuery; lang: Lang; max?: number },
): Promise<{ body: string | Buffer; filename: string; contentType: string }> {
  const { query, lang } = input;
  const unitId = await reportUnit(ctx, { actor: input.actor, meta: input.meta, unit: query.unit });
  const where = selection(query, unitId);
  const counts = await countsOf(ctx.db, where);
  const max = input.max ?? REQUEST_REPORT_EXPORT_MAX;
  if (counts.total > max) throw new AppError('REPORT_TOO_LARGE', { limit: { limit: max } });
  const rows = await rowsOf(ctx.db, where);
  const filename = `requests-${query.from}-${query.to}.${query.format}`;
  const contentType = EXPORT_CONTENT_TYPES[query.format];
  if (query.format === 'csv') {
    const header = COLUMNS.map((column) => tr(lang, `requestReport.columns.${column.key}`));
    const lines = rows.map((r) => {
      const cells = exportCells(r, lang);
      return COLUMNS.map((column) => csvCell(column.key, cells[column.key]));
    });
    return { body: csvDocument(header, lines), filename, contentType };
  }
  return { body: await workbookOf(rows, counts, lang, `${query.from} – ${query.to}`, ctx.clock.now()), filename, contentType };
}
