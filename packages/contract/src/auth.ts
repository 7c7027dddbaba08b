import { z } from 'zod';
import { email, isoDate, matricule, password, personId, required } from './common';
import { SIGN_CODE_LENGTH } from './rules/limits';
import { V } from './rules/validation';

export const SignUpBody = z.object({
  matricule,
  birthdate: isoDate.optional(),
});
export type SignUpBody = z.infer<typeof SignUpBody>;

/**
 * The answer to sign-up and to e-mail verification, the same for everyone: whether the
 * matricule names a registry person is told only to that person's mailbox (decision 23).
 */
export const LinkRequestResponse = z.object({ message: z.string(), resendAfter: z.number().int() });
export type LinkRequestResponse = z.infer<typeof LinkRequestResponse>;

export const EmailVerificationBody = z.object({
  matricule,
  email: email.optional(),
  birthdate: isoDate.optional(),
});
export type EmailVerificationBody = z.infer<typeof EmailVerificationBody>;

export const EmailConfirmationBody = z.object({
  token: z.string({ error: V.required }).min(10, { error: V.invalid }).max(200, { error: V.invalid }),
  password,
});
export type EmailConfirmationBody = z.infer<typeof EmailConfirmationBody>;

/**
 * GET /auth/student/email-confirmation?token=: whether the e-mailed link can still be used,
 * read without using it up; nothing about whose link it is.
 */
export const EmailConfirmationQuery = z.object({ token: EmailConfirmationBody.shape.token });
export type EmailConfirmationQuery = z.infer<typeof EmailConfirmationQuery>;
export const EmailConfirmationCheck = z.object({ usable: z.boolean() });
export type EmailConfirmationCheck = z.infer<typeof EmailConfirmationCheck>;

export const EmailConfirmationResponse = z.object({ MATRICULE: z.string(), USERNAME: z.string().nullable() });
export type EmailConfirmationResponse = z.infer<typeof EmailConfirmationResponse>;

/** The form on the confirmation page: the password typed twice. */
export const ChoosePasswordForm = z
  .object({ password, confirm: z.string({ error: V.required }).min(1, { error: V.required }) })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], error: V.passwordsDiffer });
export type ChoosePasswordForm = z.infer<typeof ChoosePasswordForm>;

/** Sign-in with an identifier (matricule or username) and a password: POST /auth/students/ */
export const SignInBody = z.object({
  identifier: required(64),
  password: z.string({ error: V.required }).min(1, { error: V.required }).max(256, { error: V.tooLong }),
});
export type SignInBody = z.infer<typeof SignInBody>;

/** The student sign-in of the specification: matricule, e-mail and password. */
export const StudentSignInBody = z.object({
  matricule,
  email,
  password: z.string({ error: V.required }).min(1, { error: V.required }).max(256, { error: V.tooLong }),
});
export type StudentSignInBody = z.infer<typeof StudentSignInBody>;

/** Sign-in with a code only: the code is mailed to the address on file. */
export const CodeRequestBody = z.object({ identifier: required(64) });
export type CodeRequestBody = z.infer<typeof CodeRequestBody>;

export const SignInResponse = z.object({
  message: z.string(),
  /** present after a right password only (never for a code-only request) */
  STUDENT_ID: z.number().int().optional(),
  MATRICULE: z.string().optional(),
  /** masked address the code was sent to */
  EMAIL: z.string().optional(),
  resendAfter: z.number().int(),
});
export type SignInResponse = z.infer<typeof SignInResponse>;

export const CodeVerificationBody = z.object({
  SIGN_CODE: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .regex(new RegExp(`^\\d{${SIGN_CODE_LENGTH}}$`), { error: V.code }),
  STUDENT_ID: personId.optional(),
});
export type CodeVerificationBody = z.infer<typeof CodeVerificationBody>;

export const CodeResendResponse = z.object({ message: z.string(), resendAfter: z.number().int() });
export type CodeResendResponse = z.infer<typeof CodeResendResponse>;
