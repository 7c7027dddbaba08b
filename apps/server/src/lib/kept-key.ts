import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const keys = new Map<string, Buffer>();

/**
 * A server key kept in DATA_DIR when the configuration gives none (the evaluation ballot key,
 * decision 39; the payment callbacks' secret, decision 43): made at its first use, 32 random bytes
 * in base64, file mode 0600, created exclusively so that two instances starting together end up
 * with the same key; read once per process. Instances sharing a database must share the file (or
 * the configured key). `setting` names the variable to set instead, in the error for a damaged file.
 */
export function keptKey(dataDir: string, fileName: string, setting: string): Buffer {
  const file = path.join(dataDir, fileName);
  const cached = keys.get(file);
  if (cached) return cached;
  const read = (): Buffer => {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key in base64; restore it, or set ${setting}`);
    return key;
  };
  let key: Buffer;
  try {
    key = read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (created) {
      if ((created as NodeJS.ErrnoException).code !== 'EEXIST') throw created;
    }
    key = read();
  }
  keys.set(file, key);
  return key;
}
