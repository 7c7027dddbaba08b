/**
 * Demo reference data of the requests (issue 11, decision 31): units, categories, sub-categories
 * with their display configuration, hops and decisions; the students' categories (issue 13,
 * decision 41) and demo requests of lecturers and of the student demo account.
 */
import { isoWeekOf, universityDayOf, type RequestDisplayConfig, type RequestStatus, type RequestStepKind } from '@portal/contract/rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { classes, departments, persons, requestBatches, requestBatchItems, requestCategories, requestDecisions, requestHops, requestSteps, requestSubcategories, requestUnits, requests, subjects } from '../db/schema';
import type { RequestAudience } from '@portal/contract/rules';
import { drawRequestNumbers, requestReferenceOf } from '../features/requests/requests.service';
import { rowsOf } from '../lib/sql';
import { DEMO_ACCOUNTS } from './demo';
import { DEMO_STUDENT_CLASSES } from './timetable';

type Bilingual = { name: string; nameFr: string };

/**
 * The units that hold requests. SENG receives and checks every lecturer's request first (the
 * printed form is signed there), SCOL every student's (decision 41); each school receives the
 * requests about the classes of its department.
 */
export const REQUEST_UNITS: ({ code: string; department?: string } & Bilingual)[] = [
  { code: 'SENG', name: "Lecturers' service", nameFr: 'Service aux enseignants' },
  { code: 'SCH-INF', name: 'School of Computer Science', nameFr: "École d'informatique", department: 'INF' },
  { code: 'SCH-ACC', name: 'School of Accounting and Finance', nameFr: 'École de comptabilité et finance', department: 'FIN' },
  { code: 'SCH-GES', name: 'School of Business and Management', nameFr: 'École de commerce et de gestion', department: 'GES' },
  { code: 'SCH-ING', name: 'School of Engineering', nameFr: "École d'ingénierie", department: 'ING' },
  { code: 'FIN', name: 'Finance', nameFr: 'Finances' },
  { code: 'HR', name: 'Human resources', nameFr: 'Ressources humaines' },
  { code: 'ADM', name: 'Administration', nameFr: 'Administration' },
  { code: 'SCOL', name: 'Student records office', nameFr: 'Service de la scolarité' },
];
const SCHOOLS = REQUEST_UNITS.filter((unit) => unit.department).map((unit) => unit.code);

const display = (shown: Partial<RequestDisplayConfig>): RequestDisplayConfig => ({
  CLASS_ID: 'HIDDEN',
  REQUEST_PBLM_DATE: 'HIDDEN',
  CONTRACT_NUMBER: 'HIDDEN',
  VH: 'HIDDEN',
  TH: 'HIDDEN',
  TI: 'HIDDEN',
  AMOUNT: 'HIDDEN',
  REPRO: 'HIDDEN',
  DESCRIPTION: 'REQUIRED',
  FILE: 'OPTIONAL',
  TIME_TABLE: false,
  ...shown,
});

/** A decision: its labels, the status it gives, and the unit it sends the request on to (none: back to the lecturer). */
type Decision = { label: string; labelFr: string; status: RequestStatus; forward?: string };
const VALIDATE: Decision = { label: 'Validate', labelFr: 'Valider', status: 'VALIDATED' };
const REJECT: Decision = { label: 'Reject', labelFr: 'Rejeter', status: 'REJECTED' };
const NOT_VALIDATED: Decision = { label: 'Not validated', labelFr: 'Non validé', status: 'NOT_VALIDATED' };
const BILLED: Decision = { label: 'Validated and billed', labelFr: 'Validé et facturé', status: 'VALIDATED_BILLED' };
const NOT_BILLED: Decision = { label: 'Validated but not billed', labelFr: 'Validé mais non facturé', status: 'VALIDATED_NOT_BILLED' };
const TO_FINANCE: Decision = { label: 'Validate and send to finance', labelFr: 'Valider et transmettre aux finances', status: 'VALIDATED', forward: 'FIN' };
const TO_HR: Decision = { label: 'Send to human resources for checking', labelFr: 'Transmettre aux ressources humaines pour vérification', status: 'PROCESSING', forward: 'HR' };
const CONTRACT_ISSUED: Decision = { label: 'Contract issued', labelFr: 'Contrat établi', status: 'VALIDATED' };
const COPIES_READY: Decision = { label: 'Copies ready', labelFr: 'Copies prêtes', status: 'VALIDATED' };
const NO_ACTION: Decision = { label: 'Closed without action', labelFr: 'Clôturé sans suite', status: 'CLOSED' };

/** One hop: [from, to, the decisions `to` may take on a request it received through it]. */
type Hop = [from: string, to: string, decisions: Decision[]];

