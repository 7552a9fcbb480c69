import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (house style "storage"): local disk under the data folder by default,
 * S3-compatible object storage when STORAGE_URL says so (storage-s3.ts). Callers only hold the key.
 */
export interface FileStorage {
  /** Stores the bytes and returns the key to read them back. */
  put(folder: string, fileName: string, body: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /**
   * A URL that serves the file to whoever holds it, without a session, for `seconds`: object
   * storage signs it itself; local disk answers it at /files/… with an HMAC-signed expiry.
   */
  signedUrl(key: string, seconds: number): Promise<string>;
}

/** Every key this platform makes: folder/year/uuid.ext. Nothing else reaches the store. */
const SAFE_KEY = /^[a-z0-9-]+\/\d{4}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;
const SAFE_FOLDER = /^[a-z0-9-]+$/;

/** Refuses a key the platform did not make, so a stored key can never reach outside the store. */
export function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`invalid storage key ${key}`);
  return key;
}

/** A new key in `folder`, keeping a safe form of the file's extension. */
export function newKey(folder: string, fileName: string): string {
  if (!SAFE_FOLDER.test(folder)) throw new Error(`invalid storage folder ${folder}`);
  const extension = (
    path
      .extname(fileName)
      .slice(1)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '') || 'bin'
  ).slice(0, 8);
  return `${folder}/${new Date().getFullYear()}/${randomUUID()}.${extension}`;
}

export interface LocalFileStorage extends FileStorage {
  root: string;
  /** True when the /files/ URL's signature is this storage's and has not expired. */
  verifySignature(key: string, expires: string, signature: string): boolean;
}

/** The path local signed URLs are served under (storage-routes.ts). */
export const LOCAL_FILES_PATH = '/files/';

/**
 * Files under `root`. `signingKey` signs the /files/ URLs; the server derives it from JWT_SECRET so
 * every process behind one proxy accepts the others' URLs. Without one, a random key for this process.
 */
export function localFileStorage(root: string, options: { signingKey?: Buffer } = {}): LocalFileStorage {
  const signingKey = options.signingKey ?? randomBytes(32);
  const resolve = (key: string) => path.join(root, checkedKey(key));
  const sign = (key: string, expires: string) =>
    createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest('base64url');
  return {
    root,
    async put(folder, fileName, body) {
      const key = newKey(folder, fileName);
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return key;
    },
    async get(key) {
      return readFile(resolve(key));
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async signedUrl(key, seconds) {
      checkedKey(key);
      const expires = String(Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(seconds)));
      return `${LOCAL_FILES_PATH}${key}?expires=${expires}&signature=${sign(key, expires)}`;
    },
    verifySignature(key, expires, signature) {
      if (!SAFE_KEY.test(key) || !/^\d{1,12}$/.test(expires)) return false;
      if (Number(expires) < Date.now() / 1000) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The Content-Type a stored file is served with, from the extension its key keeps. */
export function contentTypeOfKey(key: string): string {
  const types: Record<string, string> = {
    pdf: 'application/pdf',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    tif: 'image/tiff',
    tiff: 'image/tiff',
    json: 'application/json',
    txt: 'text/plain; charset=utf-8',
    csv: 'text/csv; charset=utf-8',
    zip: 'application/zip',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  };
  return types[path.extname(key).slice(1)] ?? 'application/octet-stream';
}
