import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { universityDayOf, type CandidateFile } from '@portal/contract';
import { branches, cycles, entrances, entranceSpecialities } from '../../db/schema';
import { lastMailTo, type Client, type TestApp } from '../../../test/helpers';

/**
 * Test data of the candidates' tests (decision 42), written straight to the database: an entrance of
 * its own (open 30 days from the test clock's today unless told), offering seeded branches in seeded
 * cycles, and a registration form a candidate could send for it. Names and addresses carry a suffix
 * of their own, so that one test never sees another's rows.
 */

const suffix = () => randomBytes(4).toString('hex');

/** A day `days` after the test clock's today (university time), `YYYY-MM-DD`. */
export const dayFromToday = (t: TestApp, days: number): string => universityDayOf(new Date(t.clock.now().getTime() + days * 86_400_000));

export interface FixtureSpeciality {
  id: number;
  cycleCode: string;
  cycleName: string;
  cycleNameFr: string;
  name: string;
  nameFr: string;
  code: string;
}
export interface FixtureEntrance {
  id: number;
  name: string;
  yearName: string;
  amount: number;
  deadline: string;
  specialities: FixtureSpeciality[];
}

/** The specialities a fixture entrance offers unless told: two BTS branches and one HND branch of the seeded catalogue. */
export const DEFAULT_SPECIALITIES: readonly { cycle: string; branch: string }[] = [
  { cycle: 'BTS', branch: 'GSI' },
  { cycle: 'BTS', branch: 'CGE' },
  { cycle: 'HND', branch: 'SWE' },
];

export async function makeEntrance(
  t: TestApp,
  options: {
    name?: string;
    yearName?: string;
    amount?: number;
    deadline?: string;
    closedAt?: Date | null;
    specialities?: readonly { cycle: string; branch: string }[];
  } = {},
): Promise<FixtureEntrance> {
  const deadline = options.deadline ?? dayFromToday(t, 30);
  const yearName = options.yearName ?? '2026-2027';
  const amount = options.amount ?? 25_000;
  const name = options.name ?? `Entrance ${suffix()}`;
  const [entrance] = await t.db
    .insert(entrances)
    .values({
      name,
      yearName,
      schoolName: 'School of Engineering',
      amount,
      registrationLimitDate: deadline,
      evaluationBeginDate: dayFromToday(t, 40),
      evaluationEndDate: dayFromToday(t, 41),
      closedAt: options.closedAt ?? null,
    })
    .returning({ id: entrances.id });
  const wanted = options.specialities ?? DEFAULT_SPECIALITIES;
  const catalogue = await t.db
    .select({
      cycleId: cycles.id,
      cycleCode: cycles.code,
      cycleName: cycles.name,
      cycleNameFr: cycles.nameFr,
      branchId: branches.id,
      code: branches.abbreviation,
      name: branches.name,
      nameFr: branches.nameFr,
    })
    .from(cycles)
    .innerJoin(
      branches,
      and(
        inArray(
          branches.abbreviation,
          wanted.map((w) => w.branch),
        ),
      ),
    )
    .where(
      inArray(
        cycles.code,
        wanted.map((w) => w.cycle),
      ),
    );
  const specialities: FixtureSpeciality[] = [];
  for (const w of wanted) {
    const found = catalogue.find((row) => row.cycleCode === w.cycle && row.code === w.branch);
    if (!found) throw new Error(`no ${w.cycle} cycle or ${w.branch} branch in the seeded catalogue`);
    const [row] = await t.db
      .insert(entranceSpecialities)
      .values({ entranceId: entrance!.id, cycleId: found.cycleId, branchId: found.branchId })
      .returning({ id: entranceSpecialities.id });
    specialities.push({
      id: row!.id,
      cycleCode: found.cycleCode,
      cycleName: found.cycleName,
      cycleNameFr: found.cycleNameFr,
      name: found.name,
      nameFr: found.nameFr,
      code: found.code,
    });
  }
  return { id: entrance!.id, name, yearName, amount, deadline, specialities };
}

/** Closes an entrance as the office does (closed_at set). */
export async function closeEntrance(t: TestApp, entranceId: number, at: Date = t.clock.now()): Promise<void> {
  await t.db.update(entrances).set({ closedAt: at }).where(eq(entrances.id, entranceId));
}

let serial = 0;
/** A new address nobody registered with, in mixed case (addresses are compared without case). */
export const newCandidateEmail = (prefix = 'Candidate') => `${prefix}.${++serial}.${suffix()}@Mail.example`;

