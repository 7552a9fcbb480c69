// The server's and the web's tests both read the shared vectors: here, in the browser-like
// environment (happy-dom), the web's request building must produce exactly the vector bytes.
import { authApi, type Endpoint, type ParamsOf } from '@huikao/contracts';
import { protocolVectors } from '@huikao/protocol/vectors';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './api-client.ts';
import { DEV_APP_KEY } from './app-key.ts';
import { buildHttpRequest } from './build-request.ts';
import { SESSION_COOKIE, startSession } from './session.ts';
import { aStoredUser, envelopeResponse } from './test-fakes.ts';

/** Any endpoint of the right kind and access: buildHttpRequest only reads those and the path. */
const encryptedSession: Endpoint = authApi.findUserInfo;
const encryptedPublic: Endpoint = authApi.userLogin;
const formSession: Endpoint = {
  ...authApi.findUserInfo,
  service: 'tiku',
  kind: 'form',
  path: '/tiku/api/questions/get_fast',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Cookies.remove(SESSION_COOKIE, { path: '/' });
  localStorage.clear();
});

describe('shared protocol vectors in the browser build', () => {
  it('the development app key is the vectors app key', () => {
    expect(DEV_APP_KEY).toBe(protocolVectors.appKey);
  });

  for (const vector of protocolVectors.encrypted) {
    it(`encrypted: ${vector.name}`, () => {
      const isPublic = vector.jwtToken === null;
      const user = isPublic
        ? null
        : aStoredUser({ loginName: vector.loginName, token: vector.key, jwtToken: vector.jwtToken ?? '' });
      const request = buildHttpRequest(isPublic ? encryptedPublic : encryptedSession, vector.params, {
        user,
        appKey: isPublic ? vector.key : DEV_APP_KEY,
        guid: vector.guid,
        timestamp: vector.timestamp,
      });
      expect(request.body).toBe(vector.body);
      expect(request.headers).toEqual({
        loginName: vector.loginName,
        guid: vector.guid,
        timestamp: String(vector.timestamp),
        sign: vector.sign,
        ...(vector.jwtToken ? { jwtToken: vector.jwtToken } : {}),
        'Content-Type': 'text/plain',
      });
    });
  }

  for (const vector of protocolVectors.form) {
    it(`form: ${vector.name}`, () => {
      const user = aStoredUser({ loginName: vector.loginName, jwtToken: vector.jwtToken });
      const request = buildHttpRequest(formSession, vector.params, {
        user,
        appKey: DEV_APP_KEY,
        guid: vector.guid,
        timestamp: vector.timestamp,
      });
      const form = new URLSearchParams(String(request.body));
      expect(Object.fromEntries(form)).toEqual({
        uuid: vector.uuid,
        loginName: vector.loginName,
        guid: vector.guid,
        timestamp: String(vector.timestamp),
        sign: vector.sign,
      });
      expect(request.headers).toEqual({
        jwtToken: vector.jwtToken,
        'Content-Type': 'application/x-www-form-urlencoded',
      });
    });
  }

  it('call() sends the vector bytes for the login and for a session call', async () => {
    const login = protocolVectors.encrypted.find((vector) => vector.jwtToken === null);
    // findUserInfo takes no parameters, so the empty-params vector is the one call() can reproduce.
    const session = protocolVectors.encrypted.find((vector) => vector.plaintext === '{}');
    if (!login || !session) throw new Error('the vectors lost their login or empty-params case');
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => envelopeResponse(200, 'ok', null));
    vi.stubGlobal('fetch', fetchMock);
    const uuid = vi.spyOn(crypto, 'randomUUID');
    const now = vi.spyOn(Date, 'now');

    uuid.mockReturnValueOnce(login.guid as ReturnType<typeof crypto.randomUUID>);
    now.mockReturnValueOnce(login.timestamp);
    await call(authApi.userLogin, login.params as ParamsOf<typeof authApi.userLogin>);

    startSession(aStoredUser({ loginName: session.loginName, token: session.key, jwtToken: session.jwtToken ?? '' }));
    uuid.mockReturnValueOnce(session.guid as ReturnType<typeof crypto.randomUUID>);
    now.mockReturnValueOnce(session.timestamp);
    await call(authApi.findUserInfo, {});

    const sent = fetchMock.mock.calls.map(([, init]) => ({
      body: init.body,
      sign: (init.headers as Record<string, string>).sign,
    }));
    expect(sent).toEqual([
      { body: login.body, sign: login.sign },
      { body: session.body, sign: session.sign },
    ]);
  });
});
