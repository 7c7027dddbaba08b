import { z } from 'zod';
import { personId, V } from './common';
import { TAX_RATE_WITH_NIU, TAX_RATE_WITHOUT_NIU } from './registration';
import { SubjectConstraint } from './application-sessions';

// ---------------------------------------------------------------- constants and rules

/** The teaching parts of a subject a person may apply for: lecture, tutorial, practical. */
export const CHOICE_CATEGORIES = ['CM', 'TD', 'TP'] as const;
export const ChoiceCategory = z.enum(CHOICE_CATEGORIES, { error: V.invalid });
export type ChoiceCategory = z.infer<typeof ChoiceCategory>;

/** Regimes (shifts) of a class. Day and morning classes have the day limits (`_J`), evening and night the `_S` ones. */
export const REGIMES = ['DAY', 'EVENING', 'NIGHT', 'MORNING'] as const;
export const Regime = z.enum(REGIMES, { error: V.invalid });
export type Regime = z.infer<typeof Regime>;
export type ShiftGroup = 'J' | 'S';
export const shiftGroupOf = (regime: Regime): ShiftGroup => (regime === 'EVENING' || regime === 'NIGHT' ? 'S' : 'J');

/** AFFECTATION of a choice: 1 is confirmed by the academic office; 0 selected (pending); 2 declined. */
export const AFFECTATION = { SELECTED: 0, CONFIRMED: 1, DECLINED: 2 } as const;
export const Affectation = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type Affectation = z.infer<typeof Affectation>;

/** Level groups of the limits: levels 1-2, level 3, levels 4-5 (index into LEVEL_GROUPS). */
export const LEVEL_GROUP_KEYS = ['12', '3', '45'] as const;
export type LevelGroupKey = (typeof LEVEL_GROUP_KEYS)[number];
export function levelGroupOf(level: number): LevelGroupKey {
  return level <= 2 ? '12' : level === 3 ? '3' : '45';
}
const GROUP_LEVELS: Record<LevelGroupKey, readonly number[]> = { '12': [1, 2], '3': [3], '45': [4, 5] };
export const levelsOfGroup = (group: LevelGroupKey): readonly number[] => GROUP_LEVELS[group];

type ConstraintLimits = Omit<SubjectConstraint, 'id'>;
/** The limit of a level group and shift: the smallest of its levels' limits (the office sets them equal). */
export function groupLimit(constraint: ConstraintLimits, group: LevelGroupKey, shift: ShiftGroup): number {
  return Math.min(...GROUP_LEVELS[group].map((level) => constraint[`LEVEL${level}_${shift}` as keyof ConstraintLimits]));
}

/** Tax withheld on teaching pay: 5.5 % with an NIU, 16.5 % without. */
export const taxRateFor = (hasNiu: boolean): number => (hasNiu ? TAX_RATE_WITH_NIU : TAX_RATE_WITHOUT_NIU);

/** The hours a choice of one part of a subject stands for. */
export function hoursOf(subject: { HOURS_CM: number; HOURS_TD: number; HOURS_TP: number }, category: ChoiceCategory): number {
  return category === 'CM' ? subject.HOURS_CM : category === 'TD' ? subject.HOURS_TD : subject.HOURS_TP;
}

/** What a choice weighs in the rules: its subject, level, shift and hours. Declined choices weigh nothing. */
export interface WeighedChoice {
  SUBJECT_ID: number;
  LEVEL_ID: number;
  SHIFT: Regime;
  HOURS: number;
  AFFECTATION: Affectation;
}

export type ChoiceRuleBreach =
  | { code: 'SUBJECT_LIMIT_REACHED'; group: LevelGroupKey; shift: ShiftGroup; limit: number }
  | { code: 'HOURS_CAP_EXCEEDED'; hours: number; allowed: number };

/**
 * The rules of a list of choices, shared by the server (authoritative, under a lock on the
 * application row) and the web page (to refuse at once): at most `groupLimit` distinct subjects
 * per level group and shift, and at most `allowedHours` hours in all.
 */
export function checkChoices(choices: readonly WeighedChoice[], constraint: ConstraintLimits, allowedHours: number): ChoiceRuleBreach | null {
  const live = choices.filter((c) => c.AFFECTATION !== AFFECTATION.DECLINED);
  const subjectsBySlot = new Map<string, Set<number>>();
  for (const c of live) {
    const slot = `${levelGroupOf(c.LEVEL_ID)}_${shiftGroupOf(c.SHIFT)}`;
    const set = subjectsBySlot.get(slot) ?? new Set<number>();
    set.add(c.SUBJECT_ID);
    subjectsBySlot.set(slot, set);
  }
  for (const [slot, set] of subjectsBySlot) {
    const [group, shift] = slot.split('_') as [LevelGroupKey, ShiftGroup];
    const limit = groupLimit(constraint, group, shift);
    if (set.size > limit) return { code: 'SUBJECT_LIMIT_REACHED', group, shift, limit };
  }
  const hours = live.reduce((sum, c) => sum + c.HOURS, 0);
  if (hours > allowedHours) return { code: 'HOURS_CAP_EXCEEDED', hours, allowed: allowedHours };
  return null;
}

