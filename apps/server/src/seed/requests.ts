/** Demo reference data of the requests (issue 11, decision 31): units, categories, sub-categories with their display configuration, hops and decisions. */
import type { RequestDisplayConfig, RequestStatus } from '@portal/contract/rules';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { departments, persons, requestCategories, requestDecisions, requestHops, requestSubcategories, requestUnits } from '../db/schema';

type Bilingual = { name: string; nameFr: string };

/**
 * The units that hold requests. SENG receives and checks every request first (the printed form is
 * signed there); each school receives the requests about the classes of its department.
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

/** Seeds the units, categories, sub-categories, hops and decisions: a handful of multi-row inserts. */
export async function seedRequests(tx: Tx): Promise<void> {
  const departmentId = new Map((await tx.select({ id: departments.id, code: departments.code }).from(departments)).map((d) => [d.code, d.id]));
  const units = await tx
    .insert(requestUnits)
    .values(REQUEST_UNITS.map(({ department, ...unit }) => ({ ...unit, departmentId: department ? departmentId.get(department)! : null })))
    .returning({ id: requestUnits.id, code: requestUnits.code });
  const unitId = new Map(units.map((u) => [u.code, u.id]));
  const categories = await tx
    .insert(requestCategories)
    .values(REQUEST_CATEGORIES.map(({ subcategories: _, ...category }, position) => ({ ...category, position })))
    .returning({ id: requestCategories.id, code: requestCategories.code });
  const categoryId = new Map(categories.map((c) => [c.code, c.id]));
  const planned = REQUEST_CATEGORIES.flatMap((category) => category.subcategories.map((sub, position) => ({ sub, categoryId: categoryId.get(category.code)!, position })));
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
