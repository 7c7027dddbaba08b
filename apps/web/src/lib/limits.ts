import {
  EMAIL_CONFIRMATION_TTL_HOURS,
  MATRICULE_MAX,
  MATRICULE_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_IDLE_SECONDS,
  SIGN_CODE_LENGTH,
  SIGN_CODE_TTL_SECONDS,
} from '@portal/contract/rules';

/**
 * The contract's limits as message variables (`{{codeLength}}`, `{{idleMinutes}}`, ...), so
 * that no number is written twice. Passed to `t()` by the pages whose messages use them.
 */
export const LIMITS = {
  codeLength: SIGN_CODE_LENGTH,
  codeMinutes: SIGN_CODE_TTL_SECONDS / 60,
  confirmationHours: EMAIL_CONFIRMATION_TTL_HOURS,
  idleMinutes: SESSION_IDLE_SECONDS / 60,
  absoluteHours: SESSION_ABSOLUTE_SECONDS / 3600,
  passwordMin: PASSWORD_MIN,
  passwordMax: PASSWORD_MAX,
  matriculeMin: MATRICULE_MIN,
  matriculeMax: MATRICULE_MAX,
};