interface Subcategory extends Bilingual {
  code: string;
  description: string;
  descriptionFr: string;
  display: RequestDisplayConfig;
  firstUnit: string;
  hops: Hop[];
}

interface Category extends Bilingual {
  code: string;
  description: string;
  descriptionFr: string;
  subcategories: Subcategory[];
  /** who files under it: staff unless said */
  audience?: RequestAudience;
}

/** A teaching claim: the lecturers' service sends it to the school of the class, which decides (and may send it to finance, which bills). */
const toSchools = (decisions: Decision[]): Hop[] => [
  ...SCHOOLS.map((school): Hop => ['SENG', school, decisions]),
  ...(decisions.some((d) => d.forward === 'FIN') ? SCHOOLS.map((school): Hop => [school, 'FIN', [BILLED, NOT_BILLED]]) : []),
];

export const REQUEST_CATEGORIES: Category[] = [
  {
    code: '01',
    name: 'Teaching',
    nameFr: 'Enseignement',
    description: 'A teaching session you gave that is missing, wrong or disputed in the records.',
    descriptionFr: 'Un cours que vous avez donné, absent, erroné ou contesté dans les relevés.',
    subcategories: [
      {
        code: '0101',
        name: 'Teaching session not recorded',
        nameFr: 'Cours non enregistré',
        description: 'A teaching session you gave does not appear in the timetable or the attendance records.',
        descriptionFr: "Un cours que vous avez dispensé n'apparaît ni dans l'emploi du temps ni dans les relevés de présence.",
        display: display({ CLASS_ID: 'REQUIRED', REQUEST_PBLM_DATE: 'REQUIRED', TIME_TABLE: true }),
        firstUnit: 'SENG',
        hops: toSchools([TO_FINANCE, NOT_VALIDATED]),
      },
      {
        code: '0102',
        name: 'Wrong time slot',
        nameFr: 'Mauvaise plage horaire',
        description: 'A teaching session was recorded on another day or time slot than the one you taught.',
        descriptionFr: 'Un cours a été enregistré à un autre jour ou une autre plage que celle où vous l’avez donné.',
        display: display({ CLASS_ID: 'REQUIRED', REQUEST_PBLM_DATE: 'REQUIRED', TIME_TABLE: true }),
        firstUnit: 'SENG',
        hops: toSchools([VALIDATE, NOT_VALIDATED]),
      },
      {
        code: '0103',
        name: 'Hourly volume of a subject',
        nameFr: "Volume horaire d'une matière",
        description: 'The hours counted for a subject differ from the hours you taught.',
        descriptionFr: 'Les heures comptées pour une matière diffèrent de celles que vous avez enseignées.',
        display: display({ CLASS_ID: 'REQUIRED', VH: 'REQUIRED' }),
        firstUnit: 'SENG',
        hops: toSchools([TO_FINANCE, NOT_VALIDATED, REJECT]),
      },
    ],
  },
  {
    code: '02',
    name: 'Payment',
    nameFr: 'Paiement',
    description: 'Fees paid for your hours: amounts, rates and taxes.',
    descriptionFr: 'Rémunération de vos heures : montants, taux et retenues.',
    subcategories: [
      {
        code: '0201',
        name: 'Amount received',
        nameFr: 'Montant perçu',
        description: 'The amount paid differs from the amount you expected.',
        descriptionFr: 'Le montant versé diffère du montant attendu.',
        display: display({ AMOUNT: 'REQUIRED', VH: 'OPTIONAL', FILE: 'OPTIONAL' }),
        firstUnit: 'SENG',
        hops: [['SENG', 'FIN', [BILLED, NOT_BILLED, NOT_VALIDATED]]],
      },
      {
        code: '0202',
        name: 'Hourly rate',
        nameFr: 'Taux horaire',
        description: 'The hourly rate applied is not the one of your grade or contract.',
        descriptionFr: "Le taux horaire appliqué n'est pas celui de votre grade ou de votre contrat.",
        display: display({ TH: 'REQUIRED', VH: 'OPTIONAL' }),
        firstUnit: 'SENG',
        hops: [
          ['SENG', 'FIN', [BILLED, NOT_BILLED, NOT_VALIDATED, TO_HR]],
          ['FIN', 'HR', [VALIDATE, NOT_VALIDATED]],
        ],
      },
      {
        code: '0203',
        name: 'Tax withheld',
        nameFr: 'Impôt retenu',
        description: 'The tax rate withheld on your fees is not the one that applies to you.',
        descriptionFr: "Le taux d'impôt retenu sur votre rémunération n'est pas celui qui vous concerne.",
        display: display({ TI: 'REQUIRED', AMOUNT: 'OPTIONAL' }),
        firstUnit: 'SENG',
        hops: [['SENG', 'FIN', [VALIDATE, NOT_VALIDATED]]],
      },
    ],
  },
  {
    code: '03',
    name: 'Contract',
    nameFr: 'Contrat',
    description: 'Your teaching contract: its number, hours and terms.',
    descriptionFr: "Votre contrat d'enseignement : son numéro, ses heures et ses conditions.",
    subcategories: [
      {
        code: '0301',
        name: 'Contract not received',
        nameFr: 'Contrat non reçu',
        description: 'You teach this year and have not received your contract.',
        descriptionFr: "Vous enseignez cette année et n'avez pas reçu votre contrat.",
        display: display({}),
        firstUnit: 'SENG',
        hops: [['SENG', 'HR', [CONTRACT_ISSUED, REJECT]]],
      },
      {
        code: '0302',
        name: 'Contract correction',
        nameFr: 'Correction du contrat',
        description: 'Your contract carries wrong hours, rate or personal data.',
        descriptionFr: 'Votre contrat comporte des heures, un taux ou des données personnelles erronés.',
        display: display({ CONTRACT_NUMBER: 'REQUIRED', VH: 'OPTIONAL', TH: 'OPTIONAL' }),
        firstUnit: 'SENG',
        hops: [['SENG', 'HR', [VALIDATE, REJECT]]],
      },
    ],
  },
  {
    code: '04',
    name: 'Reprography',
    nameFr: 'Reprographie',
    description: 'Copies of course material, tests and examinations for your classes.',
    descriptionFr: "Copies de supports de cours, de devoirs et d'examens pour vos classes.",
    subcategories: [
      {
        code: '0401',
        name: 'Course material copies',
        nameFr: 'Copies de supports de cours',
        description: 'Copies of a handout for the students of one of your classes; attach the document.',
        descriptionFr: "Copies d'un polycopié pour les étudiants d'une de vos classes ; joignez le document.",
        display: display({ CLASS_ID: 'REQUIRED', REPRO: 'REQUIRED', FILE: 'OPTIONAL', DESCRIPTION: 'OPTIONAL' }),
        firstUnit: 'SENG',
        hops: [['SENG', 'ADM', [COPIES_READY, REJECT, NO_ACTION]]],
      },
      {
        code: '0402',
        name: 'Examination copies',
        nameFr: "Copies d'épreuves",
        description: 'Copies of a test or an examination paper, handled confidentially.',
        descriptionFr: "Copies d'un devoir ou d'une épreuve d'examen, traitées en toute confidentialité.",
        display: display({ CLASS_ID: 'REQUIRED', REQUEST_PBLM_DATE: 'OPTIONAL', REPRO: 'REQUIRED', DESCRIPTION: 'OPTIONAL' }),
        firstUnit: 'SENG',
        hops: [['SENG', 'ADM', [COPIES_READY, REJECT, NO_ACTION]]],
      },
    ],
  },
];

