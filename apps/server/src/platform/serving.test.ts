import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { precompressAssets } from '../../../../scripts/web-build.mjs';
import { buildApp } from '../app.ts';
import { TEST_JWT_SECRET } from '../test/app.ts';
import { openTestDatabase } from '../test/database.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db.ts';

// Issue #20 item 7 and its header test: every kind of answer (the page, a deep route, a hashed
// asset, an API error, an API answer) carries the security headers; JavaScript goes compressed,
// pre-compressed at build where it can; hashed assets are cached for good and the page never.
const SCRIPT = `console.log(${JSON.stringify('慧考云'.repeat(4000))});\n`.repeat(4);
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'huikao-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><title>慧考云</title></head><body>${'<div></div>'.repeat(200)}</body></html>`,
  );
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), SCRIPT);
  precompressAssets(webDist);
  // One asset as a build without the pre-compression step would leave it: compressed on the fly.
  writeFileSync(path.join(webDist, 'assets', 'late-def456.js'), SCRIPT);
  database = await openTestDatabase();
  app = await buildApp(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir(), JWT_SECRET: TEST_JWT_SECRET, WEB_DIST: webDist }),
    { database, logger: false },
  );
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const PAGES = {
  'index.html': { method: 'GET', url: '/' },
  'a deep route': { method: 'GET', url: '/teacher/exams/list?page=2' },
  'a hashed asset': { method: 'GET', url: '/assets/index-abc123.js' },
  'an API error': { method: 'POST', url: '/schoolbase/api/user/nothing' },
  'a missing file': { method: 'GET', url: '/assets/missing-000.js' },
  'the health check': { method: 'GET', url: '/healthz' },
} as const;

describe('serving', () => {
  it.each(Object.entries(PAGES))('%s carries CSP with frame-ancestors, nosniff and no framing', async (_, request) => {
    const answer = await app.inject({ ...request, headers: { 'accept-encoding': 'br, gzip' } });
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('sends JavaScript brotli-compressed from the build, or gzip to a client that takes only that', async () => {
    const br = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses on the fly what the build did not, and the page', async () => {
    const late = await app.inject({ url: '/assets/late-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(late.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(late.rawPayload).toString()).toBe(SCRIPT);

    const page = await app.inject({ url: '/teacher/home', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<meta name="app-key"');
  });
});
