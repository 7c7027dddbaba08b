// The registration form of an entrance candidate, without Zod: what the form holds (text as typed,
// boxes as booleans), the sections it is shown in, how it becomes the `POST /candidate` body, and the
// draft kept on the device (decision 46). The schema's check lives in `register-schema.ts`, loaded
// with the form's first check.
import type { CandidateCreate, Entrance, EntranceSpeciality, FormationChoice } from '@portal/contract';
import { CAMEROON_DEPARTMENTS, DEFAULT_PHONE_CODE, dmyToIso, REGIONS_OF_ORIGIN, type RegionOfOrigin } from '@portal/contract/rules';
import { deviceDraft, type DeviceDraft } from '../../lib/device-draft';

/** What the form holds: every field as typed; the yes/no questions as booleans. */
export interface CandidateFormValues {
  ENTRANCE_ID: string;
  // identity
  LASTNAME: string;
  FIRSTNAME: string;
  BIRTHDATE: string;
  BIRTHPLACE: string;
  GENDER: string;
  COUNTRY: string;
  REGION_ORIGIN: string;
  DEPARTMENT: string;
  LIVING_TOWN: string;
  // contacts
  EMAIL: string;
  PHONE_CODE: string;
  PHONE_NUMBER: string;
  // the diploma held
  ADMISSION_DIPLOMA: string;
  ADMISSION_DIPLOMA_GRADE: string;
  MENTION_OBTAINED: string;
  YEAR_OBTENTION: string;
  COUNTRY_OBTENTION: string;
  SCHOOL_OBTENTION: string;
  LAST_YEAR_SITUATION: string;
  LAST_YEAR_RANK: string;
  IS_PROFESSIONAL: boolean;
  // first university year
  FIRST_YEAR_UNIVERSITY: string;
  FIRST_YEAR_UNIVERSITY_TYPE: string;
  NAME_OF_UNIVERSITY: string;
  // parents, emergency contact
  FATHER_NAME: string;
  FATHER_JOB: string;
  FATHER_CONTACT: string;
  FATHER_REGION_ORIGIN: string;
  MOTHER_NAME: string;
  MOTHER_JOB: string;
  MOTHER_CONTACT: string;
  MOTHER_REGION_ORIGIN: string;
  EMERGENCY_NAME: string;
  EMERGENCY_CONTACT: string;
  // disability, sports
  IS_HANDICAPED: boolean;
  HANDICAP_DETAILS: string;
  IS_SPORTIVE: boolean;
  IS_SPORTIVE_COMPETITOR: boolean;
  FIRST_SPORT: string;
  // languages
  FIRST_LANGUAGE: string;
  SECOND_LANGUAGE: string;
  // the formation asked for: the cycle (its English name), then the specialities' ids
  FORMATION_TYPE: string;
  CYCLE: string;
  FORMATION_FIRST_CHOICE: string;
  FORMATION_SECOND_CHOICE: string;
}
export type CandidateField = keyof CandidateFormValues;

const FLAG_FIELDS = ['IS_PROFESSIONAL', 'IS_HANDICAPED', 'IS_SPORTIVE', 'IS_SPORTIVE_COMPETITOR'] as const;
const isFlag = (name: string): name is (typeof FLAG_FIELDS)[number] => (FLAG_FIELDS as readonly string[]).includes(name);

