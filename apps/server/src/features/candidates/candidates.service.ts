// Entrance candidates (issue 14, decision 42): the open entrances the public reads, and the anonymous
// registration (`POST /candidate`). The candidate's file is read by candidate-file.service.ts, the
// mailed links by candidate-links.service.ts, the documents and the slip by candidate-documents.service.ts.
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  CANDIDATE_CODE_TTL_SECONDS,
  isEntranceOpen,
  universityDayOf,
  type CandidateCreateValues,
  type CandidateRegistrationAccepted,
  type Entrance,
  type EntranceSpeciality,
  V,
} from '@portal/contract';
import type { Db, Executor } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { branches, candidateLinks, candidates, countries, cycles, entrances, entranceSpecialities, mailOutbox } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { randomToken } from '../../lib/crypto';
import { AppError, validationError } from '../../lib/errors';
import { keptAnswer } from '../../lib/kept-answers';
import { OUTBOX_ROW_KEYS } from '../../lib/mail';
import { brokenConstraint, isUniqueViolation, placeholdersOf, placeholderValues } from '../../lib/sql';
import { consumeWithin } from '../../lib/throttle';
import { CANDIDATE_LINK_ROW_KEYS, mailLinksTo, newCandidateLink, newCandidateProof, registrationMail } from './candidate-links.service';

type EntranceRow = typeof entrances.$inferSelect;

/** Whether an entrance takes registrations on a university day (the contract's rule on a row). */
const openOn = (entrance: Pick<EntranceRow, 'closedAt' | 'registrationLimitDate'>, today: string): boolean =>
  isEntranceOpen({ closedAt: entrance.closedAt?.toISOString() ?? null, registrationLimitDate: entrance.registrationLimitDate }, today);

/** A speciality as an entrance lists it: its branch's and cycle's names. */
const specialityColumns = {
  entranceId: entranceSpecialities.entranceId,
  SPECIALITY_ID: entranceSpecialities.id,
  SPECIALITY_DESCRIPTION: branches.name,
  SPECIALITY_DESCRIPTION_FR: branches.nameFr,
  SPECIALITY_CODE: branches.abbreviation,
  CYCLE_ID: cycles.id,
  CYCLE_NAME: cycles.name,
  CYCLE_NAME_FR: cycles.nameFr,
};
/** The specialities with their branch's and cycle's names: add a where and the order. */
const specialitiesFrom = (exec: Executor) =>
  exec
    .select(specialityColumns)
    .from(entranceSpecialities)
    .innerJoin(cycles, eq(cycles.id, entranceSpecialities.cycleId))
    .innerJoin(branches, eq(branches.id, entranceSpecialities.branchId));
/** The order of an entrance's specialities: by cycle, then branch abbreviation. */
const specialityOrder = [asc(cycles.firstLevel), asc(cycles.id), asc(branches.abbreviation)] as const;

/** Specialities rows by entrance: every id named has a list, maybe empty; the rows of other entrances are left out. */
function specialitiesByEntrance(
  entranceIds: readonly number[],
  rows: readonly ({ entranceId: number } & EntranceSpeciality)[],
): Map<number, EntranceSpeciality[]> {
  const byEntrance = new Map<number, EntranceSpeciality[]>(entranceIds.map((id) => [id, []]));
  for (const { entranceId, ...speciality } of rows) byEntrance.get(entranceId)?.push(speciality);
  return byEntrance;
}

/** The specialities of these entrances with their branch's and cycle's names, by entrance (every id named has a list, maybe empty), by cycle then branch abbreviation. */
export async function specialitiesOf(exec: Executor, entranceIds: readonly number[]): Promise<Map<number, EntranceSpeciality[]>> {
  if (!entranceIds.length) return specialitiesByEntrance(entranceIds, []);
  const rows = await specialitiesFrom(exec)
    .where(inArray(entranceSpecialities.entranceId, [...entranceIds]))
    .orderBy(...specialityOrder);
  return specialitiesByEntrance(entranceIds, rows);
}

/** An entrance as the public reads it (the contract's Entrance), OPEN on `today` (university time), with its specialities. */
const toPublicEntrance = (row: EntranceRow, today: string, specialities: Map<number, EntranceSpeciality[]>): Entrance => ({
  Entrance_ID: row.id,
  Entrance_Name: row.name,
  Year_Name: row.yearName,
  School_Name: row.schoolName,
  Entrance_Registration_Amount: row.amount,
  Entrance_Registration_Limit_Date: row.registrationLimitDate,
  Entrance_Evaluation_Begin_Date: row.evaluationBeginDate,
  Entrance_Evaluation_End_Date: row.evaluationEndDate,
  OPEN: openOn(row, today),
  specialities: specialities.get(row.id) ?? [],
});

