import { z } from 'zod';
import { id, isoDate, pageNumber, wholeNumber } from './common';
import { Affectation, ChoiceCategory, Regime, SubjectRow } from './applications';
import { StaffStatus } from './person';
import { ApplicationSession, HourlyCaps } from './application-sessions';
import { ASSIGNMENT_STATES } from './rules/academic';
import type { GroupLimitName } from './rules/applications';
import { LIST_PAGE_SIZE } from './rules/limits';
import { V } from './rules/validation';

const code = (max: number) => z.string({ error: V.required }).trim().min(1, { error: V.required }).max(max, { error: V.tooLong });
const name = () => z.string({ error: V.required }).trim().min(1, { error: V.required }).max(200, { error: V.tooLong });
/** A French name the office may leave empty: the English one stands in (decision 30). */
const optionalFrenchName = () => z.string().trim().max(200, { error: V.tooLong }).nullish();
const hours = () => wholeNumber(0, 1000);
const level = () => wholeNumber(1, 5);

// ---------------------------------------------------------------- catalogue: what the office types, and the records (the same fields and an id)

export const DepartmentInput = z.object({ CODE: code(20), NAME: name(), NAME_FR: name() }).meta({ id: 'DepartmentInput' });
export const BranchInput = z.object({ ABBREVIATION: code(20), NAME: name(), NAME_FR: name(), DEPARTMENT_ID: id() }).meta({ id: 'BranchInput' });
export const CycleInput = z
  .object({ CODE: code(20), NAME: name(), NAME_FR: name(), FIRST_LEVEL: level(), LAST_LEVEL: level() })
  .refine((c) => c.LAST_LEVEL >= c.FIRST_LEVEL, { path: ['LAST_LEVEL'], error: V.invalid })
  .meta({ id: 'CycleInput' });
export const ClassInput = z.object({ CODE: code(30), BRANCH_ID: id(), CYCLE_ID: id(), LEVEL_ID: level(), SHIFT: Regime }).meta({ id: 'ClassInput' });
export const SubjectInput = z
  .object({
    CODE: code(30),
    NAME: name(),
    NAME_FR: optionalFrenchName(),
    CLASS_ID: id(),
    HOURS_CM: hours(),
    HOURS_TD: hours(),
    HOURS_TP: hours(),
    HOURLY_RATE: wholeNumber(0, 1_000_000),
    CREDITS: wholeNumber(0, 60),
  })
  .refine((s) => s.HOURS_CM + s.HOURS_TD + s.HOURS_TP > 0, { path: ['HOURS_CM'], error: V.noHours })
  .meta({ id: 'SubjectInput' });
export type DepartmentInput = z.infer<typeof DepartmentInput>;
export type BranchInput = z.infer<typeof BranchInput>;
export type CycleInput = z.infer<typeof CycleInput>;
export type ClassInput = z.infer<typeof ClassInput>;
export type SubjectInput = z.infer<typeof SubjectInput>;

const recordId = { id: z.number().int() };
export const CatalogueDepartment = z.object({ ...recordId, ...DepartmentInput.shape }).meta({ id: 'CatalogueDepartment' });
export const CatalogueBranch = z.object({ ...recordId, ...BranchInput.shape }).meta({ id: 'CatalogueBranch' });
export const CatalogueCycle = z.object({ ...recordId, ...CycleInput.shape }).meta({ id: 'CatalogueCycle' });
export const CatalogueLevel = z.object({ ...recordId, NAME: z.string(), NAME_FR: z.string() }).meta({ id: 'CatalogueLevel' });
export const CatalogueClass = z.object({ ...recordId, ...ClassInput.shape }).meta({ id: 'CatalogueClass' });
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

/** A subject of the catalogue as the academic office edits it. */
export const CatalogueSubject = z.object({ ...recordId, ...SubjectInput.shape, NAME_FR: z.string(), CLASS_CODE: z.string() }).meta({ id: 'CatalogueSubject' });
export type CatalogueSubject = z.infer<typeof CatalogueSubject>;

export const CatalogueSubjectQuery = z.object({
  search: z.string().trim().max(100, { error: V.tooLong }).optional(),
  classId: id().optional(),
  page: pageNumber().default(1),
  pageSize: wholeNumber(1, 200).default(50),
});
export type CatalogueSubjectQuery = z.infer<typeof CatalogueSubjectQuery>;
export const CatalogueSubjectPage = z
  .object({ rows: z.array(CatalogueSubject), total: z.number().int(), count: z.number().int(), page: z.number().int() })
  .meta({ id: 'CatalogueSubjectPage' });
export type CatalogueSubjectPage = z.infer<typeof CatalogueSubjectPage>;

