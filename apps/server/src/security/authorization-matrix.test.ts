/**
 * The authorization matrix (issue 9, finding 1): every route of the real app × every kind of
 * person and back-office role, each call naming ANOTHER person's data (their id, their files,
 * their documents, their application). Each cell is allowed or denied as written below; a denied
 * call is answered 401 (anonymous) or 403, changes no row, and its refusal is audited where the
 * guard audits. The routes are read from the app itself: a new route without an entry here fails
 * the test, and so does removing any guard (its denied cells then get through).
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  applicationSessions,
  candidates,
  entrances,
  entranceSpecialities,
  payments,
  billingPeriods,
  branches,
  lessons,
  classes,
  cycles,
  departments,
  documents,
  evaluationSessions,
  evaluationTargets,
  persons,
  requestCategories,
  requestDecisions,
  requestHops,
  requestSubcategories,
  requestUnits,
  subjects,
} from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { VALID_SECTIONS } from '../features/registration/fixtures';
import { VALID_STUDENT_SECTIONS } from '../features/students/students.fixtures';
import { STUDENT_PROFILE_SECTIONS } from '@portal/contract/rules';
import { apply } from '../features/academic/academic.fixtures';
import { dataUrl, jpeg, multipartBody, pdf } from '../../test/files';
import { Client, createTestApp, sessionFor, type TestApp } from '../../test/helpers';

/** `finance`: a member of a unit that processes requests (role REQUESTS, unit FIN), which never held the other person's request */
const WHO = ['anonymous', 'student', 'staff', 'hr', 'academic', 'identification', 'admissions', 'finance', 'admin'] as const;
type Who = (typeof WHO)[number];
const SIGNED_IN = WHO.filter((who) => who !== 'anonymous');

/**
 * Who gets through a route: everyone (no guard), whoever is signed in, the roles named, or only an
 * entrance candidate whose file is open (decision 42): no person, signed in or not, has a candidate's
 * session, so every one of them is answered 401 (nothing to audit: no person was refused anything).
 */
type Allowed = 'public' | 'signed-in' | 'candidate' | readonly Who[];

interface Call {
  url: string;
  body?: unknown;
  multipart?: { fields: Record<string, string | number>; file: { data: Buffer; filename: string; type: string } };
  /** sent as an API client does, with the session's token as `Authorization: Bearer` (the GET forms of changes ask for it) */
  bearer?: boolean;
}

interface Entry {
  allowed: Allowed;
  /** the request, naming another person's data (built once the fixtures exist) */
  call: () => Call | Promise<Call>;
  /** who is refused by a data rule that writes no access.refused entry (students do not apply for subjects: NOT_ELIGIBLE) */
  unaudited?: readonly Who[];
}

const HR: readonly Who[] = ['hr', 'admin'];
const NOBODY: readonly Who[] = [];
/**
 * who gets past the applicants' guard: staff, who apply for subjects, and the readers of anyone's
 * applications (the academic office and administrators); office accounts apply for nothing (decision 29)
 */
const APPLICANTS: readonly Who[] = ['staff', 'academic', 'admin'];
/** refused by the eligibility rule (NOT_ELIGIBLE, a data rule: no audit entry): students and the office accounts that read no applications */
const NOT_ELIGIBLE: readonly Who[] = ['student', 'hr', 'identification', 'admissions', 'finance'];

// ---------------------------------------------------------------- the other person's data

let t: TestApp;
const clients = {} as Record<Who, Client>;
const ids = {} as {
  victim: number;
  photoOwner: number;
  cvFile: string;
  photoFile: string;
  docOwnDelete: number;
  docOwnMark: number;
  docHrDelete: number;
  docHrMark: number;
  application: number;
  choice: number;
  session: number;
  department: number;
  branch: number;
  cycle: number;
  klass: number;
  subject: number;
  requestSubcategory: number;
  request: number;
  requestToken: string;
  sengUnit: number;
  hrUnit: number;
  hrMember: number;
  requestUnit: number;
  requestCategory: number;
  matrixSubcategory: number;
  requestHop: number;
  requestDecision: number;
  /** the School of Computer Science, to which SENG prepared a batch of the victim's teaching claim */
  schoolUnit: number;
  /** a decision of the victim's contract claim's hop (SENG → HR) */
  decision: number;
  /** the victim's teaching claim, signed, in a batch SENG prepared for the School of Computer Science */
  batch: number;
  /** a pending lesson of the victim (demo data), and the demo billing period */
  lesson: number;
  billingPeriod: number;
  /** the victim's assigned subject (BTS1 GSI/J B, GSI103) */
  victimSubject: number;
  /** the token of the victim's calendar feed address */
  calendarToken: string;
  /** another student (decision 37), with a document in their student file */
  studentVictim: number;
  studentDocument: number;
};

const idOf = async (matricule: string) => (await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule)))[0]!.id;
let seq = 0;
const aPdf = () => pdf(`matrix ${++seq} ${Math.random()}`);
const diploma = (designation: string) => ({
  PIECE_TYPE: 'DIPL_CERT',
  DESIGNATION: designation,
  SPECIALITY: 'Physics',
  LEVEL: 5,
  LANGUAGE: 'en',
  OBTENEDDATE: '01/07/2012',
  OBTENEDSTAB: 'Université de Douala',
});
const sectionBody = (section: keyof typeof VALID_SECTIONS) => ({ ...VALID_SECTIONS[section], STUDENT_ID: ids.victim });
const REASON = 'Checked against the paper file';
const SESSION = {
  DESIGNATION: 'Matrix session',
  START_DATE: '2040-02-01',
  END_DATE: '2040-06-30',
  LIMITS: { LEVEL12_J: 3, LEVEL3_J: 2, LEVEL45_J: 2, LEVEL12_S: 2, LEVEL3_S: 1, LEVEL45_S: 1 },
  HOURS: { PERMANENT: 280, VACATAIRE: 150, STAGIAIRE: 90, STAFF: 60 },
};
const REQUEST_DISPLAY = {
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
} as const;
const REQUEST_SUBCATEGORY = () => ({
  code: 'MXS',
  categoryId: ids.requestCategory,
  name: 'Matrix',
  nameFr: 'Matrice',
  description: 'Matrix',
  descriptionFr: 'Matrice',
  display: REQUEST_DISPLAY,
  firstUnitId: ids.sengUnit,
});
const victimLesson = (date: string) => ({
  SUBJECT_ID: ids.victimSubject,
  PART: 'CM',
  LECTURER_ID: ids.victim,
  LESSON_DATE: date,
  BEGIN_TIME: '08:00',
  END_TIME: '09:50',
});
const subjectInput = () => ({
  CODE: `MX${++seq}`,
  NAME: 'Matrix subject',
  CLASS_ID: ids.klass,
  HOURS_CM: 10,
  HOURS_TD: 0,
  HOURS_TP: 0,
  HOURLY_RATE: 5000,
  CREDITS: 2,
});

// ---------------------------------------------------------------- the matrix

const SECTIONS = [
  'status',
  'personal',
  'identification',
  'address',
  'familial',
  'parents',
  'emergency',
  'fiscal',
  'professional',
  'last-job',
  'financial',
  'pay-mode',
] as const;

