// The admissions office's candidates (issue 14, decision 44): the list with its filters and its
// export, a candidate's file and documents, and the office's word on a document (checked, or to
// be sent again: the candidate is mailed why, in their language).
import ExcelJS from 'exceljs';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CANDIDATE_DOCUMENT_KINDS,
  LIST_PAGE_SIZE,
  MENTIONS,
  UPLOAD_EXTENSIONS,
  universityDayOf,
  universityTimeOf,
  type CandidateDocument,
  type CandidateDocumentKind,
  type CandidateExportQuery as CandidateExportQuerySchema,
  type CandidateFile,
  type CandidateListQuery as CandidateListQuerySchema,
  type CandidatePage,
  type CandidateRow,
  type UploadType,
} from '@portal/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { ACCENTED, branches, candidateDocuments, candidates, cycles, entrances, entranceSpecialities, UNACCENTED } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { tr, type Lang } from '../../lib/i18n';
import { composeMail } from '../../lib/mail';
import { addTableSheet, csvDocument, EXPORT_CONTENT_TYPES, spreadsheetCell, type Cell } from '../../lib/spreadsheet';
import { fold, likePattern, listPage } from '../../lib/sql';
import { safeFileName } from '../../lib/uploads';
import { candidateFile } from '../candidates/candidate-file.service';

export type CandidateListQuery = z.output<typeof CandidateListQuerySchema>;
export type CandidateExportQuery = z.output<typeof CandidateExportQuerySchema>;
type DocumentRow = typeof candidateDocuments.$inferSelect;

/** Where the office reads a candidate's document. */
export const officeDocumentUrl = (candidateId: number, kind: CandidateDocumentKind): string => `/api/admissions/candidates/${candidateId}/documents/${kind}`;

// ---------------------------------------------------------------- the selection

/** Whether every kind of document is given and none is to be replaced (as documentsComplete says), in SQL. */
const documentsCompleteSql = sql<boolean>`((select count(*) from ${candidateDocuments} where ${candidateDocuments.candidateId} = ${candidates.id} and ${candidateDocuments.status} <> 'REPLACE_REQUESTED') = ${CANDIDATE_DOCUMENT_KINDS.length})`;

/** The words a search looks through: number, names, address and phone, lower-cased and without accents. */
const haystack = sql`lower(translate(concat_ws(' ', ${candidates.CANDIDATE_NUMBER}, ${candidates.LASTNAME}, ${candidates.FIRSTNAME}, ${candidates.EMAIL}, ${candidates.PHONE_NUMBER}), ${ACCENTED}, ${UNACCENTED}))`;

/** The where of a selection: each filter given, and every word of the search. */
function selection(query: Omit<CandidateListQuery, 'page' | 'pageSize'>): SQL | undefined {
  const words = query.search ? fold(query.search).split(/\s+/).filter(Boolean).slice(0, 8) : [];
  return and(
    query.entrance === undefined ? undefined : eq(candidates.entranceId, query.entrance),
    query.speciality === undefined ? undefined : or(eq(candidates.firstChoiceId, query.speciality), eq(candidates.secondChoiceId, query.speciality)),
    query.paid === undefined ? undefined : eq(candidates.HAS_PAID, query.paid === 'true'),
    query.documents === undefined ? undefined : query.documents === 'complete' ? documentsCompleteSql : sql`not ${documentsCompleteSql}`,
    query.decision === undefined ? undefined : query.decision === 'NONE' ? isNull(candidates.decision) : eq(candidates.decision, query.decision),
    ...words.map((word) => sql`${haystack} like ${likePattern(word)} escape '\\'`),
  );
}

/** The newest registration first. */
const ORDER = [desc(candidates.createdAt), desc(candidates.id)];

const selectCandidates = (exec: Executor) =>
  exec
    .select({ candidate: candidates, entranceName: entrances.name, documentsComplete: documentsCompleteSql })
    .from(candidates)
    .innerJoin(entrances, eq(entrances.id, candidates.entranceId));