// ---------------------------------------------------------------- the students' requests (issue 13, decision 41)

const ISSUED: Decision = { label: 'Certificate issued', labelFr: 'Attestation délivrée', status: 'VALIDATED' };
const TRANSCRIPT_ISSUED: Decision = { label: 'Transcript issued', labelFr: 'Relevé de notes délivré', status: 'VALIDATED' };
const GRADE_CORRECTED: Decision = { label: 'Grade corrected', labelFr: 'Note corrigée', status: 'VALIDATED' };
const GRADE_CONFIRMED: Decision = { label: 'Grade confirmed', labelFr: 'Note maintenue', status: 'NOT_VALIDATED' };
const GRADE_RECORDED: Decision = { label: 'Grade recorded', labelFr: 'Note enregistrée', status: 'VALIDATED' };
const CHANGE_ACCEPTED: Decision = { label: 'Change accepted', labelFr: 'Changement accepté', status: 'VALIDATED' };
const CHANGE_REFUSED: Decision = { label: 'Change refused', labelFr: 'Changement refusé', status: 'NOT_VALIDATED' };

/** A student's request: the student records office sends it to the school of the student's class, which decides. */
const scolToSchools = (decisions: Decision[]): Hop[] => SCHOOLS.map((school): Hop => ['SCOL', school, decisions]);

/**
 * The categories students file under (audience STUDENT): no staff-only field (contract, hours,
 * amounts, reprography), no week beside the form; the class is always the student's own.
 */