const MATRIX: Record<string, Entry> = {
  // the system, the reference lists and the API document: no guard
  'GET /api/health': { allowed: 'public', call: () => ({ url: '/api/health' }) },
  'GET /api/meta': { allowed: 'public', call: () => ({ url: '/api/meta' }) },
  'GET /api/identifications-types': { allowed: 'public', call: () => ({ url: '/api/identifications-types' }) },
  'GET /api/payments-modes': { allowed: 'public', call: () => ({ url: '/api/payments-modes' }) },
  'GET /api/banks': { allowed: 'public', call: () => ({ url: '/api/banks' }) },
  'GET /api/reference/countries': { allowed: 'public', call: () => ({ url: '/api/reference/countries' }) },
  'GET /api/reference/regions': { allowed: 'public', call: () => ({ url: '/api/reference/regions' }) },
  'GET /api/docs': { allowed: 'public', call: () => ({ url: '/api/docs' }) },
  'GET /api/docs/': { allowed: 'public', call: () => ({ url: '/api/docs/' }) },
  'GET /api/docs/static/index.html': { allowed: 'public', call: () => ({ url: '/api/docs/static/index.html' }) },
  'GET /api/docs/static/swagger-initializer.js': { allowed: 'public', call: () => ({ url: '/api/docs/static/swagger-initializer.js' }) },
  'GET /api/docs/*': { allowed: 'public', call: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  'GET /api/docs/json': { allowed: 'public', call: () => ({ url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { allowed: 'public', call: () => ({ url: '/api/docs/yaml' }) },
  // the development mailbox (finding 11 decides when it exists; when it does, it has no guard)
  'GET /api/dev/mailbox': { allowed: 'public', call: () => ({ url: '/api/dev/mailbox' }) },
  'GET /dev/mailbox': { allowed: 'public', call: () => ({ url: '/dev/mailbox' }) },

  // signing in and up: no guard, and nothing of anyone's is named (bodies that sign nobody in)
  'POST /api/auth/student/sign-up': { allowed: 'public', call: () => ({ url: '/api/auth/student/sign-up', body: {} }) },
  'POST /api/auth/student/sign-in': { allowed: 'public', call: () => ({ url: '/api/auth/student/sign-in', body: {} }) },
  'POST /api/auth/student/email-verification': { allowed: 'public', call: () => ({ url: '/api/auth/student/email-verification', body: {} }) },
  'GET /api/auth/student/email-confirmation': { allowed: 'public', call: () => ({ url: '/api/auth/student/email-confirmation?token=not-a-real-token' }) },
  'POST /api/auth/student/email-confirmation': { allowed: 'public', call: () => ({ url: '/api/auth/student/email-confirmation', body: {} }) },
  'POST /api/auth/student/code-verification': { allowed: 'public', call: () => ({ url: '/api/auth/student/code-verification', body: {} }) },
  'POST /api/auth/students/': { allowed: 'public', call: () => ({ url: '/api/auth/students/', body: {} }) },
  'GET /api/auth/session': { allowed: 'public', call: () => ({ url: '/api/auth/session' }) },
  'POST /api/auth/code-request': { allowed: 'public', call: () => ({ url: '/api/auth/code-request', body: {} }) },
  'POST /api/auth/code-resend': { allowed: 'public', call: () => ({ url: '/api/auth/code-resend', body: {} }) },
  // logging out someone else is impossible: it ends the caller's own session (sent last, below)
  'POST /api/auth/logout': { allowed: 'public', call: () => ({ url: '/api/auth/logout', body: {} }) },

  // one's own record, settings, contact: another person's id is refused to everyone, HR included
  'GET /api/students/:id': { allowed: ['hr', 'admin', 'academic', 'identification'], call: () => ({ url: `/api/students/${ids.victim}` }) },
  'GET /api/settings': { allowed: 'signed-in', call: () => ({ url: '/api/settings' }) },
  // one's own activity history (decision 36): everyone signed in reads their own; a person named in the query is ignored
  'GET /api/history': { allowed: 'signed-in', call: () => ({ url: `/api/history?personId=${ids.victim}&EMPLOYEE_ID=${ids.victim}` }) },
  'POST /api/settings': { allowed: NOBODY, call: () => ({ url: '/api/settings', body: { LANGUAGE: 'fr', STUDENT_ID: ids.victim } }) },
  'POST /api/students/contact-us': {
    allowed: NOBODY,
    call: () => ({ url: '/api/students/contact-us', body: { OBJECT: 'OTHER', MESSAGE: 'On behalf of someone', STUDENT_ID: ids.victim } }),
  },

  // one's own registration: its sections, closure, files and documents (decision 22: HR goes through /api/hr)
  'GET /api/students/registration': { allowed: 'signed-in', call: () => ({ url: '/api/students/registration' }) },
  ...Object.fromEntries(
    SECTIONS.map((section) => [
      `PATCH /api/students/update/${section}`,
      { allowed: NOBODY, call: () => ({ url: `/api/students/update/${section}`, body: sectionBody(section) }) },
    ]),
  ),
  'PATCH /api/students/update/identification_passport': {
    allowed: NOBODY,
    call: () => ({ url: '/api/students/update/identification_passport', body: sectionBody('identification') }),
  },
  'POST /api/students/close-sign': { allowed: NOBODY, call: () => ({ url: '/api/students/close-sign', body: { STUDENT_ID: ids.victim } }) },
  'POST /api/students/cv': {
    allowed: NOBODY,
    call: () => ({ url: '/api/students/cv', body: { FILE: dataUrl('application/pdf', aPdf()), STUDENT_ID: ids.victim } }),
  },
  'POST /api/students/files': {
    allowed: NOBODY,
    call: () => ({
      url: '/api/students/files',
      multipart: { fields: { col: 'RIB_LINK', STUDENT_ID: ids.victim }, file: { data: aPdf(), filename: 'rib.pdf', type: 'application/pdf' } },
    }),
  },
  'PATCH /api/students/files/remove': {
    allowed: NOBODY,
    call: () => ({ url: '/api/students/files/remove', body: { col: 'CV_LINK', STUDENT_ID: ids.victim } }),
  },
  'GET /api/files/:id': { allowed: HR, call: () => ({ url: `/api/files/${ids.cvFile}` }) },
  'GET /api/documents/:employee': { allowed: HR, call: () => ({ url: `/api/documents/${ids.victim}` }) },
  'POST /api/documents/upload-student': {
    allowed: NOBODY,
    call: () => ({ url: '/api/documents/upload-student', body: { ...diploma('Planted'), FILE: dataUrl('application/pdf', aPdf()), STUDENT_ID: ids.victim } }),
  },
  'POST /api/documents/delete': { allowed: NOBODY, call: () => ({ url: '/api/documents/delete', body: { id: ids.docOwnDelete } }) },
  'PATCH /api/students/update/diploma': { allowed: NOBODY, call: () => ({ url: '/api/students/update/diploma', body: { id: ids.docOwnMark } }) },
  'PATCH /api/students/update/training': {
    allowed: NOBODY,
    call: () => ({
      url: '/api/students/update/training',
      body: { STUDENT_ID: ids.victim, files: [{ ...diploma('Planted too'), FILE: dataUrl('application/pdf', aPdf()) }] },
    }),
  },

  // the human resources back office
  'GET /api/hr/registrations': { allowed: HR, call: () => ({ url: '/api/hr/registrations' }) },
  'GET /api/hr/registrations/export': { allowed: HR, call: () => ({ url: '/api/hr/registrations/export' }) },
  'GET /api/hr/registrations/:id': { allowed: HR, call: () => ({ url: `/api/hr/registrations/${ids.victim}` }) },
  'POST /api/hr/registrations/:id/reopen': { allowed: HR, call: () => ({ url: `/api/hr/registrations/${ids.victim}/reopen`, body: { reason: REASON } }) },
  ...Object.fromEntries(
    SECTIONS.map((section) => [
      `PATCH /api/hr/registrations/:id/${section}`,
      { allowed: HR, call: () => ({ url: `/api/hr/registrations/${ids.victim}/${section}`, body: { ...VALID_SECTIONS[section], reason: REASON } }) },
    ]),
  ),
  'POST /api/hr/registrations/:id/files': {
    allowed: HR,
    call: () => ({ url: `/api/hr/registrations/${ids.victim}/files`, body: { col: 'CNPS_LINK', reason: REASON, FILE: dataUrl('application/pdf', aPdf()) } }),
  },
  'PATCH /api/hr/registrations/:id/files/remove': {
    allowed: HR,
    call: () => ({ url: `/api/hr/registrations/${ids.victim}/files/remove`, body: { col: 'NIU_LINK', reason: REASON } }),
  },
  'POST /api/hr/registrations/:id/documents': {
    allowed: HR,
    call: () => ({
      url: `/api/hr/registrations/${ids.victim}/documents`,
      multipart: { fields: { ...diploma('Added by HR'), reason: REASON }, file: { data: aPdf(), filename: 'd.pdf', type: 'application/pdf' } },
    }),
  },
  'POST /api/hr/registrations/:id/documents/:document/delete': {
    allowed: HR,
    call: () => ({ url: `/api/hr/registrations/${ids.victim}/documents/${ids.docHrDelete}/delete`, body: { reason: REASON } }),
  },
  'PATCH /api/hr/registrations/:id/documents/:document/last-diploma': {
    allowed: HR,
    call: () => ({ url: `/api/hr/registrations/${ids.victim}/documents/${ids.docHrMark}/last-diploma`, body: { reason: REASON } }),
  },

  // the identification office (a photo it registered is readable by it: GET /api/files/:id, below)
  'GET /api/identification/persons': { allowed: ['identification', 'admin'], call: () => ({ url: '/api/identification/persons' }) },
  'GET /api/identification/persons/:id': { allowed: ['identification', 'admin'], call: () => ({ url: `/api/identification/persons/${ids.victim}` }) },
  'POST /api/identification/persons/:id/photo': {
    allowed: ['identification', 'admin'],
    call: async () => ({ url: `/api/identification/persons/${ids.victim}/photo`, body: { FILE: dataUrl('image/jpeg', await jpeg(40, 50, ++seq)) } }),
  },
  'DELETE /api/identification/persons/:id/photo': {
    allowed: ['identification', 'admin'],
    call: () => ({ url: `/api/identification/persons/${ids.victim}/photo` }),
  },
  'POST /api/identification/persons/:id/fingerprints/:finger': {
    allowed: ['identification', 'admin'],
    call: async () => ({
      url: `/api/identification/persons/${ids.victim}/fingerprints/R_INDEX`,
      body: { FILE: dataUrl('image/png', await jpeg(30, 30, ++seq)) },
    }),
  },
  'DELETE /api/identification/persons/:id/fingerprints/:finger': {
    allowed: ['identification', 'admin'],
    call: () => ({ url: `/api/identification/persons/${ids.victim}/fingerprints/L_INDEX` }),
  },
  'GET /api/identification/persons/:id/fingerprints/:finger/file': {
    allowed: ['identification', 'admin'],
    call: () => ({ url: `/api/identification/persons/${ids.victim}/fingerprints/R_THUMB/file` }),
  },
  'POST /api/identification/persons/:id/complete': {
    allowed: ['identification', 'admin'],
    call: () => ({ url: `/api/identification/persons/${ids.victim}/complete` }),
  },
  'POST /api/identification/persons/:id/reopen': {
    allowed: ['identification', 'admin'],
    call: () => ({ url: `/api/identification/persons/${ids.victim}/reopen`, body: { reason: REASON } }),
  },

  // the academic office
  ...Object.fromEntries(
    (['departments', 'branches', 'cycles', 'classes'] as const).flatMap((entity) => {
      const body = () =>
        ({
          departments: { CODE: `MD${++seq}`, NAME: 'Matrix', NAME_FR: 'Matrice' },
          branches: { ABBREVIATION: `MB${++seq}`, NAME: 'Matrix', NAME_FR: 'Matrice', DEPARTMENT_ID: ids.department },
          cycles: { CODE: `MC${++seq}`, NAME: 'Matrix', NAME_FR: 'Matrice', FIRST_LEVEL: 1, LAST_LEVEL: 3 },
          classes: { CODE: `MK${++seq}`, BRANCH_ID: ids.branch, CYCLE_ID: ids.cycle, LEVEL_ID: 1, SHIFT: 'DAY' },
        })[entity];
      const id = () => ({ departments: ids.department, branches: ids.branch, cycles: ids.cycle, classes: ids.klass })[entity];
      const office: readonly Who[] = ['academic', 'admin'];
      return [
        [`GET /api/academic/${entity}`, { allowed: office, call: () => ({ url: `/api/academic/${entity}` }) }],
        [`POST /api/academic/${entity}`, { allowed: office, call: () => ({ url: `/api/academic/${entity}`, body: body() }) }],
        [`PATCH /api/academic/${entity}/:id`, { allowed: office, call: () => ({ url: `/api/academic/${entity}/${id()}`, body: body() }) }],
        [`DELETE /api/academic/${entity}/:id`, { allowed: office, call: () => ({ url: `/api/academic/${entity}/${id()}` }) }],
      ];
    }),
  ),
  'GET /api/academic/levels': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/academic/levels' }) },
  'GET /api/academic/subjects': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/academic/subjects' }) },
  'POST /api/academic/subjects': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/academic/subjects', body: subjectInput() }) },
  'POST /api/academic/subjects/import': {
    allowed: ['academic', 'admin'],
    call: () => ({
      url: '/api/academic/subjects/import?dryRun=true',
      multipart: { fields: {}, file: { data: Buffer.from('CLASS_CODE;CODE;NAME\n'), filename: 'subjects.csv', type: 'text/csv' } },
    }),
  },
  'PATCH /api/academic/subjects/:id': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/academic/subjects/${ids.subject}`, body: subjectInput() }) },
  'DELETE /api/academic/subjects/:id': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/academic/subjects/${ids.subject}` }) },
  'GET /api/academic/sessions': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/academic/sessions' }) },
  'POST /api/academic/sessions': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/academic/sessions', body: SESSION }) },
  'PATCH /api/academic/sessions/:id': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/academic/sessions/${ids.session}`, body: SESSION }) },
  'POST /api/academic/sessions/:id/close': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/academic/sessions/${ids.session}/close` }) },
  'POST /api/academic/sessions/:id/reopen': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/academic/sessions/${ids.session}/reopen` }) },
  'GET /api/academic/assignments': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/academic/assignments' }) },
  'GET /api/academic/assignments/export': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/academic/assignments/export' }) },
  'POST /api/academic/choices/:id/confirm': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/academic/choices/${ids.choice}/confirm` }) },
  'POST /api/academic/choices/:id/decline': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/academic/choices/${ids.choice}/decline` }) },
  'POST /api/academic/choices/:id/reset': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/academic/choices/${ids.choice}/reset` }) },

  // the academic office's planning (issue 12, decision 35): lessons.plan, the victim's lessons and their billing
  'GET /api/lessons': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/lessons?from=2020-01-01&to=2040-12-31&lecturerId=${ids.victim}` }) },
  'POST /api/lessons': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/lessons', body: victimLesson('2039-03-07') }) },
  'PATCH /api/lessons/:id': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/lessons/${ids.lesson}`, body: victimLesson('2039-03-08') }) },
  'DELETE /api/lessons/:id': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/lessons/${ids.lesson}?series=true` }) },
  'POST /api/lessons/decisions': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: '/api/lessons/decisions', body: { DECISION: 'REFUSE', LESSON_IDS: [ids.lesson] } }),
  },
  'POST /api/lessons/billing': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: '/api/lessons/billing', body: { BILLING_PERIOD_ID: ids.billingPeriod } }),
  },
  'GET /api/billing-periods': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/billing-periods' }) },
  'POST /api/billing-periods': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: '/api/billing-periods', body: { NAME: `Matrix ${++seq}`, BEGIN_DATE: '2039-01-01', END_DATE: '2039-01-31' } }),
  },
  'GET /api/lessons/hours': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/lessons/hours?lecturerId=${ids.victim}` }) },
  'GET /api/lessons/hours/export': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/lessons/hours/export?format=csv&lecturerId=${ids.victim}` }) },
  'POST /api/lessons/import': {
    allowed: ['academic', 'admin'],
    call: () => ({
      url: '/api/lessons/import?dryRun=false',
      multipart: {
        fields: {},
        file: {
          data: Buffer.from(
            `DATE;BEGIN;END;CLASS_CODE;SUBJECT_CODE;PART;LECTURER\n2039-03-09;08:00;09:50;BTS1 GSI/J B;GSI103;CM;${DEMO_ACCOUNTS.partTime.matricule}\n`,
          ),
          filename: 'lessons.csv',
          type: 'text/csv',
        },
      },
    }),
  },
  // the catalogue as everyone signed in browses it
  'GET /api/catalogue': { allowed: 'signed-in', call: () => ({ url: '/api/catalogue' }) },
  'GET /api/classes': { allowed: 'signed-in', call: () => ({ url: '/api/classes' }) },
  'GET /api/subjects/class/:classId': { allowed: 'signed-in', call: () => ({ url: `/api/subjects/class/${ids.klass}` }) },
  'PATCH /api/subjects/by-level/:page': { allowed: 'signed-in', call: () => ({ url: '/api/subjects/by-level/1', body: {} }) },
  'GET /api/sessions-applications/current': { allowed: 'signed-in', call: () => ({ url: '/api/sessions-applications/current' }) },

  // subject-choice applications: someone else's is read by the academic office and administrators only, changed by nobody
  'POST /api/applications': { allowed: NOBODY, unaudited: NOT_ELIGIBLE, call: () => ({ url: '/api/applications', body: { EMPLOYEE_ID: ids.victim } }) },
  'POST /api/applications/init': {
    allowed: NOBODY,
    unaudited: NOT_ELIGIBLE,
    call: () => ({ url: '/api/applications/init', body: { EMPLOYEE_ID: ids.victim } }),
  },
  'GET /api/applications/current': { allowed: APPLICANTS, unaudited: NOT_ELIGIBLE, call: () => ({ url: '/api/applications/current' }) },
  'GET /api/applications/current/:employee/:session': {
    allowed: ['academic', 'admin'],
    unaudited: NOT_ELIGIBLE,
    call: () => ({ url: `/api/applications/current/${ids.victim}/${ids.session}` }),
  },
  'GET /api/applications/all/:employee': {
    allowed: ['academic', 'admin'],
    unaudited: NOT_ELIGIBLE,
    call: () => ({ url: `/api/applications/all/${ids.victim}` }),
  },
  'GET /api/applications/affectations/:employee': {
    allowed: ['academic', 'admin'],
    unaudited: NOT_ELIGIBLE,
    call: () => ({ url: `/api/applications/affectations/${ids.victim}` }),
  },
  'GET /api/applications/:id': { allowed: ['academic', 'admin'], unaudited: NOT_ELIGIBLE, call: () => ({ url: `/api/applications/${ids.application}` }) },
  'POST /api/applications/close/:id': { allowed: NOBODY, unaudited: NOT_ELIGIBLE, call: () => ({ url: `/api/applications/close/${ids.application}` }) },
  'GET /api/applications/close/:id': {
    allowed: NOBODY,
    unaudited: NOT_ELIGIBLE,
    call: () => ({ url: `/api/applications/close/${ids.application}`, bearer: true }),
  },
  'GET /api/applications-choices/older/:employee': {
    allowed: ['academic', 'admin'],
    unaudited: NOT_ELIGIBLE,
    call: () => ({ url: `/api/applications-choices/older/${ids.victim}` }),
  },
  'GET /api/applications-choices/:application/none': {
    allowed: ['academic', 'admin'],
    unaudited: NOT_ELIGIBLE,
    call: () => ({ url: `/api/applications-choices/${ids.application}/none` }),
  },
  'POST /api/applications-choices': {
    allowed: NOBODY,
    unaudited: NOT_ELIGIBLE,
    call: () => ({ url: '/api/applications-choices', body: { application: ids.application, subjects: [{ SUBJECT_ID: ids.subject, CATEGORY: 'CM' }] } }),
  },
  'PUT /api/applications-choices/:application': {
    allowed: NOBODY,
    unaudited: NOT_ELIGIBLE,
    call: () => ({ url: `/api/applications-choices/${ids.application}`, body: { subjects: [] } }),
  },
  'POST /api/applications-choices/clear/:application': {
    allowed: NOBODY,
    unaudited: NOT_ELIGIBLE,
    call: () => ({ url: `/api/applications-choices/clear/${ids.application}` }),
  },
  'GET /api/applications-choices/clear/:application': {
    allowed: NOBODY,
    unaudited: NOT_ELIGIBLE,
    call: () => ({ url: `/api/applications-choices/clear/${ids.application}`, bearer: true }),
  },

  // requests (issue 11; students, decision 41): staff and students file and follow their own; nobody files for, reads or counts someone else's
  'GET /api/request-categories': { allowed: ['student', 'staff', 'hr', 'finance', 'admin'], call: () => ({ url: '/api/request-categories' }) },
  'GET /api/requests': { allowed: ['student', 'staff'], call: () => ({ url: '/api/requests' }) },
  // a student's own class and subjects (nothing of anyone else's can be named)
  'GET /api/requests/student-subjects': { allowed: ['student', 'staff'], call: () => ({ url: '/api/requests/student-subjects' }) },
  'POST /api/requests': {
    allowed: NOBODY,
    call: () => ({
      url: '/api/requests',
      body: { REQUEST_CATEGORY_ID: ids.requestSubcategory, REQUEST_AUTHOR: ids.victim, REQUEST_OBJECT: 'Filed for someone else', DESCRIPTION: 'Matrix' },
    }),
  },
  'GET /api/requests/:id': { allowed: ['admin'], call: () => ({ url: `/api/requests/${ids.request}` }) },
  'GET /api/requests/stats/user/:id': { allowed: NOBODY, call: () => ({ url: `/api/requests/stats/user/${ids.victim}` }) },
  'GET /api/requests/author/:id': { allowed: NOBODY, call: () => ({ url: `/api/requests/author/${ids.victim}` }) },
  // an attachment is always the caller's own draft (nothing of anyone else's can be named): staff and students
  'POST /api/requests/attachments': {
    allowed: ['student', 'staff'],
    call: () => ({ url: '/api/requests/attachments', multipart: { fields: {}, file: { data: aPdf(), filename: 'a.pdf', type: 'application/pdf' } } }),
  },
  // the victim's request, its attachment and printable form: its author, the units that hold or held it (SENG), administrators
  'GET /api/requests/:id/file': { allowed: ['admin'], call: () => ({ url: `/api/requests/${ids.request}/file` }) },
  'GET /api/requests/:id/form': { allowed: ['admin'], call: () => ({ url: `/api/requests/${ids.request}/form` }) },
  // what the printed form's QR code opens: no sign-in, the reference, filing instant and status only
  'GET /api/public/requests/:token': { allowed: 'public', call: () => ({ url: `/api/public/requests/${ids.requestToken}` }) },
  // the request form's pickers: one's own assigned schools, classes and subjects only
  'GET /api/classes/school/affected/:id': { allowed: NOBODY, call: () => ({ url: `/api/classes/school/affected/${ids.victim}` }) },
  'GET /api/classes/affected/:x/:id': { allowed: NOBODY, call: () => ({ url: `/api/classes/affected/GSI/${ids.victim}` }) },
  'POST /api/subjects/affected': { allowed: NOBODY, call: () => ({ url: '/api/subjects/affected', body: { CLASS_ID: ids.klass, EMPLOYEE_ID: ids.victim } }) },
  // the requests report, naming the unit that holds the victim's request (SENG): the units that never held it are refused
  'GET /api/requests/reports': { allowed: ['admin'], call: () => ({ url: `/api/requests/reports?from=2020-01-01&to=2040-12-31&unit=${ids.sengUnit}` }) },
  'GET /api/requests/reports/export': {
    allowed: ['admin'],
    call: () => ({ url: `/api/requests/reports/export?from=2020-01-01&to=2040-12-31&unit=${ids.sengUnit}&format=csv` }),
  },
  // the requests' configuration: administrators only
  'GET /api/request-config': { allowed: ['admin'], call: () => ({ url: '/api/request-config' }) },
  'POST /api/request-config/units': {
    allowed: ['admin'],
    call: () => ({ url: '/api/request-config/units', body: { code: `MXU${++seq}`, name: 'Matrix', nameFr: 'Matrice' } }),
  },
  'PATCH /api/request-config/units/:id': {
    allowed: ['admin'],
    call: () => ({ url: `/api/request-config/units/${ids.requestUnit}`, body: { code: 'MXU', name: 'Matrix unit', nameFr: 'Unité matrice' } }),
  },
  'POST /api/request-config/categories': {
    allowed: ['admin'],
    call: () => ({
      url: '/api/request-config/categories',
      body: { code: `MXC${++seq}`, name: 'Matrix', nameFr: 'Matrice', description: 'Matrix', descriptionFr: 'Matrice' },
    }),
  },
  'PATCH /api/request-config/categories/:id': {
    allowed: ['admin'],
    call: () => ({
      url: `/api/request-config/categories/${ids.requestCategory}`,
      body: { code: 'MXC', name: 'Matrix', nameFr: 'Matrice', description: 'Changed', descriptionFr: 'Changée' },
    }),
  },
  'POST /api/request-config/subcategories': {
    allowed: ['admin'],
    call: () => ({ url: '/api/request-config/subcategories', body: { ...REQUEST_SUBCATEGORY(), code: `MXS${++seq}` } }),
  },
  'PATCH /api/request-config/subcategories/:id': {
    allowed: ['admin'],
    call: () => ({ url: `/api/request-config/subcategories/${ids.matrixSubcategory}`, body: REQUEST_SUBCATEGORY() }),
  },
  'POST /api/request-config/hops': {
    allowed: ['admin'],
    call: () => ({ url: '/api/request-config/hops', body: { subcategoryId: ids.matrixSubcategory, fromUnitId: ids.requestUnit, toUnitId: ids.sengUnit } }),
  },
  'DELETE /api/request-config/hops/:id': { allowed: ['admin'], call: () => ({ url: `/api/request-config/hops/${ids.requestHop}` }) },
  'POST /api/request-config/decisions': {
    allowed: ['admin'],
    call: () => ({ url: '/api/request-config/decisions', body: { hopId: ids.requestHop, label: 'Matrix', labelFr: 'Matrice', status: 'CLOSED' } }),
  },
  'PATCH /api/request-config/decisions/:id': {
    allowed: ['admin'],
    call: () => ({
      url: `/api/request-config/decisions/${ids.requestDecision}`,
      body: { hopId: ids.requestHop, label: 'Matrix', labelFr: 'Matrice', status: 'VALIDATED' },
    }),
  },
  'DELETE /api/request-config/decisions/:id': { allowed: ['admin'], call: () => ({ url: `/api/request-config/decisions/${ids.requestDecision}` }) },
  'GET /api/request-config/members': { allowed: ['admin'], call: () => ({ url: '/api/request-config/members' }) },
  // naming another back-office account (human resources), put in the unit it belongs to
  'PUT /api/request-config/members/:id': {
    allowed: ['admin'],
    call: () => ({ url: `/api/request-config/members/${ids.hrMember}`, body: { REQUEST_UNIT_ID: ids.hrUnit } }),
  },

  // the units' processing (decision 32): a member acts for their own unit on what it holds or held; the
  // victim's requests are SENG's, which neither hr (unit HR) nor finance (unit FIN) ever held; administrators act for any unit
  'GET /api/requests/inbox': { allowed: ['admin'], call: () => ({ url: `/api/requests/inbox?unit=${ids.sengUnit}` }) },
  'POST /api/requests/:id/signature': { allowed: ['admin'], call: () => ({ url: `/api/requests/${ids.request}/signature`, body: {} }) },
  'POST /api/requests/:id/rejection': {
    allowed: ['admin'],
    call: () => ({ url: `/api/requests/${ids.request}/rejection`, body: { REASON: 'Matrix reason' } }),
  },
  'POST /api/requests/:id/decision': {
    allowed: ['admin'],
    call: () => ({ url: `/api/requests/${ids.request}/decision`, body: { DECISION_ID: ids.decision, COMMENT: 'Matrix' } }),
  },
  // one's own unit's batches: nobody else's is named
  'GET /api/request-batches': { allowed: ['hr', 'finance', 'admin'], call: () => ({ url: '/api/request-batches' }) },
  'GET /api/request-batches/eligible': { allowed: ['admin'], call: () => ({ url: `/api/request-batches/eligible?unit=${ids.sengUnit}` }) },
  'POST /api/request-batches': {
    allowed: ['admin'],
    call: () => ({ url: '/api/request-batches', body: { FROM_UNIT_ID: ids.sengUnit, TO_UNIT_ID: ids.hrUnit, REQUEST_IDS: [ids.request] } }),
  },
  'GET /api/request-batches/:id': { allowed: ['admin'], call: () => ({ url: `/api/request-batches/${ids.batch}` }) },
  'POST /api/request-batches/:id/send': { allowed: ['admin'], call: () => ({ url: `/api/request-batches/${ids.batch}/send` }) },
  'POST /api/request-batches/:id/receive': { allowed: ['admin'], call: () => ({ url: `/api/request-batches/${ids.batch}/receive` }) },
  'POST /api/request-batches/:id/cancel': { allowed: ['admin'], call: () => ({ url: `/api/request-batches/${ids.batch}/cancel` }) },
  'GET /api/request-batches/:id/slip': { allowed: ['admin'], call: () => ({ url: `/api/request-batches/${ids.batch}/slip` }) },

  // the timetable (issue 12): the victim's lessons, for the readers of anyone's timetable (the academic office, HR, the units, administrators)
  'POST /api/lessons/timetable': {
    allowed: ['hr', 'academic', 'finance', 'admin'],
    call: () => ({ url: '/api/lessons/timetable', body: { START_DATE: '2024-01-08', END_DATE: '2024-01-14', PERSON_ID: ids.victim } }),
  },
  // one's own calendar feed address (nothing of anyone else's can be named): lecturers and students
  'GET /api/lessons/calendar-feed': { allowed: ['student', 'staff'], call: () => ({ url: '/api/lessons/calendar-feed' }) },
  'POST /api/lessons/calendar-feed': { allowed: ['student', 'staff'], call: () => ({ url: '/api/lessons/calendar-feed' }) },
  'DELETE /api/lessons/calendar-feed': { allowed: ['student', 'staff'], call: () => ({ url: '/api/lessons/calendar-feed' }) },
  // the feed itself, without signing in: its secret address is the key (the victim's)
  'GET /calendar/:token': { allowed: 'public', call: () => ({ url: `/calendar/${ids.calendarToken}.ics` }) },

  // a student's own file (decision 37): the sections and uploads are the signed-in student's own; another student's file is read by HR only
  'GET /api/students/profile': { allowed: ['student'], call: () => ({ url: '/api/students/profile' }) },
  'GET /api/students/profile/:id': { allowed: HR, call: () => ({ url: `/api/students/profile/${ids.studentVictim}` }) },
  ...Object.fromEntries(
    STUDENT_PROFILE_SECTIONS.map((section) => [
      `PATCH /api/students/profile/${section}`,
      {
        allowed: NOBODY,
        call: () => ({ url: `/api/students/profile/${section}`, body: { ...VALID_STUDENT_SECTIONS[section], STUDENT_ID: ids.studentVictim } }),
      },
    ]),
  ),
  'POST /api/students/documents': {
    allowed: NOBODY,
    call: () => ({
      url: '/api/students/documents',
      multipart: {
        fields: { KIND: 'OTHER', LABEL: 'Planted', STUDENT_ID: ids.studentVictim },
        file: { data: aPdf(), filename: 'o.pdf', type: 'application/pdf' },
      },
    }),
  },
  'DELETE /api/students/documents/:id': { allowed: NOBODY, call: () => ({ url: `/api/students/documents/${ids.studentDocument}` }) },

  // one's linked mail account (decision 40): everyone signed in links their own; a body naming someone else is refused to everyone
  'GET /api/students/gmail-account': { allowed: 'signed-in', call: () => ({ url: '/api/students/gmail-account' }) },
  'POST /api/students/gmail-account': {
    allowed: NOBODY,
    call: () => ({ url: '/api/students/gmail-account', body: { GMAIL_ACCOUNT: 'matrix.victim@gmail.example', STUDENT_ID: ids.victim } }),
  },
  'POST /api/students/gmail-account/confirm': {
    allowed: NOBODY,
    call: () => ({ url: '/api/students/gmail-account/confirm', body: { CODE: '123456', STUDENT_ID: ids.victim } }),
  },
  'DELETE /api/students/gmail-account': { allowed: 'signed-in', call: () => ({ url: '/api/students/gmail-account' }) },
  // a student's class, its subjects and lecturers: the signed-in student's own (nothing of anyone else's can be named)
  'GET /api/students/class': { allowed: ['student'], call: () => ({ url: `/api/students/class?STUDENT_ID=${ids.victim}` }) },

  // students' enrolment (decision 38): a student applies and withdraws for themself only (another student's application is 404 to them); the academic office and administrators manage sessions, offers and decisions
  'GET /api/enrolment-sessions/current': { allowed: ['student'], call: () => ({ url: '/api/enrolment-sessions/current' }) },
  'POST /api/enrolment-applications': {
    allowed: ['student'],
    call: () => ({ url: '/api/enrolment-applications', body: { OFFER_ID: enrolmentIds.demoOffer } }),
  },
  'POST /api/enrolment-applications/:id/withdraw': {
    allowed: ['student'],
    call: () => ({ url: `/api/enrolment-applications/${enrolmentIds.victimApplication}/withdraw` }),
  },
  'GET /api/enrolment-sessions': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/enrolment-sessions' }) },
  'POST /api/enrolment-sessions': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/enrolment-sessions', body: ENROLMENT_SESSION }) },
  'PATCH /api/enrolment-sessions/:id': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: `/api/enrolment-sessions/${enrolmentIds.session}`, body: { ...ENROLMENT_SESSION, NAME: 'Matrix enrolment, renamed' } }),
  },
  'POST /api/enrolment-sessions/:id/close': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/enrolment-sessions/${enrolmentIds.session}/close` }) },
  'POST /api/enrolment-sessions/:id/reopen': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: `/api/enrolment-sessions/${enrolmentIds.session}/reopen` }),
  },
  'GET /api/enrolment-sessions/:id/offers': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: `/api/enrolment-sessions/${enrolmentIds.demoSession}/offers` }),
  },
  'POST /api/enrolment-sessions/:id/offers': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: `/api/enrolment-sessions/${enrolmentIds.session}/offers`, body: { KIND: 'CLASS', CLASS_ID: ids.klass, CAPACITY: 7 } }),
  },
  'PATCH /api/enrolment-sessions/:id/offers/:offerId': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: `/api/enrolment-sessions/${enrolmentIds.demoSession}/offers/${enrolmentIds.demoOffer}`, body: { CAPACITY: 9 } }),
  },
  'DELETE /api/enrolment-sessions/:id/offers/:offerId': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: `/api/enrolment-sessions/${enrolmentIds.session}/offers/${enrolmentIds.unusedOffer}` }),
  },
  'GET /api/enrolment-applications': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: `/api/enrolment-applications?session=${enrolmentIds.demoSession}&search=ST24A005` }),
  },
  'GET /api/enrolment-applications/export': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: `/api/enrolment-applications/export?session=${enrolmentIds.demoSession}` }),
  },
  'POST /api/enrolment-applications/decisions': {
    allowed: ['academic', 'admin'],
    call: () => ({
      url: '/api/enrolment-applications/decisions',
      body: { DECISION: 'WAITLIST', APPLICATIONS: [{ ID: enrolmentIds.victimApplication, STATUS: 'PENDING' }] },
    }),
  },

  // the evaluation of teaching (decision 39): forms, sessions and results are the academic office's and administrators'; a student reads the
  // form of an open session of theirs and submits about their own targets only (another class's target: 404); a lecturer reads their own reviews
  'GET /api/question-forms': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/question-forms' }) },
  'GET /api/question-forms/:id': { allowed: ['student', 'academic', 'admin'], call: () => ({ url: `/api/question-forms/${evaluationIds.form}` }) },
  'POST /api/question-forms': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/question-forms', body: EVALUATION_FORM }) },
  'PUT /api/question-forms/:id': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/question-forms/${evaluationIds.form}`, body: EVALUATION_FORM }) },
  'POST /api/question-forms/:id/duplicate': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/question-forms/${evaluationIds.form}/duplicate` }) },
  'DELETE /api/question-forms/:id': { allowed: ['academic', 'admin'], call: () => ({ url: `/api/question-forms/${evaluationIds.form}` }) },
  'POST /api/question-forms/submit': {
    allowed: ['student'],
    call: () => ({
      url: '/api/question-forms/submit',
      body: { STUDENT_EVALUATION_SESSION: evaluationIds.otherTarget, EVALUATION_SESSION_ID: evaluationIds.otherSession, input: [{ id: 'rating', value: 1 }] },
    }),
  },
  'GET /api/evaluation-sessions': { allowed: ['academic', 'admin'], call: () => ({ url: '/api/evaluation-sessions' }) },
  'POST /api/evaluation-sessions': {
    allowed: ['academic', 'admin'],
    call: () => ({
      url: '/api/evaluation-sessions',
      body: { name: 'Matrix', nameFr: 'Matrice', formId: evaluationIds.form, startDate: '2039-03-01', endDate: '2039-03-31', classIds: [ids.klass] },
    }),
  },
  'PATCH /api/evaluation-sessions/:id': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: `/api/evaluation-sessions/${evaluationIds.session}`, body: { name: 'Matrix session' } }),
  },
  'GET /api/evaluation-sessions/:id/results': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: `/api/evaluation-sessions/${evaluationIds.otherSession}/results?lecturerId=${ids.victim}` }),
  },
  'GET /api/evaluation-sessions/:id/results/export': {
    allowed: ['academic', 'admin'],
    call: () => ({ url: `/api/evaluation-sessions/${evaluationIds.otherSession}/results/export?format=csv` }),
  },
  // another student's list of what to evaluate (with their done flags): nobody's but their own (decision 64)
  'GET /api/students/subjects/:id': { allowed: NOBODY, call: () => ({ url: `/api/students/subjects/${ids.studentVictim}` }) },
  // one's own reviews: a lecturer named in the query is ignored
  'GET /api/reviews': { allowed: ['staff'], call: () => ({ url: `/api/reviews?lecturerId=${ids.victim}` }) },

  // entrance candidates (decision 42): the open entrances, registering and asking for one's link are public; a candidate's file, documents,
  // slip, payments and receipt answer only the candidate's own session (a cookie no person has: 401 to everyone here)
  'GET /api/entrances': { allowed: 'public', call: () => ({ url: '/api/entrances' }) },
  'POST /api/candidate': { allowed: 'public', call: () => ({ url: '/api/candidate', body: {} }) },
  'POST /api/candidate/auth-email': { allowed: 'public', call: () => ({ url: '/api/candidate/auth-email', body: { email: 'nobody.matrix@portal.example' } }) },
  'POST /api/candidate/auth-link': { allowed: 'public', call: () => ({ url: '/api/candidate/auth-link', body: { token: 'x'.repeat(43) } }) },
  // the code a registration mailed: anyone may try it, in the browser that sent the registration (decision 65)
  'POST /api/candidate/confirm': { allowed: 'public', call: () => ({ url: '/api/candidate/confirm', body: { code: '123456' } }) },
  'POST /api/candidate/sign-out': { allowed: 'public', call: () => ({ url: '/api/candidate/sign-out' }) },
  'GET /api/candidate/me': { allowed: 'candidate', call: () => ({ url: '/api/candidate/me' }) },
  'POST /api/candidate/documents/:kind': {
    allowed: 'candidate',
    call: () => ({ url: '/api/candidate/documents/DIPLOMA', body: { FILE: dataUrl('application/pdf', aPdf()) } }),
  },
  'GET /api/candidate/documents/:kind': { allowed: 'candidate', call: () => ({ url: '/api/candidate/documents/PHOTO' }) },
  'GET /api/candidate/slip': { allowed: 'candidate', call: () => ({ url: '/api/candidate/slip' }) },
  'POST /api/candidate/payments': { allowed: 'candidate', call: () => ({ url: '/api/candidate/payments', body: { network: 'MTN_MOMO', phone: '677123456' } }) },
  'GET /api/candidate/payments/:id': { allowed: 'candidate', call: () => ({ url: `/api/candidate/payments/${admissionsIds.payment}` }) },
  'GET /api/candidate/receipt': { allowed: 'candidate', call: () => ({ url: '/api/candidate/receipt' }) },
  // fees and payments (decision 43): the networks, the fee of an amount, the settings, a receipt's public check and the provider's signed
  // callback are public; the networks' configuration is the administrators'; the sandbox's phone exists only with the sandbox provider
  'GET /api/payment-networks': { allowed: 'public', call: () => ({ url: '/api/payment-networks' }) },
  'GET /api/payment-networks/all': { allowed: ['admin'], call: () => ({ url: '/api/payment-networks/all' }) },
  'POST /api/payment-networks': { allowed: ['admin'], call: () => ({ url: '/api/payment-networks', body: PAYMENT_NETWORK }) },
  'PUT /api/payment-networks/:code': {
    allowed: ['admin'],
    call: () => ({ url: '/api/payment-networks/MTN_MOMO', body: { ...PAYMENT_NETWORK, code: 'MTN_MOMO', name: 'MTN Mobile Money' } }),
  },
  // the callbacks refused for disagreeing with their payment (decision 68)
  'GET /api/payments/alerts': { allowed: ['admin'], call: () => ({ url: '/api/payments/alerts' }) },
  'POST /api/candidate/get-fees-of-request-to-pay': {
    allowed: 'public',
    call: () => ({ url: '/api/candidate/get-fees-of-request-to-pay', body: { network: 'MTN_MOMO', amount: 25000 } }),
  },
  'GET /api/payments/settings': { allowed: 'public', call: () => ({ url: '/api/payments/settings' }) },
  'GET /api/receipts/:number': { allowed: 'public', call: () => ({ url: `/api/receipts/${admissionsIds.receipt}` }) },
  'POST /api/payments/callback/:provider': { allowed: 'public', call: () => ({ url: '/api/payments/callback/sandbox', body: { event: 'forged' } }) },
  'GET /api/sandbox/collections': { allowed: 'public', call: () => ({ url: '/api/sandbox/collections?phone=677000001' }) },
  'POST /api/sandbox/collections/:reference/approve': { allowed: 'public', call: () => ({ url: '/api/sandbox/collections/SBX-MATRIX/approve' }) },
  'POST /api/sandbox/collections/:reference/refuse': { allowed: 'public', call: () => ({ url: '/api/sandbox/collections/SBX-MATRIX/refuse' }) },

  // the admissions office (decision 44): entrances, candidates, documents and decisions
  'GET /api/admissions/entrances': { allowed: ['admissions', 'admin'], call: () => ({ url: '/api/admissions/entrances' }) },
  'POST /api/admissions/entrances': { allowed: ['admissions', 'admin'], call: () => ({ url: '/api/admissions/entrances', body: admissionsIds.entranceBody }) },
  'PUT /api/admissions/entrances/:id': {
    allowed: ['admissions', 'admin'],
    call: () => ({ url: `/api/admissions/entrances/${admissionsIds.entrance}`, body: admissionsIds.entranceBody }),
  },
  'POST /api/admissions/entrances/:id/close': {
    allowed: ['admissions', 'admin'],
    call: () => ({ url: `/api/admissions/entrances/${admissionsIds.pastEntrance}/close` }),
  },
  'POST /api/admissions/entrances/:id/reopen': {
    allowed: ['admissions', 'admin'],
    call: () => ({ url: `/api/admissions/entrances/${admissionsIds.pastEntrance}/reopen` }),
  },
  'GET /api/admissions/entrances/:id/counts': {
    allowed: ['admissions', 'admin'],
    call: () => ({ url: `/api/admissions/entrances/${admissionsIds.entrance}/counts` }),
  },
  'GET /api/admissions/candidates': { allowed: ['admissions', 'admin'], call: () => ({ url: '/api/admissions/candidates?paid=true' }) },
  'GET /api/admissions/candidates/export': { allowed: ['admissions', 'admin'], call: () => ({ url: '/api/admissions/candidates/export?format=csv' }) },
  'GET /api/admissions/candidates/:id': { allowed: ['admissions', 'admin'], call: () => ({ url: `/api/admissions/candidates/${admissionsIds.candidate}` }) },
  'GET /api/admissions/candidates/:id/documents/:kind': {
    allowed: ['admissions', 'admin'],
    call: () => ({ url: `/api/admissions/candidates/${admissionsIds.candidate}/documents/PHOTO` }),
  },
  'POST /api/admissions/candidates/:id/documents/:kind/check': {
    allowed: ['admissions', 'admin'],
    call: () => ({ url: `/api/admissions/candidates/${admissionsIds.candidate}/documents/PHOTO/check` }),
  },
  'POST /api/admissions/candidates/:id/documents/:kind/replace': {
    allowed: ['admissions', 'admin'],
    call: () => ({ url: `/api/admissions/candidates/${admissionsIds.candidate}/documents/PHOTO/replace`, body: { REASON: 'Matrix' } }),
  },
  'POST /api/admissions/decisions': {
    allowed: ['admissions', 'admin'],
    call: () => ({ url: '/api/admissions/decisions', body: { decisions: [{ CANDIDATE_NUMBER: admissionsIds.candidateNumber, DECISION: 'REFUSED' }] } }),
  },
  // multipart in the real use; a JSON body reaches the guard first (401/403), and the allowed roles get 400
  'POST /api/admissions/decisions/import': { allowed: ['admissions', 'admin'], call: () => ({ url: '/api/admissions/decisions/import', body: {} }) },
};