/** Entrances as the public reads them (the contract's Entrance), in the order given, OPEN on `today` (university time), each with its specialities. */
export async function publicEntrances(exec: Executor, rows: readonly EntranceRow[], today: string): Promise<Entrance[]> {
  const specialities = await specialitiesOf(
    exec,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPublicEntrance(row, today, specialities));
}

/**
 * The reads of `GET /entrances`, as statements prepared once per database: the public reads the
 * list on every visit of the registration page, and drizzle's building of its SQL was more than
 * half of the request's time. Both select the entrances open on `today` (a university day, so the
 * values change once a day, not every instant); the specialities are those of every such entrance
 * (one statement whatever their number).
 */
function buildOpenEntrancesStatements(db: Db) {
  const open = and(isNull(entrances.closedAt), gte(entrances.registrationLimitDate, sql.placeholder('today')));
  return {
    entrances: db
      .select()
      .from(entrances)
      .where(open)
      .orderBy(asc(entrances.registrationLimitDate), asc(entrances.name), asc(entrances.id))
      .prepare('entrances_open'),
    specialities: specialitiesFrom(db)
      .innerJoin(entrances, eq(entrances.id, entranceSpecialities.entranceId))
      .where(open)
      .orderBy(...specialityOrder)
      .prepare('entrances_open_specialities'),
  };
}
const openEntrancesStatements = perDatabase(buildOpenEntrancesStatements);

/** What the open entrances read (the entrances, and their specialities with the branch's and cycle's names). */
const OPEN_ENTRANCES_TABLES = [entrances, entranceSpecialities, cycles, branches];

/**
 * `GET /entrances`: the entrances that take registrations today (university time): not closed and
 * their deadline not past, by deadline then name, each with the specialities it offers per cycle.
 * The contract's rule (openOn) still decides which rows are open; the database only reads fewer.
 * Kept until an entrance, a speciality or the catalogue changes (docs/performance.md, kept answers), per university day:
 * the day is all of the moment it depends on.
 */
export async function openEntrances(ctx: ServiceContext): Promise<Entrance[]> {
  const today = universityDayOf(ctx.clock.now());
  return keptAnswer(ctx, { name: 'entrances.open', of: [today], tables: OPEN_ENTRANCES_TABLES }, async () => {
    const statements = openEntrancesStatements(ctx.db);
    const rows = (await statements.entrances.execute({ today })).filter((row) => openOn(row, today));
    // Read after the entrances (as publicEntrances reads them), and only when some are open.
    const specialities = specialitiesByEntrance(
      rows.map((row) => row.id),
      rows.length ? await statements.specialities.execute({ today }) : [],
    );
    return rows.map((row) => toPublicEntrance(row, today, specialities));
  });
}

// ---------------------------------------------------------------- registration

/** The two digits of an entrance's year in its candidate numbers: the first year of `2026-2027`. */
export function entranceYearDigits(entrance: Pick<EntranceRow, 'yearName' | 'registrationLimitDate'>): string {
  const year = /\d{4}/.exec(entrance.yearName)?.[0] ?? entrance.registrationLimitDate.slice(0, 4);
  return year.slice(-2);
}

const sameName = (typed: string, ...names: string[]) => names.some((name) => name.trim().toLowerCase() === typed.trim().toLowerCase());

/**
 * The choices name specialities this entrance offers, each in the cycle it names (its English or
 * French name), and CYCLE is the first choice's cycle; else 400 SPECIALITY_NOT_OFFERED. Answers the
 * first choice's cycle, by its English name (what CYCLE is stored as).
 */
function checkChoices(values: CandidateCreateValues, offered: { id: number; cycleName: string; cycleNameFr: string }[]): string {
  const choices = choicesOf(values);
  const cycleOf = (choice: (typeof choices)[number]) => {
    const speciality = offered.find((row) => row.id === choice.SPECIALITY_ID);
    if (!speciality || !sameName(choice.CYCLE_NAME, speciality.cycleName, speciality.cycleNameFr)) throw new AppError('SPECIALITY_NOT_OFFERED');
    return speciality;
  };
  const [first] = choices.map(cycleOf);
  if (!sameName(values.CYCLE, first!.cycleName, first!.cycleNameFr)) throw new AppError('SPECIALITY_NOT_OFFERED');
  return first!.cycleName;
}

