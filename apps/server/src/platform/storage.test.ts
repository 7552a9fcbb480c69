import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { localFileStorage } from './storage.ts';
import { registerLocalFileUrls } from './storage-routes.ts';

// Local-disk storage and its signed /files/ URLs, served by the route the server registers.
const root = mkdtempSync(path.join(tmpdir(), 'huikao-files-'));
const storage = localFileStorage(root, { signingKey: Buffer.alloc(32, 7) });
const app = Fastify({ logger: false });
registerLocalFileUrls(app, storage);

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('local file storage', () => {
  it('puts under the root, gets the same bytes, removes', async () => {
    const key = await storage.put('exam-docs', '试卷 A.DOCX', Buffer.from('内容'));
    expect(key).toMatch(/^exam-docs\/\d{4}\/[0-9a-f-]{36}\.docx$/);
    expect((await storage.get(key)).toString()).toBe('内容');
    await storage.remove(key);
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('serves a signed URL without a session, and refuses it tampered with, for another file or expired', async () => {
    const key = await storage.put('reports', '成绩.pdf', Buffer.from('%PDF-成绩'));
    const other = await storage.put('reports', '其他.pdf', Buffer.from('%PDF-其他'));
    const url = await storage.signedUrl(key, 60);
    const served = await app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.body).toBe('%PDF-成绩');

    const signature = new URL(url, 'http://x').searchParams.get('signature')!;
    const forged = [
      url.replace(key, other),
      url.replace(/signature=[^&]+/, `signature=${signature.slice(0, -2)}AA`),
      url.replace(/expires=\d+/, 'expires=99999999999'),
      url.split('?')[0]!,
    ];
    for (const bad of forged) {
      const refused = await app.inject({ url: bad });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('文件链接无效或已过期');
    }

    const expired = await storage.signedUrl(key, 1);
    await new Promise((done) => setTimeout(done, 2100));
    expect((await app.inject({ url: expired })).statusCode).toBe(403);

    // A URL signed by another deployment's key is refused too.
    const stranger = localFileStorage(root, { signingKey: Buffer.alloc(32, 8) });
    expect((await app.inject({ url: await stranger.signedUrl(key, 60) })).statusCode).toBe(403);
  });

  it('answers 404 for a signed URL whose file was removed', async () => {
    const key = await storage.put('reports', 'gone.pdf', Buffer.from('x'));
    const url = await storage.signedUrl(key, 60);
    await storage.remove(key);
    expect((await app.inject({ url })).statusCode).toBe(404);
  });

  it('refuses keys it did not make, so nothing reaches outside the root', async () => {
    for (const key of ['../etc/2026/passwd.txt', 'a/2026/../../../etc/passwd', '/etc/passwd', 'scans/2026/x.pdf']) {
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.remove(key)).rejects.toThrow('invalid storage key');
      await expect(storage.signedUrl(key, 60)).rejects.toThrow('invalid storage key');
      expect(storage.verifySignature(key, '99999999999', 'x')).toBe(false);
    }
    const traversal = await app.inject({ url: '/files/..%2F..%2Fetc%2Fpasswd?expires=99999999999&signature=x' });
    expect(traversal.statusCode).toBe(403);
    await expect(storage.put('../up', 'a.pdf', Buffer.from('x'))).rejects.toThrow('invalid storage folder');
  });
});
