import { randomUUID } from 'node:crypto';
import type { Endpoint, StoredUser } from '@huikao/contracts';
import { buildEncryptedRequest, buildFormRequest } from '@huikao/protocol';
import { baseURL } from './browser.ts';

const APP_KEY = process.env.APP_KEY ?? 'HuiKaoCloudDevAppKey0123456789ab';

/**
 * Calls an encrypted (analysis), form-envelope (question bank) or JSON (marking) endpoint from the test process, as
 * a second device of the same user would.
 */
export async function callApi(endpoint: Endpoint, params: unknown, session?: StoredUser) {
  const context = {
    loginName: session?.loginName ?? '',
    guid: randomUUID(),
    timestamp: Date.now(),
    jwtToken: session?.jwtToken,
  };
  if (endpoint.kind === 'json') {
    // JSON calls (the marking service): plain body, the session in headers, as the web sends them.
    const response = await fetch(baseURL() + endpoint.path, {
      method: 'POST',
      headers: { loginName: context.loginName, jwtToken: context.jwtToken ?? '', 'content-type': 'application/json' },
      body: JSON.stringify(params ?? {}),
    });
    return {
      http: response.status,
      ...((await response.json()) as { status: number; message: string; data: unknown }),
    };
  }
  const request =
    endpoint.kind === 'form'
      ? buildFormRequest(params, context)
      : buildEncryptedRequest(params, session?.token ?? APP_KEY, context);
  const response = await fetch(baseURL() + endpoint.path, {
    method: 'POST',
    headers: { ...request.headers, 'content-type': request.contentType },
    body: request.body,
  });
  return { http: response.status, ...((await response.json()) as { status: number; message: string; data: unknown }) };
}
