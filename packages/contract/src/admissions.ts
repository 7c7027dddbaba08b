// The admissions office (issue 14, decision 44): entrances and the specialities they offer,
// candidates (search, file, documents, exports, counts) and the decisions after the exam.
import { z } from 'zod';
import { id, isoDate, pageNumber, required, wholeNumber } from './common';
import { LIST_PAGE_SIZES } from './rules/limits';
import { AdmissionDecision, CandidateDocumentKind, Entrance } from './candidates';
import { ADMISSION_DECISIONS_MAX, ENTRANCE_AMOUNT_MAX, ENTRANCE_NAME_MAX } from './rules/candidates';
import { V } from './rules/validation';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** A speciality an entrance offers: a branch of the catalogue in a cycle. */
export const EntranceSpecialityInput = z.object({ CYCLE_ID: id(), BRANCH_ID: id() });
export type EntranceSpecialityInput = z.infer<typeof EntranceSpecialityInput>;

/**
 * `POST /admissions/entrances`, `PUT /admissions/entrances/{id}`: an entrance's name, academic
 * year (`2026-2027`), school, fee (FCFA), registration deadline (its last day) and exam dates, and
 * the specialities it offers per cycle (at least one; a speciality someone chose cannot be removed:
 * ENTRANCE_HAS_CANDIDATES).
 */
export const EntranceInput = z
  .object({
    NAME: required(ENTRANCE_NAME_MAX),
    YEAR_NAME: z
      .string({ error: V.required })
      .trim()
      .regex(/^\d{4}-\d{4}$/, { error: V.invalid }),
    SCHOOL_NAME: required(ENTRANCE_NAME_MAX),
    AMOUNT: wholeNumber(0, ENTRANCE_AMOUNT_MAX),
    REGISTRATION_LIMIT_DATE: isoDate,
    EVALUATION_BEGIN_DATE: isoDate,
    EVALUATION_END_DATE: isoDate,
    SPECIALITIES: z.array(EntranceSpecialityInput).min(1, { error: V.required }).max(200),
  })
  .superRefine((v, ctx) => {
    if (v.EVALUATION_BEGIN_DATE < v.REGISTRATION_LIMIT_DATE) ctx.addIssue({ code: 'custom', path: ['EVALUATION_BEGIN_DATE'], message: V.endBeforeStart });
    if (v.EVALUATION_END_DATE < v.EVALUATION_BEGIN_DATE) ctx.addIssue({ code: 'custom', path: ['EVALUATION_END_DATE'], message: V.endBeforeStart });
  });
export type EntranceInput = z.input<typeof EntranceInput>;

/** An entrance as the office reads it: the public fields, when it was closed, and its counts. */
export const OfficeEntrance = Entrance.extend({
  closedAt: z.string().nullable(),
  candidates: z.number().int(),
  paid: z.number().int(),
});
export type OfficeEntrance = z.infer<typeof OfficeEntrance>;

/** `GET /admissions/candidates` (and its export): filters, all optional, and a page. */
export const CandidateListQuery = z.object({
  entrance: optional(id()),
  speciality: optional(id()),
  paid: optional(z.enum(['true', 'false'], { error: V.invalid })),
  documents: optional(z.enum(['complete', 'incomplete'], { error: V.invalid })),
  decision: optional(z.enum(['ADMITTED', 'WAITING_LIST', 'REFUSED', 'NONE'], { error: V.invalid })),
  /** a name, a candidate number, an address or a phone number */
  search: optional(z.string().trim().max(100, { error: V.tooLong })),
  page: optional(pageNumber()),
  /** rows per page (LIST_PAGE_SIZE unless told); the export ignores it */
  pageSize: optional(wholeNumber(1, LIST_PAGE_SIZES[2])),
});
export type CandidateListQuery = z.input<typeof CandidateListQuery>;

/** A candidate in the office's list. */
export const CandidateRow = z.object({
  id: z.number().int(),
  CANDIDATE_NUMBER: z.string(),
  LASTNAME: z.string(),
  FIRSTNAME: z.string(),
  EMAIL: z.string(),
  PHONE_NUMBER: z.string(),
  ENTRANCE_ID: z.number().int(),
  ENTRANCE_NAME: z.string(),
  /** a choice as `<cycle code> <branch abbreviation>` (`BTS GSI`), the same words in every language */
  FIRST_CHOICE: z.string(),
  SECOND_CHOICE: z.string().nullable(),
  /** the choices' speciality ids (a formation choice's SPECIALITY_ID) */
  FIRST_CHOICE_ID: z.number().int(),
  SECOND_CHOICE_ID: z.number().int().nullable(),
  HAS_PAID: z.boolean(),
  paidAt: z.string().nullable(),
  documentsComplete: z.boolean(),
  DECISION: AdmissionDecision.nullable(),
  /** the speciality of an admission or a waiting list, as FIRST_CHOICE writes it */
  DECISION_SPECIALITY: z.string().nullable(),
  DECISION_SPECIALITY_ID: z.number().int().nullable(),
  createdAt: z.string(),
});
export type CandidateRow = z.infer<typeof CandidateRow>;

export const CandidatePage = z.object({ rows: z.array(CandidateRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type CandidatePage = z.infer<typeof CandidatePage>;

export const CandidateExportQuery = CandidateListQuery.extend({ format: z.enum(['csv', 'xlsx'], { error: V.invalid }) });
export type CandidateExportQuery = z.input<typeof CandidateExportQuery>;

/** `GET /admissions/entrances/{id}/counts`: candidates per speciality (first choice) and per day of registration, with how many paid. */
export const EntranceCounts = z.object({
  perSpeciality: z.array(
    z.object({
      SPECIALITY_ID: z.number().int(),
      SPECIALITY_DESCRIPTION: z.string(),
      SPECIALITY_DESCRIPTION_FR: z.string(),
      CYCLE_NAME: z.string(),
      total: z.number().int(),
      paid: z.number().int(),
    }),
  ),
  perDay: z.array(z.object({ day: z.string(), total: z.number().int(), paid: z.number().int() })),
});
export type EntranceCounts = z.infer<typeof EntranceCounts>;

export const CandidateDocumentRef = z.object({ id: id(), kind: CandidateDocumentKind });
export type CandidateDocumentRef = z.infer<typeof CandidateDocumentRef>;

/** `POST /admissions/candidates/{id}/documents/{kind}/replace`: why the candidate must send it again (mailed to them). */
export const ReplaceDocumentInput = z.object({ REASON: required(500) });
export type ReplaceDocumentInput = z.infer<typeof ReplaceDocumentInput>;

/** One decision: a candidate by number, the decision, and the speciality (one the candidate chose) when admitted or waiting. */
export const DecisionLine = z.object({
  CANDIDATE_NUMBER: z.string().trim().toUpperCase().min(1, { error: V.required }).max(20, { error: V.invalid }),
  DECISION: AdmissionDecision,
  SPECIALITY_ID: id()
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type DecisionLine = z.input<typeof DecisionLine>;

/** `POST /admissions/decisions`: decisions entered by hand (all or nothing). */
export const DecisionsInput = z.object({ decisions: z.array(DecisionLine).min(1, { error: V.required }).max(ADMISSION_DECISIONS_MAX) });
export type DecisionsInput = z.input<typeof DecisionsInput>;

/** What recording decisions answers: how many were recorded and mailed (an unchanged decision is not mailed again). */
export const DecisionsResult = z.object({ recorded: z.number().int(), mailed: z.number().int(), unchanged: z.number().int() });
export type DecisionsResult = z.infer<typeof DecisionsResult>;
