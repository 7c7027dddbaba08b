// Candidates for the payment tests, written straight into the tables (the registration form is the
// candidates feature's, tested there), each with an open session (the candidate cookie).
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CandidatePayment } from '@portal/contract';
import { branches, candidates, cycles, entrances, entranceSpecialities, mailOutbox, sandboxCollections } from '../../db/schema';
import { candidateCookieName, openCandidateSession } from '../../lib/candidate-session';
import { Client, ok, type TestApp } from '../../../test/helpers';
import { sandboxIdle } from './sandbox.provider';

/** An open entrance with one speciality, its fee `fee` FCFA. */
export async function paymentEntrance(t: TestApp, fee = 25_000): Promise<{ id: number; specialityId: number }> {
  const today = t.clock.now();
  const day = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const [entrance] = await t.db
    .insert(entrances)
    .values({
      name: `Concours test ${randomBytes(3).toString('hex')}`,
      yearName: '2026-2027',
      schoolName: 'School of Computer Science',
      amount: fee,
      registrationLimitDate: day(30),
      evaluationBeginDate: day(40),
      evaluationEndDate: day(42),
    })
    .returning({ id: entrances.id });
  const [cycle] = await t.db.select({ id: cycles.id }).from(cycles).orderBy(asc(cycles.id)).limit(1);
  const [branch] = await t.db.select({ id: branches.id }).from(branches).orderBy(asc(branches.id)).limit(1);
  const [speciality] = await t.db
    .insert(entranceSpecialities)
    .values({ entranceId: entrance!.id, cycleId: cycle!.id, branchId: branch!.id })
    .returning({ id: entranceSpecialities.id });
  return { id: entrance!.id, specialityId: speciality!.id };
}

export interface TestCandidate {
  id: number;
  number: string;
  email: string;
  /** a browser holding the candidate's cookie */
  client: Client;
}

/** A registered candidate of an entrance (not paid), and a browser with their open file. */
export async function paymentCandidate(
  t: TestApp,
  entrance: { id: number; specialityId: number },
  options: { language?: 'en' | 'fr'; app?: FastifyInstance } = {},
): Promise<TestCandidate> {
  const suffix = randomBytes(4).toString('hex');
  const email = `candidate.${suffix}@mail.example`;
  const [row] = await t.db
    .insert(candidates)
    .values({
      CANDIDATE_NUMBER: sql`'C26' || lpad(nextval('candidate_number_seq')::text, 6, '0')`,
      entranceId: entrance.id,
      LASTNAME: 'Mbarga',
      FIRSTNAME: `Aïcha ${suffix}`,
      BIRTHDATE: '2006-04-12',
      BIRTHPLACE: 'Douala',
      GENDER: 'Female',
      EMAIL: email,
      PHONE_NUMBER: '+237677123456',
      COUNTRY: 'CM',
      REGION_ORIGIN: 'Littoral',
      DEPARTMENT: 'Wouri',
      LIVING_TOWN: 'Douala',
      FIRST_LANGUAGE: 'fr',
      SECOND_LANGUAGE: 'en',
      ADMISSION_DIPLOMA: 'BAC',
      MENTION_OBTAINED: 'ASSEZ_BIEN',
      YEAR_OBTENTION: 2025,
      COUNTRY_OBTENTION: 'CM',
      SCHOOL_OBTENTION: 'Lycée Joss',
      FIRST_YEAR_UNIVERSITY: 2026,
      FIRST_YEAR_UNIVERSITY_TYPE: 'PUBLIC',
      NAME_OF_UNIVERSITY: 'IUL',
      FORMATION_TYPE: 'DAY',
      CYCLE: 'BTS',
      firstChoiceId: entrance.specialityId,
      FATHER_NAME: 'Mbarga Paul',
      FATHER_JOB: 'Teacher',
      FATHER_CONTACT: '+237699000001',
      FATHER_REGION_ORIGIN: 'Centre',
      MOTHER_NAME: 'Ngo Marie',
      MOTHER_JOB: 'Trader',
      MOTHER_CONTACT: '+237699000002',
      MOTHER_REGION_ORIGIN: 'Littoral',
      EMERGENCY_NAME: 'Mbarga Paul',
      EMERGENCY_CONTACT: '+237699000001',
      language: options.language ?? 'en',
    })
    .returning({ id: candidates.id, number: candidates.CANDIDATE_NUMBER });
  const token = await openCandidateSession(t.app.ctx, t.db, row!.id);
  const client = new Client(options.app ?? t.app, `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`);
  client.cookies.set(candidateCookieName(t.config.secureCookies), token);
  return { id: row!.id, number: row!.number, email, client };
}

/** The same candidate's file opened in another browser (another server instance, say). */
export function sameCandidateOn(candidate: TestCandidate, app: FastifyInstance): Client {
  const other = new Client(app, candidate.client.ip);
  for (const [name, value] of candidate.client.cookies) other.cookies.set(name, value);
  return other;
}

/** Asks a payment; answers it (201 expected unless `status` says otherwise). */
export async function pay(candidate: TestCandidate | Client, body: { network: string; phone: string }, status = 201): Promise<CandidatePayment> {
  const client = candidate instanceof Client ? candidate : candidate.client;
  return ok<CandidatePayment>(await client.post('/api/candidate/payments', body), status);
}

/** The sandbox's reference of a payment (what the phone page lists). */
export async function sandboxReference(t: TestApp, orderNumber: string): Promise<string> {
  const [row] = await t.db.select({ reference: sandboxCollections.reference }).from(sandboxCollections).where(eq(sandboxCollections.orderNumber, orderNumber));
  if (!row) throw new Error(`no sandbox collection for ${orderNumber}`);
  return row.reference;
}

/** The payer answers on the sandbox phone; resolves once the sandbox's callback is delivered. */
export async function answerOnPhone(t: TestApp, orderNumber: string, answer: 'approve' | 'refuse'): Promise<void> {
  const reference = await sandboxReference(t, orderNumber);
  const res = await new Client(t.app).post(`/api/sandbox/collections/${reference}/${answer}`);
  expect(res.statusCode, res.body).toBe(200);
  await sandboxIdle(t.app.ctx);
}

/** The receipt mails queued to an address. */
export const receiptMails = async (t: TestApp, email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email.toLowerCase()))).filter((mail) => mail.kind === 'payment-receipt');