/** The admissions fixtures (decision 44): the demo BTS entrance (open), last year's (closed), a demo candidate of the open one, and a demo payment with its receipt. */
const admissionsIds = {} as {
  entrance: number;
  pastEntrance: number;
  candidate: number;
  candidateNumber: string;
  entranceBody: Record<string, unknown>;
  payment: string;
  receipt: string;
};
const PAYMENT_NETWORK = {
  code: 'MATRIX_PAY',
  name: 'Matrix Pay',
  minAmount: 100,
  maxAmount: 500000,
  prefixes: ['62'],
  feeSchedule: [{ upTo: null, fixed: 0, rateBp: 100 }],
  color: null,
  ussdCode: null,
  active: false,
  position: 9,
};

/**
 * The evaluation fixtures (decision 39): the demo form and its open session (over the demo student's class), and a target of last
 * semester's ended session over another class, which the demo student does not have.
 */
const evaluationIds = {} as { form: number; session: number; otherSession: number; otherTarget: number };
const EVALUATION_FORM = {
  name: 'Matrix form',
  nameFr: 'Formulaire matrice',
  content: { sections: [{ label: 'S', labelFr: 'S', questions: [{ type: 'SCALE', label: 'Q', labelFr: 'Q' }] }] },
};

/** The enrolment fixtures (decision 38): the demo session and one of its offers, another student's (ST24A005's) pending application, and a session of the matrix with an offer nobody applied to. */
const enrolmentIds = {} as { demoSession: number; demoOffer: number; victimApplication: number; session: number; unusedOffer: number };
const ENROLMENT_SESSION = { NAME: 'Matrix enrolment', NAME_FR: 'Inscriptions matrice', START_DATE: '2039-09-01', END_DATE: '2039-09-30', MAX_APPLICATIONS: 2 };

