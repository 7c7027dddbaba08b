import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { addDays, universityDayOf, type AdmissionDecision, type CandidateDocumentKind, type EntranceInput, type OfficeEntrance } from '@portal/contract';
import { branches, candidateDocuments, candidates, cycles } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { createTestApp, ok, personIdOf, sessionFor, type Client, type TestApp } from '../../../test/helpers';

/** Test data and the people of the admissions office's tests (decision 44). Candidates are inserted here, not through `POST /candidate`. */

/** The admissions office, an administrator, human resources and the academic office, signed in. */
export async function admissionsCast(t: TestApp) {
  const as = async (matricule: string) => sessionFor(t, await personIdOf(t, matricule));
  return {
    office: await as(DEMO_ACCOUNTS.admissions.matricule),
    admin: await as(DEMO_ACCOUNTS.admin.matricule),
    hr: await as(DEMO_ACCOUNTS.hr.matricule),
    academic: await as(DEMO_ACCOUNTS.academic.matricule),
  };
}
export type AdmissionsCast = Awaited<ReturnType<typeof admissionsCast>>;

/** What the admissions tests start from: a test app and its cast (close `t` after). */
export async function admissionsApp(): Promise<{ t: TestApp; cast: AdmissionsCast; office: Client }> {
  const t = await createTestApp();
  const cast = await admissionsCast(t);
  return { t, cast, office: cast.office };
}

/** The university day of the test clock, moved by `days`. */
export const dayOf = (t: TestApp, days = 0): string => addDays(universityDayOf(t.clock.now()), days);

/** The catalogue's cycle and branch ids, by code and abbreviation. */
export async function catalogueIds(t: TestApp): Promise<{ cycle: (code: string) => number; branch: (abbreviation: string) => number }> {
  const cycleRows = await t.db.select({ id: cycles.id, code: cycles.code }).from(cycles);
  const branchRows = await t.db.select({ id: branches.id, abbreviation: branches.abbreviation }).from(branches);
  return {
    cycle: (code) => cycleRows.find((c) => c.code === code)?.id ?? Number.NaN,
    branch: (abbreviation) => branchRows.find((b) => b.abbreviation === abbreviation)?.id ?? Number.NaN,
  };
}

/** An entrance's body: the specialities as `CYCLE BRANCH` pairs (`BTS GSI`), the deadline `deadline` days from today (20 unless told). */
export async function entranceBody(
  t: TestApp,
  more: { name?: string; specialities?: readonly string[]; deadline?: number; amount?: number } = {},
): Promise<EntranceInput> {
  const ids = await catalogueIds(t);
  const deadline = more.deadline ?? 20;
  return {
    NAME: more.name ?? `Entrance test ${randomBytes(3).toString('hex')}`,
    YEAR_NAME: '2027-2028',
    SCHOOL_NAME: 'School of tests',
    AMOUNT: more.amount ?? 25_000,
    REGISTRATION_LIMIT_DATE: dayOf(t, deadline),
    EVALUATION_BEGIN_DATE: dayOf(t, deadline + 7),
    EVALUATION_END_DATE: dayOf(t, deadline + 8),
    SPECIALITIES: (more.specialities ?? ['BTS GSI', 'BTS CGE', 'BTS BF']).map((pair) => {
      const [cycle, branch] = pair.split(' ') as [string, string];
      return { CYCLE_ID: ids.cycle(cycle), BRANCH_ID: ids.branch(branch) };
    }),
  };
}

/** Creates an entrance through the API. */
export async function openEntrance(t: TestApp, office: Client, more: Parameters<typeof entranceBody>[1] = {}): Promise<OfficeEntrance> {
  return ok<OfficeEntrance>(await office.post('/api/admissions/entrances', await entranceBody(t, more)), 201);
}

/** The id of an entrance's speciality by its branch abbreviation (`GSI`). */
export const specialityOf = (entrance: OfficeEntrance, code: string): number => {
  const found = entrance.specialities.find((s) => s.SPECIALITY_CODE === code);
  if (!found) throw new Error(`entrance ${entrance.Entrance_ID} offers no ${code}`);
  return found.SPECIALITY_ID;
};

/** Small real files of each kind a candidate sends. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const DOCUMENT_BYTES: Record<CandidateDocumentKind, { data: Buffer; mime: string }> = {
  PHOTO: { data: PNG_1X1, mime: 'image/png' },
  BIRTH_CERTIFICATE: { data: PDF, mime: 'application/pdf' },
  DIPLOMA: { data: PNG_1X1, mime: 'image/png' },
};

export interface CandidateFixture {
  entrance: OfficeEntrance;
  first: string;
  second?: string | null;
  lastname?: string;
  firstname?: string;
  /** Female or Male (alternating with the candidates inserted before, which depend on the files run before in the same worker, unless told) */
  gender?: 'Female' | 'Male';
  email?: string;
  phone?: string;
  language?: 'en' | 'fr';
  /** when they registered (the test clock's now unless told) */
  createdAt?: Date;
  paid?: boolean;
  /** the documents given, each in a status */
  documents?: Partial<Record<CandidateDocumentKind, 'SUBMITTED' | 'CHECKED' | 'REPLACE_REQUESTED'>>;
  decision?: { decision: AdmissionDecision; speciality: string | null };
}

