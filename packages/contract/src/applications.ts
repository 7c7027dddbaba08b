import { z } from 'zod';
import { id, pageNumber, personId, wholeNumber } from './common';
import { SubjectConstraint } from './application-sessions';
import { AFFECTATION, CHOICE_CATEGORIES, REGIMES } from './rules/applications';
import { MAX_CHOICES } from './rules/limits';
import { V } from './rules/validation';

export const ChoiceCategory = z.enum(CHOICE_CATEGORIES, { error: V.invalid });
export type ChoiceCategory = z.infer<typeof ChoiceCategory>;

export const Regime = z.enum(REGIMES, { error: V.invalid });
export type Regime = z.infer<typeof Regime>;

export const Affectation = z.union([z.literal(AFFECTATION.SELECTED), z.literal(AFFECTATION.CONFIRMED), z.literal(AFFECTATION.DECLINED)]);
export type Affectation = z.infer<typeof Affectation>;

// ---------------------------------------------------------------- subjects

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id().optional());

/** Filters of `PATCH /subjects/by-level/{page}`; empty strings and nulls mean no filter. */
export const SubjectFilters = z
  .object({
    CYCLE: optionalId,
    LEVEL: z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber(1, 5).optional()),
    REGIME: z.preprocess((v) => (v === '' || v === null ? undefined : v), Regime.optional()),
    BRANCH: optionalId,
    CLASS: optionalId,
    DEPARTMENT: optionalId,
    SEARCH: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(100, { error: V.tooLong }).optional()),
  })
  .meta({ id: 'SubjectFilters' });
export type SubjectFilters = z.infer<typeof SubjectFilters>;

export const PageParam = z.object({ page: pageNumber() });
export type PageParam = z.infer<typeof PageParam>;
/** `GET /subjects/class/{classId}` */
export const ClassParams = z.object({ classId: id() });
export type ClassParams = z.infer<typeof ClassParams>;

/** A subject as offered: where it is taught, its hours per part, its rate and the tax rate that applies to the reader. */
export const SubjectRow = z
  .object({
    SUBJECT_ID: z.number().int(),
    SUBJECT_CODE: z.string(),
    SUBJECT_NAME: z.string(),
    /** the French name (the English one when the office gave none) */
    SUBJECT_NAME_FR: z.string(),
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
    EMPLOYEE_ID: id().optional(),
    SESSION_APPLICATION_ID: id().optional(),
    TOTAL_HOURS: z.unknown().optional(),
    SUBJECT_CONSTRAINT_ID: z.unknown().optional(),
  })
  .nullish()
  .meta({ id: 'ApplicationInit' });
export type ApplicationInit = z.infer<typeof ApplicationInit>;

export const ChoiceInput = z.object({ SUBJECT_ID: id(), CATEGORY: ChoiceCategory });
export type ChoiceInput = z.infer<typeof ChoiceInput>;

/** `POST /applications-choices`: adds these choices to the application (create or update). */
export const ChoicesBody = z
  .object({ application: id(), subjects: z.array(ChoiceInput).min(1, { error: V.required }).max(MAX_CHOICES, { error: V.tooLong }) })
  .meta({ id: 'ChoicesBody' });
export type ChoicesBody = z.infer<typeof ChoicesBody>;

/** `PUT /applications-choices/{application}`: the list as saved; confirmed and declined choices stay as they are. */
export const ChoicesReplaceBody = z.object({ subjects: z.array(ChoiceInput).max(MAX_CHOICES, { error: V.tooLong }) }).meta({ id: 'ChoicesReplaceBody' });
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

/** A choice with the application session it was made in (archive, older choices, archived assignments). */
export const ApplicationSessionChoice = Choice.extend({
  SESSION_APPLICATION_ID: z.number().int(),
  DESIGNATION: z.string(),
  DESIGNATION_FR: z.string(),
  CLOSED: z.boolean(),
}).meta({ id: 'ApplicationSessionChoice' });
export type ApplicationSessionChoice = z.infer<typeof ApplicationSessionChoice>;

/** A past or present application with its session and choices (`GET /applications/all/{id}`). */
export const ArchivedApplication = Application.extend({
  DESIGNATION: z.string(),
  DESIGNATION_FR: z.string(),
  START_DATE: z.string(),
  END_DATE: z.string().nullable(),
  choices: z.array(Choice),
}).meta({ id: 'ArchivedApplication' });
export type ArchivedApplication = z.infer<typeof ArchivedApplication>;

// ---------------------------------------------------------------- catalogue (its records: `academic.ts`)

export const ClassesQuery = z.object({ branch: optionalId, level: optionalId, cycle: optionalId });
export type ClassesQuery = z.infer<typeof ClassesQuery>;
