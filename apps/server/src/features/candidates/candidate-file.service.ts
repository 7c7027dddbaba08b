import { eq, inArray, sql } from 'drizzle-orm';
import { CANDIDATE_DOCUMENT_KINDS, type CandidateDocumentKind } from '@portal/contract/rules';
import type { CandidateDocument, CandidateFile } from '@portal/contract';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { branches, candidateDocuments, candidates, cycles, entrances, entranceSpecialities, paymentNetworks, payments } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { keptAnswer } from '../../lib/kept-answers';
import { paymentsOfCandidate } from '../payments/payment-view.service';

type CandidateRow = typeof candidates.$inferSelect;
type DocumentRow = typeof candidateDocuments.$inferSelect;

/**
 * The reads of a candidate's file, as statements prepared once per database: the candidate opens
 * it on every visit (`GET /candidate/me`), and drizzle's building of these SQL texts was more than
 * half of the request's time. A file names at most three specialities (the two choices and the
 * decision's), each a placeholder (null when absent: `in` never matches it). The payments are
 * paymentsOfCandidate's (payments/payment-view.service.ts), prepared there.
 */
function buildCandidateFileStatements(db: Db) {
  const p = sql.placeholder;
  return {
    candidate: db
      .select({ candidate: candidates, entrance: entrances })
      .from(candidates)
      .innerJoin(entrances, eq(entrances.id, candidates.entranceId))
      .where(eq(candidates.id, p('candidate')))
      .prepare('candidate_file_candidate'),
    documents: db
      .select()
      .from(candidateDocuments)
      .where(eq(candidateDocuments.candidateId, p('candidate')))
      .prepare('candidate_file_documents'),
    specialities: db
      .select({ id: entranceSpecialities.id, name: branches.name, nameFr: branches.nameFr, cycleName: cycles.name })
      .from(entranceSpecialities)
      .innerJoin(cycles, eq(cycles.id, entranceSpecialities.cycleId))
      .innerJoin(branches, eq(branches.id, entranceSpecialities.branchId))
      .where(inArray(entranceSpecialities.id, [p('first'), p('second'), p('decision')]))
      .prepare('candidate_file_specialities'),
  };
}
const candidateFileStatements = perDatabase(buildCandidateFileStatements);

/** Where the candidate reads their own documents (`GET /candidate/documents/{kind}`; the office has its own address). */
export const ownDocumentUrl = (kind: CandidateDocumentKind): string => `/api/candidate/documents/${kind}`;

/** Whether a candidate's documents are all given and none is to be replaced. */
export const documentsComplete = (documents: readonly Pick<DocumentRow, 'kind' | 'status'>[]): boolean =>
  CANDIDATE_DOCUMENT_KINDS.every((kind) => documents.some((d) => d.kind === kind && d.status !== 'REPLACE_REQUESTED'));

const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);

/**
 * A candidate's registration as the candidate and the office read it (the contract's
 * CandidateFile). `documentUrl` says where a document's content is read: the candidate's own
 * address, or the office's. 404 when there is no such candidate. Read on the database, not in a
 * transaction: its statements are prepared once per database.
 */
