import i18n, { type TFunction } from 'i18next';
import { formatSeconds } from './format';

/**
 * The message of a failure, as one sentence. While the server's wait (`retryAfter`) runs, a
 * limit's message names the time left (`waitErrors.<CODE>`: "Too many attempts. Try again in
 * 58 s."), instead of "try again later" followed by a second sentence; otherwise the message
 * of `key` alone.
 */
export function messageWithWait(t: TFunction, key: string, remaining: number, values: Record<string, unknown> = {}): string {
  const code = /^errors\.(\w+)$/.exec(key)?.[1];
  const timed = code ? `waitErrors.${code}` : null;
  if (remaining > 0 && timed && i18n.exists(timed)) return t(timed, { ...values, time: formatSeconds(remaining) });
  return t(key, values);
}
