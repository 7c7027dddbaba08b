/**
 * The demo admissions (issue 14, decision 44): two entrances open at the seed instant (a BTS
 * entrance at 25 000 FCFA and an HND entrance at 30 000 FCFA, their deadlines weeks ahead), each
 * offering specialities of the catalogue in its cycle, and last year's BTS entrance, closed, whose
 * exam is over. A dozen candidates registered over the last days, spread over the specialities,
 * some of them paid (a PAID payment on MTN Mobile Money with its receipt), one admitted last year.
 * Candidates' documents are not seeded: the seed writes no file storage (decision 44). Everything
 * follows from the seed day alone.
 */
import { createHash } from 'node:crypto';
import { addDays, feeFor, sessionStartOf, universityDayOf, type AdmissionDecision, type FeeStep } from '@portal/contract/rules';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { branches, candidates, cycles, entrances, entranceSpecialities, paymentNetworks, payments } from '../db/schema';
import { DEMO_EMAIL_DOMAIN } from './demo';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The demo entrances: `year` is the academic year's first year, from the seed day's year; days are from the seed day. */
export const DEMO_ENTRANCES = [
  {
    key: 'bts',
    name: (year: number) => `Concours d'entrée BTS ${year}`,
    year: 1,
    school: 'School of Business and Computer Science',
    amount: 25_000,
    deadline: 45,
    examFrom: 52,
    examTo: 53,
    cycle: 'BTS',
    branches: ['GSI', 'BF', 'CGE', 'BAT'],
  },
  {
    key: 'hnd',
    name: (year: number) => `HND entrance ${year}`,
    year: 1,
    school: 'School of Engineering and Management',
    amount: 30_000,
    deadline: 60,
    examFrom: 67,
    examTo: 68,
    cycle: 'HND',
    branches: ['SWE', 'NWS', 'ACC', 'MKT', 'EEE'],
  },
  {
    key: 'past',
    name: (year: number) => `Concours d'entrée BTS ${year}`,
    year: 0,
    school: 'School of Business and Computer Science',
    amount: 25_000,
    deadline: -200,
    examFrom: -193,
    examTo: -192,
    cycle: 'BTS',
    branches: ['GSI', 'CGE'],
  },
] as const;
type EntranceKey = (typeof DEMO_ENTRANCES)[number]['key'];

interface DemoCandidate {
  entrance: EntranceKey;
  first: string;
  second: string | null;
  firstname: string;
  lastname: string;
  gender: 'Male' | 'Female';
  language: 'en' | 'fr';
  /** days from the seed day when they registered, and the hour (university time) */
  day: number;
  hour: number;
  paid: boolean;
  decision?: AdmissionDecision;
}

