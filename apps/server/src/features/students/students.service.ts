import { and, eq, or, sql } from 'drizzle-orm';
import {
  keepStudentSectionFields,
  STUDENT_PROFILE_SECTIONS,
  studentSectionFields,
  StudentProfileFields,
  V,
  type StudentDocument,
  type StudentFile,
  type StudentProfileSection,
  type StudentSectionValues,
} from '@portal/contract';
import { UPLOAD_EXTENSIONS, type UploadType } from '@portal/contract/rules';
import type { Db, Executor } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { accounts, countries, files, persons, studentDocuments, studentProfiles, type FileRow, type Person } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { keptAnswer } from '../../lib/kept-answers';
import { fileUrl } from '../../lib/person-record';
import { safeFileName } from '../../lib/uploads';

type StudentProfileRow = typeof studentProfiles.$inferSelect;
type StudentDocumentRow = typeof studentDocuments.$inferSelect;
type ProfilePatch = Partial<typeof studentProfiles.$inferInsert>;

const PROFILE_KEYS = Object.keys(StudentProfileFields.shape) as (keyof StudentProfileFields & keyof StudentProfileRow)[];

/**
 * Locks the student's person row for the rest of the transaction: every change to a student's file
 * (a section, an upload, a removal) goes through here, so that the per-kind limit of documents and
 * the single CV and birth certificate hold under concurrent requests. Someone who is not a student
 * has no student file (404).
 */
export async function lockStudent(tx: Executor, personId: number): Promise<Person> {
  const [person] = await tx.select().from(persons).where(eq(persons.id, personId)).for('update');
  if (!person || person.KIND !== 'STUDENT') throw new AppError('NOT_FOUND');
  return person;
}

// ---------------------------------------------------------------- reading

/** A saved section field as the file answers it: the grade (numeric) as a number, booleans and lists with their defaults. */
function toProfileFields(row: StudentProfileRow | null): StudentProfileFields {
  const fields = Object.fromEntries(PROFILE_KEYS.map((key) => [key, row?.[key] ?? null])) as Record<string, unknown>;
  fields.ADMISSION_DIPLOMA_GRADE = row?.ADMISSION_DIPLOMA_GRADE == null ? null : Number(row.ADMISSION_DIPLOMA_GRADE);
  fields.IS_HANDICAPED = row?.IS_HANDICAPED ?? false;
  fields.IS_SPORTIVE = row?.IS_SPORTIVE ?? false;
  fields.IS_SPORTIVE_COMPETITOR = row?.IS_SPORTIVE_COMPETITOR ?? false;
  fields.OTHER_LANGUAGES = row?.OTHER_LANGUAGES ?? [];
  return fields as StudentProfileFields;
}

