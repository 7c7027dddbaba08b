/** Fixed reference and catalogue data: the same on every machine, so tests can rely on it. */

/** A fictional but realistic private university of Douala, organised as IUC-like institutes are (reference notes, section 6). */
export const INSTITUTION = { name: 'Institut Universitaire du Littoral', acronym: 'IUL', city: 'Douala' };

export const REGIONS: { name: string; nameFr: string; towns: string[] }[] = [
  { name: 'Adamaoua', nameFr: 'Adamaoua', towns: ['Ngaoundéré', 'Meiganga', 'Tibati', 'Banyo', 'Tignère'] },
  { name: 'Centre', nameFr: 'Centre', towns: ['Yaoundé', 'Mbalmayo', 'Obala', 'Bafia', 'Nanga-Eboko', 'Mfou', 'Akonolinga'] },
  { name: 'East', nameFr: 'Est', towns: ['Bertoua', 'Batouri', 'Abong-Mbang', 'Yokadouma'] },
  { name: 'Far North', nameFr: 'Extrême-Nord', towns: ['Maroua', 'Kousséri', 'Mokolo', 'Yagoua', 'Mora', 'Kaélé'] },
  { name: 'Littoral', nameFr: 'Littoral', towns: ['Douala', 'Nkongsamba', 'Edéa', 'Loum', 'Mbanga', 'Yabassi'] },
  { name: 'North', nameFr: 'Nord', towns: ['Garoua', 'Guider', 'Poli', 'Tcholliré'] },
  { name: 'North-West', nameFr: 'Nord-Ouest', towns: ['Bamenda', 'Kumbo', 'Wum', 'Ndop', 'Nkambé', 'Mbengwi'] },
  { name: 'West', nameFr: 'Ouest', towns: ['Bafoussam', 'Dschang', 'Mbouda', 'Foumban', 'Bangangté', 'Bafang'] },
  { name: 'South', nameFr: 'Sud', towns: ['Ebolowa', 'Kribi', 'Sangmélima', 'Ambam'] },
  { name: 'South-West', nameFr: 'Sud-Ouest', towns: ['Buea', 'Limbe', 'Kumba', 'Mamfe', 'Tiko'] },
];

export const IDENTIFICATION_TYPES = [
  { name: 'National identity card', abbreviation: 'CNI' },
  { name: 'Passport', abbreviation: 'PASSPORT' },
  { name: 'National identity card receipt', abbreviation: 'RECEPISSE' },
];

export const PAYMENT_MODES = [
  { abbreviation: 'CASH', designation: 'Cash', position: 1 },
  { abbreviation: 'BANK_TRANSFER', designation: 'Bank transfer', position: 2 },
  { abbreviation: 'MOBILE_TRANSFER', designation: 'Mobile transfer', position: 3 },
  { abbreviation: 'BANK_CHECK', designation: 'Bank check', position: 4 },
  { abbreviation: 'PREPAID_CARD', designation: 'Prepaid card', position: 5 },
];

export const DEPARTMENTS = [
  { code: 'INF', name: 'Computer Science', nameFr: 'Informatique' },
  { code: 'FIN', name: 'Accounting and Finance', nameFr: 'Comptabilité et finance' },
  { code: 'GES', name: 'Business and Management', nameFr: 'Commerce et gestion' },
  { code: 'ING', name: 'Engineering', nameFr: 'Ingénierie' },
];

/**
 * Programmes (the catalogue's cycles) by level: BTS and HND in two years, LP and BTech in one
 * (level 3), MP and MSc in two (levels 4 and 5). `label` is how class names write them, with the
 * year inside the programme (`MSc1` is level 4) or none (`LP`).
 */
export const CYCLES = [
  { code: 'BTS', name: 'Higher Technician Certificate (BTS)', nameFr: 'Brevet de technicien supérieur (BTS)', firstLevel: 1, lastLevel: 2 },
  { code: 'HND', name: 'Higher National Diploma (HND)', nameFr: 'Higher National Diploma (HND)', firstLevel: 1, lastLevel: 2 },
  { code: 'LP', name: 'Professional Bachelor (LP)', nameFr: 'Licence professionnelle (LP)', firstLevel: 3, lastLevel: 3 },
  { code: 'BTECH', name: 'Bachelor of Technology (BTech)', nameFr: 'Bachelor of Technology (BTech)', firstLevel: 3, lastLevel: 3 },
  { code: 'MP', name: 'Professional Master (MP)', nameFr: 'Master professionnel (MP)', firstLevel: 4, lastLevel: 5 },
  { code: 'MSC', name: 'Master of Science (MSc)', nameFr: 'Master of Science (MSc)', firstLevel: 4, lastLevel: 5 },
];

