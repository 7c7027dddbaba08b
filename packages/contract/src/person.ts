import { z } from 'zod';
import { BACK_OFFICE_ROLES, GENDERS, PERSON_KINDS, STAFF_STATUSES } from './rules/person';

export const PersonKind = z.enum(PERSON_KINDS);
export type PersonKind = z.infer<typeof PersonKind>;

export const StaffStatus = z.enum(STAFF_STATUSES);
export type StaffStatus = z.infer<typeof StaffStatus>;

export const BackOfficeRole = z.enum(BACK_OFFICE_ROLES);
export type BackOfficeRole = z.infer<typeof BackOfficeRole>;

export const Gender = z.enum(GENDERS);
export type Gender = z.infer<typeof Gender>;
