import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { platformApi } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { TEST_JWT_SECRET } from '../test/app.ts';
import { openTestDatabase } from '../test/database.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Database } from './db.ts';

// Issue #21 item 9: security headers on every response (the web app's pages too), X-Forwarded-For
// believed only from configured proxies, and the HTTP parser's refusals in the JSON envelope.

let database: Database;
const apps: FastifyInstance[] = [];
const webDist = mkdtempSync(path.join(tmpdir(), 'huikao-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');

/** The app with a route that says which client address it believes (added here, not in src). */
async function appWith(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: tmpdir(),
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST: webDist,
    ...env,
  });
  const app = await buildApp(config, { database, logger: false });
  app.get('/schoolbase/api/test/client-ip', async (request) => ({ ip: request.ip }));
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

describe('security headers', () => {
  it('are on API answers, refusals, 404s and the web app’s page', async () => {
    const app = await appWith();
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: platformApi.healthz.path }),
      app.inject({ method: 'POST', url: '/analysis/api/user/nothing' }),
      app.inject({ method: 'POST', url: '/schoolbase/api/user/userLogin', payload: 'x'.repeat(11 * 1024 * 1024) }),
      app.inject({ method: 'GET', url: '/teacher/home', headers: { accept: 'text/html' } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 413, 200]);
    for (const answer of answers) {
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      // antd writes its styles as <style> tags at run time.
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("object-src 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['strict-transport-security']).toBe('max-age=15552000');
    }
  });
});

describe('X-Forwarded-For', () => {
  const ipSeenBy = async (app: FastifyInstance, remoteAddress: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/schoolbase/api/test/client-ip',
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.7' },
      })
    ).json().ip;

  it('is not believed by default: a client cannot name its own address', async () => {
    const app = await appWith();
    expect(await ipSeenBy(app, '198.51.100.20')).toBe('198.51.100.20');
    expect(await ipSeenBy(app, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('is believed from the proxies TRUST_PROXY names, and from no one else', async () => {
    const app = await appWith({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    expect(await ipSeenBy(app, '127.0.0.1')).toBe('203.0.113.7');
    expect(await ipSeenBy(app, '10.1.2.3')).toBe('203.0.113.7');
    expect(await ipSeenBy(app, '198.51.100.20')).toBe('198.51.100.20');
  });

  it('refuses a TRUST_PROXY that would trust everyone or is not an address', () => {
    for (const value of ['true', '*', '1', '10.0.0.0/33', 'proxy.example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: value, DATA_DIR: tmpdir(), JWT_SECRET: TEST_JWT_SECRET })).toThrow(
        ConfigError,
      );
    }
    expect(loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: TEST_JWT_SECRET }).trustProxy).toEqual([]);
  });
});

/** A raw HTTP/1.1 exchange over a real socket, as Node's parser sees it (app.inject skips the parser). */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length > 0 ? resolve(Buffer.concat(chunks).toString()) : reject(error)));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    socket.write(request);
  });
}

describe('requests the HTTP parser refuses', () => {
  let port: number;
  beforeAll(async () => {
    const app = await appWith();
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });

  const envelopeOf = (response: string) => {
    const [head = '', body = ''] = response.split('\r\n\r\n');
    return { statusLine: head.split('\r\n')[0], head, body: JSON.parse(body) };
  };

  it('answers a 100 KB header with 431 and the JSON envelope in Chinese', async () => {
    const response = await rawRequest(
      port,
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nCookie: ${'a'.repeat(100 * 1024)}\r\n\r\n`,
    );
    const { statusLine, head, body } = envelopeOf(response);
    expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(head).toContain('Content-Type: application/json; charset=utf-8');
    expect(body).toEqual({ status: 431, message: '请求头过大，请清除本站 Cookie 后重试', data: null });
  });

  it('answers a malformed request with 400 and the envelope', async () => {
    const { statusLine, body } = envelopeOf(await rawRequest(port, 'NOT A REQUEST\r\n\r\n'));
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(body).toEqual({ status: 400, message: '请求格式错误', data: null });
  });

  it('still serves after them', async () => {
    const response = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(response.startsWith('HTTP/1.1 200 OK')).toBe(true);
  });
});