export const ImportRejection = z.object({
  /** the line number in the file (the header is line 1) */
  LINE: z.number().int(),
  /** field name to a translation key under `validation.` (or `_` for the whole line) */
  ERRORS: z.record(z.string(), z.string()),
});
export type ImportRejection = z.infer<typeof ImportRejection>;
export const ImportReport = z
  .object({ inserted: z.number().int(), updated: z.number().int(), rejected: z.array(ImportRejection), dryRun: z.boolean() })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof ImportReport>;
/** `POST /academic/subjects/import?dryRun=true` checks the file without writing. */
export const ImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type ImportQuery = z.infer<typeof ImportQuery>;

// ---------------------------------------------------------------- sessions

const limit = () => wholeNumber(0, 50);

/** Limits as the office sets them: per level group (1-2, 3, 4-5) and shift (day `_J`, evening or night `_S`). */
export const GroupLimits = z
  .object({ LEVEL12_J: limit(), LEVEL3_J: limit(), LEVEL45_J: limit(), LEVEL12_S: limit(), LEVEL3_S: limit(), LEVEL45_S: limit() } satisfies Record<
    GroupLimitName,
    z.ZodType
  >)
  .meta({ id: 'GroupLimits' });
export type GroupLimits = z.infer<typeof GroupLimits>;

/**
 * An application session as the office creates or edits it. Dates are calendar days (yyyy-mm-dd) in the
 * university's time zone: the session opens at the start of START_DATE and ends after END_DATE.
 */
export const ApplicationSessionInput = z
  .object({
    DESIGNATION: name(),
    DESIGNATION_FR: optionalFrenchName(),
    START_DATE: isoDate,
    END_DATE: isoDate.nullable(),
    LIMITS: GroupLimits,
    HOURS: HourlyCaps,
  })
  .refine((s) => s.END_DATE === null || s.END_DATE >= s.START_DATE, { path: ['END_DATE'], error: V.endBeforeStart })
  // Not 'ApplicationSessionInput': the OpenAPI document names the request form of `ApplicationSession` so.
  .meta({ id: 'ApplicationSessionValues' });
export type ApplicationSessionInput = z.infer<typeof ApplicationSessionInput>;

export const ApplicationSessionSummary = ApplicationSession.extend({
  /** open now (active, started, not ended, not closed by hand) */
  CURRENT: z.boolean(),
  APPLICATIONS: z.number().int(),
  CLOSED_APPLICATIONS: z.number().int(),
  CHOICES: z.number().int(),
  CONFIRMED: z.number().int(),
}).meta({ id: 'ApplicationSessionSummary' });
export type ApplicationSessionSummary = z.infer<typeof ApplicationSessionSummary>;

// ---------------------------------------------------------------- assignments

export const Applicant = z
  .object({
    CHOICE_ID: z.number().int(),
    CATEGORY: ChoiceCategory,
    AFFECTATION: Affectation,
    HOURS: z.number().int(),
    APPLICATION_ID: z.number().int(),
    EMPLOYEE_ID: z.number().int(),
    MATRICULE: z.string(),
    FIRSTNAME: z.string(),
    LASTNAME: z.string(),
    STATUS: StaffStatus.nullable(),
    /** the applicant closed their application */
    CLOSED: z.boolean(),
    /** hours confirmed to the applicant in this session */
    CONFIRMED_HOURS: z.number().int(),
    /** hours of all the applicant's live choices in this session */
    CHOSEN_HOURS: z.number().int(),
    /** the applicant's allowed hourly volume */
    TOTAL_HOURS: z.number().int(),
  })
  .meta({ id: 'Applicant' });
export type Applicant = z.infer<typeof Applicant>;

export const AssignmentRow = z.object({ Subject: SubjectRow, applicants: z.array(Applicant) }).meta({ id: 'AssignmentRow' });
export type AssignmentRow = z.infer<typeof AssignmentRow>;

export const AssignmentQuery = z.object({
  session: id().optional(),
  search: z.string().trim().max(100, { error: V.tooLong }).optional(),
  state: z.enum(ASSIGNMENT_STATES).default('all'),
  page: pageNumber().default(1),
  pageSize: wholeNumber(1, 100).default(LIST_PAGE_SIZE),
});
export type AssignmentQuery = z.infer<typeof AssignmentQuery>;
/** `GET /academic/assignments/export`: the session (default: the current one, else the newest). */
export const AssignmentExportQuery = AssignmentQuery.pick({ session: true });
export type AssignmentExportQuery = z.infer<typeof AssignmentExportQuery>;

export const AssignmentPage = z
  .object({ rows: z.array(AssignmentRow), total: z.number().int(), count: z.number().int(), page: z.number().int(), session: ApplicationSession.nullable() })
  .meta({ id: 'AssignmentPage' });
export type AssignmentPage = z.infer<typeof AssignmentPage>;

export const ChoiceDecision = z.object({ id: id() });
export type ChoiceDecision = z.infer<typeof ChoiceDecision>;
