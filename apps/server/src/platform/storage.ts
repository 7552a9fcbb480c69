import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (house style "storage"): local disk under the data folder by default.
 * At scale the same three calls go to S3-compatible object storage; callers only hold the key.
 */
export interface FileStorage {
  /** Stores the bytes and returns the key to read them back. */
  put(folder: string, fileName: string, body: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+\/\d{4}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

export function localFileStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    // Keys are made here; refusing anything else keeps a stored key from reaching outside the root.
    if (!SAFE_KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(folder, fileName, body) {
      const extension = (
        path
          .extname(fileName)
          .slice(1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '') || 'bin'
      ).slice(0, 8);
      const key = `${folder}/${new Date().getFullYear()}/${randomUUID()}.${extension}`;
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return key;
    },
    get: (key) => readFile(resolve(key)),
    remove: (key) => rm(resolve(key), { force: true }),
  };
}
