import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are made by the server (never a user's file name).
 * The local folder is the default; an S3-compatible store can implement the same interface.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
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
}
