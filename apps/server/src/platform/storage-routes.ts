import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import {
  contentTypeOfKey,
  type FileStorage,
  LOCAL_FILES_PATH,
  type LocalFileStorage,
  localFileStorage,
} from './storage.ts';
import { parseStorageUrl, s3FileStorage } from './storage-s3.ts';

/**
 * The server's file store: object storage when STORAGE_URL is set (several app processes then share
 * it), else the data folder's files/. Local signed URLs are signed with a key derived from
 * JWT_SECRET, so any process of one deployment accepts them.
 */
export async function openFileStorage(
  config: Pick<Config, 'storageUrl' | 'dataDir' | 'jwtSecret'>,
): Promise<{ storage: FileStorage; local?: LocalFileStorage; close(): void }> {
  if (config.storageUrl) {
    const storage = s3FileStorage(parseStorageUrl(config.storageUrl));
    await storage.ensureBucket();
    return { storage, close: () => storage.close() };
  }
  const signingKey = createHmac('sha256', config.jwtSecret).update('huikao signed file urls').digest();
  const local = localFileStorage(path.join(config.dataDir, 'files'), { signingKey });
  return { storage: local, local, close: () => {} };
}

/** GET /files/<key>?expires=…&signature=… for the URLs localFileStorage.signedUrl makes. */
export function registerLocalFileUrls(app: FastifyInstance, storage: LocalFileStorage): void {
  app.get<{ Params: { '*': string }; Querystring: { expires?: string; signature?: string } }>(
    `${LOCAL_FILES_PATH}*`,
    async (request, reply) => {
      const key = request.params['*'];
      const { expires = '', signature = '' } = request.query;
      if (!storage.verifySignature(key, expires, signature)) {
        return reply.code(403).send({ status: 403, message: '文件链接无效或已过期', data: null });
      }
      let body: Buffer;
      try {
        body = await storage.get(key);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        return reply.code(404).send({ status: 404, message: '文件不存在或已删除', data: null });
      }
      const secondsLeft = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
      return reply.header('Cache-Control', `private, max-age=${secondsLeft}`).type(contentTypeOfKey(key)).send(body);
    },
  );
}