/** Estimated pay of some hours: gross = hours x rate, less the tax rate (NIU or not). Amounts in CFA francs. */
export function estimatePay(parts: ReadonlyArray<{ HOURS: number; HOURLY_RATE: number }>, hasNiu: boolean): { gross: number; tax: number; net: number; rate: number } {
  const gross = parts.reduce((sum, p) => sum + p.HOURS * p.HOURLY_RATE, 0);
  const rate = taxRateFor(hasNiu);
  const tax = Math.round((gross * rate) / 100);
  return { gross, tax, net: gross - tax, rate };
}

// ---------------------------------------------------------------- subjects

export const SUBJECTS_PAGE_SIZE = 20;

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }).optional());

/** Filters of `PATCH /subjects/by-level/{page}`; empty strings and nulls mean no filter. */
export const SubjectFilters = z
  .object({
    CYCLE: optionalId,
    LEVEL: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: V.invalid }).int().min(1, { error: V.invalid }).max(5, { error: V.invalid }).optional()),
    REGIME: z.preprocess((v) => (v === '' || v === null ? undefined : v), Regime.optional()),
    BRANCH: optionalId,
    CLASS: optionalId,
    DEPARTMENT: optionalId,
    SEARCH: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(100, { error: V.tooLong }).optional()),
  })
  .meta({ id: 'SubjectFilters' });
export type SubjectFilters = z.infer<typeof SubjectFilters>;

export const PageParam = z.object({ page: z.coerce.number({ error: V.invalid }).int().min(1, { error: V.invalid }).max(100_000) });
export type PageParam = z.infer<typeof PageParam>;
/** `GET /subjects/class/{classId}` */
export const ClassParams = z.object({ classId: z.coerce.number().int().positive() });
export type ClassParams = z.infer<typeof ClassParams>;

/** A subject as offered: where it is taught, its hours per part, its rate and the tax rate that applies to the reader. */
export const SubjectRow = z
  .object({
    SUBJECT_ID: z.number().int(),
    SUBJECT_CODE: z.string(),
    SUBJECT_NAME: z.string(),
    CLASS_ID: z.number().int(),
    CLASS_CODE: z.string(),
    BRANCH_ID: z.number().int(),
    BRANCH_ABREVIATION: z.string(),
    LEVEL_ID: z.number().int(),
    CYCLE_ID: z.number().int(),
    CYCLE_NAME: z.string(),
    CYCLE_NAME_FR: z.string(),
    DEPARTMENT_NAME: z.string(),
    DEPARTMENT_NAME_FR: z.string(),
    SHIFT: Regime,
    HOURS_CM: z.number().int(),
    HOURS_TD: z.number().int(),
    HOURS_TP: z.number().int(),
    HOURLY_RATE: z.number().int(),
    CREDITS: z.number().int(),
    /** 5.5 with an NIU on file, 16.5 without (the reader's own rate) */
    TAX_RATE: z.number(),
    /** parts already assigned (confirmed) to someone in the current session */
    ASSIGNED: z.array(ChoiceCategory),
  })
  .meta({ id: 'SubjectRow' });
export type SubjectRow = z.infer<typeof SubjectRow>;

export const SubjectPage = z
  .object({ rows: z.array(SubjectRow), count: z.number().int(), total: z.number().int(), page: z.number().int() })
  .meta({ id: 'SubjectPage' });
export type SubjectPage = z.infer<typeof SubjectPage>;

// ---------------------------------------------------------------- applications and choices

export const Application = z
  .object({
    id: z.number().int(),
    EMPLOYEE_ID: z.number().int(),
    /** the allowed hourly volume (the session's cap for the person's category) */
    TOTAL_HOURS: z.number().int(),
    SESSION_APPLICATION_ID: z.number().int(),
    SUBJECT_CONSTRAINT_ID: z.number().int(),
    CLOSED: z.boolean(),
    CLOSED_AT: z.string().nullable(),
    SubjectConstraint,
    createdAt: z.string(),
  })
  .meta({ id: 'Application' });
export type Application = z.infer<typeof Application>;

/** `POST /applications` and `/applications/init`: the server decides the person (session), the session (current) and the hours (cap). */
export const ApplicationInit = z
  .object({
    EMPLOYEE_ID: z.coerce.number().int().positive().optional(),
    SESSION_APPLICATION_ID: z.coerce.number().int().positive().optional(),
    TOTAL_HOURS: z.unknown().optional(),
    SUBJECT_CONSTRAINT_ID: z.unknown().optional(),
  })
  .nullish()
  .meta({ id: 'ApplicationInit' });
export type ApplicationInit = z.infer<typeof ApplicationInit>;