type SelectedRow = Awaited<ReturnType<typeof selectCandidates>>[number];

/** A speciality as the list and the export name it: the cycle's code, the branch's abbreviation and names. */
interface SpecialityLabel {
  code: string;
  name: string;
  nameFr: string;
  cycleName: string;
  cycleNameFr: string;
}

/** The labels of these specialities, by id (one query). */
async function specialityLabels(exec: Executor, ids: readonly (number | null)[]): Promise<Map<number, SpecialityLabel>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await exec
    .select({
      id: entranceSpecialities.id,
      cycleCode: cycles.code,
      abbreviation: branches.abbreviation,
      name: branches.name,
      nameFr: branches.nameFr,
      cycleName: cycles.name,
      cycleNameFr: cycles.nameFr,
    })
    .from(entranceSpecialities)
    .innerJoin(cycles, eq(cycles.id, entranceSpecialities.cycleId))
    .innerJoin(branches, eq(branches.id, entranceSpecialities.branchId))
    .where(inArray(entranceSpecialities.id, wanted));
  return new Map(
    rows.map((row) => [
      row.id,
      { code: `${row.cycleCode} ${row.abbreviation}`, name: row.name, nameFr: row.nameFr, cycleName: row.cycleName, cycleNameFr: row.cycleNameFr },
    ]),
  );
}

const choiceIds = (rows: readonly SelectedRow[]) =>
  rows.flatMap((row) => [row.candidate.firstChoiceId, row.candidate.secondChoiceId, row.candidate.decisionSpecialityId]);

const toRow =
  (labels: Map<number, SpecialityLabel>) =>
  (row: SelectedRow): CandidateRow => {
    const c = row.candidate;
    const label = (id: number | null) => (id === null ? null : (labels.get(id)?.code ?? null));
    return {
      id: c.id,
      CANDIDATE_NUMBER: c.CANDIDATE_NUMBER,
      LASTNAME: c.LASTNAME,
      FIRSTNAME: c.FIRSTNAME,
      EMAIL: c.EMAIL,
      PHONE_NUMBER: c.PHONE_NUMBER,
      ENTRANCE_ID: c.entranceId,
      ENTRANCE_NAME: row.entranceName,
      FIRST_CHOICE: label(c.firstChoiceId) ?? '',
      SECOND_CHOICE: label(c.secondChoiceId),
      FIRST_CHOICE_ID: c.firstChoiceId,
      SECOND_CHOICE_ID: c.secondChoiceId,
      HAS_PAID: c.HAS_PAID,
      paidAt: c.paidAt?.toISOString() ?? null,
      documentsComplete: Boolean(row.documentsComplete),
      DECISION: c.decision,
      DECISION_SPECIALITY: label(c.decisionSpecialityId),
      DECISION_SPECIALITY_ID: c.decisionSpecialityId,
      createdAt: c.createdAt.toISOString(),
    };
  };

/** `GET /admissions/candidates`: a page of the selection, the newest registration first. */
export async function listCandidates(ctx: ServiceContext, input: { query: CandidateListQuery }): Promise<CandidatePage> {
  const { query } = input;
  const where = selection(query);
  const paging = { page: query.page ?? 1, pageSize: query.pageSize ?? LIST_PAGE_SIZE };
  const page = await listPage(paging, (row) => row, {
    total: ctx.db.select({ n: count() }).from(candidates).where(where),
    rows: selectCandidates(ctx.db)
      .where(where)
      .orderBy(...ORDER)
      .$dynamic(),
  });
  const labels = await specialityLabels(ctx.db, choiceIds(page.rows));
  return { ...page, rows: page.rows.map(toRow(labels)) };
}

// ---------------------------------------------------------------- the export