/** A document as the file lists it, with its stored file's type, size and served name. */
export function toStudentDocument(row: StudentDocumentRow, file: Pick<FileRow, 'id' | 'mime' | 'size' | 'originalName'>): StudentDocument {
  return {
    id: row.id,
    KIND: row.kind,
    LABEL: row.label,
    YEAR: row.year,
    FILE: fileUrl(file.id)!,
    NAME: safeFileName(file.originalName, UPLOAD_EXTENSIONS[file.mime as UploadType] ?? 'bin'),
    MIME: file.mime,
    SIZE: file.size,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A student's documents with their stored files, oldest first, as JSON: read in the same statement as the file (one round trip). */
type DocumentJson = {
  id: number;
  kind: StudentDocumentRow['kind'];
  label: string | null;
  year: number | null;
  createdAt: string;
  fileId: string;
  mime: string;
  size: number;
  originalName: string | null;
};
const documentsJson = sql<
  DocumentJson[]
>`(select coalesce(json_agg(json_build_object('id', d.id, 'kind', d.kind, 'label', d.label, 'year', d.year, 'createdAt', d.created_at, 'fileId', f.id, 'mime', f.mime, 'size', f.size, 'originalName', f.original_name) order by d.created_at, d.id), '[]'::json) from ${studentDocuments} d join ${files} f on f.id = d.file_id where d.person_id = ${persons.id})`;

/**
 * A student's whole file, as one statement prepared once per database: its SQL is built once, not
 * on every read of the file (drizzle's building was more than half of such a read's time). It is
 * only run on the database, never in a transaction: a prepared statement belongs to the database.
 */
function buildStudentFile(db: Db) {
  return db
    .select({ person: persons, accountEmail: accounts.email, profile: studentProfiles, documents: documentsJson })
    .from(persons)
    .leftJoin(accounts, eq(accounts.personId, persons.id))
    .leftJoin(studentProfiles, eq(studentProfiles.personId, persons.id))
    .where(and(eq(persons.id, sql.placeholder('person')), eq(persons.KIND, 'STUDENT')))
    .prepare('student_file');
}
const studentFileStatement = perDatabase(buildStudentFile);

/** The whole file of a student (null for anyone who is not a student): identity, sections, when each was saved, documents. */
export async function loadStudentFile(db: Db, personId: number): Promise<StudentFile | null> {
  const [row] = await studentFileStatement(db).execute({ person: personId });
  if (!row) return null;
  const { person, profile } = row;
  const saved = profile?.sectionsSaved ?? {};
  // PGlite hands json back parsed, node-postgres too; a string is parsed all the same.
  const documents = (typeof row.documents === 'string' ? (JSON.parse(row.documents) as DocumentJson[]) : row.documents).map((d) =>
    toStudentDocument(
      { id: d.id, personId, kind: d.kind, label: d.label, year: d.year, fileId: d.fileId, createdAt: new Date(d.createdAt) },
      { id: d.fileId, mime: d.mime, size: d.size, originalName: d.originalName },
    ),
  );
  return {
    identity: {
      id: person.id,
      MATRICULE: person.MATRICULE,
      FIRSTNAME: person.FIRSTNAME,
      LASTNAME: person.LASTNAME,
      BIRTHDATE: person.BIRTHDATE,
      BIRTHPLACE: person.BIRTHPLACE,
      GENDER: person.GENDER,
      EMAIL: row.accountEmail ?? person.EMAIL,
    },
    profile: toProfileFields(profile),
    sectionsSaved: Object.fromEntries(STUDENT_PROFILE_SECTIONS.map((section) => [section, saved[section] ?? null])) as StudentFile['sectionsSaved'],
    documents,
  };
}

/** What a student's file reads (its statement's joins and its documents' subquery). */
const STUDENT_FILE_TABLES = [persons, accounts, studentProfiles, studentDocuments, files];

/**
 * `GET /students/profile` (one's own) and `/students/profile/{id}` (the human resources service,
 * `persons.readFull`: the route has checked it). A read of someone else's file, which carries the
 * parents' contacts and a disability, is written to the audit log. The file is kept until one of
 * its tables changes (docs/performance.md, kept answers); the audit is written on every read.
 */
export async function readStudentFile(ctx: ServiceContext, input: { personId: number; actor: Actor; meta: RequestMeta }): Promise<StudentFile> {
  const file = await keptAnswer(ctx, { name: 'students.file', of: { person: input.personId }, tables: STUDENT_FILE_TABLES }, async () => {
    const loaded = await loadStudentFile(ctx.db, input.personId);
    if (!loaded) throw new AppError('NOT_FOUND');
    return loaded;
  });
  if (input.personId !== input.actor.id) {
    await audit(ctx.db, {
      at: ctx.clock.now(),
      actorId: input.actor.id,
      action: 'studentFile.read',
      targetType: 'person',
      targetId: input.personId,
      ip: input.meta.ip,
    });
  }
  return file;
}

// ---------------------------------------------------------------- saving a section

/** A country of the reference list named by its English or French name or its code: its English name, as the registry keeps countries. */
async function countryOfList(exec: Executor, typed: string): Promise<string | null> {
  const value = typed.trim().toLowerCase();
  const [row] = await exec
    .select({ name: countries.nameEn })
    .from(countries)
    .where(or(sql`lower(${countries.nameEn}) = ${value}`, sql`lower(${countries.nameFr}) = ${value}`, sql`lower(${countries.code}) = ${value}`))
    .limit(1);
  return row?.name ?? null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `PATCH /students/profile/{section}`: saves one section of the student's own file (the values the
 * contract's schema checked), marks it saved, and leaves every other section as it was. The fields a
 * choice hides are cleared (keepStudentSectionFields); the country of the diploma must be one of the
 * reference list. Audited with the names of the fields that changed (never their values).
 */
export async function saveStudentSection<S extends StudentProfileSection>(
  ctx: ServiceContext,
  input: { personId: number; actor: Actor; section: S; values: StudentSectionValues<S>; meta: RequestMeta },
): Promise<StudentFile> {
  const { personId, section } = input;
  const fields = studentSectionFields(section);
  const kept = keepStudentSectionFields(section, input.values) as Record<string, unknown>;
  const patch: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field, kept[field] ?? null]));
  if (section === 'admission') {
    const country = await countryOfList(ctx.db, String(patch.COUNTRY_OBTENTION));
    if (!country) throw validationError({ COUNTRY_OBTENTION: V.country });
    patch.COUNTRY_OBTENTION = country;
    if (typeof patch.ADMISSION_DIPLOMA_GRADE === 'number') patch.ADMISSION_DIPLOMA_GRADE = patch.ADMISSION_DIPLOMA_GRADE.toFixed(2);
  }
  if (section === 'languages') patch.OTHER_LANGUAGES = kept.OTHER_LANGUAGES ?? [];

  await ctx.db.transaction(async (tx) => {
    await lockStudent(tx, personId);
    const [before] = await tx.select().from(studentProfiles).where(eq(studentProfiles.personId, personId));
    const now = ctx.clock.now();
    const values = patch as ProfilePatch;
    const saved = sql`${studentProfiles.sectionsSaved} || ${JSON.stringify({ [section]: now.toISOString() })}::jsonb`;
    await tx
      .insert(studentProfiles)
      .values({ ...values, personId, sectionsSaved: { [section]: now.toISOString() }, updatedAt: now })
      .onConflictDoUpdate({ target: studentProfiles.personId, set: { ...values, sectionsSaved: saved, updatedAt: now } });
    const shown = toProfileFields(before ?? null) as Record<string, unknown>;
    const comparable = toProfileFields({ ...(before ?? {}), ...values } as StudentProfileRow) as Record<string, unknown>;
    const changed = fields.filter((field) => !same(shown[field], comparable[field]));
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'studentFile.section-saved',
      targetType: 'person',
      targetId: personId,
      ip: input.meta.ip,
      details: { section, fields: changed },
    });
  });
  const file = await loadStudentFile(ctx.db, personId);
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}