/** How a class name writes a programme and the level: `BTS1`, `HND2`, `LP`, `BTech3`, `MP5`, `MSc1` (level 4). */
export const PROGRAMME_LABELS: Record<string, (level: number) => string> = {
  BTS: (level) => `BTS${level}`,
  HND: (level) => `HND${level}`,
  LP: () => 'LP',
  BTECH: (level) => `BTech${level}`,
  MP: (level) => `MP${level}`,
  MSC: (level) => `MSc${level - 3}`,
};

/** A programme a speciality runs: its levels, in the day (J) and evening (S) regimes, with its groups (A, B ...). */
interface Run {
  cycle: string;
  levels: number[];
  day?: string[];
  evening?: string[];
}

/**
 * Specialities (the catalogue's branches), known by the abbreviations class names use, and the
 * classes they run. Each class is named `<programme><level> <speciality>/<regime> <group>`, e.g.
 * `BTS1 GSI/J A` (day) or `HND2 ACC/S A` (evening).
 */
export const BRANCHES: { abbreviation: string; name: string; nameFr: string; department: string; runs: Run[] }[] = [
  {
    abbreviation: 'GSI',
    name: 'Information Systems Management',
    nameFr: "Gestion des systèmes d'information",
    department: 'INF',
    runs: [{ cycle: 'BTS', levels: [1, 2], day: ['A', 'B'], evening: ['A'] }],
  },
  {
    abbreviation: 'SWE',
    name: 'Software Engineering',
    nameFr: 'Génie logiciel',
    department: 'INF',
    runs: [
      { cycle: 'HND', levels: [1, 2], day: ['A'], evening: ['A'] },
      { cycle: 'BTECH', levels: [3], day: ['A'] },
    ],
  },
  {
    abbreviation: 'NWS',
    name: 'Networks and Security',
    nameFr: 'Réseaux et sécurité',
    department: 'INF',
    runs: [{ cycle: 'HND', levels: [1, 2], day: ['A'] }],
  },
  {
    abbreviation: 'SIGL',
    name: 'Information Systems and Software Engineering',
    nameFr: "Systèmes d'information et génie logiciel",
    department: 'INF',
    runs: [
      { cycle: 'LP', levels: [3], evening: ['A'] },
      { cycle: 'MP', levels: [4, 5], day: ['A'], evening: ['A'] },
    ],
  },
  {
    abbreviation: 'BF',
    name: 'Banking and Finance',
    nameFr: 'Banque et finance',
    department: 'FIN',
    runs: [{ cycle: 'BTS', levels: [1, 2], day: ['A'], evening: ['A'] }],
  },
  { abbreviation: 'ACC', name: 'Accountancy', nameFr: 'Comptabilité', department: 'FIN', runs: [{ cycle: 'HND', levels: [1, 2], day: ['A'], evening: ['A'] }] },
  {
    abbreviation: 'FICO',
    name: 'Finance and Accounting',
    nameFr: 'Finance et comptabilité',
    department: 'FIN',
    runs: [
      { cycle: 'LP', levels: [3], evening: ['A'] },
      { cycle: 'MP', levels: [4, 5], evening: ['A'] },
    ],
  },
  { abbreviation: 'AF', name: 'Audit and Finance', nameFr: 'Audit et finance', department: 'FIN', runs: [{ cycle: 'MSC', levels: [4, 5], evening: ['A'] }] },
  { abbreviation: 'FIN', name: 'Corporate Finance', nameFr: "Finance d'entreprise", department: 'FIN', runs: [{ cycle: 'MSC', levels: [4, 5], day: ['A'] }] },
  {
    abbreviation: 'CGE',
    name: 'Accounting and Business Management',
    nameFr: 'Comptabilité et gestion des entreprises',
    department: 'GES',
    runs: [{ cycle: 'BTS', levels: [1, 2], day: ['A', 'B'] }],
  },
  { abbreviation: 'MKT', name: 'Marketing', nameFr: 'Marketing', department: 'GES', runs: [{ cycle: 'HND', levels: [1, 2], day: ['A'] }] },
  {
    abbreviation: 'SCM',
    name: 'Supply Chain Management',
    nameFr: "Logistique et chaîne d'approvisionnement",
    department: 'GES',
    runs: [{ cycle: 'MSC', levels: [4, 5], day: ['A'] }],
  },
  {
    abbreviation: 'GARH',
    name: 'Administration and Human Resources Management',
    nameFr: 'Gestion administrative et des ressources humaines',
    department: 'GES',
    runs: [{ cycle: 'MP', levels: [4, 5], day: ['A'], evening: ['A'] }],
  },
  { abbreviation: 'BAT', name: 'Building Construction', nameFr: 'Bâtiment', department: 'ING', runs: [{ cycle: 'BTS', levels: [1, 2], day: ['A'] }] },
  { abbreviation: 'CIV', name: 'Civil Engineering', nameFr: 'Génie civil', department: 'ING', runs: [{ cycle: 'BTECH', levels: [3], day: ['A'] }] },
  {
    abbreviation: 'EEE',
    name: 'Electrical and Electronic Engineering',
    nameFr: 'Génie électrique et électronique',
    department: 'ING',
    runs: [
      { cycle: 'HND', levels: [1, 2], day: ['A'] },
      { cycle: 'BTECH', levels: [3], day: ['A'] },
    ],
  },
];