const choicesOf = (values: CandidateCreateValues) => [
  values.FORMATION_FIRST_CHOICE,
  ...(values.FORMATION_SECOND_CHOICE ? [values.FORMATION_SECOND_CHOICE] : []),
];
/** The names of the countries typed, as `checkStatementsOf(…).countries` takes them. */
const typedCountries = (values: Pick<CandidateCreateValues, 'COUNTRY' | 'COUNTRY_OBTENTION'>) => {
  const [first, second] = [values.COUNTRY, values.COUNTRY_OBTENTION].map((name) => name.trim().toLowerCase());
  return { first, second };
};

/**
 * What a registration checks, read at once (on PostgreSQL, on three connections), before anything is
 * checked, so that the first refusal is still the entrance's, then the choices', then the
 * countries'. Built once per database (docs/performance.md, writes from what is known); on PGlite most often answered from memory.
 */
async function registrationChecks(db: Db, values: CandidateCreateValues) {
  const statements = checkStatementsOf(db);
  const choices = choicesOf(values);
  const [[entrance], offered, countryRows] = await Promise.all([
    statements.entrance.execute({ id: values.ENTRANCE_ID }),
    statements.choices.execute({ entranceId: values.ENTRANCE_ID, first: choices[0]!.SPECIALITY_ID, second: choices.at(-1)!.SPECIALITY_ID }),
    statements.countries.execute(typedCountries(values)),
  ]);
  return { entrance, offered, countryRows };
}

const checkStatementsOf = perDatabase((db: Db) => ({
  entrance: db
    .select()
    .from(entrances)
    .where(eq(entrances.id, sql.placeholder('id')))
    .prepare('candidate_entrance'),
  /** the entrance's specialities among the two chosen (`second` is `first` again without a second choice) */
  choices: db
    .select({ id: entranceSpecialities.id, cycleName: cycles.name, cycleNameFr: cycles.nameFr })
    .from(entranceSpecialities)
    .innerJoin(cycles, eq(cycles.id, entranceSpecialities.cycleId))
    .where(
      and(
        eq(entranceSpecialities.entranceId, sql.placeholder('entranceId')),
        inArray(entranceSpecialities.id, [sql.placeholder('first'), sql.placeholder('second')]),
      ),
    )
    .prepare('candidate_choices'),
  /** the countries named, in English or French, lower-cased (`second` is `first` again when both fields name one) */
  countries: db
    .select({ nameEn: countries.nameEn, nameFr: countries.nameFr })
    .from(countries)
    .where(
      or(
        inArray(sql`lower(${countries.nameEn})`, [sql.placeholder('first'), sql.placeholder('second')]),
        inArray(sql`lower(${countries.nameFr})`, [sql.placeholder('first'), sql.placeholder('second')]),
      ),
    )
    .prepare('candidate_countries'),
}));

/**
 * COUNTRY and COUNTRY_OBTENTION are countries of the `countries` table, named in English or French
 * whatever the case; answered by their English names (how they are stored). Else 400 with
 * `validation.country` on each unknown one.
 */
function checkCountries(
  values: Pick<CandidateCreateValues, 'COUNTRY' | 'COUNTRY_OBTENTION'>,
  rows: { nameEn: string; nameFr: string }[],
): { COUNTRY: string; COUNTRY_OBTENTION: string } {
  const find = (name: string) => rows.find((row) => sameName(name, row.nameEn, row.nameFr))?.nameEn;
  const country = find(values.COUNTRY);
  const obtention = find(values.COUNTRY_OBTENTION);
  const fields: Record<string, string> = {};
  if (!country) fields.COUNTRY = V.country;
  if (!obtention) fields.COUNTRY_OBTENTION = V.country;
  if (Object.keys(fields).length) throw validationError(fields);
  return { COUNTRY: country!, COUNTRY_OBTENTION: obtention! };
}

