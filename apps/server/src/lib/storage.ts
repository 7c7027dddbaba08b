import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are made by the server (never a user's file name).
 * The local folder is the default; an S3-compatible store can implement the same interface.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Every stored object with the time it was last written (the orphan sweep, lib/uploads.ts). */
  list(): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

export class LocalStorage implements FileStorage {
  constructor(readonly root: string) {}
  #path(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }
  async put(key: string, data: Buffer): Promise<void> {
    const file = this.#path(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { flag: 'wx' });
  }
  get(key: string): Promise<Buffer> {
    return readFile(this.#path(key));
  }
  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }
  /** The files under the root whose relative path is a key this store could have made; anything else is left alone. */
  async *list(): AsyncIterable<StoredObject> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.root, file).split(path.sep).join('/');
      if (!SAFE_KEY.test(key) || key.includes('..')) continue;
      try {
        yield { key, modifiedAt: (await stat(file)).mtime };
      } catch {
        /* removed meanwhile */
      }
    }
  }
}