/** The demo candidates, in the order they registered for each entrance. */
export const DEMO_CANDIDATES: readonly DemoCandidate[] = [
  { entrance: 'bts', first: 'GSI', second: 'CGE', firstname: 'Aïcha', lastname: 'Bello', gender: 'Female', language: 'fr', day: -9, hour: 9, paid: true },
  { entrance: 'bts', first: 'GSI', second: null, firstname: 'Landry', lastname: 'Fotso', gender: 'Male', language: 'fr', day: -9, hour: 15, paid: true },
  {
    entrance: 'bts',
    first: 'BF',
    second: 'CGE',
    firstname: 'Estelle',
    lastname: 'Ngo Biyong',
    gender: 'Female',
    language: 'fr',
    day: -7,
    hour: 11,
    paid: false,
  },
  { entrance: 'bts', first: 'CGE', second: 'BF', firstname: 'Boris', lastname: 'Tchoupo', gender: 'Male', language: 'en', day: -4, hour: 10, paid: true },
  { entrance: 'bts', first: 'BAT', second: null, firstname: 'Hervé', lastname: 'Atangana', gender: 'Male', language: 'fr', day: -2, hour: 18, paid: false },
  { entrance: 'bts', first: 'GSI', second: 'BAT', firstname: 'Nadège', lastname: 'Eyinga', gender: 'Female', language: 'fr', day: -1, hour: 8, paid: false },
  { entrance: 'hnd', first: 'SWE', second: 'NWS', firstname: 'Brenda', lastname: 'Ayuk', gender: 'Female', language: 'en', day: -8, hour: 10, paid: true },
  { entrance: 'hnd', first: 'ACC', second: 'MKT', firstname: 'Emmanuel', lastname: 'Nfor', gender: 'Male', language: 'en', day: -6, hour: 14, paid: false },
  { entrance: 'hnd', first: 'NWS', second: 'SWE', firstname: 'Franck', lastname: 'Ebai', gender: 'Male', language: 'en', day: -6, hour: 16, paid: true },
  { entrance: 'hnd', first: 'EEE', second: null, firstname: 'Solange', lastname: 'Mvondo', gender: 'Female', language: 'fr', day: -3, hour: 9, paid: false },
  { entrance: 'hnd', first: 'MKT', second: 'ACC', firstname: 'Ibrahim', lastname: 'Hamadou', gender: 'Male', language: 'fr', day: 0, hour: 7, paid: false },
  {
    entrance: 'past',
    first: 'GSI',
    second: 'CGE',
    firstname: 'Christelle',
    lastname: 'Simo',
    gender: 'Female',
    language: 'fr',
    day: -230,
    hour: 10,
    paid: true,
    decision: 'ADMITTED',
  },
  { entrance: 'past', first: 'CGE', second: null, firstname: 'Yannick', lastname: 'Kuete', gender: 'Male', language: 'en', day: -215, hour: 12, paid: false },
];

/** The network the demo candidates paid with (seeded with the reference data, before the demo). */
const DEMO_NETWORK = 'MTN_MOMO';

/** Where the demo candidates come from: a few towns, regions and departments of Cameroon, the diplomas of the country's two systems. */
const ORIGINS = [
  { town: 'Douala', region: 'Littoral', department: 'Wouri', birthplace: 'Douala' },
  { town: 'Yaoundé', region: 'Centre', department: 'Mfoundi', birthplace: 'Yaoundé' },
  { town: 'Bamenda', region: 'North-West', department: 'Mezam', birthplace: 'Bamenda' },
  { town: 'Bafoussam', region: 'West', department: 'Mifi', birthplace: 'Bafoussam' },
  { town: 'Buea', region: 'South-West', department: 'Fako', birthplace: 'Limbe' },
] as const;
const DIPLOMAS = {
  fr: { diploma: 'Baccalauréat C', school: 'Lycée Joss de Douala', university: 'Université de Douala' },
  en: { diploma: 'GCE Advanced Level', school: 'Government Bilingual High School Buea', university: 'University of Buea' },
} as const;
const MENTIONS = ['GOOD', 'FAIRLY_GOOD', 'PASS', 'VERY_GOOD'] as const;

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
/** A deterministic upper-case hex code of a text (order and receipt numbers of the demo). */
const hexOf = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length).toUpperCase();
const compact = (day: string) => day.replace(/-/g, '');

