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
  /** registration closed, identification not yet done: the identification office's next visitor */
  closedLecturer: { matricule: 'PER0003', username: null },
  /** registration closed and identification complete: ready to choose subjects */
  readyLecturer: { matricule: 'PER0004', username: null },
} as const;

/** Registry people without an account, for trying sign-up. */
export const DEMO_UNCLAIMED = {
  partTime: 'VAC0002',
  permanent: 'PER0002',
  student: { matricule: 'ST24A002', birthdate: '2004-02-17' },
  noEmail: 'VAC0099',
} as const;
