import { z } from 'zod';
import { pageNumber, wholeNumber } from './common';
import { StaffStatus } from './person';
import { DataUrl, DocumentFields, DocumentRecord, FileRemoveBody, RegistrationState } from './registration';
import { IdParams } from './common';
import { FILE_COLUMNS } from './rules/registration';
import { PersonRecord } from './profile';
import { LIST_PAGE_SIZE } from './rules/limits';
import { V } from './rules/validation';

/** Filters of the registrations list (HR). */
export const RegistrationQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: StaffStatus.optional(),
  closed: z.enum(['yes', 'no']).optional(),
  missing: z.enum(['yes', 'no']).optional(),
  page: pageNumber().default(1),
  pageSize: wholeNumber(1, 200).default(LIST_PAGE_SIZE),
});
export type RegistrationQuery = z.infer<typeof RegistrationQuery>;

export const RegistrationRow = z.object({
  id: z.number().int(),
  MATRICULE: z.string(),
  FIRSTNAME: z.string(),
  LASTNAME: z.string(),
  STATUS: StaffStatus.nullable(),
  EMAIL: z.string().nullable(),
  ACTIVED: z.boolean(),
  CLOSED_AT: z.string().nullable(),
  missing: z.array(z.string()),
  updatedAt: z.string(),
});
export type RegistrationRow = z.infer<typeof RegistrationRow>;

export const RegistrationPage = z.object({ rows: z.array(RegistrationRow), total: z.number().int(), count: z.number().int(), page: z.number().int() });
export type RegistrationPage = z.infer<typeof RegistrationPage>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string(), MATRICULE: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const Dossier = z.object({
  record: PersonRecord,
  state: RegistrationState,
  documents: z.array(DocumentRecord),
  audit: z.array(AuditEntry),
});
export type Dossier = z.infer<typeof Dossier>;

/** Why the human resources service reopens or changes a registration: kept in the audit log. */
export const Reason = z.string({ error: V.required }).trim().min(5, { error: 'validation.reason' }).max(500, { error: V.tooLong });
export type Reason = z.infer<typeof Reason>;
export const ReopenBody = z.object({ reason: Reason });
export type ReopenBody = z.infer<typeof ReopenBody>;
export const HrSectionExtra = z.object({ reason: Reason });
export type HrSectionExtra = z.infer<typeof HrSectionExtra>;

// ---------------------------------------------------------------- someone else's files and documents (decision 22)

/** `/hr/registrations/{id}/documents/{document}/...`: the person and one of their documents. */
export const HrDocumentParams = z.object({ id: IdParams.shape.id, document: IdParams.shape.id });
export type HrDocumentParams = z.infer<typeof HrDocumentParams>;

/**
 * `POST /hr/registrations/{id}/files`: the fields besides FILE (multipart form fields, or the JSON
 * body's): the column (the CV is `CV_LINK`), optionally the file's name, and the reason.
 */
export const HrFileUploadFields = z.object({
  col: z.enum(FILE_COLUMNS, { error: (issue) => (issue.input === undefined ? V.required : V.invalid) }),
  name: z.string().max(200).optional(),
  reason: Reason,
});
export type HrFileUploadFields = z.infer<typeof HrFileUploadFields>;
export const HrFileUploadJson = HrFileUploadFields.extend({ FILE: DataUrl });
export type HrFileUploadJson = z.infer<typeof HrFileUploadJson>;

/** `PATCH /hr/registrations/{id}/files/remove`: the column, optionally the file it must hold, and the reason. */
export const HrFileRemoveBody = FileRemoveBody.omit({ STUDENT_ID: true }).extend({ reason: Reason });
export type HrFileRemoveBody = z.infer<typeof HrFileRemoveBody>;

/** `POST /hr/registrations/{id}/documents`: a document's fields (its STUDENT_ID is the path's) and the reason. */
export const HrDocumentFields = DocumentFields.and(z.object({ reason: Reason }));
export type HrDocumentFields = z.infer<typeof HrDocumentFields>;
export const HrDocumentUploadJson = HrDocumentFields.and(z.object({ FILE: DataUrl }));
export type HrDocumentUploadJson = z.infer<typeof HrDocumentUploadJson>;