/** Seeds the demo entrances open and closed at `now`, their specialities, candidates and payments. */
export async function seedDemoAdmissions(tx: Tx, now: Date): Promise<void> {
  const today = universityDayOf(now);
  const thisYear = Number(today.slice(0, 4));
  const cycleRows = await tx
    .select({ id: cycles.id, code: cycles.code, name: cycles.name })
    .from(cycles)
    .where(inArray(cycles.code, [...new Set(DEMO_ENTRANCES.map((e) => e.cycle))]));
  const cycleOf = new Map(cycleRows.map((c) => [c.code, c]));
  const branchRows = await tx
    .select({ id: branches.id, abbreviation: branches.abbreviation })
    .from(branches)
    .where(inArray(branches.abbreviation, [...new Set(DEMO_ENTRANCES.flatMap((e) => e.branches))]));
  const branchOf = new Map(branchRows.map((b) => [b.abbreviation, b.id]));
  const [network] = await tx
    .select({ code: paymentNetworks.code, feeSchedule: paymentNetworks.feeSchedule })
    .from(paymentNetworks)
    .where(eq(paymentNetworks.code, DEMO_NETWORK));
  if (!network) throw new Error(`the demo admissions need the ${DEMO_NETWORK} payment network (seeded with the reference data)`);

  const seeded = new Map<EntranceKey, { id: number; amount: number; yearDigits: string; specialities: Map<string, number>; cycleName: string }>();
  for (const demo of DEMO_ENTRANCES) {
    const year = thisYear + demo.year;
    const deadline = addDays(today, demo.deadline);
    const [entrance] = await tx
      .insert(entrances)
      .values({
        name: demo.name(year),
        yearName: `${year}-${year + 1}`,
        schoolName: demo.school,
        amount: demo.amount,
        registrationLimitDate: deadline,
        evaluationBeginDate: addDays(today, demo.examFrom),
        evaluationEndDate: addDays(today, demo.examTo),
        // a past entrance was closed by the job just after its last day
        closedAt: demo.deadline < 0 ? new Date(sessionStartOf(addDays(deadline, 1)).getTime() + 5 * MINUTE_MS) : null,
        createdAt: new Date(sessionStartOf(addDays(deadline, -60)).getTime() + 9 * HOUR_MS),
        updatedAt: now,
      })
      .returning({ id: entrances.id });
    const cycle = cycleOf.get(demo.cycle)!;
    const specialityRows = await tx
      .insert(entranceSpecialities)
      .values(demo.branches.map((abbreviation) => ({ entranceId: entrance!.id, cycleId: cycle.id, branchId: branchOf.get(abbreviation)! })))
      .returning({ id: entranceSpecialities.id, branchId: entranceSpecialities.branchId });
    const specialities = new Map(
      demo.branches.map((abbreviation) => [abbreviation as string, specialityRows.find((s) => s.branchId === branchOf.get(abbreviation))!.id]),
    );
    seeded.set(demo.key, { id: entrance!.id, amount: demo.amount, yearDigits: String(year).slice(-2), specialities, cycleName: cycle.name });
  }

  for (const [n, demo] of DEMO_CANDIDATES.entries()) {
    const entrance = seeded.get(demo.entrance)!;
    const registeredAt = new Date(sessionStartOf(addDays(today, demo.day)).getTime() + demo.hour * HOUR_MS + ((n * 17) % 60) * MINUTE_MS);
    // the seed day's candidates registered before the seed instant
    const createdAt = registeredAt > now ? new Date(now.getTime() - (DEMO_CANDIDATES.length - n) * MINUTE_MS) : registeredAt;
    const paidAt = demo.paid ? new Date(createdAt.getTime() + 40 * MINUTE_MS) : null;
    const origin = ORIGINS[n % ORIGINS.length]!;
    const school = DIPLOMAS[demo.language];
    const birthYear = thisYear - 19 - (n % 4);
    const phone = `+2376${String(77_000_000 + n * 104_729).slice(0, 8)}`;
    const decided = demo.decision
      ? {
          decision: demo.decision,
          decisionSpecialityId: entrance.specialities.get(demo.first)!,
          decidedAt: new Date(sessionStartOf(addDays(today, -185)).getTime() + 10 * HOUR_MS),
        }
      : {};
    const number = sql`${`C${entrance.yearDigits}`} || lpad(nextval('candidate_number_seq')::text, 6, '0')`;
    const [candidate] = await tx
      .insert(candidates)
      .values({
        CANDIDATE_NUMBER: number,
        entranceId: entrance.id,
        LASTNAME: demo.lastname,
        FIRSTNAME: demo.firstname,
        BIRTHDATE: `${birthYear}-${String((n % 12) + 1).padStart(2, '0')}-${String(((n * 3) % 27) + 1).padStart(2, '0')}`,
        BIRTHPLACE: origin.birthplace,
        GENDER: demo.gender,
        EMAIL: `${plain(demo.firstname)}.${plain(demo.lastname)}.candidate@${DEMO_EMAIL_DOMAIN}`,
        PHONE_NUMBER: phone,
        COUNTRY: 'Cameroon',
        REGION_ORIGIN: origin.region,
        DEPARTMENT: origin.department,
        LIVING_TOWN: origin.town,
        FIRST_LANGUAGE: demo.language === 'fr' ? 'French' : 'English',
        SECOND_LANGUAGE: demo.language === 'fr' ? 'English' : 'French',
        ADMISSION_DIPLOMA: school.diploma,
        ADMISSION_DIPLOMA_GRADE: String(11 + (n % 7) + 0.5),
        MENTION_OBTAINED: MENTIONS[n % MENTIONS.length]!,
        YEAR_OBTENTION: thisYear - (demo.entrance === 'past' ? 1 : 0),
        COUNTRY_OBTENTION: 'Cameroon',
        SCHOOL_OBTENTION: school.school,
        LAST_YEAR_SITUATION: 'SECONDARY_SCHOOL',
        LAST_YEAR_RANK: n % 5 === 0 ? 'MAJOR' : 'OTHER',
        IS_PROFESSIONAL: false,
        FIRST_YEAR_UNIVERSITY: thisYear + (demo.entrance === 'past' ? 0 : 1),
        FIRST_YEAR_UNIVERSITY_TYPE: 'PRIVATE',
        NAME_OF_UNIVERSITY: school.university,
        FORMATION_TYPE: 'INITIAL',
        CYCLE: entrance.cycleName,
        firstChoiceId: entrance.specialities.get(demo.first)!,
        secondChoiceId: demo.second ? entrance.specialities.get(demo.second)! : null,
        FATHER_NAME: `${['Jean', 'Paul', 'Joseph', 'Samuel'][n % 4]} ${demo.lastname}`,
        FATHER_JOB: ['Trader', 'Teacher', 'Civil servant', 'Farmer'][n % 4]!,
        FATHER_CONTACT: `+2376${String(99_000_000 - n * 7_919).slice(0, 8)}`,
        FATHER_REGION_ORIGIN: origin.region,
        MOTHER_NAME: `${['Marie', 'Jeanne', 'Hélène', 'Rose'][n % 4]} ${demo.lastname}`,
        MOTHER_JOB: ['Nurse', 'Trader', 'Seamstress', 'Accountant'][n % 4]!,
        MOTHER_CONTACT: `+2376${String(55_000_000 + n * 6_151).slice(0, 8)}`,
        MOTHER_REGION_ORIGIN: origin.region,
        EMERGENCY_NAME: `${['Marie', 'Jeanne', 'Hélène', 'Rose'][n % 4]} ${demo.lastname}`,
        EMERGENCY_CONTACT: `+2376${String(55_000_000 + n * 6_151).slice(0, 8)}`,
        IS_SPORTIVE: n % 3 === 0,
        FIRST_SPORT: n % 3 === 0 ? 'FOOTBALL' : null,
        language: demo.language,
        HAS_PAID: demo.paid,
        paidAt,
        ...decided,
        createdAt,
        updatedAt: decided.decidedAt ?? paidAt ?? createdAt,
      })
      .returning({ id: candidates.id, CANDIDATE_NUMBER: candidates.CANDIDATE_NUMBER });
    if (!paidAt) continue;
    const fees = feeFor(network.feeSchedule as FeeStep[], entrance.amount) ?? 0;
    const day = compact(paidAt.toISOString().slice(0, 10));
    await tx.insert(payments).values({
      candidateId: candidate!.id,
      provider: 'sandbox',
      network: network.code,
      accountNumber: phone,
      orderNumber: `PAY-${day}-${hexOf(`order ${candidate!.CANDIDATE_NUMBER}`, 10)}`,
      amount: entrance.amount,
      fees,
      total: entrance.amount + fees,
      status: 'PAID',
      providerTransactionId: `SBX-${hexOf(`provider ${candidate!.CANDIDATE_NUMBER}`, 12)}`,
      networkTransactionId: `MP${day.slice(2)}.${hexOf(`network ${candidate!.CANDIDATE_NUMBER}`, 8)}`,
      statusCode: 'SUCCESSFUL',
      statusMessage: 'Payment approved by the payer',
      statusAt: paidAt,
      checkedAt: null,
      receiptNumber: `RC-${day}-${hexOf(`receipt ${candidate!.CANDIDATE_NUMBER}`, 8)}`,
      createdAt: new Date(paidAt.getTime() - 2 * MINUTE_MS),
    });
  }
}
