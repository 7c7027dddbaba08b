import { describe, expect, it } from 'vitest';
import {
  ACADEMIC_GRADES,
  ACTIVITIES,
  BACK_OFFICE_ROLES,
  CIVIL_STATUSES,
  CONTACT_OBJECTS,
  ENROLMENT_DECISION_NAMES,
  ENROLMENT_OFFER_KINDS,
  ENROLMENT_SESSION_STATES,
  ENROLMENT_STATUSES,
  ERROR_CODES,
  EVALUATION_EXPORT_FORMATS,
  EVALUATION_SESSION_STATES,
  FILE_COLUMNS,
  FORMATION_TYPES,
  GENDERS,
  HISTORY_EVENTS,
  LANGUAGES as CONTRACT_LANGUAGES,
  LAST_YEAR_RANKS,
  LAST_YEAR_SITUATIONS,
  MAIL_LINK_PROVIDERS,
  MANDATORY_RULES,
  MENTIONS,
  PAY_MODES,
  PAYMENT_CALLBACK_CHECKS,
  PAYMENT_STATUSES,
  PERSON_KINDS,
  PIECE_TYPES,
  PROFILE_SECTIONS,
  QUESTION_TYPES,
  REGIMES,
  REQUEST_AUDIENCES,
  REQUEST_BATCH_STATUSES,
  REQUEST_FIELD_GROUPS,
  REQUEST_STAGES,
  REQUEST_STATUSES,
  REQUEST_STEP_KINDS,
  SPOKEN_LANGUAGES,
  SPORTS,
  STAFF_STATUSES,
  STUDENT_DOCUMENT_KINDS,
  STUDENT_PROFILE_SECTIONS,
  UNIVERSITY_TYPES,
  V,
} from '@portal/contract/rules';
import { LANGUAGES } from '../lib/i18n';
import { NAV_ENTRIES } from '../lib/navigation';
import { LIMITS } from '../lib/limits';
import en from './en.json';
import fr from './fr.json';