export const STUDENT_REQUEST_CATEGORIES: Category[] = [
  {
    code: '11',
    audience: 'STUDENT',
    name: 'Certificates',
    nameFr: 'Attestations',
    description: 'A certificate or a transcript issued by your school.',
    descriptionFr: 'Une attestation ou un relevé de notes délivré par votre école.',
    subcategories: [
      {
        code: '1101',
        name: 'Attendance certificate',
        nameFr: "Attestation d'assiduité",
        description: 'A certificate that you attend your classes, for a scholarship, an employer or an embassy.',
        descriptionFr: 'Une attestation de présence aux cours, pour une bourse, un employeur ou une ambassade.',
        display: display({ DESCRIPTION: 'OPTIONAL', FILE: 'HIDDEN' }),
        firstUnit: 'SCOL',
        hops: scolToSchools([ISSUED, REJECT]),
      },
      {
        code: '1102',
        name: 'Transcript of records',
        nameFr: 'Relevé de notes',
        description: 'Your grades of a semester or a year, signed and stamped by your school.',
        descriptionFr: "Vos notes d'un semestre ou d'une année, signées et cachetées par votre école.",
        display: display({ DESCRIPTION: 'OPTIONAL', FILE: 'HIDDEN' }),
        firstUnit: 'SCOL',
        hops: scolToSchools([TRANSCRIPT_ISSUED, REJECT]),
      },
      {
        code: '1103',
        name: 'Enrolment certificate',
        nameFr: "Certificat d'inscription",
        description: 'A certificate that you are enrolled this academic year, in your class.',
        descriptionFr: "Un certificat attestant votre inscription cette année universitaire, dans votre classe.",
        display: display({ DESCRIPTION: 'OPTIONAL', FILE: 'HIDDEN' }),
        firstUnit: 'SCOL',
        hops: scolToSchools([ISSUED, REJECT]),
      },
    ],
  },
  {
    code: '12',
    audience: 'STUDENT',
    name: 'Grades',
    nameFr: 'Notes',
    description: 'A grade of an examination that you dispute, or that is missing.',
    descriptionFr: "Une note d'examen que vous contestez, ou qui manque.",
    subcategories: [
      {
        code: '1201',
        name: 'Grade dispute',
        nameFr: 'Contestation de note',
        description: 'A grade of one of your subjects that you think is wrong: give the date of the examination and explain why.',
        descriptionFr: "Une note d'une de vos matières que vous estimez erronée : indiquez la date de l'examen et expliquez pourquoi.",
        display: display({ CLASS_ID: 'REQUIRED', REQUEST_PBLM_DATE: 'REQUIRED', DESCRIPTION: 'REQUIRED', FILE: 'OPTIONAL' }),
        firstUnit: 'SCOL',
        hops: scolToSchools([GRADE_CORRECTED, GRADE_CONFIRMED]),
      },
      {
        code: '1202',
        name: 'Missing grade',
        nameFr: 'Note manquante',
        description: 'An examination you sat has no grade in your results.',
        descriptionFr: "Un examen que vous avez passé n'a pas de note dans vos résultats.",
        display: display({ CLASS_ID: 'REQUIRED', REQUEST_PBLM_DATE: 'OPTIONAL', DESCRIPTION: 'REQUIRED', FILE: 'OPTIONAL' }),
        firstUnit: 'SCOL',
        hops: scolToSchools([GRADE_RECORDED, NOT_VALIDATED]),
      },
    ],
  },
  {
    code: '13',
    audience: 'STUDENT',
    name: 'Enrolment',
    nameFr: 'Inscription',
    description: 'A change of your class, of your shift or of your optional subjects.',
    descriptionFr: 'Un changement de classe, de régime ou de matières optionnelles.',
    subcategories: [
      {
        code: '1301',
        name: 'Change of class or shift',
        nameFr: 'Changement de classe ou de régime',
        description: 'Move to another group of your level, or from day classes to evening classes (or back); say which and why.',
        descriptionFr: 'Passer dans un autre groupe de votre niveau, ou des cours du jour aux cours du soir (ou l’inverse) ; dites lequel et pourquoi.',
        display: display({ DESCRIPTION: 'REQUIRED', FILE: 'OPTIONAL' }),
        firstUnit: 'SCOL',
        hops: scolToSchools([CHANGE_ACCEPTED, CHANGE_REFUSED]),
      },
      {
        code: '1302',
        name: 'Optional subject',
        nameFr: 'Matière optionnelle',
        description: 'Add an optional subject outside the enrolment sessions, or drop one you follow.',
        descriptionFr: 'Ajouter une matière optionnelle hors des sessions de candidature, ou abandonner une que vous suivez.',
        display: display({ CLASS_ID: 'OPTIONAL', DESCRIPTION: 'REQUIRED' }),
        firstUnit: 'SCOL',
        hops: scolToSchools([CHANGE_ACCEPTED, CHANGE_REFUSED]),
      },
    ],
  },
];

