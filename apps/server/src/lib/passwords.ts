import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum: 19 MiB, 2 passes, 1 lane. `@node-rs/argon2` ships a prebuilt
 * binary per platform and runs no install script (decision 27); its PHC strings are the same as
 * node-argon2's, so hashes stored before verify unchanged.
 */
/** `algorithm: 2` is the library's `Algorithm.Argon2id`, a const enum this build cannot import. */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let dummy: Promise<string> | undefined;

/** Verifies; with no hash (unknown identifier) it still spends the same time. */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummy ??= hashPassword('not-a-real-password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(hash, password).catch(() => false);
}
