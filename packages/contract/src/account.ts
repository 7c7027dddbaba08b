import { z } from 'zod';
import { id, Language, required } from './common';
import { SETTING_KEY_MAX, SETTING_VALUE_MAX, SETTINGS_MAX_KEYS } from './rules/limits';
import { V } from './rules/validation';

/**
 * Settings: a free key set; LANGUAGE is the one the portal itself reads. Bounded (decision 0024):
 * key names of SETTING_KEY_MAX letters, digits, '_', '.' or '-' (starting with a letter), text values
 * of SETTING_VALUE_MAX characters, SETTINGS_MAX_KEYS keys in one request; the stored whole is
 * bounded too (SETTINGS_MAX_KEYS keys, SETTINGS_MAX_BYTES), which the server checks under a row lock.
 */
export const SettingValue = z.union([z.string().max(SETTING_VALUE_MAX, { error: V.tooLong }), z.number().finite(), z.boolean(), z.null()], {
  error: V.invalid,
});
export type SettingValue = z.infer<typeof SettingValue>;
const SETTING_KEY = new RegExp(`^[A-Za-z][A-Za-z0-9_.-]{0,${SETTING_KEY_MAX - 1}}$`);
export const SettingsBody = z
  .object({ LANGUAGE: Language.optional(), STUDENT_ID: id().optional() })
  .catchall(SettingValue)
  .superRefine((v, ctx) => {
    const keys = Object.keys(v).filter((key) => key !== 'STUDENT_ID');
    if (keys.length > SETTINGS_MAX_KEYS) ctx.addIssue({ code: 'custom', path: [], message: V.tooLong });
    for (const key of keys) if (!SETTING_KEY.test(key)) ctx.addIssue({ code: 'custom', path: [key.slice(0, SETTING_KEY_MAX)], message: V.invalid });
  });
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
  STUDENT_ID: id().optional(),
  NUMPHONE: z.string().optional().nullable(),
});
export type ContactBody = z.infer<typeof ContactBody>;

/** What the web form checks before sending (the server checks the same). */
export const ContactForm = z.object({ OBJECT: required(200), MESSAGE: required(5000) });
export type ContactForm = z.infer<typeof ContactForm>;

export const ContactResponse = z.object({ id: z.number().int(), message: z.string() });
export type ContactResponse = z.infer<typeof ContactResponse>;
