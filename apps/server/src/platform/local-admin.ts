import { randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

// The local administration channel (issue #20 item 1, docs/decisions.md): while the server owns
// the data folder, commands that must still work (importing questions, creating a school, taking a
// backup) ask the running server to do it. The server makes a random token at every start and
// writes it with its address into the data folder, readable only by the server's own user (0600).
// A call must come from this machine and carry that token; anything else is refused before the
// body is looked at. Reading the token takes the same rights as reading the database files, so the
// channel grants nothing a local user with those rights does not already have.

export const LOCAL_ADMIN_FILE = 'local-admin.json';
export const LOCAL_ADMIN_PREFIX = '/local-admin';
export const LOCAL_ADMIN_HEADER = 'x-huikao-admin-token';

export interface LocalAdminEndpoint {
  pid: number;
  url: string;
  token: string;
}

export function newLocalAdminToken(): string {
  return randomBytes(32).toString('base64url');
}

/** From this machine, directly: a request that came through a proxy (even a local nginx) is not. */
function isThisMachine(request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  const remote = request.socket.remoteAddress ?? '';
  const loopback = remote === '::1' || remote.startsWith('127.') || remote.startsWith('::ffff:127.');
  return loopback || remote === request.socket.localAddress;
}

function tokenMatches(given: unknown, token: string): boolean {
  if (typeof given !== 'string' || token.length === 0) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /local-admin/<name>, plain JSON (not the encrypted web protocol: the caller is a command on
 * this machine, not a browser). The handler's AppError reaches the command as its Chinese message.
 */
export function registerLocalAdminRoute<Body>(
  app: FastifyInstance,
  name: string,
  handler: (body: Body) => Promise<unknown>,
): void {
  app.post(`${LOCAL_ADMIN_PREFIX}/${name}`, {
    // Checked before the body is parsed: a stranger's upload is never read.
    onRequest: async (request) => {
      if (!isThisMachine(request) || !tokenMatches(request.headers[LOCAL_ADMIN_HEADER], app.platform.localAdminToken)) {
        throw new AppError(403, '本机管理通道：凭据无效', 403);
      }
    },
    handler: async (request, reply) => {
      const result = await handler(request.body as Body);
      // Bytes (a database dump) go as they are; anything else in the usual envelope.
      if (Buffer.isBuffer(result)) return reply.type('application/octet-stream').send(result);
      return { status: 200, data: result };
    },
  });
}

/** Written after listen (main.ts); removed on close. Only the owner may read it. */
export function publishLocalAdmin(dataDir: string, endpoint: LocalAdminEndpoint): () => void {
  const file = path.join(dataDir, LOCAL_ADMIN_FILE);
  try {
    unlinkSync(file);
  } catch {
    // None left over.
  }
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, JSON.stringify(endpoint));
  } finally {
    closeSync(fd);
  }
  return () => {
    try {
      if (JSON.parse(readFileSync(file, 'utf8')).token === endpoint.token) unlinkSync(file);
    } catch {
      // Gone already.
    }
  };
}

/** The running server's channel, if the process holding the data folder published one. */
export function readLocalAdmin(dataDir: string, holderPid: number): LocalAdminEndpoint | null {
  try {
    const endpoint = JSON.parse(readFileSync(path.join(dataDir, LOCAL_ADMIN_FILE), 'utf8')) as LocalAdminEndpoint;
    return endpoint.pid === holderPid && typeof endpoint.token === 'string' ? endpoint : null;
  } catch {
    return null;
  }
}

export class LocalAdminError extends Error {}

/** Calls the running server; its refusal comes back as a LocalAdminError with the server's message. */
export async function callLocalAdmin<T>(endpoint: LocalAdminEndpoint, name: string, body: unknown): Promise<T> {
  const response = await post(endpoint, name, body);
  const answer = (await response.json().catch(() => null)) as { status?: number; message?: string; data?: T } | null;
  if (!response.ok || answer?.status !== 200) {
    throw new LocalAdminError(answer?.message ?? `运行中的服务拒绝了请求（HTTP ${response.status}）`);
  }
  return answer.data as T;
}

/** The same, for a route that answers with bytes. */
export async function callLocalAdminForBytes(
  endpoint: LocalAdminEndpoint,
  name: string,
  body: unknown,
): Promise<Buffer> {
  const response = await post(endpoint, name, body);
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new LocalAdminError(answer?.message ?? `运行中的服务拒绝了请求（HTTP ${response.status}）`);
  }
  return Buffer.from(await response.arrayBuffer());
}

async function post(endpoint: LocalAdminEndpoint, name: string, body: unknown): Promise<Response> {
  try {
    return await fetch(`${endpoint.url}${LOCAL_ADMIN_PREFIX}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [LOCAL_ADMIN_HEADER]: endpoint.token },
      body: JSON.stringify(body ?? {}),
    });
  } catch (error) {
    throw new LocalAdminError(`无法连接运行中的服务（${endpoint.url}）：${(error as Error).message}`);
  }
}
