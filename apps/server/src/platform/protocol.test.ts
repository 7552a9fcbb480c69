import { authApi, platformApi } from '@huikao/contracts';
import { protocolVectors } from '@huikao/protocol/vectors';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../test/app.ts';
import { call, login } from '../test/client.ts';
import { makeSchool, makeUser } from '../test/factories.ts';
import { checkSign, decryptParams } from './protocol.ts';

describe('shared protocol vectors on the server', () => {
  for (const v of protocolVectors.encrypted) {
    it(`accepts and decrypts: ${v.name}`, () => {
      expect(() =>
        checkSign({
          payload: v.body,
          loginName: v.loginName,
          guid: v.guid,
          timestamp: String(v.timestamp),
          sign: v.sign,
        }),
      ).not.toThrow();
      expect(decryptParams(v.body, v.key)).toEqual(v.params);
    });
  }
});

describe('refusals of signed calls', () => {
  let t: TestApp;
  let user: { loginName: string; password: string };

  beforeAll(async () => {
    t = await createTestApp();
    const school = await makeSchool(t.database.db);
    user = await makeUser(t.database.db, { schoolId: school.id, type: 1 });
  });
  afterAll(() => t.close());

  it('accepts a well-formed call', async () => {
    const session = await login(t.app, user.loginName, user.password);
    const result = await call(t.app, authApi.findUserInfo, {}, { session });
    expect(result).toMatchObject({ http: 200, status: 200 });
  });

  it('refuses a bad sign', async () => {
    const session = await login(t.app, user.loginName, user.password);
    const result = await call(
      t.app,
      authApi.findUserInfo,
      {},
      {
        session,
        tamper: (r) => {
          r.headers.sign = '0'.repeat(32);
        },
      },
    );
    expect(result).toMatchObject({ http: 400, status: 400, message: '请求签名校验失败' });
  });

  it('refuses a body changed after signing', async () => {
    const result = await call(
      t.app,
      authApi.userLogin,
      { loginName: user.loginName, password: user.password },
      {
        tamper: (r) => {
          r.body = `${r.body.slice(0, -2)}00`;
        },
      },
    );
    expect(result.http).toBe(400);
    expect(result.message).toBe('请求签名校验失败');
  });

  it.each([
    ['301 s in the past', -301_000],
    ['301 s in the future', 301_000],
  ])('refuses a timestamp %s', async (_label, offset) => {
    const result = await call(
      t.app,
      authApi.userLogin,
      { loginName: user.loginName, password: user.password },
      {
        timestamp: Date.now() + offset,
      },
    );
    expect(result).toMatchObject({ http: 400, status: 400 });
    expect(result.message).toContain('时间戳');
  });

  it('accepts a timestamp 299 s away', async () => {
    const result = await call(
      t.app,
      authApi.userLogin,
      { loginName: user.loginName, password: user.password },
      {
        timestamp: Date.now() - 299_000,
      },
    );
    expect(result.status).toBe(200);
  });

  it('refuses a replayed guid', async () => {
    const session = await login(t.app, user.loginName, user.password);
    const guid = crypto.randomUUID();
    expect((await call(t.app, authApi.findUserInfo, {}, { session, guid })).status).toBe(200);
    const replay = await call(t.app, authApi.findUserInfo, {}, { session, guid });
    expect(replay).toMatchObject({ http: 409, status: 409 });
    expect(replay.message).toContain('guid');
  });

  it('refuses a missing jwtToken with 401', async () => {
    const session = await login(t.app, user.loginName, user.password);
    const result = await call(t.app, authApi.findUserInfo, {}, { session, jwtToken: null });
    expect(result).toMatchObject({ http: 401, message: '缺少登录令牌 jwtToken，请先登录' });
  });

  it('refuses a forged jwtToken with 401', async () => {
    const session = await login(t.app, user.loginName, user.password);
    const forged = await new SignJWT({ sid: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setAudience('huikao-session')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const result = await call(t.app, authApi.findUserInfo, {}, { session, jwtToken: forged });
    expect(result).toMatchObject({ http: 401, message: '登录令牌无效，请重新登录' });
  });

  it('refuses an expired jwtToken with 401', async () => {
    const session = await login(t.app, user.loginName, user.password);
    const claims = JSON.parse(Buffer.from(session.jwtToken.split('.')[1]!, 'base64url').toString());
    const expired = await new SignJWT({ sid: claims.sid, type: claims.type, schoolId: claims.schoolId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setAudience('huikao-session')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 90_000)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3_600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const result = await call(t.app, authApi.findUserInfo, {}, { session, jwtToken: expired });
    expect(result).toMatchObject({ http: 401, message: '登录已过期，请重新登录' });
  });

  it('refuses a revoked session with 401', async () => {
    const session = await login(t.app, user.loginName, user.password);
    expect((await call(t.app, authApi.logout, {}, { session })).status).toBe(200);
    const result = await call(t.app, authApi.findUserInfo, {}, { session });
    expect(result).toMatchObject({ http: 401 });
    expect(result.message).toContain('登录已失效');
  });

  it('refuses a loginName that does not match the token with 401', async () => {
    const session = await login(t.app, user.loginName, user.password);
    const result = await call(t.app, authApi.findUserInfo, {}, { session, loginName: 'someone-else' });
    expect(result).toMatchObject({ http: 401, message: '登录名与登录令牌不一致，请重新登录' });
  });

  it('refuses a body that is not the cipher text', async () => {
    const result = await call(
      t.app,
      authApi.userLogin,
      {},
      {
        tamper: (r) => {
          r.body = 'not-hex-at-all';
          r.headers.sign = '';
        },
      },
    );
    expect(result.http).toBe(400);
  });

  it('refuses a body encrypted with the wrong key', async () => {
    const session = await login(t.app, user.loginName, user.password);
    const result = await call(t.app, authApi.findUserInfo, {}, { session, key: 'x'.repeat(32) });
    expect(result).toMatchObject({ http: 400 });
    expect(result.message).toContain('解密');
  });

  it('refuses a body over the size limit before decoding it', async () => {
    const result = await call(t.app, authApi.userLogin, { loginName: 'a', password: 'b'.repeat(100_000) });
    expect(result).toMatchObject({ http: 413, status: 413 });
  });

  it('answers invalid parameters with status 400 and a Chinese message naming the field', async () => {
    const result = await call(t.app, authApi.userLogin, { loginName: '', password: 'x' });
    expect(result).toMatchObject({ http: 200, status: 400, message: '请输入账号' });
  });

  it('answers unknown paths with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/analysis/api/user/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('接口不存在');
  });

  it('reports the database kind and that it is migrated at /healthz, and no version', async () => {
    const result = await call<Record<string, unknown>>(t.app, platformApi.healthz, {});
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite',
      migrated: true,
    });
  });
});