/** A second row for GET /api/files/:id: an identification photo, which the identification office reads too. */
const PHOTO_FILE: Entry = { allowed: ['hr', 'admin', 'identification'], call: () => ({ url: `/api/files/${ids.photoFile}` }) };

// ---------------------------------------------------------------- the routes of the real app

/** Every METHOD and path the app answers, from its route tree (HEAD, answered with every GET, left out). */
function routesOf(tree: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line.trimEnd());
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(path);
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) if (method && method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}

/** A fingerprint of every table a refused call could change (the audit log, sessions, sign-in counters and announcements waiting to be sent aside). */
async function dataFingerprint(): Promise<string> {
  const tables = (await t.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as
    { rows?: { tablename: string }[] } | { tablename: string }[];
  const names = (Array.isArray(tables) ? tables : (tables.rows ?? []))
    .map((r) => r.tablename)
    .filter((name) => !['audit_log', 'sessions', 'login_throttles', 'sign_in_attempts', '__drizzle_migrations', 'portal_announcements'].includes(name));
  const parts: string[] = [];
  for (const name of names) {
    const result = (await t.db.execute(
      sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(md5(x::text), ',' order by md5(x::text))), '') as h from "${name}" x`),
    )) as unknown as { rows?: { h: string }[] } | { h: string }[];
    parts.push(`${name}=${(Array.isArray(result) ? result : (result.rows ?? []))[0]!.h}`);
  }
  return parts.join(';');
}

async function send(who: Who, method: string, call: Call) {
  let client = clients[who];
  let headers: Record<string, string> = {};
  if (call.bearer && client.cookies.size) {
    headers = { authorization: `Bearer ${[...client.cookies.values()][0]!}` };
    client = new Client(t.app);
  }
  if (call.multipart) {
    const form = multipartBody(call.multipart.fields, call.multipart.file);
    return client.request(method as 'POST', call.url, form.payload, { ...headers, ...form.headers });
  }
  return client.request(method as 'POST', call.url, call.body, headers);
}

const allows = (allowed: Allowed, who: Who) =>
  allowed === 'public' || (allowed === 'signed-in' ? who !== 'anonymous' : allowed !== 'candidate' && allowed.includes(who));

// ---------------------------------------------------------------- fixtures

beforeAll(async () => {
  t = await createTestApp();
  clients.anonymous = new Client(t.app);
  const people: Record<Exclude<Who, 'anonymous'>, string> = {
    student: DEMO_ACCOUNTS.student.matricule,
    staff: DEMO_ACCOUNTS.permanent.matricule,
    hr: DEMO_ACCOUNTS.hr.matricule,
    academic: DEMO_ACCOUNTS.academic.matricule,
    identification: DEMO_ACCOUNTS.identification.matricule,
    admissions: DEMO_ACCOUNTS.admissions.matricule,
    finance: DEMO_ACCOUNTS.finance.matricule,
    admin: DEMO_ACCOUNTS.admin.matricule,
  };
  for (const who of SIGNED_IN) clients[who] = await sessionFor(t, await idOf(people[who]));

  // The other person: a part-time lecturer with an open registration, files, documents and an application.
  ids.victim = await idOf(DEMO_ACCOUNTS.partTime.matricule);
  const victim = await sessionFor(t, ids.victim);
  const cv = await victim.post('/api/students/cv', { FILE: dataUrl('application/pdf', aPdf()) });
  ids.cvFile = String(cv.json().url).split('/').pop()!;
  for (const col of ['NIU_LINK', 'RIB_LINK'])
    expect((await victim.post('/api/students/files', { col, FILE: dataUrl('application/pdf', aPdf()) })).statusCode).toBe(200);
  const doc = async (name: string) => {
    const res = await victim.post('/api/documents/upload-student', { ...diploma(name), FILE: dataUrl('application/pdf', aPdf()) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  ids.docOwnDelete = await doc('own delete');
  ids.docOwnMark = await doc('own mark');
  ids.docHrDelete = await doc('hr delete');
  ids.docHrMark = await doc('hr mark');

  // A photo registered by the identification office, of someone else again.
  ids.photoOwner = await idOf(DEMO_ACCOUNTS.closedLecturer.matricule);
  const photo = await clients.identification.post(`/api/identification/persons/${ids.photoOwner}/photo`, {
    FILE: dataUrl('image/jpeg', await jpeg(60, 80, 7)),
  });
  expect(photo.statusCode, photo.body).toBe(200);
  ids.photoFile = String(photo.json().PHOTO_LINK).split('/').pop()!;

  // The catalogue and the victim's application in a session, with a choice.
  const [department] = await t.db.insert(departments).values({ code: 'MXD', name: 'Matrix', nameFr: 'Matrice' }).returning();
  await t.settled();
  ids.department = department!.id;
  const [branch] = await t.db.select().from(branches).limit(1);
  ids.branch = branch!.id;
  const [cycle] = await t.db.select().from(cycles).limit(1);
  ids.cycle = cycle!.id;
  const [klass] = await t.db.select().from(classes).limit(1);
  ids.klass = klass!.id;
  const [subject] = await t.db.select().from(subjects).where(eq(subjects.classId, ids.klass)).limit(1);
  ids.subject = subject!.id;
  const [session] = await t.db.select().from(applicationSessions).limit(1);
  ids.session = session!.id;
  const applied = await apply(t.db, {
    matricule: DEMO_ACCOUNTS.partTime.matricule,
    sessionId: ids.session,
    choices: [{ subjectId: ids.subject, category: 'CM' }],
  });
  ids.application = applied.applicationId;
  ids.choice = applied.choiceIds[0]!;
  expect(await t.db.select().from(documents).where(eq(documents.personId, ids.victim))).toHaveLength(4);

  // The victim's request (a contract claim: no class to assign), with an attachment.
  const [requestSubcategory] = await t.db.select().from(requestSubcategories).where(eq(requestSubcategories.code, '0301'));
  ids.requestSubcategory = requestSubcategory!.id;
  const attachment = await victim.post('/api/requests/attachments', { FILE: dataUrl('application/pdf', aPdf()) });
  expect(attachment.statusCode, attachment.body).toBe(201);
  const filed = await victim.post('/api/requests', {
    REQUEST_CATEGORY_ID: ids.requestSubcategory,
    REQUEST_OBJECT: 'Contract not received',
    DESCRIPTION: 'Teaching since October',
    REQUEST_FILE: attachment.json().id,
  });
  expect(filed.statusCode, filed.body).toBe(201);
  ids.request = filed.json().id;
  ids.requestToken = String(filed.json().verificationUrl).split('/').pop()!;

  // The requests' units and configuration the administrators' routes name.
  const units = new Map((await t.db.select({ id: requestUnits.id, code: requestUnits.code }).from(requestUnits)).map((u) => [u.code, u.id]));
  ids.sengUnit = units.get('SENG')!;
  ids.hrUnit = units.get('HR')!;
  ids.hrMember = await idOf(DEMO_ACCOUNTS.hr.matricule);
  const [matrixUnit] = await t.db.insert(requestUnits).values({ code: 'MXU', name: 'Matrix unit', nameFr: 'Unité matrice' }).returning();
  ids.requestUnit = matrixUnit!.id;
  const [matrixCategory] = await t.db
    .insert(requestCategories)
    .values({ code: 'MXC', name: 'Matrix', nameFr: 'Matrice', description: 'Matrix', descriptionFr: 'Matrice' })
    .returning();
  ids.requestCategory = matrixCategory!.id;
  const [matrixSubcategory] = await t.db
    .insert(requestSubcategories)
    .values({ ...REQUEST_SUBCATEGORY() })
    .returning();
  ids.matrixSubcategory = matrixSubcategory!.id;
  const [hop] = await t.db
    .insert(requestHops)
    .values({ subcategoryId: ids.matrixSubcategory, fromUnitId: ids.sengUnit, toUnitId: ids.requestUnit })
    .returning();
  ids.requestHop = hop!.id;
  const [decision] = await t.db
    .insert(requestDecisions)
    .values({ hopId: ids.requestHop, label: 'Matrix', labelFr: 'Matrice', status: 'VALIDATED' })
    .returning();
  ids.requestDecision = decision!.id;
  const unitIds = Object.fromEntries((await t.db.select({ id: requestUnits.id, code: requestUnits.code }).from(requestUnits)).map((u) => [u.code, u.id]));
  ids.sengUnit = unitIds.SENG!;
  ids.hrUnit = unitIds.HR!;
  ids.schoolUnit = unitIds['SCH-INF']!;
  const [hrDecision] = await t.db
    .select({ id: requestDecisions.id })
    .from(requestDecisions)
    .innerJoin(requestHops, eq(requestHops.id, requestDecisions.hopId))
    .where(and(eq(requestHops.subcategoryId, ids.requestSubcategory), eq(requestHops.toUnitId, ids.hrUnit)));
  ids.decision = hrDecision!.id;
  // The victim's teaching claim about their class (BTS1 GSI/J B, GSI103), signed and put in a batch for the school by an administrator.
  const [teaching] = await t.db.select().from(requestSubcategories).where(eq(requestSubcategories.code, '0101'));
  const [lesson] = await t.db
    .select({ classId: classes.id, subjectId: subjects.id })
    .from(subjects)
    .innerJoin(classes, eq(classes.id, subjects.classId))
    .where(and(eq(classes.code, 'BTS1 GSI/J B'), eq(subjects.code, 'GSI103')));
  const claim = await victim.post('/api/requests', {
    REQUEST_CATEGORY_ID: teaching!.id,
    CLASS_ID: lesson!.classId,
    SUBJECT_ID: lesson!.subjectId,
    REQUEST_PBLM_DATE: '2024-01-10',
    REQUEST_PBLM_HOUR_START: '08:00',
    REQUEST_PBLM_HOUR_END: '09:50',
    REQUEST_OBJECT: 'Lesson',
    DESCRIPTION: 'Matrix',
  });
  expect(claim.statusCode, claim.body).toBe(201);
  expect((await clients.admin.post(`/api/requests/${claim.json().id}/signature`, {})).statusCode).toBe(200);
  const batch = await clients.admin.post('/api/request-batches', { FROM_UNIT_ID: ids.sengUnit, TO_UNIT_ID: ids.schoolUnit, REQUEST_IDS: [claim.json().id] });
  expect(batch.statusCode, batch.body).toBe(201);
  ids.batch = batch.json().id;
  // The victim's pending lesson (the demo timetable) and the demo billing period.
  ids.victimSubject = lesson!.subjectId;
  const [pending] = await t.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.lecturerId, ids.victim), eq(lessons.status, 'PendingValidation')))
    .limit(1);
  ids.lesson = pending!.id;
  const [period] = await t.db.select({ id: billingPeriods.id }).from(billingPeriods).limit(1);
  ids.billingPeriod = period!.id;

  // The victim's calendar feed address.
  const feed = await victim.post('/api/lessons/calendar-feed');
  expect(feed.statusCode, feed.body).toBe(201);
  ids.calendarToken = /\/calendar\/([\w-]{43})\.ics$/.exec(feed.json().url)![1]!;

  // Another student, with a document in their student file.
  ids.studentVictim = await idOf('ST24A005');
  const studentVictim = await sessionFor(t, ids.studentVictim);
  const studentDocument = await studentVictim.post('/api/students/documents', {
    KIND: 'OTHER',
    LABEL: 'Certificate',
    FILE: dataUrl('application/pdf', aPdf()),
  });
  expect(studentDocument.statusCode, studentDocument.body).toBe(201);
  ids.studentDocument = studentDocument.json().id;
});
beforeAll(async () => {
  const sessions = (await clients.academic.get('/api/enrolment-sessions')).json() as { id: number; name: string }[];
  enrolmentIds.demoSession = sessions.find((session) => session.name === 'Enrolment for the next semester')!.id;
  const listed = (await clients.academic.get(`/api/enrolment-applications?session=${enrolmentIds.demoSession}&search=ST24A005`)).json() as {
    rows: { id: number; status: string; offer: { id: number } }[];
  };
  const victimApplication = listed.rows.find((row) => row.status === 'PENDING')!;
  enrolmentIds.victimApplication = victimApplication.id;
  enrolmentIds.demoOffer = victimApplication.offer.id;
  const session = await clients.academic.post('/api/enrolment-sessions', ENROLMENT_SESSION);
  expect(session.statusCode, session.body).toBe(201);
  enrolmentIds.session = session.json().id;
  const unused = await clients.academic.post(`/api/enrolment-sessions/${enrolmentIds.session}/offers`, {
    KIND: 'SUBJECT',
    SUBJECT_ID: ids.subject,
    CAPACITY: 3,
  });
  expect(unused.statusCode, unused.body).toBe(201);
  enrolmentIds.unusedOffer = unused.json().id;
});
beforeAll(async () => {
  const sessions = await t.db
    .select({ id: evaluationSessions.id, formId: evaluationSessions.formId, endDate: evaluationSessions.endDate })
    .from(evaluationSessions)
    .orderBy(evaluationSessions.endDate);
  const [past, open] = [sessions[0]!, sessions[sessions.length - 1]!];
  evaluationIds.form = open.formId;
  evaluationIds.session = open.id;
  evaluationIds.otherSession = past.id;
  evaluationIds.otherTarget = (
    await t.db.select({ id: evaluationTargets.id }).from(evaluationTargets).where(eq(evaluationTargets.sessionId, past.id)).limit(1)
  )[0]!.id;
});
beforeAll(async () => {
  const admissionEntrances = await t.db.select().from(entrances).orderBy(desc(entrances.registrationLimitDate));
  const openOne = admissionEntrances.find((e) => e.closedAt === null)!;
  admissionsIds.entrance = openOne.id;
  admissionsIds.pastEntrance = admissionEntrances.find((e) => e.closedAt !== null)!.id;
  const [someone] = await t.db
    .select({ id: candidates.id, number: candidates.CANDIDATE_NUMBER })
    .from(candidates)
    .where(eq(candidates.entranceId, openOne.id))
    .limit(1);
  admissionsIds.candidate = someone!.id;
  admissionsIds.candidateNumber = someone!.number;
  const specialities = await t.db
    .select({ CYCLE_ID: entranceSpecialities.cycleId, BRANCH_ID: entranceSpecialities.branchId })
    .from(entranceSpecialities)
    .where(eq(entranceSpecialities.entranceId, openOne.id));
  admissionsIds.entranceBody = {
    NAME: openOne.name,
    YEAR_NAME: openOne.yearName,
    SCHOOL_NAME: openOne.schoolName,
    AMOUNT: openOne.amount,
    REGISTRATION_LIMIT_DATE: openOne.registrationLimitDate,
    EVALUATION_BEGIN_DATE: openOne.evaluationBeginDate,
    EVALUATION_END_DATE: openOne.evaluationEndDate,
    SPECIALITIES: specialities,
  };
  const [demoPayment] = await t.db.select({ id: payments.id, receipt: payments.receiptNumber }).from(payments).where(eq(payments.status, 'PAID')).limit(1);
  admissionsIds.payment = demoPayment!.id;
  admissionsIds.receipt = demoPayment!.receipt!;
});
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------- the test

describe('the authorization matrix', () => {
  it('has an entry for every route of the app', () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !MATRIX[route])).toEqual([]);
  });

  it("answers every route, for every kind of person and role, as the matrix says, naming another person's data; a refused call changes nothing", async () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    const cases = routes.flatMap((route) =>
      route === 'GET /api/files/:id'
        ? [
            [route, MATRIX[route]!],
            [`${route} (photo)`, PHOTO_FILE],
          ]
        : [[route, MATRIX[route]!]],
    ) as [string, Entry][];
    // Logging out ends the caller's own session: last.
    cases.sort(([a], [b]) => Number(a === 'POST /api/auth/logout') - Number(b === 'POST /api/auth/logout'));

    const wrong: string[] = [];
    const changed: string[] = [];
    let calls = 0;
    let refused = 0;
    let allowedCalls = 0;
    for (const [route, entry] of cases) {
      const method = route.split(' ')[0]!;
      const denied = WHO.filter((who) => !allows(entry.allowed, who));
      // the refused calls first, against a fingerprint of the data
      const before = denied.length ? await dataFingerprint() : '';
      for (const who of denied) {
        const [last] = await t.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .orderBy(sql`${auditLog.id} desc`)
          .limit(1);
        const res = await send(who, method, await entry.call());
        calls++;
        refused++;
        const expected = who === 'anonymous' || entry.allowed === 'candidate' ? 401 : 403;
        if (res.statusCode !== expected) wrong.push(`${route} as ${who}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 120)}`);
        else if (expected === 403 && !entry.unaudited?.includes(who)) {
          const audited = await t.db
            .select({ id: auditLog.id })
            .from(auditLog)
            .where(and(gt(auditLog.id, last?.id ?? 0), eq(auditLog.action, 'access.refused')));
          if (audited.length === 0) wrong.push(`${route} as ${who}: refused without an audit entry`);
        }
      }
      if (denied.length && (await dataFingerprint()) !== before) changed.push(route);
      for (const who of WHO.filter((w) => allows(entry.allowed, w))) {
        const res = await send(who, method, await entry.call());
        calls++;
        allowedCalls++;
        // let through: whatever the answer, it is not the guard's (401/403), nor a crash
        const guardAnswer = entry.allowed !== 'public' && (res.statusCode === 401 || res.statusCode === 403);
        if (guardAnswer || res.statusCode >= 500) wrong.push(`${route} as ${who}: ${res.statusCode} (expected to be let through) ${res.body.slice(0, 120)}`);
      }
    }
    expect({ wrong, changed }).toEqual({ wrong: [], changed: [] });
    // The figures of the closing note: calls, operations, roles, refused cross-person calls that got through (0).
    expect({ operations: routes.length, roles: WHO.length }).toMatchObject({ roles: 9 });
    expect(calls).toBe(refused + allowedCalls);
    expect(refused).toBeGreaterThan(400);
  }, 600_000);
});
