import { eq, sql } from 'drizzle-orm';
import {
  keepPayModeFields,
  missingFields,
  payFieldUse,
  PROFILE_SECTIONS,
  sectionOfField,
  type PersonRecord,
  type RegistrationState,
  type SavedSection,
} from '@portal/contract';
import type { Tx } from '../../db/client';
import { banks, children, persons, profiles } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { composeMail } from '../../lib/mail';
import { languageOfPerson, loadPersonRecord, toPersonRecord, type RecordRow } from '../../lib/person-record';
import { fileTransaction } from '../../lib/uploads';
import { removeColumnFile, storeColumnFile } from './registration-files.service';
import { lockForEdit, lockPerson } from './registration-lock';

/** Fields kept on the registry row itself; every other section field lives in `profiles`. */
const PERSON_FIELDS = new Set(['FIRSTNAME', 'LASTNAME', 'GENDER', 'BIRTHDATE', 'BIRTHPLACE', 'COUNTRY', 'STATUS']);
/** Handled apart from the plain columns. */
const SPECIAL_FIELDS = new Set(['STUDENT_ID', 'CHILDREN', 'IDENTITY1', 'IDENTITY2']);
/** Kept for officers (civil servants) only. */
const OFFICER_FILES = ['PRESENCE_ATTEST', 'MINISTERIAL_DECREE'] as const;

export interface SaveSectionInput {
  personId: number;
  actor: Actor;
  section: SavedSection;
  values: Record<string, unknown>;
  /** the passport variant of the identification section */
  passport?: boolean;
  /** why the human resources service changed someone else's data */
  reason?: string;
  meta: RequestMeta;
}

/** The values a section writes, after the rules that tie fields together. */
async function prepare(tx: Tx, input: SaveSectionInput): Promise<Record<string, unknown>> {
  const v: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input.values)) if (!SPECIAL_FIELDS.has(key) && value !== undefined) v[key] = value;
  switch (input.section) {
    case 'identification':
      if (input.passport) v.IDENTIFICATION = 'PASSPORT';
      break;
    case 'familial':
      if (v.CIVILSTATUS !== 'Married') Object.assign(v, { SPFIRSTNAME: null, SPLASTNAME: null, SPBIRTHDATE: null });
      break;
    case 'fiscal':
      if (v.NIU) v.NIU_MISSING = false;
      if (v.CNPSYN === false) v.CNPSNUM = null;
      break;
    case 'last-job':
      if (v.LASTJOBSTILL === true) v.LASTJOBEND = null;
      break;
    case 'pay-mode': {
      // the chosen mode's data only (decision 0020): a save clears the other modes' data
      Object.assign(v, keepPayModeFields(v));
      if (payFieldUse(v.PAYMODE, 'BANK_CODE') && v.BANK_CODE) {
        const [bank] = await tx
          .select()
          .from(banks)
          .where(eq(banks.code, String(v.BANK_CODE)));
        if (bank?.microfinance) throw new AppError('MICROFINANCE_REFUSED', { fields: { BANK_CODE: 'validation.microfinance' } });
      }
      break;
    }
    default:
      break;
  }
  return v;
}

type Row = Record<string, unknown>;
const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Saves one section of a person's HR data; answers the updated record. */
export async function saveSection(ctx: ServiceContext, input: SaveSectionInput): Promise<PersonRecord> {
  const now = ctx.clock.now();
  // The human resources service's corrections (someone else's, or with a reason) keep the values and the reason.
  const byOther = input.actor.id !== input.personId || Boolean(input.reason);
  // A file transaction: stored ID images are removed if the save fails, released files once it commits.
  await fileTransaction(ctx, async (tx) => {
    const person = await lockForEdit(tx, input.personId, input.actor, input.reason);
    if (input.section === 'status' && person.KIND !== 'STAFF') throw new AppError('FORBIDDEN');
    const values = await prepare(tx, input);
    const [current] = await tx.select().from(profiles).where(eq(profiles.personId, input.personId));
    const before: Row = { ...(current ?? {}), ...person };

    const personPatch: Row = {};
    const profilePatch: Row = {};
    for (const [key, value] of Object.entries(values)) (PERSON_FIELDS.has(key) ? personPatch : profilePatch)[key] = value;

    if (Object.keys(personPatch).length)
      await tx
        .update(persons)
        .set({ ...personPatch, updatedAt: now })
        .where(eq(persons.id, input.personId));
    const saved = sql`coalesce(${profiles.sectionsSaved}, '{}'::jsonb) || ${JSON.stringify({ [input.section]: now.toISOString() })}::jsonb`;
    await tx
      .insert(profiles)
      .values({ personId: input.personId, ...profilePatch, sectionsSaved: { [input.section]: now.toISOString() }, updatedAt: now })
      .onConflictDoUpdate({ target: profiles.personId, set: { ...profilePatch, sectionsSaved: saved, updatedAt: now } });

    if (input.section === 'familial' && input.values.CHILDREN) {
      await tx.delete(children).where(eq(children.personId, input.personId));
      const list = input.values.CHILDREN as { FIRSTNAME: string; LASTNAME: string; BIRTHDATE: string | null }[];
      if (list.length) await tx.insert(children).values(list.map((c, position) => ({ personId: input.personId, position, ...c })));
    }
    if (input.section === 'identification') {
      for (const col of ['IDENTITY1', 'IDENTITY2'] as const) {
        const data = input.values[col];
        if (typeof data === 'string') {
          await storeColumnFile(ctx, tx, { personId: input.personId, col, data });
        }
      }
    }
    if (input.section === 'financial' && values.ACTIVITY_PRINCIPAL !== 'OFFICER') {
      // Only officers (civil servants) keep a ministerial decree and a presence certificate.
      for (const col of OFFICER_FILES) if (current?.[col]) await removeColumnFile(ctx, tx, input.personId, col);
    }

    const changed = Object.keys(values).filter((k) => !same(before[k], values[k]));
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: byOther ? 'profile.changed-by-hr' : 'profile.section-saved',
      targetType: 'person',
      targetId: input.personId,
      ip: input.meta.ip,
      details: byOther
        ? { section: input.section, reason: input.reason ?? null, changes: Object.fromEntries(changed.map((k) => [k, [before[k] ?? null, values[k] ?? null]])) }
        : { section: input.section, fields: changed },
    });
  });
  const record = await loadPersonRecord(ctx.db, input.personId);
  if (!record) throw new AppError('NOT_FOUND');
  return record;
}