/** Seeds the units, categories (the staff's, then the students'), sub-categories, hops and decisions: a handful of multi-row inserts. */
export async function seedRequests(tx: Tx): Promise<void> {
  const departmentId = new Map((await tx.select({ id: departments.id, code: departments.code }).from(departments)).map((d) => [d.code, d.id]));
  const units = await tx
    .insert(requestUnits)
    .values(REQUEST_UNITS.map(({ department, ...unit }) => ({ ...unit, departmentId: department ? departmentId.get(department)! : null })))
    .returning({ id: requestUnits.id, code: requestUnits.code });
  const unitId = new Map(units.map((u) => [u.code, u.id]));
  const all = [...REQUEST_CATEGORIES, ...STUDENT_REQUEST_CATEGORIES];
  const categories = await tx
    .insert(requestCategories)
    .values(all.map(({ subcategories: _, audience, ...category }, position) => ({ ...category, audience: audience ?? 'STAFF', position })))
    .returning({ id: requestCategories.id, code: requestCategories.code });
  const categoryId = new Map(categories.map((c) => [c.code, c.id]));
  const planned = all.flatMap((category) => category.subcategories.map((sub, position) => ({ sub, categoryId: categoryId.get(category.code)!, position })));
  const subs = await tx
    .insert(requestSubcategories)
    .values(planned.map(({ sub: { hops: _, firstUnit, ...sub }, categoryId, position }) => ({ ...sub, categoryId, position, firstUnitId: unitId.get(firstUnit)! })))
    .returning({ id: requestSubcategories.id, code: requestSubcategories.code });
  const subId = new Map(subs.map((s) => [s.code, s.id]));
  const hopsPlanned = planned.flatMap(({ sub }) => sub.hops.map(([from, to, decisions]) => ({ subcategoryId: subId.get(sub.code)!, fromUnitId: unitId.get(from)!, toUnitId: unitId.get(to)!, decisions })));
  const hops = await tx
    .insert(requestHops)
    .values(hopsPlanned.map(({ decisions: _, ...hop }) => hop))
    .returning({ id: requestHops.id });
  await tx.insert(requestDecisions).values(
    hopsPlanned.flatMap((hop, i) => hop.decisions.map(({ forward, ...decision }) => ({ hopId: hops[i]!.id, ...decision, forwardUnitId: forward ? unitId.get(forward)! : null }))),
  );
}

/** The unit each demo back-office account processes requests in (decision 32), by matricule. */
export async function seedUnitMembers(tx: Tx, members: Record<string, string>): Promise<void> {
  const unitId = new Map((await tx.select({ id: requestUnits.id, code: requestUnits.code }).from(requestUnits)).map((u) => [u.code, u.id]));
  for (const [matricule, unit] of Object.entries(members)) await tx.update(persons).set({ REQUEST_UNIT_ID: unitId.get(unit)! }).where(eq(persons.MATRICULE, matricule));
}

const DAY_MS = 86_400_000;

/** A demo request's step: what happened, at which unit, with what status after it, when and by whom (a matricule); a decision is one of the arrival hop's. */
interface DemoStep {
  kind: RequestStepKind;
  unit: string;
  status: RequestStatus;
  at: Date;
  by: string;
  batch?: string;
  decision?: string;
  comment?: string;
}

/**
 * A few demo requests of PER0001 and VAC0001 at every stage of their processing (decision 32),
 * consistent with the model: each with its steps, the batches that carried it and their items.
 * `now` is the seeding instant: one finished payment claim (validated and billed, filed 40 days
 * before), one hourly-rate claim finance did not validate, one teaching claim received by the
 * School of Computer Science and awaiting its decision, one contract claim signed and ready to
 * send at the lecturers' service, and one reprography request filed now, not yet signed. Then three
 * of the student demo account (decision 41; signed by their filing, about the student's class, the
 * first of DEMO_STUDENT_CLASSES): an enrolment certificate the school issued, a grade dispute the
 * School of Computer Science received and has to decide on, and a transcript filed yesterday, at the
 * student records office, ready to send. The office has no demo member: the administrator sent them.
 */
