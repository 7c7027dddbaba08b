import { z } from 'zod';
import { pageNumber, wholeNumber } from './common';
import { StaffStatus } from './person';
import { DocumentRecord, RegistrationState } from './registration';
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