export const ChoiceInput = z.object({ SUBJECT_ID: z.coerce.number({ error: V.invalid }).int().positive({ error: V.invalid }), CATEGORY: ChoiceCategory });
export type ChoiceInput = z.infer<typeof ChoiceInput>;

export const MAX_CHOICES = 60;

/** `POST /applications-choices`: adds these choices to the application (create or update). */
export const ChoicesBody = z
  .object({ application: z.coerce.number({ error: V.required }).int().positive({ error: V.invalid }), subjects: z.array(ChoiceInput).min(1, { error: V.required }).max(MAX_CHOICES, { error: V.tooLong }) })
  .meta({ id: 'ChoicesBody' });
export type ChoicesBody = z.infer<typeof ChoicesBody>;

/** `PUT /applications-choices/{application}`: the list as saved; confirmed and declined choices stay as they are. */
export const ChoicesReplaceBody = z
  .object({ subjects: z.array(ChoiceInput).max(MAX_CHOICES, { error: V.tooLong }) })
  .meta({ id: 'ChoicesReplaceBody' });
export type ChoicesReplaceBody = z.infer<typeof ChoicesReplaceBody>;
/** A path naming an application as `{application}` (`/applications-choices/{application}/none` ...). */
export const ApplicationParams = z.object({ application: personId });
export type ApplicationParams = z.infer<typeof ApplicationParams>;
/** `GET /applications/current/{employee}/{session}` */
export const ApplicationInSessionParams = z.object({ employee: personId, session: personId });
export type ApplicationInSessionParams = z.infer<typeof ApplicationInSessionParams>;

export const Choice = z
  .object({
    id: z.number().int(),
    APPLICATION_ID: z.number().int(),
    AFFECTATION: Affectation,
    CATEGORY: ChoiceCategory,
    /** the hours of this part of the subject */
    HOURS: z.number().int(),
    Subject: SubjectRow,
  })
  .meta({ id: 'Choice' });
export type Choice = z.infer<typeof Choice>;

/** A choice with the session it was made in (archive, older choices, archived assignments). */
export const SessionChoice = Choice.extend({ SESSION_APPLICATION_ID: z.number().int(), DESIGNATION: z.string(), CLOSED: z.boolean() }).meta({ id: 'SessionChoice' });
export type SessionChoice = z.infer<typeof SessionChoice>;

/** A past or present application with its session and choices (`GET /applications/all/{id}`). */
export const ArchivedApplication = Application.extend({
  DESIGNATION: z.string(),
  START_DATE: z.string(),
  END_DATE: z.string().nullable(),
  choices: z.array(Choice),
}).meta({ id: 'ArchivedApplication' });
export type ArchivedApplication = z.infer<typeof ArchivedApplication>;

// ---------------------------------------------------------------- catalogue (read side)

export const CatalogueDepartment = z.object({ id: z.number().int(), CODE: z.string(), NAME: z.string(), NAME_FR: z.string() }).meta({ id: 'CatalogueDepartment' });
export const CatalogueBranch = z.object({ id: z.number().int(), ABBREVIATION: z.string(), NAME: z.string(), NAME_FR: z.string(), DEPARTMENT_ID: z.number().int() }).meta({ id: 'CatalogueBranch' });
export const CatalogueCycle = z.object({ id: z.number().int(), CODE: z.string(), NAME: z.string(), NAME_FR: z.string(), FIRST_LEVEL: z.number().int(), LAST_LEVEL: z.number().int() }).meta({ id: 'CatalogueCycle' });
export const CatalogueLevel = z.object({ id: z.number().int(), NAME: z.string(), NAME_FR: z.string() }).meta({ id: 'CatalogueLevel' });
export const CatalogueClass = z
  .object({ id: z.number().int(), CODE: z.string(), BRANCH_ID: z.number().int(), CYCLE_ID: z.number().int(), LEVEL_ID: z.number().int(), SHIFT: Regime })
  .meta({ id: 'CatalogueClass' });
export type CatalogueDepartment = z.infer<typeof CatalogueDepartment>;
export type CatalogueBranch = z.infer<typeof CatalogueBranch>;
export type CatalogueCycle = z.infer<typeof CatalogueCycle>;
export type CatalogueLevel = z.infer<typeof CatalogueLevel>;
export type CatalogueClass = z.infer<typeof CatalogueClass>;

/** `GET /catalogue`: what the subject filters offer. */
export const Catalogue = z
  .object({ departments: z.array(CatalogueDepartment), branches: z.array(CatalogueBranch), cycles: z.array(CatalogueCycle), levels: z.array(CatalogueLevel) })
  .meta({ id: 'Catalogue' });
export type Catalogue = z.infer<typeof Catalogue>;

export const ClassesQuery = z.object({ branch: optionalId, level: optionalId, cycle: optionalId });
export type ClassesQuery = z.infer<typeof ClassesQuery>;

