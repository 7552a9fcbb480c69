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
  const response = await app.inject({
    method: endpoint.kind === 'get' ? 'GET' : 'POST',
    url: endpoint.path,
    headers: { ...request.headers, 'content-type': request.contentType },
    payload: endpoint.kind === 'get' ? undefined : request.body,
  });
  const body = response.json() as { status: number; message: string; data: T };
  return { http: response.statusCode, status: body.status, message: body.message, data: body.data };
}

export async function login(app: FastifyInstance, loginName: string, password: string): Promise<StoredUser> {
  const result = await call<StoredUser>(app, authApi.userLogin, { loginName, password });
  if (result.status !== 200) throw new Error(`login ${loginName} failed: ${result.message}`);
  return result.data;
}
