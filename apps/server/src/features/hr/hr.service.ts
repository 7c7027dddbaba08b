import { and, desc, eq, inArray } from 'drizzle-orm';
import { missingFields, type AuditEntry, type Dossier, type PersonRecord, type RegistrationQuery, type RegistrationRow } from '@portal/contract';
import { auditLog, persons } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { fold } from '../../lib/sql';
import { csvDocument } from '../../lib/spreadsheet';
import { registrationState } from '../registration/registration.service';
import { listDocuments } from '../registration/documents.service';
import { recordQuery, toPersonRecord } from '../../lib/person-record';

/**
 * Every staff registration with what it misses (a few thousand at most: computed in one pass).
 * Employees who also hold a back-office role fill in theirs too; office accounts have none (decision 29).
 */
async function allRegistrations(ctx: ServiceContext): Promise<{ record: PersonRecord; missing: string[] }[]> {
  const rows = await recordQuery(ctx.db).where(eq(persons.KIND, 'STAFF')).orderBy(persons.LASTNAME, persons.FIRSTNAME);
  return rows.map((row) => toPersonRecord(row)).map((record) => ({ record, missing: missingFields(record) }));
}

function matches(query: RegistrationQuery, item: { record: PersonRecord; missing: string[] }): boolean {
  const { record, missing } = item;
  if (query.status && record.STATUS !== query.status) return false;
  if (query.closed && record.ACTIVED !== (query.closed === 'yes')) return false;
  if (query.missing && missing.length > 0 !== (query.missing === 'yes')) return false;
  if (query.search) {
    const needle = fold(query.search);
    const hay = fold(`${record.MATRICULE} ${record.FIRSTNAME} ${record.LASTNAME} ${record.EMAIL ?? ''}`);
    if (!needle.split(/\s+/).every((word) => hay.includes(word))) return false;
  }
  return true;
}

const toRow = ({ record, missing }: { record: PersonRecord; missing: string[] }): RegistrationRow => ({
  id: record.id,
  MATRICULE: record.MATRICULE,
  FIRSTNAME: record.FIRSTNAME,
  LASTNAME: record.LASTNAME,
  STATUS: record.STATUS,
  EMAIL: record.EMAIL,
  ACTIVED: record.ACTIVED,
  CLOSED_AT: record.CLOSED_AT,
  missing,
  updatedAt: record.updatedAt,
});

export async function listRegistrations(ctx: ServiceContext, query: RegistrationQuery) {
  const found = (await allRegistrations(ctx)).filter((item) => matches(query, item));
  const start = (query.page - 1) * query.pageSize;
  return {
    rows: found.slice(start, start + query.pageSize).map(toRow),
    total: found.length,
    count: Math.max(1, Math.ceil(found.length / query.pageSize)),
    page: query.page,
  };
}

/** The list as CSV (spreadsheet-safe, lib/spreadsheet.ts), and the file's name. */
export async function exportRegistrations(ctx: ServiceContext, query: RegistrationQuery): Promise<{ csv: string; filename: string }> {
  const found = (await allRegistrations(ctx)).filter((item) => matches(query, item));
  const rows = found.map(({ record, missing }) => [
    record.MATRICULE,
    record.LASTNAME,
    record.FIRSTNAME,
    record.STATUS ?? '',
    record.GENDER ?? '',
    record.BIRTHDATE ?? '',
    record.EMAIL ?? '',
    record.NUMPHONE ? `${record.CODE1 ?? ''} ${record.NUMPHONE}` : '',
    record.LIVING_TOWN ?? '',
    record.ACTIVITY_PRINCIPAL ?? '',
    record.PAYMODE ?? '',
    record.ACTIVED ? 'yes' : 'no',
    record.CLOSED_AT ?? '',
    missing.length,
    missing.join(' '),
  ]);
  const header = [
    'MATRICULE',
    'LASTNAME',
    'FIRSTNAME',
    'STATUS',
    'GENDER',
    'BIRTHDATE',
    'EMAIL',
    'PHONE',
    'LIVING_TOWN',
    'ACTIVITY_PRINCIPAL',
    'PAYMODE',
    'CLOSED',
    'CLOSED_AT',
    'MISSING_COUNT',
    'MISSING',
  ];
  return { csv: csvDocument(header, rows), filename: `registrations-${ctx.clock.now().toISOString().slice(0, 10)}.csv` };
}

/** Who did what to a registration, newest first, with the actor's name. */
async function auditOf(ctx: ServiceContext, personId: number): Promise<AuditEntry[]> {
  const entries = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'person'), eq(auditLog.targetId, String(personId))))
    .orderBy(desc(auditLog.id))
    .limit(200);
  const actorIds = [...new Set(entries.map((e) => e.actorId).filter((id): id is number => id !== null))];
  const actors = actorIds.length
    ? await ctx.db
        .select({ id: persons.id, FIRSTNAME: persons.FIRSTNAME, LASTNAME: persons.LASTNAME, MATRICULE: persons.MATRICULE })
        .from(persons)
        .where(inArray(persons.id, actorIds))
    : [];
  const byId = new Map(actors.map((a) => [a.id, { id: a.id, name: `${a.FIRSTNAME} ${a.LASTNAME}`, MATRICULE: a.MATRICULE }]));
  return entries.map((e) => ({
    id: e.id,
    at: e.at.toISOString(),
    action: e.action,
    actor: e.actorId ? (byId.get(e.actorId) ?? null) : null,
    details: e.details,
  }));
}

export async function dossier(ctx: ServiceContext, input: { personId: number }): Promise<Dossier> {
  const [row] = await recordQuery(ctx.db).where(eq(persons.id, input.personId)).limit(1);
  if (!row || row.person.KIND !== 'STAFF') throw new AppError('NOT_FOUND');
  const [documents, audit] = await Promise.all([listDocuments(ctx, input.personId), auditOf(ctx, input.personId)]);
  return { record: toPersonRecord(row), state: registrationState(row), documents, audit };
}