export async function candidateFile(db: Db, input: { candidateId: number; documentUrl: (kind: CandidateDocumentKind) => string }): Promise<CandidateFile> {
  const statements = candidateFileStatements(db);
  const [row] = await statements.candidate.execute({ candidate: input.candidateId });
  if (!row) throw new AppError('NOT_FOUND');
  const c: CandidateRow = row.candidate;
  const [documents, paid, specialities] = await Promise.all([
    statements.documents.execute({ candidate: c.id }),
    paymentsOfCandidate(db, c.id),
    statements.specialities.execute({ first: c.firstChoiceId, second: c.secondChoiceId, decision: c.decisionSpecialityId }),
  ]);
  const names = new Map(specialities.map((s) => [s.id, s]));
  const choice = (id: number) => {
    const s = names.get(id)!;
    return { CYCLE_NAME: s.cycleName, SPECIALITY_DESCRIPTION: s.name, SPECIALITY_DESCRIPTION_FR: s.nameFr, SPECIALITY_ID: s.id };
  };
  const byKind = new Map(documents.map((d) => [d.kind, d]));
  const docs: CandidateDocument[] = CANDIDATE_DOCUMENT_KINDS.flatMap((kind) => {
    const d = byKind.get(kind);
    return d
      ? [{ kind, status: d.status, note: d.note, mime: d.mime, size: d.size, uploadedAt: d.uploadedAt.toISOString(), url: input.documentUrl(kind) }]
      : [];
  });
  const urlOf = (kind: CandidateDocumentKind) => (byKind.has(kind) ? input.documentUrl(kind) : null);
  const decision =
    c.decision && c.decidedAt
      ? {
          DECISION: c.decision,
          SPECIALITY_ID: c.decisionSpecialityId,
          SPECIALITY_DESCRIPTION: c.decisionSpecialityId ? (names.get(c.decisionSpecialityId)?.name ?? null) : null,
          SPECIALITY_DESCRIPTION_FR: c.decisionSpecialityId ? (names.get(c.decisionSpecialityId)?.nameFr ?? null) : null,
          decidedAt: c.decidedAt.toISOString(),
        }
      : null;
  return {
    id: c.id,
    CANDIDATE_NUMBER: c.CANDIDATE_NUMBER,
    MATRICULE: c.CANDIDATE_NUMBER,
    LASTNAME: c.LASTNAME,
    FIRSTNAME: c.FIRSTNAME,
    BIRTHDATE: c.BIRTHDATE,
    BIRTHPLACE: c.BIRTHPLACE,
    GENDER: c.GENDER,
    EMAIL: c.EMAIL,
    PHONE_NUMBER: c.PHONE_NUMBER,
    COUNTRY: c.COUNTRY,
    REGION_ORIGIN: c.REGION_ORIGIN,
    DEPARTMENT: c.DEPARTMENT,
    LIVING_TOWN: c.LIVING_TOWN,
    FIRST_LANGUAGE: c.FIRST_LANGUAGE,
    SECOND_LANGUAGE: c.SECOND_LANGUAGE,
    ADMISSION_DIPLOMA: c.ADMISSION_DIPLOMA,
    ADMISSION_DIPLOMA_GRADE: c.ADMISSION_DIPLOMA_GRADE === null ? null : Number(c.ADMISSION_DIPLOMA_GRADE),
    MENTION_OBTAINED: c.MENTION_OBTAINED,
    YEAR_OBTENTION: c.YEAR_OBTENTION,
    COUNTRY_OBTENTION: c.COUNTRY_OBTENTION,
    SCHOOL_OBTENTION: c.SCHOOL_OBTENTION,
    LAST_YEAR_SITUATION: c.LAST_YEAR_SITUATION,
    LAST_YEAR_RANK: c.LAST_YEAR_RANK,
    IS_PROFESSIONAL: c.IS_PROFESSIONAL ? 'YES' : 'NO',
    FIRST_YEAR_UNIVERSITY: c.FIRST_YEAR_UNIVERSITY,
    FIRST_YEAR_UNIVERSITY_TYPE: c.FIRST_YEAR_UNIVERSITY_TYPE,
    NAME_OF_UNIVERSITY: c.NAME_OF_UNIVERSITY,
    FORMATION_TYPE: c.FORMATION_TYPE,
    CYCLE: c.CYCLE,
    FORMATION_FIRST_CHOICE: choice(c.firstChoiceId),
    FORMATION_SECOND_CHOICE: c.secondChoiceId ? choice(c.secondChoiceId) : null,
    FATHER_NAME: c.FATHER_NAME,
    FATHER_JOB: c.FATHER_JOB,
    FATHER_CONTACT: c.FATHER_CONTACT,
    FATHER_REGION_ORIGIN: c.FATHER_REGION_ORIGIN,
    MOTHER_NAME: c.MOTHER_NAME,
    MOTHER_JOB: c.MOTHER_JOB,
    MOTHER_CONTACT: c.MOTHER_CONTACT,
    MOTHER_REGION_ORIGIN: c.MOTHER_REGION_ORIGIN,
    EMERGENCY_NAME: c.EMERGENCY_NAME,
    EMERGENCY_CONTACT: c.EMERGENCY_CONTACT,
    IS_HANDICAPED: bit(c.IS_HANDICAPED),
    HANDICAP_DETAILS: c.HANDICAP_DETAILS,
    IS_SPORTIVE: bit(c.IS_SPORTIVE),
    IS_SPORTIVE_COMPETITOR: bit(c.IS_SPORTIVE_COMPETITOR),
    FIRST_SPORT: c.FIRST_SPORT,
    LANGUAGE: c.language === 'fr' ? 'fr' : 'en',
    ENTRANCE_ID: row.entrance.id,
    ENTRANCE_NAME: row.entrance.name,
    ENTRANCE_YEAR: row.entrance.yearName,
    ENTRANCE_SCHOOL: row.entrance.schoolName,
    ENTRANCE_AMOUNT: row.entrance.amount,
    ENTRANCE_REGISTRATION_LIMIT: row.entrance.registrationLimitDate,
    ENTRANCE_EVALUATION_BEGIN: row.entrance.evaluationBeginDate,
    PHOTO_4X4_URL: urlOf('PHOTO'),
    BIRTH_CERTIFICATE_URL: urlOf('BIRTH_CERTIFICATE'),
    DIPLOMA_FILE_URL: urlOf('DIPLOMA'),
    HAS_PAID: c.HAS_PAID,
    paidAt: c.paidAt?.toISOString() ?? null,
    documents: docs,
    documentsComplete: documentsComplete(documents),
    payments: paid,
    decision,
    createdAt: c.createdAt.toISOString(),
  };
}

/** What a candidate's file reads (its row and entrance, documents, the specialities' names, and paymentsOfCandidate's payments and networks). */
const CANDIDATE_FILE_TABLES = [candidates, entrances, candidateDocuments, entranceSpecialities, cycles, branches, payments, paymentNetworks];

/**
 * `GET /candidate/me`: the candidate's own file, with their own document addresses, kept until a
 * table it reads changes (docs/performance.md, kept answers). Nothing in it depends on the moment; the session is checked
 * by the route on every request, before.
 */
export function ownCandidateFile(ctx: ServiceContext, input: { candidateId: number }): Promise<CandidateFile> {
  return keptAnswer(ctx, { name: 'candidates.own-file', of: [input.candidateId], tables: CANDIDATE_FILE_TABLES }, () =>
    candidateFile(ctx.db, { candidateId: input.candidateId, documentUrl: ownDocumentUrl }),
  );
}
