import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openTestDatabase } from '../test/database.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db.ts';

// The web gets its pre-login key from the page the server serves, so one APP_KEY serves both.
const KEY = 'SchoolProductionKey_0123456789&"';
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><title>慧考云</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_KEY: KEY,
    JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
    DATA_DIR: tmpdir(),
    WEB_DIST: webDist,
  });
  database = await openTestDatabase();
  app = await buildApp(config, { database, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the served web app', () => {
  it.each(['/', '/login', '/teacher/exams'])('serves %s with the configured APP_KEY in a meta tag', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<meta name="app-key" content="SchoolProductionKey_0123456789&amp;&quot;" />');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('never serves the page without its key', async () => {
    const response = await app.inject({ method: 'GET', url: '/index.html' });
    expect(response.body).not.toContain('<div id="root"></div>');
  });

  it('still serves hashed assets for good', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });
});