export async function seedDemoRequests(tx: Tx, now: Date): Promise<void> {
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS - hours * 3_600_000);
  const people = await tx
    .select({ id: persons.id, MATRICULE: persons.MATRICULE })
    .from(persons)
    .where(
      inArray(persons.MATRICULE, [
        DEMO_ACCOUNTS.permanent.matricule,
        DEMO_ACCOUNTS.partTime.matricule,
        DEMO_ACCOUNTS.seng.matricule,
        DEMO_ACCOUNTS.finance.matricule,
        DEMO_ACCOUNTS.school.matricule,
        DEMO_ACCOUNTS.admin.matricule,
        DEMO_ACCOUNTS.student.matricule,
      ]),
    );
  const personId = (matricule: string) => people.find((p) => p.MATRICULE === matricule)!.id;
  const unitId = new Map((await tx.select({ id: requestUnits.id, code: requestUnits.code }).from(requestUnits)).map((u) => [u.code, u.id]));
  const subs = new Map((await tx.select({ id: requestSubcategories.id, code: requestSubcategories.code }).from(requestSubcategories)).map((s) => [s.code, s.id]));
  const hopOf = async (sub: string, from: string, to: string) =>
    (await tx.select({ id: requestHops.id }).from(requestHops).where(and(eq(requestHops.subcategoryId, subs.get(sub)!), eq(requestHops.fromUnitId, unitId.get(from)!), eq(requestHops.toUnitId, unitId.get(to)!))))[0]!.id;
  const decisionOf = async (hopId: number, label: string) => (await tx.select({ id: requestDecisions.id }).from(requestDecisions).where(and(eq(requestDecisions.hopId, hopId), eq(requestDecisions.label, label))))[0]!.id;
  const classSubject = async (classCode: string, subjectCode: string) => {
    const [row] = await tx.select({ classId: classes.id, subjectId: subjects.id }).from(subjects).innerJoin(classes, eq(classes.id, subjects.classId)).where(and(eq(classes.code, classCode), eq(subjects.code, subjectCode)));
    return row!;
  };
  const next = async (sequence: string) => rowsOf<{ next: number }>(await tx.execute(sql`select nextval(${sequence})::int as next`))[0]!.next;

  const SENG = DEMO_ACCOUNTS.seng.matricule;
  const FIN = DEMO_ACCOUNTS.finance.matricule;
  const SCHOOL = DEMO_ACCOUNTS.school.matricule;
  const PER = DEMO_ACCOUNTS.permanent.matricule;
  const VAC = DEMO_ACCOUNTS.partTime.matricule;

  // The transmittal batches: two to finance, received, and one to the School of Computer Science, received.
  const batches = new Map<string, { id: number; hopId: number }>();
  const batch = async (key: string, from: string, to: string, sub: string, created: Date, received: Date, sentBy: string, receivedBy: string) => {
    const number = await next('request_batch_seq');
    const [row] = await tx
      .insert(requestBatches)
      .values({
        reference: `${from}-${universityDayOf(created).slice(0, 4)}-${String(number).padStart(4, '0')}`,
        fromUnitId: unitId.get(from)!,
        toUnitId: unitId.get(to)!,
        status: 'RECEIVED',
        createdAt: created,
        createdBy: personId(sentBy),
        sentAt: created,
        sentBy: personId(sentBy),
        receivedAt: received,
        receivedBy: personId(receivedBy),
      })
      .returning({ id: requestBatches.id });
    batches.set(key, { id: row!.id, hopId: await hopOf(sub, from, to) });
  };
  await batch('fees', 'SENG', 'FIN', '0201', at(38), at(37), SENG, FIN);
  await batch('rate', 'SENG', 'FIN', '0202', at(23), at(22), SENG, FIN);
  await batch('lesson', 'SENG', 'SCH-INF', '0101', at(8), at(7), SENG, SCHOOL);

  const file = async (input: { sub: string; author: string; fields: Partial<typeof requests.$inferInsert> & { REQUEST_OBJECT: string }; status: RequestStatus; unit: string | null; signedAt: Date | null; arrival?: string; steps: DemoStep[] }) => {
    const filedAt = input.steps[0]!.at;
    const arrivalHopId = input.arrival ? batches.get(input.arrival)!.hopId : null;
    // (drawn as a filing draws them: the id written below and the reference's number)
    const { id, number } = await drawRequestNumbers(tx);
    await tx
      .insert(requests)
      .overridingSystemValue()
      .values({
        ...input.fields,
        id,
        REQUEST_PBLM_WEEK: input.fields.REQUEST_PBLM_DATE ? isoWeekOf(input.fields.REQUEST_PBLM_DATE) : null,
        REQUEST_ID: requestReferenceOf(input.sub, universityDayOf(filedAt), number),
        REQUEST_AUTHOR: personId(input.author),
        REQUEST_CATEGORY_ID: subs.get(input.sub)!,
        REQUEST_STATUS: input.status,
        REQUEST_UNITY_ID: input.unit ? unitId.get(input.unit)! : null,
        signedAt: input.signedAt,
        filedAt,
        arrivalHopId,
        updatedAt: input.steps.at(-1)!.at,
      });
    for (const key of new Set(input.steps.flatMap((s) => (s.batch ? [s.batch] : [])))) {
      await tx.insert(requestBatchItems).values({ batchId: batches.get(key)!.id, requestId: id, hopId: batches.get(key)!.hopId });
    }
    await tx.insert(requestSteps).values(
      await Promise.all(
        input.steps.map(async (s) => ({
          requestId: id,
          kind: s.kind,
          unitId: unitId.get(s.unit)!,
          status: s.status,
          at: s.at,
          by: personId(s.by),
          batchId: s.batch ? batches.get(s.batch)!.id : null,
          decisionId: s.decision ? await decisionOf(arrivalHopId!, s.decision) : null,
          comment: s.comment ?? null,
        })),
      ),
    );
  };

  // Finished: a payment claim finance validated and billed.
  await file({
    sub: '0201',
    author: PER,
    fields: { AMOUNT_RECEIVED: 150000, AMOUNT_EXPECTED: 187500, VH_DISPLAYED: 30, VH_EXPECTED: 37.5, REQUEST_OBJECT: 'October fees short by 7.5 hours', DESCRIPTION: 'My October fees count 30 hours; I taught 37.5 (timetable and attendance sheets attached to my file).' },
    status: 'VALIDATED_BILLED',
    unit: null,
    signedAt: at(39),
    arrival: 'fees',
    steps: [
      { kind: 'FILED', unit: 'SENG', status: 'REGISTERED', at: at(40), by: PER },
      { kind: 'SIGNED', unit: 'SENG', status: 'REGISTERED', at: at(39), by: SENG },
      { kind: 'SENT', unit: 'FIN', status: 'REGISTERED', at: at(38), by: SENG, batch: 'fees' },
      { kind: 'RECEIVED', unit: 'FIN', status: 'PROCESSING', at: at(37), by: FIN, batch: 'fees' },
      { kind: 'DECIDED', unit: 'FIN', status: 'VALIDATED_BILLED', at: at(30), by: FIN, decision: 'Validated and billed', comment: 'The 7.5 missing hours are paid with the fees of next month.' },
    ],
  });

  // Finished: an hourly-rate claim finance did not validate.
  await file({
    sub: '0202',
    author: VAC,
    fields: { TH_DISPLAYED: 4000, TH_EXPECTED: 5000, REQUEST_OBJECT: 'Hourly rate of a level 3 class', DESCRIPTION: 'My level 3 hours are paid at the level 1 rate.' },
    status: 'NOT_VALIDATED',
    unit: null,
    signedAt: at(24),
    arrival: 'rate',
    steps: [
      { kind: 'FILED', unit: 'SENG', status: 'REGISTERED', at: at(25), by: VAC },
      { kind: 'SIGNED', unit: 'SENG', status: 'REGISTERED', at: at(24), by: SENG },
      { kind: 'SENT', unit: 'FIN', status: 'REGISTERED', at: at(23), by: SENG, batch: 'rate' },
      { kind: 'RECEIVED', unit: 'FIN', status: 'PROCESSING', at: at(22), by: FIN, batch: 'rate' },
      { kind: 'DECIDED', unit: 'FIN', status: 'NOT_VALIDATED', at: at(18), by: FIN, decision: 'Not validated', comment: 'The classes you taught last semester are level 1 classes: the rate applied is right.' },
    ],
  });

  // Awaiting a decision: a teaching claim received by the school of its class.
  const lesson = await classSubject('BTS1 GSI/J B', 'GSI103');
  await file({
    sub: '0101',
    author: VAC,
    fields: {
      CLASS_ID: lesson.classId,
      SUBJECT_ID: lesson.subjectId,
      REQUEST_PBLM_DATE: universityDayOf(at(12)),
      REQUEST_PBLM_HOUR_START: '08:00',
      REQUEST_PBLM_HOUR_END: '09:50',
      REQUEST_OBJECT: 'Teaching session not recorded',
      DESCRIPTION: 'I taught the first slot; the class delegate signed the attendance sheet.',
    },
    status: 'PROCESSING',
    unit: 'SCH-INF',
    signedAt: at(9),
    arrival: 'lesson',
    steps: [
      { kind: 'FILED', unit: 'SENG', status: 'REGISTERED', at: at(10), by: VAC },
      { kind: 'SIGNED', unit: 'SENG', status: 'REGISTERED', at: at(9), by: SENG },
      { kind: 'SENT', unit: 'SCH-INF', status: 'REGISTERED', at: at(8), by: SENG, batch: 'lesson' },
      { kind: 'RECEIVED', unit: 'SCH-INF', status: 'PROCESSING', at: at(7), by: SCHOOL, batch: 'lesson' },
    ],
  });

  // Ready to send: a contract claim signed at the lecturers' service.
  await file({
    sub: '0301',
    author: PER,
    fields: { REQUEST_OBJECT: 'Contract for this year not received', DESCRIPTION: 'I teach in BTS1 and BTS2 since October and have not received my contract.' },
    status: 'REGISTERED',
    unit: 'SENG',
    signedAt: at(2),
    steps: [
      { kind: 'FILED', unit: 'SENG', status: 'REGISTERED', at: at(3), by: PER },
      { kind: 'SIGNED', unit: 'SENG', status: 'REGISTERED', at: at(2), by: SENG },
    ],
  });

  // Awaiting the signature: a reprography request filed now.
  const copies = await classSubject('BTS1 GSI/J A', 'GSI101');
  await file({
    sub: '0401',
    author: PER,
    fields: { CLASS_ID: copies.classId, REPRO_COPY_NUMBER: 60, REPRO_STUDENT_COUNT: 58, REQUEST_OBJECT: 'Handout of chapter 3', DESCRIPTION: 'Twenty pages, one copy per student and two spares.' },
    status: 'REGISTERED',
    unit: 'SENG',
    signedAt: null,
    steps: [{ kind: 'FILED', unit: 'SENG', status: 'REGISTERED', at: now, by: PER }],
  });

  // The student demo account's requests, about their class (BTS1 GSI/J A: the School of Computer Science).
  const ADMIN = DEMO_ACCOUNTS.admin.matricule;
  const STUDENT = DEMO_ACCOUNTS.student.matricule;
  const ownClass = await classSubject(DEMO_STUDENT_CLASSES[0], 'GSI102');
  await batch('certificate', 'SCOL', 'SCH-INF', '1103', at(19), at(18), ADMIN, SCHOOL);
  await batch('grades', 'SCOL', 'SCH-INF', '1201', at(12), at(11), ADMIN, SCHOOL);

  // Finished: an enrolment certificate the school issued.
  await file({
    sub: '1103',
    author: STUDENT,
    fields: { CLASS_ID: ownClass.classId, REQUEST_OBJECT: 'Enrolment certificate for my scholarship', DESCRIPTION: 'The regional scholarship office asks for a certificate of this year.' },
    status: 'VALIDATED',
    unit: null,
    signedAt: at(20),
    arrival: 'certificate',
    steps: [
      { kind: 'FILED', unit: 'SCOL', status: 'REGISTERED', at: at(20), by: STUDENT },
      { kind: 'SENT', unit: 'SCH-INF', status: 'REGISTERED', at: at(19), by: ADMIN, batch: 'certificate' },
      { kind: 'RECEIVED', unit: 'SCH-INF', status: 'PROCESSING', at: at(18), by: SCHOOL, batch: 'certificate' },
      { kind: 'DECIDED', unit: 'SCH-INF', status: 'VALIDATED', at: at(16), by: SCHOOL, decision: 'Certificate issued', comment: "Your certificate is ready: collect it at the school's secretariat." },
    ],
  });

  // Awaiting a decision: a grade dispute received by the school of the student's class.
  await file({
    sub: '1201',
    author: STUDENT,
    fields: {
      CLASS_ID: ownClass.classId,
      SUBJECT_ID: ownClass.subjectId,
      REQUEST_PBLM_DATE: universityDayOf(at(21)),
      REQUEST_PBLM_HOUR_START: '08:00',
      REQUEST_PBLM_HOUR_END: '09:50',
      REQUEST_OBJECT: 'Mid-term examination grade',
      DESCRIPTION: 'My mid-term grade reads 8/20; the corrected paper I was shown gave 13/20 (exercise 3 was not counted).',
    },
    status: 'PROCESSING',
    unit: 'SCH-INF',
    signedAt: at(14),
    arrival: 'grades',
    steps: [
      { kind: 'FILED', unit: 'SCOL', status: 'REGISTERED', at: at(14), by: STUDENT },
      { kind: 'SENT', unit: 'SCH-INF', status: 'REGISTERED', at: at(12), by: ADMIN, batch: 'grades' },
      { kind: 'RECEIVED', unit: 'SCH-INF', status: 'PROCESSING', at: at(11), by: SCHOOL, batch: 'grades' },
    ],
  });

  // Ready to send: a transcript filed yesterday at the student records office.
  await file({
    sub: '1102',
    author: STUDENT,
    fields: { CLASS_ID: ownClass.classId, REQUEST_OBJECT: 'Transcript of semester 1', DESCRIPTION: 'For an internship application.' },
    status: 'REGISTERED',
    unit: 'SCOL',
    signedAt: at(1),
    steps: [{ kind: 'FILED', unit: 'SCOL', status: 'REGISTERED', at: at(1), by: STUDENT }],
  });
}