/** A choice of a fixture speciality as the form sends it. */
export const choiceOf = (s: FixtureSpeciality) => ({ CYCLE_NAME: s.cycleName, SPECIALITY_DESCRIPTION: s.name, SPECIALITY_ID: s.id });

/**
 * A complete, valid registration form for the entrance, as the web form sends it (selected objects
 * for countries, languages, regions and the cycle); `overrides` replace or (undefined) remove fields.
 */
export function candidatePayload(entrance: FixtureEntrance, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const first = entrance.specialities[0]!;
  const body: Record<string, unknown> = {
    ENTRANCE_ID: entrance.id,
    LASTNAME: 'Mbarga',
    FIRSTNAME: 'Aïcha',
    BIRTHDATE: '2005-03-14',
    BIRTHPLACE: 'Yaoundé',
    GENDER: 'Female',
    COUNTRY: { name: 'Cameroon' },
    REGION_ORIGIN: { nom: 'Centre' },
    DEPARTMENT: 'Mfoundi',
    EMAIL: newCandidateEmail(),
    PHONE_NUMBER: '677 12 34 56',
    LIVING_TOWN: { name: 'Yaoundé' },
    FIRST_LANGUAGE: { name: 'French' },
    SECOND_LANGUAGE: { name: 'English' },
    ADMISSION_DIPLOMA: 'Baccalauréat C',
    ADMISSION_DIPLOMA_GRADE: 14.5,
    MENTION_OBTAINED: 'GOOD',
    YEAR_OBTENTION: 2023,
    COUNTRY_OBTENTION: { name: 'Cameroun' },
    SCHOOL_OBTENTION: 'Lycée Leclerc',
    IS_PROFESSIONAL: 'NO',
    FIRST_YEAR_UNIVERSITY: 2024,
    FIRST_YEAR_UNIVERSITY_TYPE: 'PUBLIC',
    NAME_OF_UNIVERSITY: 'University of Yaoundé I',
    FORMATION_TYPE: 'INITIAL',
    CYCLE: { CYCLE_NAME: first.cycleName },
    FORMATION_FIRST_CHOICE: choiceOf(first),
    FORMATION_SECOND_CHOICE: choiceOf(entrance.specialities[1] ?? first),
    FATHER_NAME: 'Mbarga Jean',
    FATHER_JOB: 'Teacher',
    FATHER_CONTACT: '699 11 22 33',
    FATHER_REGION_ORIGIN: { nom: 'Centre' },
    MOTHER_NAME: 'Ngo Marie',
    MOTHER_JOB: 'Trader',
    MOTHER_CONTACT: '655 44 55 66',
    MOTHER_REGION_ORIGIN: { nom: 'Littoral' },
    EMERGENCY_NAME: 'Mbarga Paul',
    EMERGENCY_CONTACT: '+33 6 12 34 56 78',
    IS_HANDICAPED: 0,
    IS_SPORTIVE: 1,
    IS_SPORTIVE_COMPETITOR: 0,
    FIRST_SPORT: 'FOOTBALL',
    LANGUAGE: 'en',
  };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete body[key];
    else body[key] = value;
  }
  return body;
}

/** The token of the (first) link to a candidate's file in a mail's text. */
export const tokenIn = (text: string | undefined): string => {
  const match = /\/candidate\/open#token=([A-Za-z0-9_-]{43})\b/.exec(text ?? '');
  if (!match) throw new Error('no link to a candidate file in the mail');
  return match[1]!;
};

/** The code a registration's mail carries, on a line of its own (decision 65). */
export const codeIn = (text: string | undefined): string => {
  const match = /\n(\d{6})\n/.exec(text ?? '');
  if (!match) throw new Error('no code in the mail');
  return match[1]!;
};

/**
 * Sends a registration from `client` (202) and proves the address as the candidate does: the code of
 * the newest mail to it, typed in the same browser; answers the file, now open in that browser.
 */
export async function registerAndConfirm(
  t: TestApp,
  client: Client,
  body: Record<string, unknown>,
): Promise<{ file: CandidateFile; sent: LightMyRequestResponse }> {
  const sent = await client.post('/api/candidate', body);
  expect(sent.statusCode, sent.body).toBe(202);
  const mail = await lastMailTo(t.db, String(body.EMAIL).toLowerCase());
  const confirmed = await client.post('/api/candidate/confirm', { code: codeIn(mail?.textBody) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { file: confirmed.json() as CandidateFile, sent };
}