/** Nothing typed yet: Cameroon's calling code, every box unticked. */
export const BLANK_CANDIDATE: CandidateFormValues = {
  ENTRANCE_ID: '',
  LASTNAME: '',
  FIRSTNAME: '',
  BIRTHDATE: '',
  BIRTHPLACE: '',
  GENDER: '',
  COUNTRY: '',
  REGION_ORIGIN: '',
  DEPARTMENT: '',
  LIVING_TOWN: '',
  EMAIL: '',
  PHONE_CODE: DEFAULT_PHONE_CODE,
  PHONE_NUMBER: '',
  ADMISSION_DIPLOMA: '',
  ADMISSION_DIPLOMA_GRADE: '',
  MENTION_OBTAINED: '',
  YEAR_OBTENTION: '',
  COUNTRY_OBTENTION: '',
  SCHOOL_OBTENTION: '',
  LAST_YEAR_SITUATION: '',
  LAST_YEAR_RANK: '',
  IS_PROFESSIONAL: false,
  FIRST_YEAR_UNIVERSITY: '',
  FIRST_YEAR_UNIVERSITY_TYPE: '',
  NAME_OF_UNIVERSITY: '',
  FATHER_NAME: '',
  FATHER_JOB: '',
  FATHER_CONTACT: '',
  FATHER_REGION_ORIGIN: '',
  MOTHER_NAME: '',
  MOTHER_JOB: '',
  MOTHER_CONTACT: '',
  MOTHER_REGION_ORIGIN: '',
  EMERGENCY_NAME: '',
  EMERGENCY_CONTACT: '',
  IS_HANDICAPED: false,
  HANDICAP_DETAILS: '',
  IS_SPORTIVE: false,
  IS_SPORTIVE_COMPETITOR: false,
  FIRST_SPORT: '',
  FIRST_LANGUAGE: '',
  SECOND_LANGUAGE: '',
  FORMATION_TYPE: '',
  CYCLE: '',
  FORMATION_FIRST_CHOICE: '',
  FORMATION_SECOND_CHOICE: '',
};
export const CANDIDATE_FIELDS = Object.keys(BLANK_CANDIDATE) as CandidateField[];

/** The sections of the form, in the order shown (the entrance is chosen above them; the files come last). */
export const CANDIDATE_SECTIONS = [
  'identity',
  'contacts',
  'diploma',
  'university',
  'parents',
  'emergency',
  'disability',
  'sports',
  'languages',
  'formation',
] as const;
export type CandidateSection = (typeof CANDIDATE_SECTIONS)[number];

export const SECTION_FIELDS: Record<CandidateSection, readonly CandidateField[]> = {
  identity: ['LASTNAME', 'FIRSTNAME', 'BIRTHDATE', 'BIRTHPLACE', 'GENDER', 'COUNTRY', 'REGION_ORIGIN', 'DEPARTMENT', 'LIVING_TOWN'],
  contacts: ['EMAIL', 'PHONE_CODE', 'PHONE_NUMBER'],
  diploma: [
    'ADMISSION_DIPLOMA',
    'ADMISSION_DIPLOMA_GRADE',
    'MENTION_OBTAINED',
    'YEAR_OBTENTION',
    'COUNTRY_OBTENTION',
    'SCHOOL_OBTENTION',
    'LAST_YEAR_SITUATION',
    'LAST_YEAR_RANK',
    'IS_PROFESSIONAL',
  ],
  university: ['FIRST_YEAR_UNIVERSITY', 'FIRST_YEAR_UNIVERSITY_TYPE', 'NAME_OF_UNIVERSITY'],
  parents: ['FATHER_NAME', 'FATHER_JOB', 'FATHER_CONTACT', 'FATHER_REGION_ORIGIN', 'MOTHER_NAME', 'MOTHER_JOB', 'MOTHER_CONTACT', 'MOTHER_REGION_ORIGIN'],
  emergency: ['EMERGENCY_NAME', 'EMERGENCY_CONTACT'],
  disability: ['IS_HANDICAPED', 'HANDICAP_DETAILS'],
  sports: ['IS_SPORTIVE', 'IS_SPORTIVE_COMPETITOR', 'FIRST_SPORT'],
  languages: ['FIRST_LANGUAGE', 'SECOND_LANGUAGE'],
  formation: ['FORMATION_TYPE', 'CYCLE', 'FORMATION_FIRST_CHOICE', 'FORMATION_SECOND_CHOICE'],
};

/** The section that shows a field of the body (or of an error's path: `FORMATION_FIRST_CHOICE.SPECIALITY_ID`); none for the entrance. */
export function sectionOf(path: string): CandidateSection | undefined {
  const field = formFieldOf(path);
  return CANDIDATE_SECTIONS.find((section) => (SECTION_FIELDS[section] as readonly string[]).includes(field ?? ''));
}

/** The form field an error's path names (`FORMATION_FIRST_CHOICE.SPECIALITY_ID` → FORMATION_FIRST_CHOICE), if the form has it. */
export function formFieldOf(path: string): CandidateField | undefined {
  const head = path.split('.')[0] ?? '';
  return (CANDIDATE_FIELDS as readonly string[]).includes(head) ? (head as CandidateField) : undefined;
}