/** The columns of a new registration, from the checked form (what the server owns is set here, never read from the form). */
function newCandidateRow(
  values: CandidateCreateValues,
  checked: { cycle: string; COUNTRY: string; COUNTRY_OBTENTION: string },
): Omit<RegisteredRow, 'id' | 'CANDIDATE_NUMBER' | 'createdAt' | 'updatedAt'> {
  return {
    entranceId: values.ENTRANCE_ID,
    LASTNAME: values.LASTNAME,
    FIRSTNAME: values.FIRSTNAME,
    BIRTHDATE: values.BIRTHDATE,
    BIRTHPLACE: values.BIRTHPLACE,
    GENDER: values.GENDER,
    EMAIL: values.EMAIL,
    PHONE_NUMBER: values.PHONE_NUMBER!,
    COUNTRY: checked.COUNTRY,
    REGION_ORIGIN: values.REGION_ORIGIN,
    DEPARTMENT: values.DEPARTMENT,
    LIVING_TOWN: values.LIVING_TOWN,
    FIRST_LANGUAGE: values.FIRST_LANGUAGE,
    SECOND_LANGUAGE: values.SECOND_LANGUAGE,
    ADMISSION_DIPLOMA: values.ADMISSION_DIPLOMA,
    ADMISSION_DIPLOMA_GRADE: values.ADMISSION_DIPLOMA_GRADE === null ? null : String(values.ADMISSION_DIPLOMA_GRADE),
    MENTION_OBTAINED: values.MENTION_OBTAINED,
    YEAR_OBTENTION: values.YEAR_OBTENTION,
    COUNTRY_OBTENTION: checked.COUNTRY_OBTENTION,
    SCHOOL_OBTENTION: values.SCHOOL_OBTENTION,
    LAST_YEAR_SITUATION: values.LAST_YEAR_SITUATION,
    LAST_YEAR_RANK: values.LAST_YEAR_RANK,
    IS_PROFESSIONAL: values.IS_PROFESSIONAL === 'YES',
    FIRST_YEAR_UNIVERSITY: values.FIRST_YEAR_UNIVERSITY,
    FIRST_YEAR_UNIVERSITY_TYPE: values.FIRST_YEAR_UNIVERSITY_TYPE,
    NAME_OF_UNIVERSITY: values.NAME_OF_UNIVERSITY,
    FORMATION_TYPE: values.FORMATION_TYPE,
    CYCLE: checked.cycle,
    firstChoiceId: values.FORMATION_FIRST_CHOICE.SPECIALITY_ID,
    secondChoiceId: values.FORMATION_SECOND_CHOICE?.SPECIALITY_ID ?? null,
    FATHER_NAME: values.FATHER_NAME,
    FATHER_JOB: values.FATHER_JOB,
    FATHER_CONTACT: values.FATHER_CONTACT!,
    FATHER_REGION_ORIGIN: values.FATHER_REGION_ORIGIN,
    MOTHER_NAME: values.MOTHER_NAME,
    MOTHER_JOB: values.MOTHER_JOB,
    MOTHER_CONTACT: values.MOTHER_CONTACT!,
    MOTHER_REGION_ORIGIN: values.MOTHER_REGION_ORIGIN,
    EMERGENCY_NAME: values.EMERGENCY_NAME,
    EMERGENCY_CONTACT: values.EMERGENCY_CONTACT!,
    IS_HANDICAPED: values.IS_HANDICAPED,
    HANDICAP_DETAILS: values.IS_HANDICAPED ? values.HANDICAP_DETAILS : null,
    IS_SPORTIVE: values.IS_SPORTIVE,
    IS_SPORTIVE_COMPETITOR: values.IS_SPORTIVE_COMPETITOR,
    FIRST_SPORT: values.FIRST_SPORT,
    language: values.LANGUAGE,
    HAS_PAID: false,
    paidAt: null,
  };
}

/** What a registration answers: the contract's answer, the same for every registration, and the attempt this browser keeps in a cookie (its code's salt). */
export interface Registration {
  answer: CandidateRegistrationAccepted;
  attempt: string;
}

/**
 * Registrations per client address and in all (decision 65), counted in one statement once the form
 * has passed its checks: past the address's limit 429 REGISTRATION_RATE_LIMITED, past everyone's 503
 * SERVER_BUSY, each with the wait. An address refused spends nothing of what everyone shares.
 */
async function limitRegistrations(ctx: ServiceContext, ip: string): Promise<void> {
  const { perAddressHour, perHour } = ctx.config.candidateRegistration;
  const { inner, outer } = await consumeWithin(
    ctx,
    { key: `candidate-registration-ip:${ip}`, limit: { limit: perAddressHour, windowSeconds: 3600 } },
    { key: 'candidate-registrations', limit: { limit: perHour, windowSeconds: 3600 } },
  );
  if (!inner.allowed) throw new AppError('REGISTRATION_RATE_LIMITED', { retryAfter: inner.retryAfter });
  if (outer && !outer.allowed) throw new AppError('SERVER_BUSY', { retryAfter: outer.retryAfter });
}

