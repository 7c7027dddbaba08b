/** Demo accounts seeded into an empty database (README lists them). All share one password. */
export const DEMO_PASSWORD = 'Portal-2024!';
export const DEMO_EMAIL_DOMAIN = 'portal.example';

export const DEMO_ACCOUNTS = {
  permanent: { matricule: 'PER0001', username: null },
  partTime: { matricule: 'VAC0001', username: null },
  intern: { matricule: 'STG0001', username: null },
  support: { matricule: 'SUP0001', username: null },
  student: { matricule: 'ST24A001', username: null },
  hr: { matricule: 'BO0001', username: 'hr' },
  academic: { matricule: 'BO0002', username: 'academic' },
  identification: { matricule: 'BO0003', username: 'identification' },
  admissions: { matricule: 'BO0004', username: 'admissions' },
  admin: { matricule: 'BO0005', username: 'admin' },
  /** the lecturers' service (SENG): receives requests, records signatures, sends batches */
  seng: { matricule: 'BO0006', username: 'seng' },
  /** the finance unit: decides on payment claims */
  finance: { matricule: 'BO0007', username: 'finance' },
  /** the School of Computer Science: decides on teaching claims about its classes */
  school: { matricule: 'BO0008', username: 'school' },
  /** registration closed, identification not yet done: the identification office's next visitor */
  closedLecturer: { matricule: 'PER0003', username: null },
  /** registration closed and identification complete: ready to choose subjects */
  readyLecturer: { matricule: 'PER0004', username: null },
} as const;

/**
 * Students of the demo student's class (BTS1 GSI/J A, DEMO_STUDENT_CLASSES) with an account, so
 * that five or more of them can answer the demo evaluation session (decision 39) one after another.
 */
export const DEMO_EVALUATION_STUDENTS = ['ST24A004', 'ST24A007', 'ST24A010', 'ST24A013', 'ST24A016', 'ST24A019'] as const;

/** The unit each demo account processing requests belongs to (decision 32); human resources process contract claims too. */
export const DEMO_UNIT_MEMBERS: Record<string, string> = {
  [DEMO_ACCOUNTS.hr.matricule]: 'HR',
  [DEMO_ACCOUNTS.seng.matricule]: 'SENG',
  [DEMO_ACCOUNTS.finance.matricule]: 'FIN',
  [DEMO_ACCOUNTS.school.matricule]: 'SCH-INF',
};

/**
 * Confirmed assignments of a past choice session (semester 2, 2022-2023), so that these lecturers
 * file requests about their classes at once: subject codes by class, for each matricule.
 */
export const DEMO_PAST_ASSIGNMENTS: Record<string, { classCode: string; subjects: string[] }[]> = {
  [DEMO_ACCOUNTS.permanent.matricule]: [
    { classCode: 'BTS1 GSI/J A', subjects: ['GSI101', 'GSI102'] },
    { classCode: 'BTS2 GSI/S A', subjects: ['GSI201'] },
  ],
  [DEMO_ACCOUNTS.partTime.matricule]: [{ classCode: 'BTS1 GSI/J B', subjects: ['GSI103'] }],
  [DEMO_ACCOUNTS.readyLecturer.matricule]: [{ classCode: 'BTS1 GSI/J A', subjects: ['GSI104'] }],
};

/** Registry people without an account, for trying sign-up. */
export const DEMO_UNCLAIMED = {
  partTime: 'VAC0002',
  permanent: 'PER0002',
  student: { matricule: 'ST24A002', birthdate: '2004-02-17' },
  noEmail: 'VAC0099',
} as const;