/** Per section: when it was saved and what it still misses; and everything missing. Built from a record's row, with no query. */
export function registrationState(row: RecordRow): RegistrationState {
  const record = toPersonRecord(row);
  const sectionsSaved = row.profile?.sectionsSaved ?? {};
  const missing = missingFields(record);
  return {
    ACTIVED: record.ACTIVED,
    CLOSED_AT: record.CLOSED_AT,
    sections: PROFILE_SECTIONS.map((section) => ({
      section,
      savedAt: sectionsSaved[section] ?? (section === 'documents' && record.CV_LINK ? record.updatedAt : null),
      missing: missing.filter((f) => sectionOfField(f) === section),
    })),
    missing,
  };
}

/** Closes the registration when nothing mandatory is missing; the data is then locked. */
export async function closeRegistration(
  ctx: ServiceContext,
  input: { personId: number; actor: Actor; meta: RequestMeta },
): Promise<{ ACTIVED: true; message: string; CLOSED_AT: string }> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    // Closing a closed registration again changes nothing and answers as the first time.
    const person = await lockPerson(tx, input.personId);
    if (person.KIND !== 'STAFF') throw new AppError('FORBIDDEN');
    const record = await loadPersonRecord(tx, input.personId);
    if (person.registrationClosedAt) return { closedAt: person.registrationClosedAt.toISOString(), fresh: false };
    const missing = missingFields(record!);
    if (missing.length) throw new AppError('CLOSURE_FAILED', { columns: missing });
    await tx.update(persons).set({ registrationClosedAt: now, updatedAt: now }).where(eq(persons.id, input.personId));
    await audit(tx, { at: now, actorId: input.actor.id, action: 'registration.closed', targetType: 'person', targetId: input.personId, ip: input.meta.ip });
    if (record!.EMAIL) {
      const lang = await languageOfPerson(tx, input.personId);
      await ctx.mailer.enqueue(
        tx,
        composeMail(lang, {
          to: record!.EMAIL,
          name: `${record!.FIRSTNAME} ${record!.LASTNAME}`,
          kind: 'registration-closed',
          key: 'registrationClosed',
          vars: { matricule: record!.MATRICULE },
        }),
      );
    }
    return { closedAt: now.toISOString(), fresh: true };
  });
  if (result.fresh) ctx.mailer.kick();
  return { ACTIVED: true, message: 'Registration completed', CLOSED_AT: result.closedAt };
}

/** The human resources service reopens a closed registration, saying why. */
export async function reopenRegistration(
  ctx: ServiceContext,
  input: { personId: number; actor: Actor; reason: string; meta: RequestMeta },
): Promise<PersonRecord> {
  const now = ctx.clock.now();
  const reopened = await ctx.db.transaction(async (tx) => {
    const person = await lockForEdit(tx, input.personId, input.actor, input.reason);
    if (!person.registrationClosedAt) throw new AppError('VALIDATION_FAILED', { fields: { _: 'validation.notClosed' } });
    await tx.update(persons).set({ registrationClosedAt: null, updatedAt: now }).where(eq(persons.id, input.personId));
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'registration.reopened',
      targetType: 'person',
      targetId: input.personId,
      ip: input.meta.ip,
      details: { reason: input.reason },
    });
    const record = await loadPersonRecord(tx, input.personId);
    if (record?.EMAIL) {
      const lang = await languageOfPerson(tx, input.personId);
      await ctx.mailer.enqueue(
        tx,
        composeMail(lang, {
          to: record.EMAIL,
          name: `${record.FIRSTNAME} ${record.LASTNAME}`,
          kind: 'registration-reopened',
          key: 'registrationReopened',
          vars: { reason: input.reason },
        }),
      );
    }
    return record!;
  });
  ctx.mailer.kick();
  return reopened;
}
