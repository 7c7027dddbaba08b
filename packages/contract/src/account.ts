import { z } from 'zod';
import { Language, required } from './common';
import { V } from './rules/validation';

/** Settings: a free key set; LANGUAGE is the one the portal itself reads. */
export const SettingValue = z.union([z.string().max(500, { error: V.tooLong }), z.number(), z.boolean(), z.null()]);
export type SettingValue = z.infer<typeof SettingValue>;
export const SettingsBody = z
  .object({ LANGUAGE: Language.optional(), STUDENT_ID: z.coerce.number().int().optional() })
  .catchall(SettingValue)
  .refine((v) => Object.keys(v).length <= 50, { error: V.invalid });
export type SettingsBody = z.infer<typeof SettingsBody>;
export const Settings = z.record(z.string(), SettingValue);
export type Settings = z.infer<typeof Settings>;

/**
 * Contact us. FULLNAME, EMAIL, STUDENT_ID and NUMPHONE are accepted for compatibility,
 * but the server fills them from the session.
 */
export const ContactBody = z.object({
  OBJECT: z.string().trim().max(200, { error: V.tooLong }).default(''),
  MESSAGE: z.string().trim().max(5000, { error: V.tooLong }).default(''),
  FULLNAME: z.string().optional(),
  EMAIL: z.string().optional(),
  STUDENT_ID: z.coerce.number().int().optional(),
  NUMPHONE: z.string().optional().nullable(),
});
export type ContactBody = z.infer<typeof ContactBody>;

/** What the web form checks before sending (the server checks the same). */
export const ContactForm = z.object({ OBJECT: required(200), MESSAGE: required(5000) });
export type ContactForm = z.infer<typeof ContactForm>;

export const ContactResponse = z.object({ id: z.number().int(), message: z.string() });
export type ContactResponse = z.infer<typeof ContactResponse>;
