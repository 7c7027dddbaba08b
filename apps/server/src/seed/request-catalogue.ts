/**
 * The requests' demo reference data (issue 11, decision 31): units, categories, sub-categories with
 * their display configuration, hops and decisions; the students' categories (issue 13, decision 41).
 * seed/requests.ts writes them.
 */
import type { RequestAudience, RequestDisplayConfig, RequestStatus } from '@portal/contract/rules';

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
const TO_HR: Decision = {
  label: 'Send to human resources for checking',
  labelFr: 'Transmettre aux ressources humaines pour vérification',
  status: 'PROCESSING',
  forward: 'HR',
};
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
        descriptionFr: 'Un certificat attestant votre inscription cette année universitaire, dans votre classe.',
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