/** The export's columns, in order, with their XLSX widths. */
const EXPORT_COLUMNS = [
  ['number', 12],
  ['lastName', 20],
  ['firstName', 20],
  ['gender', 9],
  ['birthdate', 11],
  ['birthplace', 16],
  ['email', 30],
  ['phone', 16],
  ['livingTown', 16],
  ['region', 12],
  ['entrance', 30],
  ['firstChoice', 40],
  ['secondChoice', 40],
  ['admissionDiploma', 24],
  ['mention', 12],
  ['yearObtention', 8],
  ['schoolObtention', 24],
  ['registeredAt', 17],
  ['paid', 7],
  ['paidAt', 17],
  ['photo', 14],
  ['birthCertificate', 14],
  ['diploma', 14],
  ['documentsComplete', 10],
  ['decision', 14],
  ['decisionSpeciality', 40],
  ['decidedAt', 17],
] as const;
type ExportColumn = (typeof EXPORT_COLUMNS)[number][0];
const DOCUMENT_COLUMNS: Record<CandidateDocumentKind, ExportColumn> = { PHOTO: 'photo', BIRTH_CERTIFICATE: 'birthCertificate', DIPLOMA: 'diploma' };

/** Candidates' documents read at once for an export, per query. */
const DOCUMENTS_CHUNK = 5000;

/** An instant as the export writes it: the university day and time (`2027-01-15 14:05`). */
const instant = (at: Date | null): string => (at ? `${universityDayOf(at)} ${universityTimeOf(at)}` : '');

/**
 * `GET /admissions/candidates/export`: the whole selection (every page), newest first, as CSV or
 * XLSX, headers and words in the caller's language; every cell is spreadsheet-safe. Audited (who
 * took which selection, not its content).
 */