/** Subject names in English and French by department; each class takes a deterministic slice. */
export const SUBJECT_POOLS: Record<string, [english: string, french: string][]> = {
  INF: [
    ['Algorithms and Data Structures', 'Algorithmique et structures de données'],
    ['Object-Oriented Programming', 'Programmation orientée objet'],
    ['Databases', 'Bases de données'],
    ['Operating Systems', "Systèmes d'exploitation"],
    ['Computer Networks', 'Réseaux informatiques'],
    ['Web Development', 'Développement web'],
    ['Software Engineering', 'Génie logiciel'],
    ['Discrete Mathematics', 'Mathématiques discrètes'],
    ['Computer Architecture', 'Architecture des ordinateurs'],
    ['Information Security', 'Sécurité informatique'],
    ['Distributed Systems', 'Systèmes distribués'],
    ['Mobile Development', 'Développement mobile'],
    ['Cloud Computing', 'Informatique en nuage'],
    ['Artificial Intelligence', 'Intelligence artificielle'],
    ['Information Systems Analysis (Merise and UML)', "Analyse des systèmes d'information (Merise et UML)"],
    ['Technical English', 'Anglais technique'],
  ],
  FIN: [
    ['General Accounting', 'Comptabilité générale'],
    ['Financial Mathematics', 'Mathématiques financières'],
    ['Cost Accounting', 'Comptabilité analytique'],
    ['Corporate Finance', "Finance d'entreprise"],
    ['Taxation in Cameroon', 'Fiscalité camerounaise'],
    ['Auditing', 'Audit'],
    ['Banking Techniques', 'Techniques bancaires'],
    ['Money and Banking', 'Monnaie et banque'],
    ['OHADA Accounting System (SYSCOHADA)', 'Système comptable OHADA (SYSCOHADA)'],
    ['Management Control', 'Contrôle de gestion'],
    ['Financial Analysis', 'Analyse financière'],
    ['Statistics', 'Statistiques'],
    ['Business Law', 'Droit des affaires'],
    ['Microeconomics', 'Microéconomie'],
    ['Business English', 'Anglais des affaires'],
    ['Financial Markets', 'Marchés financiers'],
  ],
  GES: [
    ['Principles of Management', 'Principes de management'],
    ['Marketing Principles', 'Principes de marketing'],
    ['Human Resources Management', 'Gestion des ressources humaines'],
    ['Labour Law', 'Droit du travail'],
    ['Commercial Negotiation', 'Négociation commerciale'],
    ['Entrepreneurship', 'Entrepreneuriat'],
    ['Business Communication', "Communication d'entreprise"],
    ['Logistics and Supply Chain', "Logistique et chaîne d'approvisionnement"],
    ['Consumer Behaviour', 'Comportement du consommateur'],
    ['OHADA Business Law', 'Droit des affaires OHADA'],
    ['Organisational Behaviour', 'Comportement organisationnel'],
    ['Project Management', 'Gestion de projet'],
    ['Quantitative Methods', 'Méthodes quantitatives'],
    ['Digital Marketing', 'Marketing digital'],
    ['Payroll Management', 'Gestion de la paie'],
    ['French Expression', 'Expression française'],
  ],
  ING: [
    ['Strength of Materials', 'Résistance des matériaux'],
    ['Soil Mechanics', 'Mécanique des sols'],
    ['Technical Drawing', 'Dessin technique'],
    ['Reinforced Concrete', 'Béton armé'],
    ['Topography', 'Topographie'],
    ['Electrical Circuits', 'Circuits électriques'],
    ['Electronics', 'Électronique'],
    ['Electrical Machines', 'Machines électriques'],
    ['Automation', 'Automatismes'],
    ['Power Electronics', 'Électronique de puissance'],
    ['Hydraulics', 'Hydraulique'],
    ['Construction Materials', 'Matériaux de construction'],
    ['Renewable Energy', 'Énergies renouvelables'],
    ['Applied Mathematics', 'Mathématiques appliquées'],
    ['Site Management', 'Gestion de chantier'],
    ['Technical English', 'Anglais technique'],
  ],
};

