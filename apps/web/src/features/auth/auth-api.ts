import type {
  CodeRequestBody,
  CodeResendResponse,
  CodeVerificationBody,
  EmailConfirmationBody,
  EmailConfirmationCheck,
  EmailConfirmationResponse,
  LinkRequestResponse,
  SessionUser,
  SignInBody,
  SignInResponse,
  SignUpBody,
  StudentSignInBody,
} from '@portal/contract';
import { api } from '../../lib/api';

// Every call here is part of signing in or registering: a 401 is an answer, not an expired session.
const anonymous = true;

export const signIn = (body: SignInBody) => api<SignInResponse>('/api/auth/students/', { method: 'POST', body, anonymous });

/** The students' sign-in: matricule, the e-mail address on file and the password. */
export const studentSignIn = (body: StudentSignInBody) => api<SignInResponse>('/api/auth/student/sign-in', { method: 'POST', body, anonymous });

export const requestCode = (body: CodeRequestBody) => api<SignInResponse>('/api/auth/code-request', { method: 'POST', body, anonymous });

export const resendCode = () => api<CodeResendResponse>('/api/auth/code-resend', { method: 'POST', body: {}, anonymous });

export const verifyCode = (body: CodeVerificationBody) => api<SessionUser>('/api/auth/student/code-verification', { method: 'POST', body, anonymous });

export const signUp = (body: SignUpBody) => api<LinkRequestResponse>('/api/auth/student/sign-up', { method: 'POST', body, anonymous });

export const confirmEmail = (body: EmailConfirmationBody) =>
  api<EmailConfirmationResponse>('/api/auth/student/email-confirmation', {
    method: 'POST',
    body,
    anonymous,
  });

/** Whether the e-mailed link can still be used; reading it does not use it up. */
export const checkConfirmation = (token: string) =>
  api<EmailConfirmationCheck>(`/api/auth/student/email-confirmation?token=${encodeURIComponent(token)}`, { anonymous });

/** What the sign-in step hands to the verification-code page (navigation state, never storage). */
export interface VerificationState {
  matricule?: string;
  email?: string;
  studentId?: number;
  resendAfter?: number;
}

export function isVerificationState(value: unknown): value is VerificationState {
  return typeof value === 'object' && value !== null;
}