export async function exportCandidates(
  ctx: ServiceContext,
  input: Acting & { query: CandidateExportQuery; lang: Lang },
): Promise<{ body: string | Buffer; filename: string; contentType: string }> {
  const { query, lang } = input;
  const rows = await selectCandidates(ctx.db)
    .where(selection(query))
    .orderBy(...ORDER);
  const labels = await specialityLabels(ctx.db, choiceIds(rows));
  const documents = new Map<number, DocumentRow[]>();
  const ids = rows.map((row) => row.candidate.id);
  for (let i = 0; i < ids.length; i += DOCUMENTS_CHUNK) {
    for (const document of await ctx.db
      .select()
      .from(candidateDocuments)
      .where(inArray(candidateDocuments.candidateId, ids.slice(i, i + DOCUMENTS_CHUNK)))) {
      documents.set(document.candidateId, [...(documents.get(document.candidateId) ?? []), document]);
    }
  }
  const yesNo = (value: boolean) => tr(lang, `admissions.export.${value ? 'yes' : 'no'}`);
  const choice = (id: number | null) => {
    const label = id === null ? undefined : labels.get(id);
    return label ? `${label.code} – ${lang === 'fr' ? label.nameFr : label.name}` : '';
  };
  const lines = rows.map((row): Record<ExportColumn, Cell> => {
    const c = row.candidate;
    const given = documents.get(c.id) ?? [];
    const cells: Record<ExportColumn, Cell> = {
      number: c.CANDIDATE_NUMBER,
      lastName: c.LASTNAME,
      firstName: c.FIRSTNAME,
      gender: tr(lang, `admissions.genders.${c.GENDER}`),
      birthdate: c.BIRTHDATE,
      birthplace: c.BIRTHPLACE,
      email: c.EMAIL,
      phone: c.PHONE_NUMBER,
      livingTown: c.LIVING_TOWN,
      region: c.REGION_ORIGIN,
      entrance: row.entranceName,
      firstChoice: choice(c.firstChoiceId),
      secondChoice: choice(c.secondChoiceId),
      admissionDiploma: c.ADMISSION_DIPLOMA,
      mention: (MENTIONS as readonly string[]).includes(c.MENTION_OBTAINED) ? tr(lang, `admissions.mentions.${c.MENTION_OBTAINED}`) : c.MENTION_OBTAINED,
      yearObtention: c.YEAR_OBTENTION,
      schoolObtention: c.SCHOOL_OBTENTION,
      registeredAt: instant(c.createdAt),
      paid: yesNo(c.HAS_PAID),
      paidAt: instant(c.paidAt),
      photo: '',
      birthCertificate: '',
      diploma: '',
      documentsComplete: yesNo(Boolean(row.documentsComplete)),
      decision: c.decision ? tr(lang, `admissions.decisions.${c.decision}`) : '',
      decisionSpeciality: choice(c.decisionSpecialityId),
      decidedAt: instant(c.decidedAt),
    };
    for (const kind of CANDIDATE_DOCUMENT_KINDS) {
      const document = given.find((d) => d.kind === kind);
      cells[DOCUMENT_COLUMNS[kind]] = tr(lang, `admissions.documentStatuses.${document?.status ?? 'MISSING'}`);
    }
    return cells;
  });
  await audit(ctx.db, {
    at: ctx.clock.now(),
    actorId: input.actor.id,
    action: 'candidates.exported',
    targetType: 'entrance',
    ...(query.entrance === undefined ? {} : { targetId: query.entrance }),
    ip: input.meta.ip,
    details: { format: query.format, rows: rows.length, filters: { ...query, format: undefined } },
  });
  const filename = `candidates-${universityDayOf(ctx.clock.now())}.${query.format}`;
  const contentType = EXPORT_CONTENT_TYPES[query.format];
  const header = EXPORT_COLUMNS.map(([key]) => tr(lang, `admissions.export.columns.${key}`));
  if (query.format === 'csv')
    return {
      body: csvDocument(
        header,
        lines.map((line) => EXPORT_COLUMNS.map(([key]) => line[key])),
      ),
      filename,
      contentType,
    };
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'University portal';
  workbook.created = ctx.clock.now();
  addTableSheet(workbook, {
    name: tr(lang, 'admissions.export.sheet'),
    columns: EXPORT_COLUMNS.map(([key, width], i) => ({ key, header: header[i]!, width })),
    // the same neutralised cells as the CSV: a name typed as a formula stays text
    rows: lines.map((line) => Object.fromEntries(EXPORT_COLUMNS.map(([key]) => [key, spreadsheetCell(line[key])]))),
  });
  return { body: Buffer.from(await workbook.xlsx.writeBuffer()), filename, contentType };
}

// ---------------------------------------------------------------- a candidate's file and documents

/** `GET /admissions/candidates/{id}`: the candidate's file as they read it, with the office's document addresses. */
export async function officeCandidateFile(ctx: ServiceContext, input: { candidateId: number }): Promise<CandidateFile> {
  return candidateFile(ctx.db, { candidateId: input.candidateId, documentUrl: (kind) => officeDocumentUrl(input.candidateId, kind) });
}

