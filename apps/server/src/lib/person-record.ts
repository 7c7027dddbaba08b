import { eq, sql } from 'drizzle-orm';
import { FILE_COLUMNS, ProfileFields, type PersonRecord } from '@portal/contract';
import type { Db, Executor } from '../db/client';
import { accounts, identifications, persons, profiles, settings, type Account, type Person, type Profile } from '../db/schema';
import { frozenAnswer } from './frozen-answer';
import type { Lang } from './i18n';

type SettingsValues = Record<string, string | number | boolean | null> | null | undefined;
type ChildJson = { FIRSTNAME: string; LASTNAME: string; BIRTHDATE: string | null };

export function languageOf(values: SettingsValues): Lang {
  return values?.LANGUAGE === 'fr' ? 'fr' : 'en';
}

/** Where a stored file is served (to its owner and the back office only). */
export const fileUrl = (id: string | null | undefined) => (id ? `/api/files/${id}` : null);

const FILES = new Set<string>(FILE_COLUMNS);
const PROFILE_KEYS = Object.keys(ProfileFields.shape).filter((k) => k !== 'CHILDREN' && k !== 'CLOSED_AT') as (keyof Profile & keyof ProfileFields)[];

/** A person as lists show them: matricule, names and staff category. */
export const personNameColumns = { MATRICULE: persons.MATRICULE, FIRSTNAME: persons.FIRSTNAME, LASTNAME: persons.LASTNAME, STATUS: persons.STATUS };

/** The registration is closed (the record's ACTIVED), in SQL. */
export const registrationClosed = sql<boolean>`(${persons.registrationClosedAt} is not null)`;

/** A person's children as JSON, ordered, read in the same statement as the person. */
export const childrenJson = sql<
  ChildJson[]
>`(select coalesce(json_agg(json_build_object('FIRSTNAME', c.firstname, 'LASTNAME', c.lastname, 'BIRTHDATE', c.birthdate) order by c.position), '[]'::json) from children c where c.person_id = ${persons.id})`;

/** What a record shows of the identification: whether it is complete and the photo (never the fingerprints). */
export const identificationColumns = { completedAt: identifications.completedAt, photoFileId: identifications.photoFileId };

/** The columns of everything a record is made of; select them and pass the row to toPersonRecord. */
export const recordColumns = {
  person: persons,
  account: accounts,
  settings: settings.values,
  profile: profiles,
  children: childrenJson,
  identification: identificationColumns,
};

export interface RecordRow {
  person: Person;
  account: Account | null;
  settings: SettingsValues | null;
  profile: Profile | null;
  children: ChildJson[] | string | null;
  identification: { completedAt: Date | null; photoFileId: string | null } | null;
}

/** The user record with the specification's field names; never a hash or a token; files as URLs. */
export function toPersonRecord(row: RecordRow): PersonRecord {
  const { person, account, profile } = row;
  const profileFields = Object.fromEntries(
    PROFILE_KEYS.map((k) => {
      const value = profile?.[k] ?? null;
      return [k, FILES.has(k) ? fileUrl(value as string | null) : value];
    }),
  ) as Omit<ProfileFields, 'CHILDREN' | 'CLOSED_AT'>;
  const children = typeof row.children === 'string' ? (JSON.parse(row.children) as ChildJson[]) : (row.children ?? []);
  return {
    id: person.id,
    STUDENT_ID: person.id,
    MATRICULE: person.MATRICULE,
    USERNAME: account?.username ?? null,
    KIND: person.KIND,
    ROLES: person.ROLES as PersonRecord['ROLES'],
    STATUS: person.STATUS,
    ACTIVED: person.registrationClosedAt !== null,
    FIRSTNAME: person.FIRSTNAME,
    LASTNAME: person.LASTNAME,
    GENDER: person.GENDER,
    BIRTHDATE: person.BIRTHDATE,
    BIRTHPLACE: person.BIRTHPLACE,
    COUNTRY: person.COUNTRY,
    EMAIL: account?.email ?? person.EMAIL,
    EMAIL_VERIFIED: Boolean(account?.emailVerifiedAt),
    PHONE_NUMBER: person.PHONE_NUMBER,
    LANGUAGE: languageOf(row.settings ?? undefined),
    IDENTIFIED: Boolean(row.identification?.completedAt),
    PHOTO_LINK: fileUrl(row.identification?.photoFileId),
    createdAt: person.createdAt.toISOString(),
    updatedAt: person.updatedAt.toISOString(),
    ...profileFields,
    CHILDREN: children,
    CLOSED_AT: person.registrationClosedAt?.toISOString() ?? null,
  };
}

export function recordQuery(exec: Executor | Db) {
  return exec
    .select(recordColumns)
    .from(persons)
    .leftJoin(accounts, eq(accounts.personId, persons.id))
    .leftJoin(settings, eq(settings.personId, persons.id))
    .leftJoin(profiles, eq(profiles.personId, persons.id))
    .leftJoin(identifications, eq(identifications.personId, persons.id));
}

export async function loadPersonRecord(exec: Executor, personId: number): Promise<PersonRecord | null> {
  const [row] = await recordQuery(exec).where(eq(persons.id, personId)).limit(1);
  return row ? toPersonRecord(row) : null;
}

/**
 * The records made from session rows, kept with the row: the row the session cache keeps is never
 * changed in place (a change forgets it, and the next lookup reads a new one), so its record is the
 * same for each of the person's requests until then (lib/frozen-answer.ts).
 */
const recordsOfRows = new WeakMap<RecordRow, PersonRecord>();

/** The signed-in person's own record, from what the session lookup already read (frozen, made once per row). */
export function ownRecordOf(row: RecordRow): PersonRecord {
  let record = recordsOfRows.get(row);
  if (!record) {
    record = frozenAnswer(toPersonRecord(row));
    recordsOfRows.set(row, record);
  }
  return record;
}

/** The signed-in person's own record, from what the session lookup already read. */
export function ownRecord(request: { sessionRow: RecordRow }): PersonRecord {
  return ownRecordOf(request.sessionRow);
}

export async function languageOfPerson(exec: Executor, personId: number): Promise<Lang> {
  const [row] = await exec.select({ values: settings.values }).from(settings).where(eq(settings.personId, personId));
  return languageOf(row?.values);
}
