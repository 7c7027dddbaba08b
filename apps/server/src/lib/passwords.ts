import argon2 from 'argon2';

/** argon2id with OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OPTIONS);

let dummy: Promise<string> | undefined;

/** Verifies; with no hash (unknown identifier) it still spends the same time. */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummy ??= argon2.hash('not-a-real-password', OPTIONS);
    await argon2.verify(await dummy, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
