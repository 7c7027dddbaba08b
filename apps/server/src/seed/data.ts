/** Fixed reference and catalogue data: the same on every machine, so tests can rely on it. */

export const INSTITUTION = { name: 'Université Polytechnique du Littoral', acronym: 'UPL', city: 'Douala' };

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
  { code: 'GES', name: 'Management', nameFr: 'Gestion' },
  { code: 'GCI', name: 'Civil Engineering', nameFr: 'Génie civil' },
  { code: 'GEL', name: 'Electrical Engineering', nameFr: 'Génie électrique' },
  { code: 'COM', name: 'Communication', nameFr: 'Communication' },
];

/** Branches; `evening` ones also run evening classes for levels 1 to 3. */
export const BRANCHES = [
  { abbreviation: 'GL', name: 'Software Engineering', nameFr: 'Génie logiciel', department: 'INF', evening: true },
  { abbreviation: 'RT', name: 'Networks and Telecommunications', nameFr: 'Réseaux et télécommunications', department: 'INF', evening: true },
  { abbreviation: 'SI', name: 'Information Systems', nameFr: "Systèmes d'information", department: 'INF', evening: false },
  { abbreviation: 'CF', name: 'Accounting and Finance', nameFr: 'Comptabilité et finance', department: 'GES', evening: true },
  { abbreviation: 'MK', name: 'Marketing', nameFr: 'Marketing', department: 'GES', evening: true },
  { abbreviation: 'GRH', name: 'Human Resources Management', nameFr: 'Gestion des ressources humaines', department: 'GES', evening: true },
  { abbreviation: 'BAT', name: 'Building', nameFr: 'Bâtiment', department: 'GCI', evening: false },
  { abbreviation: 'TP', name: 'Public Works', nameFr: 'Travaux publics', department: 'GCI', evening: false },
  { abbreviation: 'EEA', name: 'Electrical Engineering and Automation', nameFr: 'Électrotechnique et automatisme', department: 'GEL', evening: true },
  { abbreviation: 'JC', name: 'Journalism and Communication', nameFr: 'Journalisme et communication', department: 'COM', evening: false },
];

export const CYCLES = [
  { code: 'HND', name: 'Higher National Diploma (BTS)', nameFr: 'Brevet de technicien supérieur (BTS)', firstLevel: 1, lastLevel: 2 },
  { code: 'BACH', name: 'Bachelor (Licence)', nameFr: 'Licence professionnelle', firstLevel: 3, lastLevel: 3 },
  { code: 'MASTER', name: 'Master', nameFr: 'Master', firstLevel: 4, lastLevel: 5 },
];

/** Subject names by department; each class takes a deterministic slice. */
export const SUBJECT_POOLS: Record<string, string[]> = {
  INF: ['Algorithms and Data Structures', 'Object-Oriented Programming', 'Databases', 'Operating Systems', 'Computer Networks', 'Web Development', 'Software Engineering', 'Discrete Mathematics', 'Computer Architecture', 'Information Security', 'Distributed Systems', 'Mobile Development', 'Cloud Computing', 'Artificial Intelligence', 'Project Management', 'Technical English'],
  GES: ['General Accounting', 'Financial Mathematics', 'Microeconomics', 'Business Law', 'Cost Accounting', 'Corporate Finance', 'Marketing Principles', 'Taxation in Cameroon', 'Statistics', 'Auditing', 'Human Resources Management', 'OHADA Business Law', 'Management Control', 'Negotiation Techniques', 'Business English', 'Entrepreneurship'],
  GCI: ['Strength of Materials', 'Soil Mechanics', 'Technical Drawing', 'Reinforced Concrete', 'Topography', 'Construction Materials', 'Hydraulics', 'Road Design', 'Structural Analysis', 'Site Management', 'Building Physics', 'Applied Mathematics', 'Steel Structures', 'Quantity Surveying', 'Geotechnics', 'Technical English'],
  GEL: ['Electrical Circuits', 'Electronics', 'Electrical Machines', 'Automation', 'Power Systems', 'Signal Processing', 'Industrial Computing', 'Measurements and Instrumentation', 'Power Electronics', 'Renewable Energy', 'Electrical Installations', 'Applied Mathematics', 'Control Systems', 'Maintenance', 'Technical English', 'Project Management'],
  COM: ['Introduction to Journalism', 'Media Law and Ethics', 'Writing for the Press', 'Radio Production', 'Television Production', 'Public Relations', 'Communication Theory', 'Photojournalism', 'Online Journalism', 'Advertising', 'Corporate Communication', 'Media Management', 'Investigative Reporting', 'French Expression', 'English Expression', 'Documentary Film'],
};

export const FIRST_NAMES = {
  Male: ['Jean-Pierre', 'Paul', 'Brice', 'Emmanuel', 'Hervé', 'Samuel', 'Armand', 'Joseph', 'Landry', 'Blaise', 'Christian', 'Serge', 'Ibrahim', 'Franck', 'Thierry', 'Cyrille', 'Olivier', 'Boris', 'Yannick', 'Alain'],
  Female: ['Aïcha', 'Chantal', 'Marie-Claire', 'Sandrine', 'Carine', 'Estelle', 'Pélagie', 'Hadidja', 'Laure', 'Mireille', 'Nadège', 'Josiane', 'Rosine', 'Vanessa', 'Solange', 'Brenda', 'Gisèle', 'Flore', 'Christelle', 'Ange'],
} as const;

export const LAST_NAMES = ['Mbarga', 'Bello', 'Nkeng', 'Ngo Biyong', 'Tchoupo', 'Fotso', 'Kamga', 'Essomba', 'Ndongo', 'Atangana', 'Njoya', 'Tabi', 'Eyinga', 'Moukoko', 'Abena', 'Djoumessi', 'Manga', 'Onana', 'Tchakounte', 'Ayuk', 'Ebai', 'Nfor', 'Mvondo', 'Hamadou', 'Ewane', 'Simo', 'Kuete', 'Belinga', 'Ngassa', 'Etoa'];

export const BIRTHPLACES = ['Douala', 'Yaoundé', 'Bafoussam', 'Bamenda', 'Garoua', 'Maroua', 'Buea', 'Ngaoundéré', 'Bertoua', 'Ebolowa', 'Kribi', 'Dschang', 'Limbe', 'Kumba', 'Edéa'];

/**
 * Banks and microfinance institutions with a 5-digit code, as on a CEMAC RIB. A starting
 * list for the demonstration: the back office keeps the real one (microfinance accounts
 * are refused for salaries).
 */
export const BANKS = [
  { code: '10001', name: 'Société Commerciale de Banque Cameroun (SCB)', microfinance: false },
  { code: '10002', name: 'Banque Internationale du Cameroun pour l\'Épargne et le Crédit (BICEC)', microfinance: false },
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
  { code: '10033', name: 'Crédit Communautaire d\'Afrique Bank (CCA Bank)', microfinance: false },
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
    START_DATE: new Date('2023-09-01T00:00:00Z'),
    END_DATE: new Date('2030-12-31T23:59:59Z'),
    hoursPermanent: 300,
    hoursVacataire: 200,
    hoursStagiaire: 120,
    hoursStaff: 60,
  },
};