export const FIRST_NAMES = {
  Male: [
    'Jean-Pierre',
    'Paul',
    'Brice',
    'Emmanuel',
    'Hervé',
    'Samuel',
    'Armand',
    'Joseph',
    'Landry',
    'Blaise',
    'Christian',
    'Serge',
    'Ibrahim',
    'Franck',
    'Thierry',
    'Cyrille',
    'Olivier',
    'Boris',
    'Yannick',
    'Alain',
  ],
  Female: [
    'Aïcha',
    'Chantal',
    'Marie-Claire',
    'Sandrine',
    'Carine',
    'Estelle',
    'Pélagie',
    'Hadidja',
    'Laure',
    'Mireille',
    'Nadège',
    'Josiane',
    'Rosine',
    'Vanessa',
    'Solange',
    'Brenda',
    'Gisèle',
    'Flore',
    'Christelle',
    'Ange',
  ],
} as const;

export const LAST_NAMES = [
  'Mbarga',
  'Bello',
  'Nkeng',
  'Ngo Biyong',
  'Tchoupo',
  'Fotso',
  'Kamga',
  'Essomba',
  'Ndongo',
  'Atangana',
  'Njoya',
  'Tabi',
  'Eyinga',
  'Moukoko',
  'Abena',
  'Djoumessi',
  'Manga',
  'Onana',
  'Tchakounte',
  'Ayuk',
  'Ebai',
  'Nfor',
  'Mvondo',
  'Hamadou',
  'Ewane',
  'Simo',
  'Kuete',
  'Belinga',
  'Ngassa',
  'Etoa',
];

export const BIRTHPLACES = [
  'Douala',
  'Yaoundé',
  'Bafoussam',
  'Bamenda',
  'Garoua',
  'Maroua',
  'Buea',
  'Ngaoundéré',
  'Bertoua',
  'Ebolowa',
  'Kribi',
  'Dschang',
  'Limbe',
  'Kumba',
  'Edéa',
];

/**
 * Banks and microfinance institutions with a 5-digit code, as on a CEMAC RIB. A starting
 * list for the demonstration: the back office keeps the real one (microfinance accounts
 * are refused for salaries).
 */
export const BANKS = [
  { code: '10001', name: 'Société Commerciale de Banque Cameroun (SCB)', microfinance: false },
  { code: '10002', name: "Banque Internationale du Cameroun pour l'Épargne et le Crédit (BICEC)", microfinance: false },
  { code: '10003', name: 'Société Générale Cameroun', microfinance: false },
  { code: '10005', name: 'Afriland First Bank', microfinance: false },
  { code: '10006', name: 'Citibank Cameroon', microfinance: false },
  { code: '10008', name: 'Standard Chartered Bank Cameroon', microfinance: false },
  { code: '10009', name: 'Ecobank Cameroun', microfinance: false },
  { code: '10011', name: 'Commercial Bank of Cameroon (CBC)', microfinance: false },
  { code: '10012', name: 'Union Bank of Cameroon (UBC)', microfinance: false },
  { code: '10022', name: 'BGFIBank Cameroun', microfinance: false },
  { code: '10023', name: 'United Bank for Africa (UBA) Cameroon', microfinance: false },
  { code: '10029', name: 'Banque Atlantique Cameroun', microfinance: false },
  { code: '10033', name: "Crédit Communautaire d'Afrique Bank (CCA Bank)", microfinance: false },
  { code: '10039', name: 'National Financial Credit Bank (NFC Bank)', microfinance: false },
  { code: '40001', name: 'Express Union Finance', microfinance: true },
  { code: '40002', name: 'Advans Cameroun', microfinance: true },
  { code: '40003', name: 'Cameroon Cooperative Credit Union League (CamCCUL)', microfinance: true },
  { code: '40004', name: 'Mutuelle Financière des Femmes Africaines (MUFFA)', microfinance: true },
];

/** The demonstration's open subject-choice session and its limits. */
export const DEMO_CHOICE_SESSION = {
  constraint: { LEVEL1_J: 3, LEVEL2_J: 3, LEVEL3_J: 2, LEVEL4_J: 2, LEVEL5_J: 2, LEVEL1_S: 2, LEVEL2_S: 2, LEVEL3_S: 1, LEVEL4_S: 1, LEVEL5_S: 1 },
  session: {
    DESIGNATION: 'Subject choices, semester 1, 2023-2024',
    DESIGNATION_FR: 'Choix des matières, semestre 1, 2023-2024',
    START_DATE: new Date('2023-09-01T00:00:00Z'),
    END_DATE: new Date('2030-12-31T23:59:59Z'),
    hoursPermanent: 300,
    hoursVacataire: 200,
    hoursStagiaire: 120,
    hoursStaff: 60,
  },
};
