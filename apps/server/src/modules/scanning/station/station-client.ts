import { randomUUID } from 'node:crypto';
import { authApi, type Endpoint, type ParamsOf, type ResultOf, type StoredUser } from '@huikao/contracts';
import { buildEncryptedRequest, HEADER } from '@huikao/protocol';

// The scanning station's side of the protocol (protocol.md): it logs in as a school administrator
// like any client (the encrypted userLogin under the app key), then makes the scanning calls, JSON
// and one multipart upload, with the session's loginName and jwtToken headers. The server checks
// each file exactly as it does for the browser's uploads.

export class StationError extends Error {}

interface Envelope {
  status: number;
  message: string;
  data: unknown;
}

export interface StationClient {
  user: StoredUser;
  call<E extends Endpoint>(endpoint: E, params: ParamsOf<E>): Promise<ResultOf<E>>;
  upload<E extends Endpoint>(
    endpoint: E,
    params: ParamsOf<E>,
    file: { name: string; bytes: Uint8Array<ArrayBuffer> },
  ): Promise<ResultOf<E>>;
}

export interface StationLogin {
  /** e.g. http://127.0.0.1:8080 */
  server: string;
  loginName: string;
  password: string;
  appKey: string;
}

export async function connectStation(login: StationLogin): Promise<StationClient> {
  const base = login.server.replace(/\/+$/, '');
  const request = buildEncryptedRequest({ loginName: login.loginName, password: login.password }, login.appKey, {
    loginName: '',
    guid: randomUUID(),
    timestamp: Date.now(),
  });
  const answer = await post(base + authApi.userLogin.path, {
    headers: { ...request.headers, 'content-type': request.contentType },
    body: request.body,
  });
  const user = answer.data as StoredUser;
  if (user.type !== 5) throw new StationError('扫描上传需要学校管理员账号');
  if (user.mustChangePsw) throw new StationError('该账号需要先在网页上修改初始密码');
  const session = { [HEADER.loginName]: user.loginName, [HEADER.jwtToken]: user.jwtToken };

  return {
    user,
    async call(endpoint, params) {
      const answer = await post(base + endpoint.path, {
        headers: { ...session, 'content-type': 'application/json' },
        body: JSON.stringify(params),
      });
      return answer.data as ResultOf<typeof endpoint>;
    },
    async upload(endpoint, params, file) {
      const form = new FormData();
      for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
        if (value !== undefined && value !== null) form.append(name, String(value));
      }
      form.append('file', new Blob([file.bytes]), file.name);
      const answer = await post(base + endpoint.path, { headers: session, body: form });
      return answer.data as ResultOf<typeof endpoint>;
    },
  };
}

async function post(
  url: string,
  init: { headers: Record<string, string>; body: string | FormData },
): Promise<Envelope> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', ...init });
  } catch (cause) {
    throw new StationError(`无法连接服务器 ${new URL(url).origin}：${(cause as Error).message}`);
  }
  let envelope: Envelope;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    throw new StationError(`服务器返回了无法识别的内容（HTTP ${response.status}）`);
  }
  if (response.status === 401) throw new StationError('登录已失效或账号密码不正确');
  if (response.status === 403) throw new StationError(envelope.message || '无权进行扫描上传');
  if (!response.ok || envelope.status !== 200)
    throw new StationError(envelope.message || `请求失败（HTTP ${response.status}）`);
  return envelope;
}
