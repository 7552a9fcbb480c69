import { randomUUID } from 'node:crypto';
import type { Endpoint, StoredUser } from '@huikao/contracts';
import { buildEncryptedRequest, buildFormRequest } from '@huikao/protocol';
import { baseURL } from './browser.ts';

const APP_KEY = process.env.APP_KEY ?? 'HuiKaoCloudDevAppKey0123456789ab';

/**
 * Calls an encrypted (analysis) or form-envelope (question bank) endpoint from the test process, as
 * a second device of the same user would.
 */
export async function callApi(endpoint: Endpoint, params: unknown, session?: StoredUser) {
  const context = {
    loginName: session?.loginName ?? '',
    guid: randomUUID(),
    timestamp: Date.now(),
    jwtToken: session?.jwtToken,
  };
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