/** The departments of a region of origin (none for a value that is not one of Cameroon's regions). */
export const departmentsOf = (region: string): readonly string[] =>
  (REGIONS_OF_ORIGIN as readonly string[]).includes(region) ? CAMEROON_DEPARTMENTS[region as RegionOfOrigin] : [];

/** The cycles an entrance offers, once each, in the order of its specialities. */
export function cyclesOf(entrance: Entrance | undefined): EntranceSpeciality[] {
  const seen = new Set<string>();
  return (entrance?.specialities ?? []).filter((speciality) => !seen.has(speciality.CYCLE_NAME) && seen.add(speciality.CYCLE_NAME));
}

/** The specialities an entrance offers in a cycle (by the cycle's English name). */
export const specialitiesOf = (entrance: Entrance | undefined, cycle: string): EntranceSpeciality[] =>
  (entrance?.specialities ?? []).filter((speciality) => speciality.CYCLE_NAME === cycle);

/** A formation choice as the body names it, from the speciality's id chosen in the cycle; null when none is. */
function choiceOf(entrance: Entrance | undefined, cycle: string, id: string): FormationChoice | null {
  const speciality = specialitiesOf(entrance, cycle).find((item) => String(item.SPECIALITY_ID) === id);
  return speciality
    ? { CYCLE_NAME: speciality.CYCLE_NAME, SPECIALITY_DESCRIPTION: speciality.SPECIALITY_DESCRIPTION, SPECIALITY_ID: speciality.SPECIALITY_ID }
    : null;
}

const text = (value: string): string => value.trim();
/** Blank is missing; anything else goes as typed and the schema judges it. */
const orUndefined = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());
/** A number typed: blank is missing, digits are a number, anything else stays text (and fails). */
const numberOf = (value: string): number | string | undefined => {
  const typed = value.trim();
  if (typed === '') return undefined;
  return /^\d+$/.test(typed) ? Number(typed) : typed;
};
/** A day typed dd/mm/yyyy as `YYYY-MM-DD`: blank is missing, anything unreadable stays as typed (and fails). */
const dayOf = (value: string): string | undefined => {
  const typed = value.trim();
  if (typed === '') return undefined;
  return dmyToIso(typed) ?? typed;
};

/**
 * The `POST /candidate` body of what was typed. What a box hides is not sent (no details without
 * a disability, no sport without sports); the phone goes with its calling code; the choices as
 * the entrance names them.
 */
