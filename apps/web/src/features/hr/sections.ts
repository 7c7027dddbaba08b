import type { SavedSection } from '@portal/contract';
import { FILE_COLUMNS, PAY_FIELDS, payFieldRequired, payFieldUse } from '@portal/contract/rules';

// Only the contract's rules entry here: the list and the dossier stay free of its schemas
// (and of Zod); the correction dialog, which validates with them, resolves the option lists.

/** The contract enumerations a field may offer, by their contract name (see `options.ts`). */
export type OptionList = 'STAFF_STATUSES' | 'TITLES' | 'GENDERS' | 'CIVIL_STATUSES' | 'BLOOD_GROUPS' | 'ACADEMIC_GRADES' | 'ACTIVITIES' | 'PAY_MODES';

/**
 * How a field is shown and typed: text, a date typed dd/mm/yyyy, a whole number, a yes / no
 * choice (left empty when unknown), or one of a contract enumeration.
 */
export type FieldKind = 'text' | 'multiline' | 'date' | 'int' | 'money' | 'bool' | 'enum';

export interface FieldDef {
  name: string;
  kind: FieldKind;
  options?: OptionList;
  /** translation prefix of the options (`person.status` → `person.status.PERMANENT`); shown as is without one */
  optionLabels?: string;
  /** the schema refuses it empty */
  required?: boolean;
  /** shown in the dossier, not part of the section's form (identity held elsewhere, children) */
  display?: 'readonly' | 'children';
  /** a country as stored (its English name): shown named in the reader's language */
  country?: true;
}

const text = (name: string, required = false): FieldDef => ({ name, kind: 'text', required });
const date = (name: string): FieldDef => ({ name, kind: 'date' });
const int = (name: string): FieldDef => ({ name, kind: 'int' });
const bool = (name: string): FieldDef => ({ name, kind: 'bool' });
const choice = (name: string, options: OptionList, optionLabels?: string, required = false): FieldDef => ({
  name,
  kind: 'enum',
  options,
  optionLabels,
  required,
});

/**
 * The wizard's saved sections, in order, with the fields the dossier shows and the correction
 * form edits. Each editable field is one of the contract's `SECTION_SCHEMAS[section]` keys
 * (a test checks it); the ID images and the children list are not edited here.
 */
export const SECTION_FIELDS: Record<SavedSection, readonly FieldDef[]> = {
  status: [choice('STATUS', 'STAFF_STATUSES', 'person.status', true)],
  personal: [
    { name: 'MATRICULE', kind: 'text', display: 'readonly' },
    { name: 'EMAIL', kind: 'text', display: 'readonly' },
    choice('DENOMINATION', 'TITLES'),
    text('LASTNAME', true),
    text('FIRSTNAME', true),
    choice('GENDER', 'GENDERS', 'person.gender'),
    date('BIRTHDATE'),
    text('BIRTHPLACE'),
    { ...text('COUNTRY'), country: true },
    text('REGION_ORIGIN'),
    text('DEPARTMENT'),
    text('FIRST_LANGUAGE'),
    text('SECOND_LANGUAGE'),
  ],
  identification: [text('IDENTIFICATION'), text('IDENTIFNUM'), text('IDENTIFPLACE'), date('IDENTIFSTART'), date('IDENTIFEND')],
  address: [text('LIVING_TOWN'), text('DISTRICT'), text('PRECINCT'), text('RELIGION'), text('CODE1'), text('NUMPHONE'), text('CODE2'), text('NUMPHONE2')],
  familial: [
    choice('CIVILSTATUS', 'CIVIL_STATUSES', 'hr.civilStatus'),
    text('SPLASTNAME'),
    text('SPFIRSTNAME'),
    date('SPBIRTHDATE'),
    int('CHILDNUM'),
    { name: 'CHILDREN', kind: 'text', display: 'children' },
  ],
  parents: [
    text('FATHER_NAME'),
    text('MOTHER_NAME'),
    int('HEIGHT'),
    int('WEIGHT'),
    choice('BLOOD_GROUP', 'BLOOD_GROUPS'),
    bool('HANDICAP'),
    { name: 'HANDICAP_DETAILS', kind: 'multiline' },
  ],
  emergency: [text('EMERGNAME1'), text('EMERGCODE1'), text('EMERGNUM1'), text('EMERGNAME2'), text('EMERGCODE2'), text('EMERGNUM2')],
  fiscal: [text('NIU'), bool('NIU_MISSING'), bool('CNPSYN'), text('CNPSNUM')],
  professional: [
    text('LASTDIPLOMA'),
    text('OLD_SPECIALITY'),
    int('OLD_OBTENTION_YEAR'),
    text('STAB'),
    text('SPECIALITY'),
    choice('TITLE', 'TITLES'),
    choice('GRADES', 'ACADEMIC_GRADES'),
    text('JOBTITLE'),
  ],
  'last-job': [text('LASTJOB'), text('LASTEMPLOYER'), date('LASTJOBSTART'), date('LASTJOBEND'), bool('LASTJOBSTILL')],
  financial: [
    choice('ACTIVITY_PRINCIPAL', 'ACTIVITIES', 'hr.activity'),
    { name: 'BASESALARY', kind: 'money' },
    { name: 'HOURRATE', kind: 'money' },
    date('CONTENDDATE'),
  ],
  'pay-mode': [
    choice('PAYMODE', 'PAY_MODES', 'hr.payMode'),
    text('BANK_CODE'),
    text('BRANCH_CODE'),
    text('ACCOUNT_NUM'),
    text('RIB_KEY'),
    text('PAY_CODE'),
    text('PAY_PHONE'),
    text('CARD_NUM'),
    text('ACCOUNT_LASTNAME'),
    text('ACCOUNT_FIRSTNAME'),
    date('ACCOUNT_BIRTHDATE'),
    text('CASHIER_CODE'),
  ],
};

export const SAVED_SECTIONS = Object.keys(SECTION_FIELDS) as SavedSection[];

/** The fields a section's correction form edits. */
export const editableFields = (section: SavedSection): FieldDef[] => SECTION_FIELDS[section].filter((field) => !field.display);

const PAY_FIELD_NAMES: ReadonlySet<string> = new Set(PAY_FIELDS);

/**
 * The fields of `fields` that apply to a record's (or a form's) payment mode, as the wizard's
 * step shows them (the contract's table): only the chosen mode's data, none the mode sets
 * itself, each marked required as the mode requires it. Other sections' fields are unchanged.
 */
export function fieldsForPayMode(fields: readonly FieldDef[], mode: unknown): FieldDef[] {
  return fields.flatMap((field) => {
    if (!PAY_FIELD_NAMES.has(field.name)) return [field];
    const use = payFieldUse(mode, field.name);
    return use === null || use === 'fixed' ? [] : [{ ...field, required: payFieldRequired(mode, field.name) }];
  });
}

/** Every field the dossier knows, by name (the audit trail formats old and new values with it). */
export const FIELD_DEFS: ReadonlyMap<string, FieldDef> = new Map(
  [...Object.values(SECTION_FIELDS).flat(), ...FILE_COLUMNS.map((name): FieldDef => ({ name, kind: 'text' }))].map((field) => [field.name, field]),
);
