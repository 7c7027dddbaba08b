import { eq } from 'drizzle-orm';
import type { PersonRecord } from '@portal/contract';
import type { Executor } from '../../db/client';
import { accounts, persons, settings, type Account, type Person } from '../../db/schema';
import type { Lang } from '../../lib/i18n';

type SettingsValues = Record<string, string | number | boolean | null> | undefined;

export function languageOf(values: SettingsValues): Lang {
  return values?.LANGUAGE === 'fr' ? 'fr' : 'en';
}

/** The user record with the specification's field names; never a hash or a token. */
export function toPersonRecord(person: Person, account: Account | null, values: SettingsValues): PersonRecord {
  return {
    id: person.id,
    STUDENT_ID: person.id,
    MATRICULE: person.MATRICULE,
    USERNAME: account?.username ?? null,
    KIND: person.KIND,
    ROLES: person.ROLES as PersonRecord['ROLES'],
    STATUS: person.STATUS,
    ACTIVED: person.ACTIVED,
    FIRSTNAME: person.FIRSTNAME,
    LASTNAME: person.LASTNAME,
    GENDER: person.GENDER,
    BIRTHDATE: person.BIRTHDATE,
    BIRTHPLACE: person.BIRTHPLACE,
    COUNTRY: person.COUNTRY,
    EMAIL: account?.email ?? person.EMAIL,
    EMAIL_VERIFIED: Boolean(account?.emailVerifiedAt),
    PHONE_NUMBER: person.PHONE_NUMBER,
    LANGUAGE: languageOf(values),
    createdAt: person.createdAt.toISOString(),
    updatedAt: person.updatedAt.toISOString(),
  };
}

/** The signed-in person's own record, from what the session lookup already read. */
export function ownRecord(request: { person: Person; account: Account | null; settingsValues: SettingsValues }): PersonRecord {
  return toPersonRecord(request.person, request.account, request.settingsValues);
}

export async function loadPersonRecord(exec: Executor, personId: number): Promise<PersonRecord | null> {
  const [row] = await exec
    .select({ person: persons, account: accounts, values: settings.values })
    .from(persons)
    .leftJoin(accounts, eq(accounts.personId, persons.id))
    .leftJoin(settings, eq(settings.personId, persons.id))
    .where(eq(persons.id, personId))
    .limit(1);
  return row ? toPersonRecord(row.person, row.account, row.values ?? undefined) : null;
}

export async function languageOfPerson(exec: Executor, personId: number): Promise<Lang> {
  const [row] = await exec.select({ values: settings.values }).from(settings).where(eq(settings.personId, personId));
  return languageOf(row?.values);
}