export function candidateBody(values: CandidateFormValues, entrance: Entrance | undefined, language: 'en' | 'fr'): CandidateCreate {
  const number = text(values.PHONE_NUMBER);
  return {
    ENTRANCE_ID: numberOf(values.ENTRANCE_ID) as number,
    LASTNAME: text(values.LASTNAME),
    FIRSTNAME: text(values.FIRSTNAME),
    BIRTHDATE: dayOf(values.BIRTHDATE) as string,
    BIRTHPLACE: text(values.BIRTHPLACE),
    GENDER: orUndefined(values.GENDER),
    COUNTRY: text(values.COUNTRY),
    REGION_ORIGIN: text(values.REGION_ORIGIN),
    DEPARTMENT: orUndefined(values.DEPARTMENT) ?? null,
    EMAIL: text(values.EMAIL),
    PHONE_NUMBER: number === '' ? '' : number.startsWith('+') ? number : `${values.PHONE_CODE} ${number}`,
    LIVING_TOWN: text(values.LIVING_TOWN),
    FIRST_LANGUAGE: text(values.FIRST_LANGUAGE),
    SECOND_LANGUAGE: text(values.SECOND_LANGUAGE),
    ADMISSION_DIPLOMA: text(values.ADMISSION_DIPLOMA),
    ADMISSION_DIPLOMA_GRADE: orUndefined(values.ADMISSION_DIPLOMA_GRADE) ?? null,
    MENTION_OBTAINED: orUndefined(values.MENTION_OBTAINED),
    YEAR_OBTENTION: numberOf(values.YEAR_OBTENTION),
    COUNTRY_OBTENTION: text(values.COUNTRY_OBTENTION),
    SCHOOL_OBTENTION: text(values.SCHOOL_OBTENTION),
    LAST_YEAR_SITUATION: orUndefined(values.LAST_YEAR_SITUATION) ?? null,
    LAST_YEAR_RANK: orUndefined(values.LAST_YEAR_RANK) ?? null,
    IS_PROFESSIONAL: values.IS_PROFESSIONAL ? 'YES' : 'NO',
    FIRST_YEAR_UNIVERSITY: numberOf(values.FIRST_YEAR_UNIVERSITY),
    FIRST_YEAR_UNIVERSITY_TYPE: orUndefined(values.FIRST_YEAR_UNIVERSITY_TYPE),
    NAME_OF_UNIVERSITY: text(values.NAME_OF_UNIVERSITY),
    FORMATION_TYPE: orUndefined(values.FORMATION_TYPE),
    CYCLE: text(values.CYCLE),
    FORMATION_FIRST_CHOICE: choiceOf(entrance, values.CYCLE, values.FORMATION_FIRST_CHOICE) as FormationChoice,
    FORMATION_SECOND_CHOICE: choiceOf(entrance, values.CYCLE, values.FORMATION_SECOND_CHOICE),
    FATHER_NAME: text(values.FATHER_NAME),
    FATHER_JOB: text(values.FATHER_JOB),
    FATHER_CONTACT: text(values.FATHER_CONTACT),
    FATHER_REGION_ORIGIN: text(values.FATHER_REGION_ORIGIN),
    MOTHER_NAME: text(values.MOTHER_NAME),
    MOTHER_JOB: text(values.MOTHER_JOB),
    MOTHER_CONTACT: text(values.MOTHER_CONTACT),
    MOTHER_REGION_ORIGIN: text(values.MOTHER_REGION_ORIGIN),
    EMERGENCY_NAME: text(values.EMERGENCY_NAME),
    EMERGENCY_CONTACT: text(values.EMERGENCY_CONTACT),
    IS_HANDICAPED: values.IS_HANDICAPED,
    HANDICAP_DETAILS: values.IS_HANDICAPED ? (orUndefined(values.HANDICAP_DETAILS) ?? null) : null,
    IS_SPORTIVE: values.IS_SPORTIVE,
    IS_SPORTIVE_COMPETITOR: values.IS_SPORTIVE && values.IS_SPORTIVE_COMPETITOR,
    FIRST_SPORT: values.IS_SPORTIVE ? (orUndefined(values.FIRST_SPORT) ?? null) : null,
    LANGUAGE: language,
  } as CandidateCreate;
}

// ---------------------------------------------------------------- the draft (decision 46)

/** The one key of the draft in localStorage. */
export const CANDIDATE_DRAFT_KEY = 'candidateRegistrationDraft';
/** How long typing pauses before the draft is written. */
export const DRAFT_DELAY_MS = 400;
/** A draft left this long is dropped (a device others use does not keep it for ever). */
export const DRAFT_MAX_DAYS = 7;

export type CandidateDraft = DeviceDraft<CandidateFormValues>;

/** Whether anything was typed (a calling code alone is not). */
export const hasTyped = (values: Partial<CandidateFormValues>): boolean =>
  CANDIDATE_FIELDS.some((name) => name !== 'PHONE_CODE' && values[name] !== undefined && values[name] !== BLANK_CANDIDATE[name]);

const draft = deviceDraft<CandidateFormValues>({
  key: CANDIDATE_DRAFT_KEY,
  maxDays: DRAFT_MAX_DAYS,
  valuesOf: (stored) => {
    const values = { ...BLANK_CANDIDATE } as Record<CandidateField, string | boolean>;
    for (const name of CANDIDATE_FIELDS) {
      const value = stored[name];
      if (isFlag(name) ? typeof value === 'boolean' : typeof value === 'string') values[name] = value as string | boolean;
    }
    return values as unknown as CandidateFormValues;
  },
  isEmpty: (values) => !hasTyped(values),
});

/** The draft kept on this device, its values checked one by one; null without one (lib/device-draft.ts). */
export const readDraft = draft.read;
/** Writes the draft (nothing when nothing was typed). */
export const writeDraft = draft.write;
export const clearDraft = draft.clear;