let serial = 0;

/** Inserts a candidate as a registration would (number from candidate_number_seq), and their documents on the app's storage. */
export async function insertCandidate(t: TestApp, fixture: CandidateFixture): Promise<{ id: number; number: string; email: string }> {
  serial++;
  const createdAt = fixture.createdAt ?? t.clock.now();
  const email = (fixture.email ?? `candidate.${serial}.${randomBytes(3).toString('hex')}@mail.test`).toLowerCase();
  const yearDigits = /\d{4}/.exec(fixture.entrance.Year_Name)![0].slice(-2);
  const [row] = await t.db
    .insert(candidates)
    .values({
      CANDIDATE_NUMBER: sql`${`C${yearDigits}`} || lpad(nextval('candidate_number_seq')::text, 6, '0')`,
      entranceId: fixture.entrance.Entrance_ID,
      LASTNAME: fixture.lastname ?? `Lastname${serial}`,
      FIRSTNAME: fixture.firstname ?? `Firstname${serial}`,
      BIRTHDATE: '2006-03-14',
      BIRTHPLACE: 'Douala',
      GENDER: fixture.gender ?? (serial % 2 ? 'Female' : 'Male'),
      EMAIL: email,
      PHONE_NUMBER: fixture.phone ?? `+2376${String(70_000_000 + serial * 7_919).slice(0, 8)}`,
      COUNTRY: 'Cameroon',
      REGION_ORIGIN: 'Littoral',
      DEPARTMENT: 'Wouri',
      LIVING_TOWN: 'Douala',
      FIRST_LANGUAGE: 'French',
      SECOND_LANGUAGE: 'English',
      ADMISSION_DIPLOMA: 'Baccalauréat C',
      ADMISSION_DIPLOMA_GRADE: '12.50',
      MENTION_OBTAINED: 'GOOD',
      YEAR_OBTENTION: 2026,
      COUNTRY_OBTENTION: 'Cameroon',
      SCHOOL_OBTENTION: 'Lycée Joss',
      FIRST_YEAR_UNIVERSITY: 2027,
      FIRST_YEAR_UNIVERSITY_TYPE: 'PRIVATE',
      NAME_OF_UNIVERSITY: 'Université de Douala',
      FORMATION_TYPE: 'INITIAL',
      CYCLE: fixture.entrance.specialities[0]!.CYCLE_NAME,
      firstChoiceId: specialityOf(fixture.entrance, fixture.first),
      secondChoiceId: fixture.second ? specialityOf(fixture.entrance, fixture.second) : null,
      FATHER_NAME: 'Jean Father',
      FATHER_JOB: 'Trader',
      FATHER_CONTACT: '+237699000001',
      FATHER_REGION_ORIGIN: 'Littoral',
      MOTHER_NAME: 'Marie Mother',
      MOTHER_JOB: 'Nurse',
      MOTHER_CONTACT: '+237699000002',
      MOTHER_REGION_ORIGIN: 'Littoral',
      EMERGENCY_NAME: 'Marie Mother',
      EMERGENCY_CONTACT: '+237699000002',
      language: fixture.language ?? 'en',
      HAS_PAID: fixture.paid ?? false,
      paidAt: fixture.paid ? createdAt : null,
      ...(fixture.decision
        ? {
            decision: fixture.decision.decision,
            decisionSpecialityId: fixture.decision.speciality ? specialityOf(fixture.entrance, fixture.decision.speciality) : null,
            decidedAt: createdAt,
          }
        : {}),
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: candidates.id, number: candidates.CANDIDATE_NUMBER });
  for (const [kind, status] of Object.entries(fixture.documents ?? {}) as [CandidateDocumentKind, string][]) {
    const { data, mime } = DOCUMENT_BYTES[kind];
    const storageKey = `candidates/${row!.id}/${kind.toLowerCase()}-${randomBytes(6).toString('hex')}`;
    await t.app.ctx.storage.put(storageKey, data);
    await t.db.insert(candidateDocuments).values({
      candidateId: row!.id,
      kind,
      sha256: createHash('sha256').update(data).digest('hex'),
      mime,
      size: data.length,
      storageKey,
      originalName: `${kind.toLowerCase()}.${mime === 'application/pdf' ? 'pdf' : 'png'}`,
      status: status as 'SUBMITTED',
      note: status === 'REPLACE_REQUESTED' ? 'Blurred' : null,
      uploadedAt: createdAt,
      checkedAt: status === 'CHECKED' ? createdAt : null,
    });
  }
  return { id: row!.id, number: row!.number, email };
}

/** A candidate's decision columns, as stored. */
export async function decisionsOf(t: TestApp, ids: readonly number[]) {
  const rows = await t.db
    .select({ id: candidates.id, decision: candidates.decision, specialityId: candidates.decisionSpecialityId, decidedAt: candidates.decidedAt })
    .from(candidates)
    .where(inArray(candidates.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A candidate's number. */
export async function numberOf(t: TestApp, id: number): Promise<string> {
  const [row] = await t.db.select({ number: candidates.CANDIDATE_NUMBER }).from(candidates).where(eq(candidates.id, id));
  return row!.number;
}
