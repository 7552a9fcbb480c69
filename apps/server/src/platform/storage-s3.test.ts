import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error: s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStorageUrl, type S3FileStorage, s3FileStorage } from './storage-s3.ts';

// The S3 implementation against a real S3-compatible server (s3rver, started here on a free port):
// the bytes go over HTTP with SigV4 signatures, as they would to MinIO or AWS.
const directory = mkdtempSync(path.join(tmpdir(), 'huikao-s3rver-'));
let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let endpoint = '';
let storage: S3FileStorage;

beforeAll(async () => {
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  const location = parseStorageUrl(
    `s3://huikao-test/school-a?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true`,
  );
  // s3rver checks signatures made with its own fixed credentials.
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  storage = s3FileStorage(location, client);
  await storage.ensureBucket();
  await storage.ensureBucket();
});

afterAll(async () => {
  storage?.close();
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('S3 file storage', () => {
  it('puts, gets back the same bytes, and removes', async () => {
    const body = Buffer.from('第一页扫描图像 %PDF-1.7 \u0000\u00ff', 'utf8');
    const key = await storage.put('scans', '答题卡 01.PDF', body);
    expect(key).toMatch(/^scans\/\d{4}\/[0-9a-f-]{36}\.pdf$/);
    expect(Buffer.compare(await storage.get(key), body)).toBe(0);
    await storage.remove(key);
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
    // Removing what is gone is not an error, as on local disk.
    await storage.remove(key);
  });

  it('keeps keys under the prefix, in the configured bucket', async () => {
    const key = await storage.put('reports', 'a.xlsx', Buffer.from('x'));
    const url = new URL(await storage.signedUrl(key, 60));
    expect(url.pathname).toBe(`/huikao-test/school-a/${key}`);
  });

  // s3rver checks a presigned URL's access key and expiry but neither its SigV4 signature nor
  // bucket permissions (it serves anonymous reads), so refusing tampered and unsigned URLs is the
  // store's part and is tested for our own /files/ URLs (storage.test.ts).
  it('signs URLs that serve the file without credentials, and refuses them once expired', async () => {
    const body = Buffer.from('成绩单');
    const key = await storage.put('reports', '成绩单.txt', body);
    const url = await storage.signedUrl(key, 60);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).toString()).toBe('成绩单');

    expect(url).toContain('X-Amz-Signature=');

    const shortLived = await storage.signedUrl(key, 1);
    await new Promise((done) => setTimeout(done, 2100));
    expect((await fetch(shortLived)).status).toBe(403);
  });

  it('refuses keys it did not make, so nothing reaches outside the prefix', async () => {
    for (const key of ['../other/2026/x.pdf', 'scans/2026/../../secret.pdf', '/etc/passwd', 'scans/2026/a.pdf']) {
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.remove(key)).rejects.toThrow('invalid storage key');
      await expect(storage.signedUrl(key, 60)).rejects.toThrow('invalid storage key');
    }
    await expect(storage.put('../up', 'a.pdf', Buffer.from('x'))).rejects.toThrow('invalid storage folder');
  });

  it('reads STORAGE_URL and says in Chinese what is wrong with a bad one', () => {
    expect(parseStorageUrl('s3://files-1?region=cn-north-1')).toEqual({
      bucket: 'files-1',
      prefix: '',
      endpoint: undefined,
      region: 'cn-north-1',
      forcePathStyle: false,
    });
    expect(() => parseStorageUrl('http://files')).toThrow('STORAGE_URL 应以 s3:// 开头');
    expect(() => parseStorageUrl('s3://A_B')).toThrow('存储桶名称无效');
    expect(() => parseStorageUrl('s3://files?endpoint=minio:9000')).toThrow('endpoint 应以 http:// 或 https:// 开头');
  });
});
