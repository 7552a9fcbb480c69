import { randomUUID } from 'node:crypto';
import { authApi, type Endpoint, type StoredUser } from '@huikao/contracts';
import { buildEncryptedRequest, buildFormRequest } from '@huikao/protocol';
import type { FastifyInstance } from 'fastify';
import { DEV_APP_KEY } from '../platform/config.ts';

export interface CallResult<T = unknown> {
  http: number;
  status: number;
  message: string;
  data: T;
}

export interface CallOptions {
  session?: StoredUser;
  key?: string;
  loginName?: string;
  guid?: string;
  timestamp?: number;
  jwtToken?: string | null;
  /** Changes the signed request before it is sent, to test refusals. */
  tamper?: (request: { body: string; headers: Record<string, string> }) => void;
}

/** Calls an endpoint the way a client written from protocol.md does. */
export async function call<T = unknown>(
  app: FastifyInstance,
  endpoint: Endpoint,
  params: unknown,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const response = await send(app, endpoint, params, options);
  const body = response.json() as { status: number; message: string; data: T };
  return { http: response.statusCode, status: body.status, message: body.message, data: body.data };
}

/** The request `call` makes, answered as it came back (a file, or an envelope not yet read). */
export async function send(app: FastifyInstance, endpoint: Endpoint, params: unknown, options: CallOptions = {}) {
  const session = options.session;
  const context = {
    loginName: options.loginName ?? session?.loginName ?? '',
    guid: options.guid ?? randomUUID(),
    timestamp: options.timestamp ?? Date.now(),
    jwtToken: options.jwtToken === null ? undefined : (options.jwtToken ?? session?.jwtToken),
  };
  let request: { body: string; headers: Record<string, string>; contentType: string };
  if (endpoint.kind === 'encrypted') {
    request = buildEncryptedRequest(params, options.key ?? session?.token ?? DEV_APP_KEY, context);
  } else if (endpoint.kind === 'form') {
    request = buildFormRequest(params, context);
  } else {
    const headers: Record<string, string> = { loginName: context.loginName };
    if (context.jwtToken) headers.jwtToken = context.jwtToken;
    request = { body: JSON.stringify(params), headers, contentType: 'application/json' };
  }
  options.tamper?.(request);
  // `query` (POST) and `get` calls carry the parameters in the URL and send no body (protocol.md).
  const inUrl = endpoint.kind === 'query' || endpoint.kind === 'get';
  return app.inject({
    method: endpoint.kind === 'get' ? 'GET' : 'POST',
    url: inUrl ? `${endpoint.path}${queryString(params)}` : endpoint.path,
    headers: inUrl ? request.headers : { ...request.headers, 'content-type': request.contentType },
    payload: inUrl ? undefined : request.body,
  });
}

/** `?a=1&b=x` from the parameters; undefined and null are left out, as a browser client does. */
export function queryString(params: unknown): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function login(app: FastifyInstance, loginName: string, password: string): Promise<StoredUser> {
  const result = await call<StoredUser>(app, authApi.userLogin, { loginName, password });
  if (result.status !== 200) throw new Error(`login ${loginName} failed: ${result.message}`);
  return result.data;
}

// ---- Files (issue #3 import/export): multipart uploads and file responses. ----

export interface UploadFile {
  fileName: string;
  buffer: Buffer;
  mimeType?: string;
}

/** Builds a multipart/form-data body by hand, as a browser's FormData would send it. */
export function multipartBody(fields: Record<string, string | undefined>, file?: UploadFile) {
  const boundary = `----huikao${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    const type = file.mimeType ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      file.buffer,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Calls a `multipart` endpoint with the jwtToken and loginName headers (protocol.md). */
export async function upload<T = unknown>(
  app: FastifyInstance,
  endpoint: Endpoint,
  fields: Record<string, string | undefined>,
  file: UploadFile | undefined,
  options: { session?: StoredUser } = {},
): Promise<CallResult<T>> {
  const { body, contentType } = multipartBody(fields, file);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (options.session)
    Object.assign(headers, { loginName: options.session.loginName, jwtToken: options.session.jwtToken });
  const response = await app.inject({ method: 'POST', url: endpoint.path, headers, payload: body });
  const parsed = response.json() as { status: number; message: string; data: T };
  return { http: response.statusCode, status: parsed.status, message: parsed.message, data: parsed.data };
}

/** Calls a `get` endpoint that answers with a file; `json` is set instead when it answered with the envelope. */
export async function download(
  app: FastifyInstance,
  endpoint: Endpoint,
  params: Record<string, unknown>,
  options: { session?: StoredUser } = {},
) {
  const headers: Record<string, string> = {};
  if (options.session)
    Object.assign(headers, { loginName: options.session.loginName, jwtToken: options.session.jwtToken });
  const response = await app.inject({ method: 'GET', url: `${endpoint.path}${queryString(params)}`, headers });
  const isFile = !String(response.headers['content-type'] ?? '').startsWith('application/json');
  return {
    http: response.statusCode,
    headers: response.headers,
    buffer: response.rawPayload,
    json: isFile ? null : (response.json() as { status: number; message: string; data: unknown }),
  };
}