/** Every leaf of a locale file as `path → text` (array items by index). */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const variables = (text: unknown) => [...String(text).matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((m) => m[1]).sort();

const EN = flatten(en);
const FR = flatten(fr);

describe('locales', () => {
  it('exist for exactly the languages of the contract', () => {
    expect([...LANGUAGES].sort()).toEqual([...CONTRACT_LANGUAGES].sort());
  });

  it('have exactly the same keys in English and French', () => {
    const onlyEn = [...EN.keys()].filter((key) => !FR.has(key));
    const onlyFr = [...FR.keys()].filter((key) => !EN.has(key));
    expect(onlyEn).toEqual([]);
    expect(onlyFr).toEqual([]);
  });

  it('have no empty or non-text values', () => {
    for (const [name, map] of [
      ['en', EN],
      ['fr', FR],
    ] as const) {
      const bad = [...map.entries()].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => `${name}:${key}`);
      expect(bad).toEqual([]);
    }
  });

  it('use the same interpolation variables in both languages', () => {
    const differ = [...EN.keys()].filter((key) => variables(EN.get(key)).join() !== variables(FR.get(key)).join());
    expect(differ).toEqual([]);
  });

  it('translate every error code of the contract, and the client-side network error, in both languages', () => {
    const keys = [...ERROR_CODES, 'NETWORK'].map((code) => `errors.${code}`);
    expect(keys.filter((key) => !EN.has(key))).toEqual([]);
    expect(keys.filter((key) => !FR.has(key))).toEqual([]);
  });

  it('translate every validation key the contract uses, in both languages', () => {
    const keys = [...Object.values(V), 'validation.passwordsDiffer'];
    expect(keys.filter((key) => !EN.has(key))).toEqual([]);
    expect(keys.filter((key) => !FR.has(key))).toEqual([]);
  });

  it('name every mandatory field of the registration when it is missing, in both languages', () => {
    const keys = MANDATORY_RULES.map((rule) => `missing.${rule.field}`);
    expect(keys).toContain('missing.ACCOUNT_DATA');
    expect(keys.filter((key) => !EN.has(key))).toEqual([]);
    expect(keys.filter((key) => !FR.has(key))).toEqual([]);
    expect(EN.get('missing.LASTEMPLOYER')).toBe('Last employer missing');
  });

  it('translate the contract enumerations shown to people', () => {
    const keys = [
      ...CONTACT_OBJECTS.map((key) => `contact.objects.${key}`),
      ...STAFF_STATUSES.map((key) => `person.status.${key}`),
      ...PERSON_KINDS.map((key) => `person.kind.${key}`),
      ...GENDERS.map((key) => `person.gender.${key}`),
      ...BACK_OFFICE_ROLES.map((key) => `person.role.${key}`),
      ...REQUEST_STATUSES.map((key) => `requests.status.${key}`),
      ...REQUEST_STAGES.map((key) => `requests.stage.${key}`),
      ...REQUEST_STEP_KINDS.map((key) => `requests.stepKind.${key}`),
      ...REQUEST_BATCH_STATUSES.map((key) => `requests.batchStatus.${key}`),
      ...Object.values(REQUEST_FIELD_GROUPS)
        .flat()
        .map((field) => `requests.field.${field}`),
      ...[...PROFILE_SECTIONS, 'closure'].map((key) => `registration.steps.${key}`),
      ...CIVIL_STATUSES.map((key) => `registration.civilStatus.${key}`),
      ...ACTIVITIES.map((key) => `registration.activity.${key}`),
      ...PAY_MODES.map((key) => `registration.payMode.${key}`),
      ...PIECE_TYPES.map((key) => `registration.pieceType.${key}`),
      ...ACADEMIC_GRADES.map((key) => `registration.grade.${key}`),
      ...SPOKEN_LANGUAGES.map((key) => `registration.spokenLanguage.${key}`),
      ...FILE_COLUMNS.map((key) => `registration.fields.${key}`),
      ...HISTORY_EVENTS.map((key) => `history.events.${key}`),
      // the students' file and mail account (decisions 37, 40)
      ...STUDENT_PROFILE_SECTIONS.map((key) => `studentFile.sections.${key}`),
      ...MENTIONS.map((key) => `studentFile.mention.${key}`),
      ...LAST_YEAR_RANKS.map((key) => `studentFile.lastYearRank.${key}`),
      ...LAST_YEAR_SITUATIONS.map((key) => `studentFile.lastYearSituation.${key}`),
      ...UNIVERSITY_TYPES.map((key) => `studentFile.universityType.${key}`),
      ...FORMATION_TYPES.map((key) => `studentFile.formationType.${key}`),
      ...SPORTS.map((key) => `studentFile.sport.${key}`),
      ...STUDENT_DOCUMENT_KINDS.map((key) => `studentFile.documents.kinds.${key}`),
      ...MAIL_LINK_PROVIDERS.map((key) => `mailLink.provider.${key}`),
      // a class's shift on the Classes page
      ...REGIMES.map((key) => `classes.shift.${key}`),
      // enrolment (decision 38)
      ...ENROLMENT_OFFER_KINDS.map((key) => `enrolment.kind.${key}`),
      ...ENROLMENT_STATUSES.map((key) => `enrolment.status.${key}`),
      ...ENROLMENT_SESSION_STATES.map((key) => `enrolment.state.${key}`),
      ...ENROLMENT_DECISION_NAMES.map((key) => `enrolment.office.decide.${key}`),
      // the evaluation of teaching (decision 39)
      ...QUESTION_TYPES.flatMap((key) => [`evaluation.types.${key}`, `evaluation.typeHelp.${key}`]),
      ...EVALUATION_SESSION_STATES.map((key) => `evaluation.states.${key}`),
      ...EVALUATION_EXPORT_FORMATS.map((key) => `evaluation.results.export.${key}`),
      // a request's audience (decision 41)
      ...REQUEST_AUDIENCES.map((key) => `requestsOffice.settings.audiences.${key}`),
      // what the history says of the new facts
      ...ENROLMENT_OFFER_KINDS.map((key) => `history.offer.${key}`),
      ...MAIL_LINK_PROVIDERS.map((key) => `history.provider.${key}`),
      ...ENROLMENT_STATUSES.filter((status) => status !== 'PENDING' && status !== 'WITHDRAWN').map((status) => `history.events.enrolmentDecided_${status}`),
      // the callbacks refused for disagreeing with their payment (decision 68)
      ...PAYMENT_CALLBACK_CHECKS.map((key) => `payments.alerts.check.${key}`),
      ...PAYMENT_STATUSES.map((key) => `payments.alerts.status.${key}`),
    ];
    expect(keys.filter((key) => !EN.has(key))).toEqual([]);
    expect(keys.filter((key) => !FR.has(key))).toEqual([]);
  });

  it('keep the specification wording of the required messages', () => {
    expect(EN.get('errors.VALIDATION_FAILED')).toBe('Fill correctly the blanks to continue');
    expect(EN.get('errors.ACCOUNT_INACTIVE')).toBe('Your account is not actived');
    expect(EN.get('errors.INVALID_CREDENTIALS')).toBe('Matricule or password incorrect');
    expect(EN.get('errors.NETWORK')).toBe('Connection fail. please try again');
    expect(EN.get('errors.CODE_INCORRECT')).toBe('The code you entered is incorrect');
    expect(EN.get('errors.CONFIRMATION_EXPIRED')).toBe('The time allowed to the confirmation has expired; register again');
    expect(EN.get('errors.CONTACT_INCOMPLETE')).toBe('Make sure to fill the object and message content');
    expect(EN.get('contact.sent')).toBe('Mail send successfully');
    expect(EN.get('sessionExpired.title')).toBe('Session time expired');
    expect(EN.get('sessionExpired.text')).toBe('Your session time has been expired');
    expect(EN.get('inactivity.title')).toBe('Timeout activity');
    expect(EN.get('errorScreen.title')).toBe('Something went wrong.');
    expect(EN.get('errorScreen.reload')).toBe('Reload Page');
    expect(EN.get('errors.ADDRESS_INCOMPLETE')).toBe('Fill your living town and precinct to continue');
    expect(EN.get('errors.DOCUMENT_INCOMPLETE')).toBe('Provide all required informations to continue');
    expect(EN.get('errors.CLOSURE_FAILED')).toBe('Closure failure');
    expect(EN.get('errors.FILE_EXISTS')).toBe('Error, a similar file already exists');
    expect(EN.get('errors.CV_NOT_PDF')).toBe('The CV must be in PDF format');
    expect(EN.get('errors.MICROFINANCE_REFUSED')).toBe('Microfinance accounts are not allowed');
    expect(EN.get('errors.SAVE_FAILED')).toBe('An error has occured during saving');
    expect(EN.get('notify.saved')).toBe('Successly saved');
    expect(EN.get('registration.files.saved')).toBe('File successfully saved');
    expect(EN.get('registration.closure.completed')).toBe('Registration completed');
  });

  it('only use variables that are passed or provided by default', () => {
    const passed = new Set([
      ...Object.keys(LIMITS),
      'time',
      'seconds',
      'version',
      'year',
      'name',
      'email',
      'matricule',
      'username',
      'min',
      'label',
      'value',
      // the registration wizard
      'count',
      'position',
      'total',
      'number',
      'level',
      'maxMb',
      'date',
      'withNiu',
      'withoutNiu',
      // requests
      'decision',
      'text',
      'reference',
      'deadline',
      // the units' pages of requests
      'unit',
      'references',
      'status',
      'from',
      'to',
      'decision',
      'text',
      'reference',
      'deadline',
      'unit',
      'week',
      'end',
      // the activity history
      'section',
      'file',
      'document',
      'session',
      'added',
      'removed',
      'hours',
      'subject',
      'category',
      'subcategory',
      // the timetable
      'day',
      'begin',
      'code',
      'part',
      'class',
      'place',
      'lecturer',
      // the evaluation of teaching: the results threshold (What's New), and the activity history's enrolment offer and mail proof
      'threshold',
      'offer',
      'provider',
      // the answers of an evaluation not shown, and the size of a group (decision 64)
      'size',
      // entrance candidates, their payments and the admissions office (issue 14)
      'fields',
      'speciality',
      'amount',
      'max',
      'network',
      'phone',
      'fixed',
      'rate',
      // a refused payment callback (decision 68)
      'expected',
      'reported',
    ]);
    const unknown = [...EN.entries()].flatMap(([key, text]) =>
      variables(text)
        .filter((v) => !passed.has(v!))
        .map((v) => `${key}:${v}`),
    );
    expect(unknown).toEqual([]);
  });

  it('leave no English in French: a French text equal to the English one is a real cognate, an acronym or a name', () => {
    // Words French writes as English does (a language, a grade, an acronym...), and texts made of variables and units.
    const SAME_IN_FRENCH = new Set([
      'OK',
      'Identification',
      'Catalogue',
      'Matricule',
      'Admissions',
      'E-mail',
      'Message',
      'Documents',
      'Religion',
      'Grade',
      'CV (PDF)',
      'CV',
      'Pidgin',
      'Fulfulde',
      'Ewondo',
      'Bassa',
      'Assistant',
      'Type',
      'Section',
      'Photo',
      'Cycles',
      'Classes',
      'Code',
      'Cycle',
      'CM',
      'TD',
      'TP',
      'Actions',
      'Session',
      'Date',
      'Description',
      // sports a student names (decision 37)
      'Football',
      'Handball',
      'Tennis',
      'Version {{version}}',
      'BAC+{{level}}',
      '{{count}} h',
      '{{name}} {{count}} h',
      '{{hours}}\u00a0h',
      'Campus {{name}}',
      '{{code}} {{subject}} ({{part}}), {{class}}, {{begin}}–{{end}}, {{status}}',
    ]);
    const english = [...EN.entries()].filter(([key, text]) => FR.get(key) === text && !SAME_IN_FRENCH.has(String(text))).map(([key]) => key);
    expect(english).toEqual([]);
  });

  it('name each menu entry as its page is titled, in both languages', () => {
    const PAGES: Record<string, string> = {
      'nav.profile': 'profile.title',
      'nav.registration': 'registration.title',
      'nav.subjects': 'applications.title',
      'nav.archive': 'applications.archive.title',
      'hr.nav': 'hr.list.title',
      'nav.identification': 'identification.list.title',
      'nav.academicAssignments': 'academic.assignments.title',
      'nav.academicSessions': 'academic.sessions.title',
      'nav.academicCatalogue': 'academic.catalogue.title',
      'nav.lessonPlanning': 'planning.title',
      'nav.lessonHours': 'planning.hours.title',
      'nav.requestsInbox': 'requestsOffice.inbox.title',
      'nav.requestsBatches': 'requestsOffice.batches.title',
      'nav.requestsReport': 'requestsOffice.report.title',
      'nav.requestsSettings': 'requestsOffice.settings.title',
      'nav.requests': 'requests.list.title',
      'nav.schedule': 'schedule.title',
      'nav.history': 'history.title',
      // issue 13: the students' pages, the lecturers' reviews, the academic office's enrolment and evaluation
      'nav.studentFile': 'studentFile.title',
      'nav.classes': 'classes.title',
      'nav.enrolment': 'enrolment.title',
      'nav.evaluation': 'evaluation.student.title',
      'nav.reviews': 'reviews.title',
      'nav.academicEnrolment': 'enrolment.office.title',
      'nav.evaluationForms': 'evaluation.forms.title',
      'nav.evaluationSessions': 'evaluation.sessions.title',
      // issue 14: the admissions office
      'admissions.nav.entrances': 'admissions.entrances.title',
      'admissions.nav.candidates': 'admissions.candidates.title',
      'payments.nav': 'payments.networks.title',
    };
    // every menu entry has its page's title here
    expect(NAV_ENTRIES.map((entry) => entry.label).filter((label) => !Object.hasOwn(PAGES, label))).toEqual([]);
    for (const [name, map] of [
      ['en', EN],
      ['fr', FR],
    ] as const) {
      const differ = Object.entries(PAGES)
        .filter(([menu, title]) => map.get(menu) !== map.get(title))
        .map(([menu, title]) => `${name}: ${String(map.get(menu))} ≠ ${String(map.get(title))}`);
      expect(differ).toEqual([]);
    }
  });

  it('use one French word per concept: a subject is a matière, an assignment an attribution; English chooses subjects, not lessons', () => {
    const stray = [...FR.entries()]
      .filter(([, text]) => /affectation|choix des enseignements|postulent aux enseignements/i.test(String(text)))
      .map(([key]) => key);
    expect(stray).toEqual([]);
    // a lesson is a planned teaching session of the timetable (issue 12, decision 35); what lecturers choose are subjects, never a "lesson choice"
    const strayEn = [...EN.entries()].filter(([, text]) => /lesson[- ]?choice|choos\w* (?:the )?lessons/i.test(String(text))).map(([key]) => key);
    expect(strayEn).toEqual([]);
  });

  it("say a limit's wait in one sentence, for every code answered with a time to wait", () => {
    const WAITED = ['ACCOUNT_LOCKED', 'TOO_MANY_REQUESTS', 'RESEND_TOO_SOON', 'CODE_LOCKED', 'MAIL_RATE_LIMITED', 'SERVER_BUSY', 'REGISTRATION_RATE_LIMITED'];
    for (const map of [EN, FR]) {
      for (const code of WAITED) expect(String(map.get(`waitErrors.${code}`)), code).toMatch(/^[^.]+\. [^.]+{{time}}\.$/);
    }
  });

  it('follow French typography: a non-breaking space, never an ordinary one or none, before : ; ? and ! in French', () => {
    const broken = [...FR].filter(([, text]) => / [:;?!](?=\s|$)|[\p{L}\d)»}][;?!](?=\s|$)/u.test(String(text))).map(([key]) => key);
    expect(broken).toEqual([]);
  });

  it('name a home page card only when no menu entry names its page: the card of a menu page takes the menu label', () => {
    for (const locale of [EN, FR]) {
      const titled = [...locale.keys()].filter((key) => /^home\.cards\.\w+\.title$/.test(key)).map((key) => key.split('.')[2]);
      expect(titled.sort()).toEqual(['contact', 'settings']);
    }
  });
});