/**
 * `POST /candidate` (the form already checked: missing fields, then each field's rules). Before
 * anything is written: the entrance is open (409 ENTRANCE_CLOSED, an unknown one too), the choices
 * are its own (400 SPECIALITY_NOT_OFFERED), the countries known (400 `validation.country`), and the
 * client address within its registrations (limitRegistrations); then the row is inserted with its
 * candidate number, in one statement with its mail, its link and its code, unless the address is
 * registered for that entrance already (candidates_entrance_email_uq decides, also between two
 * submits at the same instant, and then nothing is written).
 *
 * Both answer the same (decision 65): whoever sends a registration learns neither whether the address
 * was registered nor a number. The address learns it: a new registration's mail gives the number, a
 * code and a link; an existing one's a fresh code and link (at most one a minute and five an hour,
 * silently). The code, typed in this browser (`attempt`), opens the file here. Nothing is locked but
 * the new row: a crowd registers at once.
 */
export async function registerCandidate(ctx: ServiceContext, input: { values: CandidateCreateValues; ip: string }): Promise<Registration> {
  const { values } = input;
  const now = ctx.clock.now();
  // Plain reads first: the FK of the insert keeps the entrance from going, and a registration racing
  // the office's closing began while it was open. The entrance's specialities and the countries are
  // reference data.
  const { entrance, offered, countryRows } = await registrationChecks(ctx.db, values);
  if (!entrance || !openOn(entrance, universityDayOf(now))) throw new AppError('ENTRANCE_CLOSED');
  const cycle = checkChoices(values, offered);
  const countryNames = checkCountries(values, countryRows);
  await limitRegistrations(ctx, input.ip);
  const answer: Registration = { answer: { status: 'CHECK_MAIL', codeExpiresIn: CANDIDATE_CODE_TTL_SECONDS }, attempt: randomToken() };
  const statements = registrationStatementsOf(ctx.db);
  // The id and the number drawn first, so that the mail is written with them (docs/performance.md, writes from what is known).
  const [drawn] = await statements.numbers.execute();
  const id = drawn!.id;
  const row: RegisteredRow = {
    ...newCandidateRow(values, { cycle, ...countryNames }),
    id,
    CANDIDATE_NUMBER: candidateNumberOf(entrance, drawn!.number),
    createdAt: now,
    updatedAt: now,
  };
  const link = newCandidateLink(ctx, id);
  const proof = newCandidateProof(ctx, { candidateId: id, attempt: answer.attempt });
  const mail = registrationMail(ctx, {
    registration: {
      id,
      email: row.EMAIL,
      number: row.CANDIDATE_NUMBER,
      language: row.language,
      entrance: entrance.name,
      school: entrance.schoolName,
      year: entrance.yearName,
      fee: entrance.amount,
      deadline: entrance.registrationLimitDate,
    },
    token: link.token,
    code: proof.code,
  });
  try {
    await statements.register.execute({
      ...placeholderValues('candidate_', candidates, row),
      ...placeholderValues('link_', candidateLinks, link.row),
      ...placeholderValues('proof_', candidateLinks, proof.row),
      ...placeholderValues('mail_', mailOutbox, ctx.mailer.outboxRow(mail)),
    });
  } catch (error) {
    if (!isUniqueViolation(error) || brokenConstraint(error) !== ONE_REGISTRATION_PER_ADDRESS) throw error;
    // The address is registered for this entrance already (or by a submit at the same instant): nothing was written.
    const [existing] = await statements.existing.execute({ entranceId: entrance.id, email: values.EMAIL.toLowerCase() });
    if (!existing) throw new AppError('CANDIDATE_CREATE_FAILED');
    await mailLinksTo(ctx, { email: values.EMAIL, candidateIds: [existing.id], kind: 'repeated', attempt: answer.attempt });
    return answer;
  }
  ctx.mailer.written(mail);
  ctx.mailer.kick();
  return answer;
}

/** The unique index that keeps one registration per address and entrance (its address lower-cased). */
const ONE_REGISTRATION_PER_ADDRESS = 'candidates_entrance_email_uq';

/** A candidate's number: C, the entrance's year (two digits), and `number` from candidate_number_seq, at least six digits (C26000042). */
export const candidateNumberOf = (entrance: Pick<EntranceRow, 'yearName' | 'registrationLimitDate'>, number: string) =>
  `C${entranceYearDigits(entrance)}${number.padStart(6, '0')}`;