/** A candidate's document row (locked when `lock`); 404 when the candidate gave none of that kind. */
async function documentRow(exec: Executor, candidateId: number, kind: CandidateDocumentKind, lock = false): Promise<DocumentRow> {
  const query = exec
    .select()
    .from(candidateDocuments)
    .where(and(eq(candidateDocuments.candidateId, candidateId), eq(candidateDocuments.kind, kind)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** `GET /admissions/candidates/{id}/documents/{kind}`: the stored bytes, their type and a safe name (`C27000042-PHOTO.png`). */
export async function readCandidateDocument(
  ctx: ServiceContext,
  input: { candidateId: number; kind: CandidateDocumentKind },
): Promise<{ data: Buffer; mime: string; name: string }> {
  const [row] = await ctx.db
    .select({ document: candidateDocuments, number: candidates.CANDIDATE_NUMBER })
    .from(candidateDocuments)
    .innerJoin(candidates, eq(candidates.id, candidateDocuments.candidateId))
    .where(and(eq(candidateDocuments.candidateId, input.candidateId), eq(candidateDocuments.kind, input.kind)));
  if (!row) throw new AppError('NOT_FOUND');
  const data = await ctx.storage.get(row.document.storageKey);
  const ext = UPLOAD_EXTENSIONS[row.document.mime as UploadType] ?? 'bin';
  return { data, mime: row.document.mime, name: safeFileName(`${row.number}-${input.kind}`, ext) };
}

const toDocument = (row: DocumentRow): CandidateDocument => ({
  kind: row.kind,
  status: row.status,
  note: row.note,
  mime: row.mime,
  size: row.size,
  uploadedAt: row.uploadedAt.toISOString(),
  url: officeDocumentUrl(row.candidateId, row.kind),
});

/** `POST /admissions/candidates/{id}/documents/{kind}/check`: the document is checked (a checked one stays as it is). */
export async function checkCandidateDocument(
  ctx: ServiceContext,
  input: Acting & { candidateId: number; kind: CandidateDocumentKind },
): Promise<CandidateDocument> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await documentRow(tx, input.candidateId, input.kind, true);
    if (row.status === 'CHECKED') return toDocument(row);
    const [checked] = await tx
      .update(candidateDocuments)
      .set({ status: 'CHECKED', note: null, checkedAt: now })
      .where(and(eq(candidateDocuments.candidateId, input.candidateId), eq(candidateDocuments.kind, input.kind)))
      .returning();
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'candidate-document.checked',
      targetType: 'candidate',
      targetId: input.candidateId,
      ip: input.meta.ip,
      details: { kind: input.kind, from: row.status },
    });
    return toDocument(checked!);
  });
}

/**
 * `POST /admissions/candidates/{id}/documents/{kind}/replace`: the candidate must send the document
 * again; the reason is kept on it (the candidate's file shows it) and mailed to them in their
 * language, with the way back to their file (the candidate page mails a link to their address).
 */
export async function requestDocumentReplacement(
  ctx: ServiceContext,
  input: Acting & { candidateId: number; kind: CandidateDocumentKind; reason: string },
): Promise<CandidateDocument> {
  const now = ctx.clock.now();
  const document = await ctx.db.transaction(async (tx) => {
    const row = await documentRow(tx, input.candidateId, input.kind, true);
    const [changed] = await tx
      .update(candidateDocuments)
      .set({ status: 'REPLACE_REQUESTED', note: input.reason, checkedAt: null })
      .where(and(eq(candidateDocuments.candidateId, input.candidateId), eq(candidateDocuments.kind, input.kind)))
      .returning();
    const [candidate] = await tx
      .select({
        number: candidates.CANDIDATE_NUMBER,
        email: candidates.EMAIL,
        firstname: candidates.FIRSTNAME,
        lastname: candidates.LASTNAME,
        language: candidates.language,
        entrance: entrances.name,
      })
      .from(candidates)
      .innerJoin(entrances, eq(entrances.id, candidates.entranceId))
      .where(eq(candidates.id, input.candidateId));
    const lang: Lang = candidate!.language === 'fr' ? 'fr' : 'en';
    await ctx.mailer.enqueue(
      tx,
      composeMail(lang, {
        to: candidate!.email,
        name: `${candidate!.firstname} ${candidate!.lastname}`,
        kind: 'candidate-document-replace',
        key: 'admissions.mail.replace',
        vars: {
          document: tr(lang, `admissions.documents.${input.kind}`),
          reason: input.reason,
          entrance: candidate!.entrance,
          number: candidate!.number,
          link: `${ctx.config.publicUrl}/candidate`,
        },
      }),
    );
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'candidate-document.replace-requested',
      targetType: 'candidate',
      targetId: input.candidateId,
      ip: input.meta.ip,
      details: { kind: input.kind, from: row.status },
    });
    return toDocument(changed!);
  });
  ctx.mailer.kick();
  return document;
}