/** What a registration writes of the candidate's row (every column but the office's decision and the payment's time). */
const REGISTERED_KEYS = [
  'id',
  'CANDIDATE_NUMBER',
  'entranceId',
  'LASTNAME',
  'FIRSTNAME',
  'BIRTHDATE',
  'BIRTHPLACE',
  'GENDER',
  'EMAIL',
  'PHONE_NUMBER',
  'COUNTRY',
  'REGION_ORIGIN',
  'DEPARTMENT',
  'LIVING_TOWN',
  'FIRST_LANGUAGE',
  'SECOND_LANGUAGE',
  'ADMISSION_DIPLOMA',
  'ADMISSION_DIPLOMA_GRADE',
  'MENTION_OBTAINED',
  'YEAR_OBTENTION',
  'COUNTRY_OBTENTION',
  'SCHOOL_OBTENTION',
  'LAST_YEAR_SITUATION',
  'LAST_YEAR_RANK',
  'IS_PROFESSIONAL',
  'FIRST_YEAR_UNIVERSITY',
  'FIRST_YEAR_UNIVERSITY_TYPE',
  'NAME_OF_UNIVERSITY',
  'FORMATION_TYPE',
  'CYCLE',
  'firstChoiceId',
  'secondChoiceId',
  'FATHER_NAME',
  'FATHER_JOB',
  'FATHER_CONTACT',
  'FATHER_REGION_ORIGIN',
  'MOTHER_NAME',
  'MOTHER_JOB',
  'MOTHER_CONTACT',
  'MOTHER_REGION_ORIGIN',
  'EMERGENCY_NAME',
  'EMERGENCY_CONTACT',
  'IS_HANDICAPED',
  'HANDICAP_DETAILS',
  'IS_SPORTIVE',
  'IS_SPORTIVE_COMPETITOR',
  'FIRST_SPORT',
  'language',
  'HAS_PAID',
  'paidAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof typeof candidates.$inferSelect)[];
type RegisteredRow = Pick<typeof candidates.$inferSelect, (typeof REGISTERED_KEYS)[number]>;

/**
 * A registration's writes in one statement (docs/performance.md, writes from what is known): the candidate, the first link to the file,
 * the code for this browser (decision 65) and the "registration received" mail, all or none. Its values
 * are placeholders, so that drizzle builds its SQL once per database. A second registration of an
 * address for the entrance breaks ONE_REGISTRATION_PER_ADDRESS, and the whole statement with it.
 */
function registrationStatement(db: Db) {
  const registered = db
    .$with('registered')
    .as(db.insert(candidates).overridingSystemValue().values(placeholdersOf('candidate_', REGISTERED_KEYS)).returning({ id: candidates.id }));
  const linked = db
    .$with('linked')
    .as(db.insert(candidateLinks).values(placeholdersOf('link_', CANDIDATE_LINK_ROW_KEYS)).returning({ id: candidateLinks.candidateId }));
  const mailed = db.$with('mailed').as(db.insert(mailOutbox).values(placeholdersOf('mail_', OUTBOX_ROW_KEYS)).returning({ id: mailOutbox.id }));
  const proved = db
    .$with('proved')
    .as(db.insert(candidateLinks).values(placeholdersOf('proof_', CANDIDATE_LINK_ROW_KEYS)).returning({ id: candidateLinks.candidateId }));
  return db.with(registered, linked, proved, mailed).select({ id: registered.id }).from(registered).prepare('candidate_registration');
}
const registrationStatementsOf = perDatabase((db: Db) => ({
  /** a new candidate's id and the next number of candidate_number_seq (a number drawn for a registration that fails is skipped) */
  numbers: db
    .select({ id: sql<number>`nextval(pg_get_serial_sequence('candidates', 'id'))::int`, number: sql<string>`nextval('candidate_number_seq')::text` })
    .from(sql`(select 1) as one`)
    .prepare('candidate_numbers'),
  register: registrationStatement(db),
  /** the registration an address already has for an entrance */
  existing: db
    .select({ id: candidates.id, CANDIDATE_NUMBER: candidates.CANDIDATE_NUMBER })
    .from(candidates)
    .where(and(eq(candidates.entranceId, sql.placeholder('entranceId')), sql`lower(${candidates.EMAIL}) = ${sql.placeholder('email')}`))
    .prepare('candidate_existing'),
}));
